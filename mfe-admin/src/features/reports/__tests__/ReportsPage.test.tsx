import {
  REPORT_MESSAGES,
  REPORT_QUEUE_TEXTS,
  type AdminReportQueue,
  type AdminReportedListing,
} from '@jobboard/contract/jobs';
import { DEFAULT_SETTINGS } from '@jobboard/contract/employer';
import { SharedUiProvider, Toaster, useToastStore } from '@jobboard/shared-ui';
import { MemoryRouter } from '@jobboard/shared-ui/router';
import { fakeApi } from '@jobboard/test-utils';
import { render, screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import ReportsPage from '../../../app/pages/ReportsPage';

/**
 * The admin's queue of reported listings (issue 45), as an admin uses it: the listings with their
 * counts per reason and each report's note, address and time; dismiss, take off the board,
 * restore; the threshold. The API is faked at the network's edge.
 */

const LIVE: AdminReportedListing = {
  jobId: '40',
  title: 'Field Organizer',
  organization: 'Open Ballot Project',
  state: 'live',
  hiddenAt: null,
  hiddenBy: null,
  openReports: 2,
  reasons: [
    { reason: 'scam', count: 1 },
    { reason: 'wrong_information', count: 1 },
  ],
  reports: [
    {
      id: '7',
      reason: 'wrong_information',
      note: '',
      email: null,
      createdAt: '2026-11-22T14:05:00.000Z',
    },
    {
      id: '6',
      reason: 'scam',
      note: 'Asks for a $50 fee to apply.',
      email: 'reader@example.org',
      createdAt: '2026-11-22T12:00:00.000Z',
    },
  ],
};

const HIDDEN: AdminReportedListing = {
  jobId: '41',
  title: 'Grants Assistant',
  organization: 'Harbor Fund',
  state: 'hidden',
  hiddenAt: '2026-11-21T09:30:00.000Z',
  hiddenBy: 'system',
  openReports: 3,
  reasons: [{ reason: 'closed', count: 3 }],
  reports: [],
};

function renderPage() {
  render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={['/admin/reports']}>
          <ReportsPage />
        </MemoryRouter>
      </SWRConfig>
      <Toaster />
    </SharedUiProvider>,
  );
}

afterEach(() => useToastStore.setState({ toasts: [] }));

const queueOf = (...listings: AdminReportedListing[]): AdminReportQueue => ({
  threshold: 3,
  listings,
});

