import {
  APPLICATION_STATUSES,
  DEFAULT_DECLINE,
  INBOX_MESSAGES,
  type ApplicationSettings,
  type InboxApplication,
  type InboxApplications,
} from '@jobboard/contract/applications';
import {
  EMPLOYER_MESSAGES,
  type EmployerListing,
  type EmployerListings,
} from '@jobboard/contract/employer';
import { useToastStore } from '@jobboard/shared-ui';
import { fakeApi } from '@jobboard/test-utils';
import { screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveListing } from './employer-listings';
import { renderEmployerPage } from './render-employer-page';

/** The applicant inbox (issue 42), used as an employer uses it: by label, role and key. */

const application = (change: Partial<InboxApplication>): InboxApplication => ({
  id: '11',
  jobId: '40',
  name: 'Rosa Delgado',
  email: 'rosa@applicant.example',
  phone: '+1 (202) 555-0147',
  links: ['https://rosa.example/portfolio'],
  coverNote: 'I have led digital organizing for five years.',
  answers: [{ question: 'Can you work in DC?', answer: 'yes' }],
  resume: { name: 'cv.pdf', kind: 'pdf', bytes: 120 * 1024 },
  status: 'new',
  starred: false,
  note: null,
  createdAt: '2026-11-21T12:00:00.000Z',
  declinedAt: null,
  ...change,
});

const ROSA = application({});
const BEN = application({
  id: '10',
  name: 'Ben Okafor',
  email: 'ben@applicant.example',
  status: 'shortlisted',
  createdAt: '2026-11-20T12:00:00.000Z',
});

const inboxOf = (applications: InboxApplication[]): InboxApplications => {
  const counts = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0]));
  for (const a of applications) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return {
    job: { id: '40', title: 'Digital Organizer', organization: 'Coastal Justice Fund', open: true },
    applications,
    counts,
    total: applications.length,
    matched: applications.length,
    page: 1,
    pageSize: 50,
  };
};

const SETTINGS: ApplicationSettings = {
  notify: 'each',
  declineSubject: DEFAULT_DECLINE.subject,
  declineBody: DEFAULT_DECLINE.body,
};

const renderAt = (path: string) => renderEmployerPage(path);

afterEach(() => {
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
});

const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);

describe("the listing's way to its inbox", () => {
  const listing = (change: Partial<EmployerListing>): EmployerListing =>
    liveListing({ endsAt: null, timeline: [], canPropose: false, ...change });

  it('shows "Applications (n)" on a listing with an inbox, and opens it', async () => {
    const days = [{ day: '2026-11-22', views: 9, applyClicks: 0, applications: 2 }];
    const page: EmployerListings = {
      email: 'hiring@coastaljusticefund.org',
      listings: [
        listing({
          applications: 2,
          stats: { days, totalViews: 9, totalApplyClicks: 0, totalApplications: 2 },
        }),
        listing({ submissionId: '3', jobId: '41', title: 'Linked Role' }),
      ],
      page: 1,
      pageSize: 20,
      total: 2,
    };
    fakeApi({
      'GET /api/employer/listings': [200, page],
      'GET /api/employer/jobs/:id/applications': [200, inboxOf([ROSA, BEN])],
      'GET /api/employer/application-settings': [200, SETTINGS],
    });
    renderAt('/employer/listings');
    const card = await screen.findByRole('article', { name: 'Digital Organizer' });
    expect(card).toHaveTextContent(
      'Views and apply clicks: 9 views, 0 apply clicks, 2 applications in the last 30 days',
    );
    expect(
      within(screen.getByRole('article', { name: 'Linked Role' })).queryByRole('link', {
        name: /Applications/,
      }),
    ).toBeNull();
    await userEvent.click(within(card).getByRole('link', { name: 'Applications (2)' }));
    expect(
      await screen.findByRole('heading', { name: 'Applications for Digital Organizer' }),
    ).toBeInTheDocument();
  });
});

