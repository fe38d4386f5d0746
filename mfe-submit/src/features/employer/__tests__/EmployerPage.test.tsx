import {
  EMPLOYER_MESSAGES,
  type EmployerListing,
  type EmployerListings,
} from '@jobboard/contract/employer';
import { JOB_STATS_TEXT, PAY_FIELD_LABELS } from '@jobboard/contract/jobs';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { useToastStore } from '@jobboard/shared-ui';
import { Route } from '@jobboard/shared-ui/router';
import { HUMAN_PROOF_MESSAGES } from '@jobboard/contract/common';
import {
  cellsOf,
  challengeRoute,
  fakeApi,
  isSolved,
  jobStatsOf,
  statsDay,
} from '@jobboard/test-utils';
import { screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderEmployerPage } from './render-employer-page';

const EMAIL = 'hiring@coastaljusticefund.org';
const TOKEN = 'b'.repeat(43);

const listing = (change: Partial<EmployerListing>): EmployerListing => ({
  submissionId: '1',
  jobId: null,
  title: 'Communications Director',
  organization: 'Coastal Justice Fund',
  tierName: 'Featured Listing',
  amountCents: 9_900,
  status: 'in_review',
  submittedAt: '2026-11-20T12:00:00.000Z',
  endsAt: null,
  timeline: [{ kind: 'submitted', at: '2026-11-20T12:00:00.000Z', detail: null }],
  paymentDue: false,
  receiptId: null,
  canEdit: true,
  canClose: false,
  canPropose: false,
  proposal: null,
  ...change,
});

const LIVE = listing({
  submissionId: '2',
  jobId: '40',
  title: 'Digital Organizer',
  status: 'live',
  endsAt: '2026-12-22T12:00:00.000Z',
  timeline: [
    { kind: 'submitted', at: '2026-11-01T12:00:00.000Z', detail: null },
    { kind: 'approved', at: '2026-11-02T12:00:00.000Z', detail: null },
    { kind: 'paid', at: '2026-11-03T12:00:00.000Z', detail: null },
    { kind: 'live', at: '2026-11-03T12:00:00.000Z', detail: null },
    { kind: 'ending', at: '2026-12-22T12:00:00.000Z', detail: null },
  ],
  receiptId: '7',
  canEdit: false,
  canClose: true,
});

/** The stored submission as the edit's form gets it. */
const FORM = {
  ...VALID_SUBMISSION,
  category: ['Communications'],
  experienceLevel: 'Not specified',
  salaryPeriod: 'year' as const,
  salaryCurrency: '',
  benefitsSummary: '',
};

const page = (listings: EmployerListing[]): EmployerListings => ({
  email: EMAIL,
  listings,
  page: 1,
  pageSize: 20,
  total: listings.length,
});

const renderAt = (path: string) =>
  renderEmployerPage(path, <Route path="/jobs/:id" element={<p>the job page</p>} />);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
});

