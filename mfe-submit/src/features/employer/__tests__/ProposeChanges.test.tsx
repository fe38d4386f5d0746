import { APPLY_FIELD_LABELS, APPLY_METHOD_LABELS } from '@jobboard/contract/applications';
import {
  PROPOSAL_MESSAGES,
  type EmployerListing,
  type JobProposalForm,
} from '@jobboard/contract/employer';
import { PAY_FIELD_LABELS, periodOf } from '@jobboard/contract/jobs';
import { SUBMISSION_MESSAGES } from '@jobboard/contract/submissions';
import { useToastStore } from '@jobboard/shared-ui';
import { fakeApi } from '@jobboard/test-utils';
import { screen, waitFor } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveListing, listingsPage } from './employer-listings';
import { renderEmployerPage } from './render-employer-page';

/** The live job's fields as the proposal form gets them. */
const FORM: JobProposalForm = {
  title: 'Digital Organizer',
  organization: 'Coastal Justice Fund',
  location: 'Washington, DC',
  category: ['Communications'],
  jobType: 'Full-time',
  experienceLevel: 'Not specified',
  salaryMin: '85000',
  salaryMax: '105000',
  salaryPeriod: 'year',
  salaryCurrency: 'USD',
  benefitsSummary: '',
  description: 'Organize our digital campaigns and grow the movement online, with a small team.',
  responsibilities: ['Run campaigns', 'Grow the list'],
  requirements: [],
  benefits: ['Health insurance'],
  applicationUrl: 'https://coastaljusticefund.org/careers/digital-organizer',
  deadline: '2027-01-15',
};

const LIVE = liveListing();

const PENDING = {
  id: '5',
  status: 'pending' as const,
  createdAt: '2026-11-24T12:00:00.000Z',
  decidedAt: null,
  reason: null,
};

const page = listingsPage;

const renderAt = (path: string) => renderEmployerPage(path);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
});

