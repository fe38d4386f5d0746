import {
  PROPOSAL_MESSAGES,
  type AdminProposal,
  DEFAULT_SETTINGS,
} from '@jobboard/contract/employer';
import { SharedUiProvider, Toaster, useToastStore } from '@jobboard/shared-ui';
import { MemoryRouter } from '@jobboard/shared-ui/router';
import { fakeApi } from '@jobboard/test-utils';
import { render, screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import ProposalsPage from '../../../app/pages/ProposalsPage';

const PROPOSAL: AdminProposal = {
  id: '5',
  jobId: '40',
  title: 'Digital Organizer',
  organization: 'Open Ballot Project',
  email: 'hiring@openballot.org',
  createdAt: '2026-11-24T12:00:00.000Z',
  changes: [
    { field: 'title', from: 'Digital Organizer', to: 'Senior Digital Organizer' },
    {
      field: 'description',
      from: 'Run our campaigns.\nGrow the list.\nTravel is rare.',
      to: 'Run our campaigns.\nGrow the list to 100,000.\nTravel is rare.',
    },
    { field: 'benefits', from: ['Health insurance'], to: ['Health insurance', 'Remote work'] },
  ],
};

function renderPage() {
  render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={['/admin/proposals']}>
          <ProposalsPage />
        </MemoryRouter>
      </SWRConfig>
      <Toaster />
    </SharedUiProvider>,
  );
}

afterEach(() => {
  useToastStore.setState({ toasts: [] });
});

describe('the proposals page', () => {
  it('shows each change as a diff: short values old and new, long texts line by line', async () => {
    fakeApi({
      'GET /api/admin/proposals': [200, [PROPOSAL]],
      'GET /api/admin/settings': [
        200,
        { ...DEFAULT_SETTINGS, employerTypoFixes: false, requirePay: false },
      ],
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'Digital Organizer' });
    expect(within(card).getByLabelText('Now')).toHaveTextContent('Digital Organizer');
    expect(within(card).getByLabelText('Proposed')).toHaveTextContent('Senior Digital Organizer');
    const description = within(card).getByRole('list', { name: 'Changes to Description' });
    expect(within(description).getByLabelText('Removed: Grow the list.')).toBeInTheDocument();
    expect(
      within(description).getByLabelText('Added: Grow the list to 100,000.'),
    ).toBeInTheDocument();
    // Unchanged lines are there, neither added nor removed.
    expect(description).toHaveTextContent('Run our campaigns.');
    expect(within(description).queryByLabelText(/: Run our campaigns/)).toBeNull();
    const benefits = within(card).getByRole('list', { name: 'Changes to Benefits' });
    expect(within(benefits).getByLabelText('Added: Remote work')).toBeInTheDocument();
    expect(within(benefits).queryByLabelText(/Removed/)).toBeNull();
    expect(within(card).getByText(/Proposed by hiring@openballot.org/)).toBeInTheDocument();
  });

  it('approves, and the list is read again', async () => {
    let pending = [PROPOSAL];
    const api = fakeApi({
      'GET /api/admin/proposals': () => [200, pending],
      'GET /api/admin/settings': [
        200,
        { ...DEFAULT_SETTINGS, employerTypoFixes: false, requirePay: false },
      ],
      'POST /api/admin/proposals/:id/approve': () => {
        pending = [];
        return [200, { message: PROPOSAL_MESSAGES.approvedNotice }];
      },
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: PROPOSAL_MESSAGES.approve }));
    expect(await screen.findByText(PROPOSAL_MESSAGES.empty)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: PROPOSAL_MESSAGES.approvedNotice,
    });
  });

  it('rejects only with a reason, which is sent', async () => {
    let pending = [PROPOSAL];
    const api = fakeApi({
      'GET /api/admin/proposals': () => [200, pending],
      'GET /api/admin/settings': [
        200,
        { ...DEFAULT_SETTINGS, employerTypoFixes: false, requirePay: false },
      ],
      'POST /api/admin/proposals/:id/reject': () => {
        pending = [];
        return [200, { message: PROPOSAL_MESSAGES.rejectedNotice }];
      },
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: PROPOSAL_MESSAGES.reject }));
    await user.click(screen.getByRole('button', { name: 'Reject and tell the employer' }));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(screen.getByLabelText(PROPOSAL_MESSAGES.rejectReason)).toHaveAccessibleDescription(
      PROPOSAL_MESSAGES.reasonRequired,
    );

    await user.type(
      screen.getByLabelText(PROPOSAL_MESSAGES.rejectReason),
      'The title must name the role.',
    );
    await user.click(screen.getByRole('button', { name: 'Reject and tell the employer' }));
    expect(await screen.findByText(PROPOSAL_MESSAGES.empty)).toBeInTheDocument();
    expect(api.bodies('POST', '/api/admin/proposals/5/reject')).toEqual([
      { reason: 'The title must name the role.' },
    ]);
  });

  it('switches the typo-fix setting on', async () => {
    const api = fakeApi({
      'GET /api/admin/proposals': [200, []],
      'GET /api/admin/settings': [
        200,
        { ...DEFAULT_SETTINGS, employerTypoFixes: false, requirePay: false },
      ],
      'PUT /api/admin/settings': [
        200,
        { ...DEFAULT_SETTINGS, employerTypoFixes: true, requirePay: false },
      ],
    });
    renderPage();
    const toggle = await screen.findByRole('checkbox', { name: PROPOSAL_MESSAGES.typoSetting });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(api.bodies('PUT', '/api/admin/settings')).toEqual([{ employerTypoFixes: true }]);
  });

  it('switches the board’s pay rule on: only that setting is sent', async () => {
    const api = fakeApi({
      'GET /api/admin/proposals': [200, []],
      'GET /api/admin/settings': [
        200,
        { ...DEFAULT_SETTINGS, employerTypoFixes: true, requirePay: false },
      ],
      'PUT /api/admin/settings': [
        200,
        { ...DEFAULT_SETTINGS, employerTypoFixes: true, requirePay: true },
      ],
    });
    renderPage();
    const toggle = await screen.findByRole('checkbox', { name: PROPOSAL_MESSAGES.paySetting });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(PROPOSAL_MESSAGES.paySettingHelp);
    expect(screen.getByRole('checkbox', { name: PROPOSAL_MESSAGES.typoSetting })).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(api.bodies('PUT', '/api/admin/settings')).toEqual([{ requirePay: true }]);
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: PROPOSAL_MESSAGES.settingsSaved,
    });
  });
});