describe('the reported listings page', () => {
  it('shows each listing with its counts per reason and every report with its note, address and time', async () => {
    fakeApi({ 'GET /api/admin/reports': [200, queueOf(LIVE, HIDDEN)] });
    renderPage();
    const live = await screen.findByRole('article', { name: 'Field Organizer' });
    expect(within(live).getByText('On the board')).toBeInTheDocument();
    expect(within(live).getByText('2 open reports')).toBeInTheDocument();
    const counts = within(live).getByRole('list', { name: REPORT_QUEUE_TEXTS.reasons });
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Scam or asks for money: 1', 'Wrong information: 1']);
    const reports = within(live).getByRole('list', { name: REPORT_QUEUE_TEXTS.reports });
    const [newest, oldest] = within(reports).getAllByRole('listitem');
    expect(newest).toHaveTextContent('Wrong information');
    expect(newest).toHaveTextContent('Reported November 22, 2026, 14:05 UTC');
    expect(newest).toHaveTextContent(REPORT_QUEUE_TEXTS.noNote);
    expect(newest).toHaveTextContent(REPORT_QUEUE_TEXTS.noEmail);
    expect(oldest).toHaveTextContent('Asks for a $50 fee to apply.');
    expect(oldest).toHaveTextContent('E-mail: reader@example.org');
    expect(within(live).getByRole('link', { name: REPORT_QUEUE_TEXTS.viewJob })).toHaveAttribute(
      'href',
      '/admin/jobs/view/40',
    );
    expect(within(live).getByRole('button', { name: REPORT_QUEUE_TEXTS.dismiss })).toBeEnabled();
    expect(within(live).getByRole('button', { name: REPORT_QUEUE_TEXTS.hide })).toBeEnabled();

    const hidden = screen.getByRole('article', { name: 'Grants Assistant' });
    expect(within(hidden).getByText('Hidden pending review')).toBeInTheDocument();
    expect(
      within(hidden).getByText('Hidden since November 21, 2026, 09:30 UTC by its reports'),
    ).toBeInTheDocument();
    expect(within(hidden).getByText('Closed or filled: 3')).toBeInTheDocument();
    expect(
      within(hidden)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([REPORT_QUEUE_TEXTS.restore, REPORT_QUEUE_TEXTS.keepOff]);
  });

  it('says so when nothing is reported', async () => {
    fakeApi({ 'GET /api/admin/reports': [200, queueOf()] });
    renderPage();
    expect(await screen.findByText(REPORT_QUEUE_TEXTS.empty)).toBeInTheDocument();
  });

  it('dismisses, takes off and restores, each by its own call, and reads the queue again', async () => {
    let listings = [LIVE, { ...HIDDEN, openReports: 0, reasons: [] }];
    const api = fakeApi({
      'GET /api/admin/reports': () => [200, queueOf(...listings)],
      'POST /api/admin/reports/:id/dismiss': () => {
        listings = listings.filter((l) => l.jobId !== '40');
        return [200, { message: REPORT_MESSAGES.dismissed(1) }];
      },
      'POST /api/admin/reports/:id/restore': () => {
        listings = listings.filter((l) => l.jobId !== '41');
        return [200, { message: REPORT_MESSAGES.restored(0) }];
      },
    });
    renderPage();
    const user = userEvent.setup();
    const live = await screen.findByRole('article', { name: 'Field Organizer' });
    await user.click(within(live).getByRole('button', { name: REPORT_QUEUE_TEXTS.dismiss }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Field Organizer' })).toBeNull(),
    );
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: REPORT_MESSAGES.dismissed(1),
    });
    const hidden = screen.getByRole('article', { name: 'Grants Assistant' });
    await user.click(within(hidden).getByRole('button', { name: REPORT_QUEUE_TEXTS.restore }));
    expect(await screen.findByText(REPORT_QUEUE_TEXTS.empty)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/admin/reports/40/dismiss',
      '/api/admin/reports/41/restore',
    ]);
  });

  it('takes a listing off the board', async () => {
    let listings = [LIVE];
    const api = fakeApi({
      'GET /api/admin/reports': () => [200, queueOf(...listings)],
      'POST /api/admin/reports/:id/hide': () => {
        listings = [{ ...LIVE, state: 'hidden', openReports: 0, reasons: [], reports: [] }];
        listings[0]!.hiddenAt = '2026-11-22T15:00:00.000Z';
        listings[0]!.hiddenBy = 'admin:alice';
        return [200, { message: REPORT_MESSAGES.hidden(1) }];
      },
    });
    renderPage();
    const live = await screen.findByRole('article', { name: 'Field Organizer' });
    await userEvent.click(within(live).getByRole('button', { name: REPORT_QUEUE_TEXTS.hide }));
    expect(
      await screen.findByText('Hidden since November 22, 2026, 15:00 UTC by alice'),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/admin/reports/40/hide',
    ]);
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: REPORT_MESSAGES.hidden(1) });
  });

  it("sets the threshold, and shows the API's message for one it refuses", async () => {
    let threshold = 3;
    const api = fakeApi({
      'GET /api/admin/reports': () => [200, { threshold, listings: [] }],
      'PUT /api/admin/settings': (request) => {
        const wanted = (request.body as { reportThreshold: unknown }).reportThreshold;
        if (wanted !== 1) {
          return [
            400,
            { message: 'Invalid input', fields: { reportThreshold: REPORT_MESSAGES.threshold } },
          ];
        }
        threshold = 1;
        return [200, { ...DEFAULT_SETTINGS, reportThreshold: 1 }];
      },
    });
    renderPage();
    const user = userEvent.setup();
    const field = await screen.findByLabelText(REPORT_QUEUE_TEXTS.threshold);
    expect(field).toHaveValue(3);
    expect(field).toHaveAccessibleDescription(REPORT_QUEUE_TEXTS.thresholdHelp);
    await user.clear(field);
    await user.type(field, '99');
    await user.click(screen.getByRole('button', { name: REPORT_QUEUE_TEXTS.saveThreshold }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        `${REPORT_MESSAGES.threshold} ${REPORT_QUEUE_TEXTS.thresholdHelp}`,
      ),
    );
    await user.clear(field);
    await user.type(field, '1');
    await user.click(screen.getByRole('button', { name: REPORT_QUEUE_TEXTS.saveThreshold }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: REPORT_QUEUE_TEXTS.thresholdSaved,
      }),
    );
    expect(api.bodies('PUT', '/api/admin/settings')).toEqual([
      { reportThreshold: 99 },
      { reportThreshold: 1 },
    ]);
    expect(field).not.toHaveAttribute('aria-invalid');
  });
});