describe('proposing changes to a live job', () => {
  it('opens from the listing, prefilled from the job, and sends the changed fields for review', async () => {
    let listing = LIVE;
    const api = fakeApi({
      'GET /api/employer/listings': () => [200, page([listing])],
      'GET /api/employer/jobs/:id/proposal': [200, FORM],
      'POST /api/employer/jobs/:id/proposal': () => {
        listing = { ...LIVE, proposal: PENDING };
        return [200, { outcome: 'pending', message: PROPOSAL_MESSAGES.saved, proposal: PENDING }];
      },
    });
    renderAt('/employer/listings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: PROPOSAL_MESSAGES.propose }));

    const title = await screen.findByLabelText('Job Title');
    expect(title).toHaveValue(FORM.title);
    expect(screen.getByLabelText('Responsibilities')).toHaveValue('Run campaigns\nGrow the list');
    await user.clear(title);
    await user.type(title, 'Senior Digital Organizer');
    await user.type(screen.getByLabelText('Requirements'), 'Two years of organizing');
    await user.click(screen.getByRole('button', { name: PROPOSAL_MESSAGES.save }));

    expect(
      await screen.findByText(PROPOSAL_MESSAGES.waiting('November 24, 2026')),
    ).toBeInTheDocument();
    expect(api.bodies('POST', '/api/employer/jobs/40/proposal')).toEqual([
      {
        ...FORM,
        title: 'Senior Digital Organizer',
        requirements: ['Two years of organizing'],
      },
    ]);
    expect(useToastStore.getState().toasts[0]).toMatchObject({ title: PROPOSAL_MESSAGES.saved });
  });

  it('proposes taking applications on the board instead of by link, with a screening question (issue 42)', async () => {
    const api = fakeApi({
      'GET /api/employer/jobs/:id/proposal': [200, FORM],
      'POST /api/employer/jobs/:id/proposal': [
        200,
        { outcome: 'pending', message: PROPOSAL_MESSAGES.saved, proposal: PENDING },
      ],
      'GET /api/employer/listings': [200, page([{ ...LIVE, proposal: PENDING }])],
    });
    renderAt('/employer/jobs/40/propose');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: APPLY_METHOD_LABELS.form }));
    await user.click(screen.getByRole('button', { name: APPLY_FIELD_LABELS.addQuestion }));
    await user.type(
      screen.getByLabelText(
        `${APPLY_FIELD_LABELS.question(1)}: ${APPLY_FIELD_LABELS.questionLabel}`,
      ),
      'Have you organised online before?',
    );
    await user.click(screen.getByRole('button', { name: PROPOSAL_MESSAGES.save }));
    await waitFor(() =>
      expect(api.bodies('POST', '/api/employer/jobs/40/proposal')).toHaveLength(1),
    );
    expect(api.bodies('POST', '/api/employer/jobs/40/proposal')[0]).toMatchObject({
      applyMethod: 'form',
      screeningQuestions: [
        expect.objectContaining({ kind: 'text', label: 'Have you organised online before?' }),
      ],
    });
  });

  it('prefills the pay as the job has it, and sends its changed period, figures and benefits', async () => {
    const hourly: JobProposalForm = {
      ...FORM,
      salaryMin: '25.50',
      salaryMax: '30',
      salaryPeriod: 'hour',
      salaryCurrency: 'CAD',
      benefitsSummary: 'Health and dental',
    };
    const api = fakeApi({
      'GET /api/employer/jobs/:id/proposal': [200, hourly],
      'POST /api/employer/jobs/:id/proposal': [
        200,
        { outcome: 'pending', message: PROPOSAL_MESSAGES.saved, proposal: PENDING },
      ],
      'GET /api/employer/listings': [200, page([{ ...LIVE, proposal: PENDING }])],
    });
    renderAt('/employer/jobs/40/propose');
    const user = userEvent.setup();
    const min = await screen.findByLabelText(PAY_FIELD_LABELS.min);
    expect(min).toHaveValue('25.50');
    expect(screen.getByLabelText(PAY_FIELD_LABELS.max)).toHaveValue('30');
    expect(screen.getByLabelText(PAY_FIELD_LABELS.period)).toHaveDisplayValue(
      periodOf('hour').label,
    );
    expect(screen.getByLabelText(PAY_FIELD_LABELS.currency)).toHaveDisplayValue('CAD');
    expect(screen.getByLabelText(PAY_FIELD_LABELS.benefits)).toHaveValue('Health and dental');

    // A month's pay now: the figures, the period and the benefits change; the currency stays.
    await user.clear(min);
    await user.type(min, '3000');
    await user.clear(screen.getByLabelText(PAY_FIELD_LABELS.max));
    await user.type(screen.getByLabelText(PAY_FIELD_LABELS.max), '3200.75');
    await user.selectOptions(
      screen.getByLabelText(PAY_FIELD_LABELS.period),
      periodOf('month').label,
    );
    await user.type(screen.getByLabelText(PAY_FIELD_LABELS.benefits), '; transit pass');
    await user.click(screen.getByRole('button', { name: PROPOSAL_MESSAGES.save }));

    expect(
      await screen.findByText(PROPOSAL_MESSAGES.waiting('November 24, 2026')),
    ).toBeInTheDocument();
    expect(api.bodies('POST', '/api/employer/jobs/40/proposal')).toEqual([
      {
        ...hourly,
        salaryMin: '3000',
        salaryMax: '3200.75',
        salaryPeriod: 'month',
        benefitsSummary: 'Health and dental; transit pass',
      },
    ]);
  });

  it("checks the fields by the submission's rules before sending, and keeps what was typed", async () => {
    const api = fakeApi({ 'GET /api/employer/jobs/:id/proposal': [200, FORM] });
    renderAt('/employer/jobs/40/propose');
    const user = userEvent.setup();
    const description = await screen.findByLabelText('Job Description');
    await user.clear(description);
    await user.type(description, 'Too short');
    await user.click(screen.getByRole('button', { name: PROPOSAL_MESSAGES.save }));
    expect(await screen.findByText(SUBMISSION_MESSAGES.description)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect(screen.getByLabelText('Job Description')).toHaveValue('Too short');
  });

  it("shows the API's refusal and keeps the form", async () => {
    fakeApi({
      'GET /api/employer/jobs/:id/proposal': [200, FORM],
      'POST /api/employer/jobs/:id/proposal': [409, { message: PROPOSAL_MESSAGES.notLive }],
    });
    renderAt('/employer/jobs/40/propose');
    const user = userEvent.setup();
    const title = await screen.findByLabelText('Job Title');
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: PROPOSAL_MESSAGES.save }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: PROPOSAL_MESSAGES.notLive,
      }),
    );
    expect(screen.getByLabelText('Job Title')).toHaveValue(`${FORM.title}!`);
  });

  it('withdraws a pending proposal from the listing', async () => {
    let listing: EmployerListing = { ...LIVE, proposal: PENDING };
    const api = fakeApi({
      'GET /api/employer/listings': () => [200, page([listing])],
      'DELETE /api/employer/jobs/:id/proposal': () => {
        listing = { ...LIVE, proposal: { ...PENDING, status: 'withdrawn' } };
        return [200, { message: PROPOSAL_MESSAGES.withdrawn }];
      },
    });
    renderAt('/employer/listings');
    await userEvent.click(await screen.findByRole('button', { name: PROPOSAL_MESSAGES.withdraw }));
    await waitFor(() =>
      expect(screen.queryByText(PROPOSAL_MESSAGES.waiting('November 24, 2026'))).toBeNull(),
    );
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