describe("the employer's sign-in", () => {
  it('asks for an address, checks it, and shows what the API answers', async () => {
    const message = EMPLOYER_MESSAGES.linkRequested(EMAIL);
    const api = fakeApi({
      ...challengeRoute,
      'POST /api/employer/sign-in-link': [202, { message }],
    });
    renderAt('/employer');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your e-mail address'), 'not an address');
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByText(EMPLOYER_MESSAGES.email)).toBeInTheDocument();
    expect(api.bodies('POST', '/api/employer/sign-in-link')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Your e-mail address'));
    await user.type(screen.getByLabelText('Your e-mail address'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(message);
    const sent = api.bodies('POST', '/api/employer/sign-in-link');
    expect(sent).toEqual([{ email: EMAIL, humanProof: expect.any(String), website: '' }]);
    expect(await isSolved(sent[0])).toBe(true);
  });

  it('keeps the address typed when the spam check refuses the request (issue 45)', async () => {
    const api = fakeApi({
      ...challengeRoute,
      'POST /api/employer/sign-in-link': [400, { message: HUMAN_PROOF_MESSAGES.refused }],
    });
    renderAt('/employer');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your e-mail address'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByText(HUMAN_PROOF_MESSAGES.refused)).toBeInTheDocument();
    expect(screen.getByLabelText('Your e-mail address')).toHaveValue(EMAIL);
    expect(await isSolved(api.bodies('POST', '/api/employer/sign-in-link')[0])).toBe(true);
  });

  it('signs in only when the button is pressed, then shows the listings', async () => {
    const api = fakeApi({
      'POST /api/employer/session': [200, { email: EMAIL }],
      'GET /api/employer/listings': [200, page([LIVE])],
    });
    renderAt(`/employer/sign-in?token=${TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    // Opening the link (as a mail scanner does) asks nothing of the API.
    expect(api.calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: /Digital Organizer/ })).toBeInTheDocument();
    expect(api.bodies('POST', '/api/employer/session')).toEqual([{ token: TOKEN }]);
    expect(screen.getByText(`Signed in as ${EMAIL}`)).toBeInTheDocument();
  });

  it('says a used link works once, and offers a new one', async () => {
    fakeApi({ 'POST /api/employer/session': [410, { message: EMPLOYER_MESSAGES.linkUsed }] });
    renderAt(`/employer/sign-in?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EMPLOYER_MESSAGES.linkUsed);
    expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeInTheDocument();
  });
});

describe("the employer's listings", () => {
  it('says which newsletter issues a listing appeared in (issue 44)', async () => {
    fakeApi({
      'GET /api/employer/listings': [
        200,
        page([
          { ...LIVE, newsletterIssues: ['2026-11-23T08:00:00.000Z'] },
          listing({
            submissionId: '3',
            jobId: '41',
            title: 'Field Director',
            status: 'live',
            newsletterIssues: ['2026-11-09T08:00:00.000Z', '2026-11-23T08:00:00.000Z'],
          }),
          listing({ submissionId: '4', title: 'Grant Writer' }),
        ]),
      ],
    });
    renderAt('/employer/listings');
    const live = await screen.findByRole('article', { name: 'Digital Organizer' });
    expect(live).toHaveTextContent('In the newsletter of November 23, 2026');
    expect(screen.getByRole('article', { name: 'Field Director' })).toHaveTextContent(
      'In the newsletters of November 9, 2026 and November 23, 2026',
    );
    expect(screen.getByRole('article', { name: 'Grant Writer' })).not.toHaveTextContent(
      'newsletter',
    );
  });

  it("says each listing's latest still-hiring check-in and its answer (issue 45)", async () => {
    const asked = { askedAt: '2026-12-06T12:00:00.000Z', ageDays: 14, closedAt: null };
    fakeApi({
      'GET /api/employer/listings': [
        200,
        page([
          {
            ...LIVE,
            checkIn: {
              ...asked,
              answer: 'open',
              answeredAt: '2026-12-07T09:00:00.000Z',
              unansweredAt: null,
            },
          },
          listing({
            submissionId: '3',
            jobId: '41',
            title: 'Field Director',
            status: 'live',
            checkIn: {
              ...asked,
              answer: null,
              answeredAt: null,
              unansweredAt: '2026-12-13T12:00:00.000Z',
            },
          }),
          listing({ submissionId: '4', title: 'Grant Writer' }),
        ]),
      ],
    });
    renderAt('/employer/listings');
    expect(await screen.findByRole('article', { name: 'Digital Organizer' })).toHaveTextContent(
      'Still hiring? You answered "still open" on December 7, 2026.',
    );
    expect(screen.getByRole('article', { name: 'Field Director' })).toHaveTextContent(
      'Still hiring? Our check-in of December 6, 2026 has no answer.',
    );
    expect(screen.getByRole('article', { name: 'Grant Writer' })).not.toHaveTextContent(
      'Still hiring?',
    );
  });

  it('shows each listing with its status and timeline, and marks a live job filled', async () => {
    let listings = [listing({}), LIVE];
    const api = fakeApi({
      'GET /api/employer/listings': () => [200, page(listings)],
      'POST /api/employer/jobs/:id/close': () => {
        const filled = { ...LIVE, status: 'filled' as const, canClose: false };
        listings = [listing({}), filled];
        return [200, filled];
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAt('/employer/listings');
    const live = await screen.findByRole('article', { name: 'Digital Organizer' });
    expect(live).toHaveTextContent('Live');
    expect(live).toHaveTextContent('Ends on December 22, 2026');
    expect(screen.getByRole('article', { name: 'Communications Director' })).toHaveTextContent(
      'In review',
    );
    expect(screen.getAllByRole('list', { name: 'Timeline' })[1]).toHaveTextContent(
      /Submitted.*Approved.*Paid.*Live on the board.*Ends/,
    );
    expect(screen.getByRole('link', { name: 'Receipt' })).toHaveAttribute(
      'href',
      '/employer/receipts/7',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Mark filled' }));
    expect(api.bodies('POST', '/api/employer/jobs/40/close')).toEqual([{ reason: 'filled' }]);
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Digital Organizer' })).toHaveTextContent(
        'Filled',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Mark filled' })).toBeNull();
  });

  it("asks to publish a listing in review with one of the address's Multiples credits", async () => {
    let current = listing({ canUseCredit: true, creditRequested: false });
    const api = fakeApi({
      'GET /api/employer/listings': () => [200, { ...page([current]), creditsLeft: 2 }],
      'POST /api/employer/submissions/:id/use-credit': () => {
        current = listing({ canUseCredit: false, creditRequested: true });
        return [200, current];
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAt('/employer/listings');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Use a Multiples credit (2 left)' }),
    );
    expect(api.bodies('POST', '/api/employer/submissions/1/use-credit')).toHaveLength(1);
    expect(await screen.findByText(EMPLOYER_MESSAGES.creditRequested)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Use a Multiples credit/ })).toBeNull();
  });

  it("shows each listing's pay as the board shows it, and nothing for a listing without", async () => {
    fakeApi({
      'GET /api/employer/listings': [
        200,
        page([
          { ...LIVE, salary: '$25 - $30 an hour' },
          listing({ salary: '$5,000 stipend' }),
          {
            ...listing({ submissionId: '3', title: 'Volunteer Lead' }),
          },
        ]),
      ],
    });
    renderAt('/employer/listings');
    expect(await screen.findByRole('article', { name: 'Digital Organizer' })).toHaveTextContent(
      `${PAY_FIELD_LABELS.legend}: $25 - $30 an hour`,
    );
    expect(screen.getByRole('article', { name: 'Communications Director' })).toHaveTextContent(
      `${PAY_FIELD_LABELS.legend}: $5,000 stipend`,
    );
    expect(screen.getByRole('article', { name: 'Volunteer Lead' })).not.toHaveTextContent(
      `${PAY_FIELD_LABELS.legend}:`,
    );
  });

  it('renews a listing in its window, lists its renewal receipts and shows its numbers', async () => {
    const days = Array.from({ length: 30 }, (_, i) => ({
      day: `2026-11-${String(i + 1).padStart(2, '0')}`,
      views: i === 29 ? 12 : 0,
      applyClicks: i === 29 ? 3 : 0,
    }));
    const ending = {
      ...LIVE,
      status: 'ending' as const,
      canRenew: true,
      renewals: [
        { id: '5', paidAt: '2026-11-25T09:00:00.000Z', endsAt: '2026-12-22T12:00:00.000Z' },
      ],
      timeline: [
        ...LIVE.timeline.slice(0, 4),
        { kind: 'renewed' as const, at: '2026-11-25T09:00:00.000Z', detail: '2026-12-22' },
        { kind: 'ending' as const, at: '2026-12-22T12:00:00.000Z', detail: null },
      ],
      stats: { days, totalViews: 12, totalApplyClicks: 3 },
    };
    const api = fakeApi({
      'GET /api/employer/listings': [200, page([ending])],
      'POST /api/employer/jobs/:id/renewal': [200, { url: 'https://jobs.example.org/renew/abc' }],
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderAt('/employer/listings');
    const card = await screen.findByRole('article', { name: 'Digital Organizer' });
    expect(screen.getByRole('list', { name: 'Timeline' })).toHaveTextContent(
      'Renewed November 25, 2026 (until December 22, 2026)',
    );
    expect(
      screen.getByRole('link', { name: 'Renewal receipt (November 25, 2026)' }),
    ).toHaveAttribute('href', '/employer/renewal-receipts/5');
    expect(card).toHaveTextContent(
      'Views and apply clicks: 12 views, 3 apply clicks in the last 30 days',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Renew listing' }));
    expect(api.calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/employer/jobs/40/renewal' }),
    );
    expect(assign).toHaveBeenCalledWith('https://jobs.example.org/renew/abc');
    vi.unstubAllGlobals();
  });

  it("shows its numbers by channel: the newsletter's visitors and apply clicks beside the board's", async () => {
    const days = [
      statsDay('2026-11-29', { board: [2, 0] }),
      statsDay('2026-11-30', { newsletter: [5, 3], bluesky: [2, 0] }),
    ];
    fakeApi({
      'GET /api/employer/listings': [200, page([{ ...LIVE, stats: jobStatsOf(days) }])],
    });
    renderAt('/employer/listings');
    const card = await screen.findByRole('article', { name: 'Digital Organizer' });
    await userEvent.click(within(card).getByText(/^Views and apply clicks: /));
    expect(card).toHaveTextContent(JOB_STATS_TEXT.channelExplainer);
    const rows = (caption: string) => cellsOf(within(card).getByRole('table', { name: caption }));
    expect(rows(JOB_STATS_TEXT.byChannelCaption(2))).toEqual([
      ['Channel', 'Views', 'Apply clicks'],
      ['The board', '2', '0'],
      ['Newsletter', '5', '3'],
      ['Bluesky', '2', '0'],
      ['Total', '9', '3'],
    ]);
    expect(rows(JOB_STATS_TEXT.byChannelDayCaption(2))[1]).toEqual([
      '2026-11-30',
      '0',
      '0',
      '5',
      '3',
      '2',
      '0',
    ]);
  });

  it('asks a visitor who is not signed in for their address', async () => {
    fakeApi({ 'GET /api/employer/listings': [401, { message: EMPLOYER_MESSAGES.notSignedIn }] });
    renderAt('/employer/listings');
    expect(await screen.findByLabelText('Your e-mail address')).toBeInTheDocument();
  });
});

describe('editing a submission', () => {
  it('opens the stored submission in the submission form and saves the change', async () => {
    const api = fakeApi({
      'GET /api/employer/submissions/:id': [200, FORM],
      'PUT /api/employer/submissions/:id': [200, listing({ status: 'edited' })],
      'GET /api/employer/listings': [200, page([listing({ status: 'edited' })])],
    });
    renderAt('/employer/submissions/1/edit');
    const title = await screen.findByLabelText('Job Title');
    expect(title).toHaveValue(VALID_SUBMISSION.title);
    const user = userEvent.setup();
    await user.clear(title);
    await user.type(title, 'Communications Director (typo fixed)');
    await user.click(screen.getByRole('button', { name: 'Save changes and send for review' }));
    expect(await screen.findByText('Edited, in review')).toBeInTheDocument();
    expect(api.bodies('PUT', '/api/employer/submissions/1')[0]).toMatchObject({
      title: 'Communications Director (typo fixed)',
      contactEmail: VALID_SUBMISSION.contactEmail,
    });
  });

  it("keeps what was typed and shows the API's refusal once approved", async () => {
    fakeApi({
      'GET /api/employer/submissions/:id': [200, FORM],
      'PUT /api/employer/submissions/:id': [409, { message: EMPLOYER_MESSAGES.editAfterApproval }],
    });
    renderAt('/employer/submissions/1/edit');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Save changes and send for review' }),
    );
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        description: EMPLOYER_MESSAGES.editAfterApproval,
      }),
    );
    expect(screen.getByLabelText('Job Title')).toHaveValue(VALID_SUBMISSION.title);
  });
});