describe('the applicant inbox', () => {
  it('lists the applications newest first, with the résumé and the CSV as downloads', async () => {
    fakeApi({
      'GET /api/employer/jobs/:id/applications': [200, inboxOf([ROSA, BEN])],
      'GET /api/employer/application-settings': [200, SETTINGS],
    });
    renderAt('/employer/jobs/40/applications');
    const list = await screen.findByRole('list', { name: 'Applications for Digital Organizer' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Rosa Delgado', 'Ben Okafor']);
    const rosa = screen.getByRole('article', { name: 'Rosa Delgado' });
    expect(rosa).toHaveTextContent('Applied November 21, 2026');
    const resume = within(rosa).getByRole('link', { name: /Download résumé of Rosa Delgado/ });
    expect(resume).toHaveAttribute('href', '/api/employer/applications/11/resume');
    expect(resume).toHaveAttribute('download');
    expect(resume).toHaveTextContent('(PDF, 120 KB)');
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv).toHaveAttribute('href', '/api/employer/jobs/40/applications.csv');
    expect(csv).toHaveAttribute('download');

    // What the applicant sent, behind its disclosure.
    await userEvent.click(within(rosa).getByText('Application'));
    expect(
      within(rosa).getByRole('link', { name: 'https://rosa.example/portfolio' }),
    ).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(rosa).toHaveTextContent('Can you work in DC?yes');
  });

  it('saves a status as it is chosen, a star and a note, each on its own', async () => {
    let rosa = ROSA;
    const api = fakeApi({
      'GET /api/employer/jobs/:id/applications': () => [200, inboxOf([rosa, BEN])],
      'GET /api/employer/application-settings': [200, SETTINGS],
      'PUT /api/employer/applications/:id': (request) => {
        rosa = { ...rosa, ...(request.body as Partial<InboxApplication>) };
        return [200, rosa];
      },
    });
    renderAt('/employer/jobs/40/applications');
    const user = userEvent.setup();
    const item = await screen.findByRole('article', { name: 'Rosa Delgado' });

    await user.selectOptions(within(item).getByLabelText('Status'), 'Interviewing');
    await waitFor(() => expect(toastTitles()).toContain('Marked Interviewing.'));

    const star = within(item).getByRole('button', { name: 'Star Rosa Delgado' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));

    await user.type(within(item).getByLabelText('Note (only you see it)'), 'Strong sample.');
    await user.click(within(item).getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(toastTitles()).toContain('Note saved.'));

    expect(api.bodies('PUT', '/api/employer/applications/11')).toEqual([
      { status: 'interviewing' },
      { starred: true },
      { note: 'Strong sample.' },
    ]);
    expect(within(item).getByLabelText('Status')).toHaveDisplayValue('Interviewing');
  });

  it('gives those selected one status, and shows one status at a time', async () => {
    const fetched = vi.spyOn(globalThis, 'fetch');
    const message = INBOX_MESSAGES.bulkChanged(2, 'reviewing');
    const api = fakeApi({
      'GET /api/employer/jobs/:id/applications': [200, inboxOf([ROSA, BEN])],
      'GET /api/employer/application-settings': [200, SETTINGS],
      'POST /api/employer/applications/status': [200, { message }],
    });
    renderAt('/employer/jobs/40/applications');
    const user = userEvent.setup();
    const apply = await screen.findByRole('button', { name: 'Mark 0 selected' });
    expect(apply).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Rosa Delgado' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ben Okafor' }));
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toBeChecked();
    await user.selectOptions(screen.getByLabelText('Status for the selected'), 'Reviewing');
    await user.click(screen.getByRole('button', { name: 'Mark 2 selected' }));
    await waitFor(() => expect(toastTitles()).toContain(message));
    expect(api.bodies('POST', '/api/employer/applications/status')).toEqual([
      { ids: ['11', '10'], status: 'reviewing' },
    ]);
    expect(screen.getByRole('checkbox', { name: 'Select Rosa Delgado' })).not.toBeChecked();

    await user.selectOptions(screen.getByLabelText('Show'), 'Shortlisted (1)');
    await waitFor(() =>
      expect(fetched.mock.calls.map(([url]) => String(url))).toContain(
        '/api/employer/jobs/40/applications?status=shortlisted',
      ),
    );
  });

  it("declines with the employer's template, previewed as the applicant will read it", async () => {
    let rosa = ROSA;
    const api = fakeApi({
      'GET /api/employer/jobs/:id/applications': () => [200, inboxOf([rosa])],
      'GET /api/employer/application-settings': [200, SETTINGS],
      'PUT /api/employer/application-settings': (request) => [
        200,
        { ...SETTINGS, ...(request.body as Partial<ApplicationSettings>) },
      ],
      'POST /api/employer/applications/:id/decline': () => {
        rosa = { ...rosa, status: 'declined', declinedAt: '2026-11-22T12:00:00.000Z' };
        return [200, { message: INBOX_MESSAGES.declined(rosa.name), application: rosa }];
      },
    });
    renderAt('/employer/jobs/40/applications');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Decline Rosa Delgado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline Rosa Delgado' });
    const subject = within(dialog).getByLabelText('Subject');
    expect(subject).toHaveValue(DEFAULT_DECLINE.subject);
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('Your application for Digital Organizer');
    expect(preview).toHaveTextContent('Dear Rosa Delgado,');
    expect(preview).toHaveTextContent('Coastal Justice Fund');

    await user.clear(subject);
    await user.click(within(dialog).getByRole('button', { name: 'Send decline e-mail' }));
    expect(await within(dialog).findByText(INBOX_MESSAGES.declineSubject)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);

    await user.type(subject, 'About {{title}');
    expect(preview).toHaveTextContent('About Digital Organizer');
    await user.click(within(dialog).getByRole('button', { name: 'Send decline e-mail' }));
    await waitFor(() => expect(toastTitles()).toContain(INBOX_MESSAGES.declined('Rosa Delgado')));
    expect(api.bodies('PUT', '/api/employer/application-settings')).toEqual([
      { declineSubject: 'About {title}', declineBody: DEFAULT_DECLINE.body },
    ]);
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/employer/applications/11/decline',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const item = await screen.findByRole('article', { name: 'Rosa Delgado' });
    await waitFor(() => expect(item).toHaveTextContent('Decline e-mail sent November 22, 2026'));
    expect(within(item).queryByRole('button', { name: 'Decline Rosa Delgado' })).toBeNull();
  });

  it("keeps the settings, with the API's messages for what it refuses", async () => {
    const api = fakeApi({
      'GET /api/employer/jobs/:id/applications': [200, inboxOf([])],
      'GET /api/employer/application-settings': [200, SETTINGS],
      'PUT /api/employer/application-settings': (request) => [
        200,
        { ...SETTINGS, ...(request.body as Partial<ApplicationSettings>) },
      ],
    });
    renderAt('/employer/jobs/40/applications');
    const user = userEvent.setup();
    expect(await screen.findByText('No applications yet.')).toBeInTheDocument();
    await user.click(screen.getByText('Inbox settings'));
    const form = await screen.findByRole('form', { name: 'Inbox settings' });
    await user.click(within(form).getByLabelText('One e-mail a day listing the new applications'));
    await user.clear(within(form).getByLabelText('Message'));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText(INBOX_MESSAGES.declineBody)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.type(within(form).getByLabelText('Message'), 'Thank you, {{name}.');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(toastTitles()).toContain(INBOX_MESSAGES.settingsSaved));
    expect(api.bodies('PUT', '/api/employer/application-settings')).toEqual([
      {
        notify: 'digest',
        declineSubject: DEFAULT_DECLINE.subject,
        declineBody: 'Thank you, {name}.',
      },
    ]);
  });

  it("says another address's listing is not found, with the way back", async () => {
    fakeApi({
      'GET /api/employer/jobs/:id/applications': [
        404,
        { message: EMPLOYER_MESSAGES.listingNotFound },
      ],
      'GET /api/employer/application-settings': [200, SETTINGS],
    });
    renderAt('/employer/jobs/41/applications');
    expect(await screen.findByRole('alert')).toHaveTextContent(EMPLOYER_MESSAGES.listingNotFound);
    expect(screen.getByRole('link', { name: 'Back to your listings' })).toHaveAttribute(
      'href',
      '/employer/listings',
    );
  });
});
