import { SYNC_CONFLICT_MESSAGES, type AdminJob, type SyncRun } from '@jobboard/contract/admin';
import { JOB_STATS_TEXT } from '@jobboard/contract/jobs';
import { useToastStore } from '@jobboard/shared-ui';
import { cellsOf, fakeApi, jobStatsOf, statsDay } from '@jobboard/test-utils';
import { screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../../../test-support/render-admin';

/**
 * Admins outrank the source (issue 25), as the admin sees it: 'Edited here' on the list and the
 * job, the last sync's conflicts with 'Return to the source' and 'Restore', and each change on
 * the job's timeline with its old and new value.
 */

afterEach(() => useToastStore.setState({ toasts: [] }));

const EDITED: AdminJob = {
  id: '7',
  title: 'Lead Organizer',
  company: { name: 'Source Org 1', description: '', websiteUrl: '' },
  organization: 'Source Org 1',
  location: 'Chicago, IL',
  locations: ['Chicago, IL'],
  jobType: 'Full-time',
  remote: false,
  experienceLevel: 'Not specified',
  description: 'Plans and writes the campaigns.',
  postedDate: '2026-11-20',
  salaryMin: 50_001,
  salaryMax: 60_001,
  responsibilities: [],
  requirements: [],
  benefits: ['Health care'],
  category: ['Communications'],
  featured: false,
  saved: false,
  active: true,
  via: 'Airtable',
  expired: false,
  source: 'airtable',
  createdAt: '2026-11-22T12:00:00.000Z',
  submissionId: null,
  adminFields: ['title', 'benefits'],
  logoSource: null,
};

const RUN: SyncRun = {
  id: '9',
  source: 'Airtable',
  trigger: 'admin',
  status: 'succeeded',
  startedAt: '2026-11-22T12:00:00.000Z',
  finishedAt: '2026-11-22T12:00:01.000Z',
  created: 0,
  updated: 2,
  unchanged: 1,
  deactivated: 0,
  skipped: 0,
  skippedRecords: [],
  conflicts: 2,
  conflictRecords: [
    {
      kind: 'edited',
      externalId: 'rec00000000000001',
      title: 'Lead Organizer',
      jobId: '7',
      deletionId: null,
      fields: ['title', 'benefits'],
    },
    {
      kind: 'deleted',
      externalId: 'rec00000000000003',
      title: 'Synced Role 3',
      jobId: null,
      deletionId: '2',
      fields: [],
    },
  ],
  error: null,
};

const STATS = {
  live: 1,
  expiringSoon: 0,
  pendingReview: 0,
  paidThisMonth: 0,
  revenueByMonth: [],
  lastSync: RUN.finishedAt,
  confirmedAlerts: 0,
};

describe('the last sync\u2019s conflicts', () => {
  it('lists them; Return to the source asks first, Restore goes at once; each toasts', async () => {
    const received = fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/lists/jobs': [200, { jobs: [EDITED], total: 1, page: 1, pageSize: 25 }],
      'GET /api/admin/stats': [200, STATS],
      'GET /api/admin/sync/last': [
        200,
        { source: 'Airtable', last: RUN, held: { count: 0, jobs: [] } },
      ],
      'POST /api/admin/jobs/7/return-to-source': [200, { ...EDITED, adminFields: [] }],
      'POST /api/admin/sync/deleted/2/restore': [200, { message: SYNC_CONFLICT_MESSAGES.restored }],
    });
    renderAdmin('/admin/dashboard');
    const panel = await screen.findByRole('region', { name: 'Last sync' });
    expect(within(panel).getByText('Kept as an admin set them (2)')).toBeInTheDocument();
    expect(
      within(panel).getByText(SYNC_CONFLICT_MESSAGES.edited('Title, Benefits'), { exact: false }),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Lead Organizer' })).toHaveAttribute(
      'href',
      '/admin/jobs/view/7',
    );
    // The list says which jobs were edited here.
    const row = (await screen.findAllByRole('row')).find((r) =>
      within(r).queryByText('Lead Organizer'),
    )!;
    expect(within(row).getByText('Edited here')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(
      within(panel).getByRole('button', { name: 'Return Lead Organizer to the source' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Return “Lead Organizer” to its source',
    });
    expect(dialog).toHaveTextContent(
      'The next sync writes the source’s values over what was changed here (Title, Benefits).',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Return to the source' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.title)).toEqual([
        'Returned to the source',
      ]),
    );
    expect(received.calls.filter((c) => c.path.endsWith('/return-to-source'))).toHaveLength(1);

    await user.click(within(panel).getByRole('button', { name: 'Restore Synced Role 3' }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.title)).toContain(
        'Synced Role 3 restored',
      ),
    );
    expect(received.calls.filter((c) => c.path.endsWith('/restore'))).toHaveLength(1);
  });
});

describe('a job edited here', () => {
  it('says which fields are the admin\u2019s, shows each change on its timeline, and Cancel gives nothing back', async () => {
    const received = fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/jobs/7': [200, EDITED],
      'GET /api/admin/jobs/7/history': [
        200,
        [
          {
            at: '2026-11-22T12:00:00.000Z',
            kind: 'created',
            summary: 'Imported from Airtable',
            actor: 'sync:airtable',
          },
          {
            at: '2026-11-22T13:00:00.000Z',
            kind: 'edited',
            summary: 'Edited: Changed title, benefits',
            actor: 'admin:alice',
            changes: [
              { field: 'title', from: 'Synced Role 1', to: 'Lead Organizer' },
              { field: 'benefits', from: ['Health care', 'A pension'], to: ['Health care'] },
            ],
          },
        ],
      ],
    });
    renderAdmin('/admin/jobs/view/7');
    expect(await screen.findByText('Edited here (kept at each sync)')).toBeInTheDocument();
    expect(screen.getByText('Title, Benefits')).toBeInTheDocument();
    const changes = await screen.findByRole('list', {
      name: 'What changed: Edited: Changed title, benefits',
    });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Title: Synced Role 1 → Lead Organizer',
      'Benefits: Health care; A pension → Health care',
    ]);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Return to the source' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(received.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});

describe('a job with changes the employer proposed', () => {
  it('says they wait for review and links the proposals page', async () => {
    fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/jobs/7': [200, EDITED],
      'GET /api/admin/jobs/7/history': [200, []],
      'GET /api/admin/proposals': [
        200,
        [
          {
            id: '3',
            jobId: '8',
            title: 'Another job',
            organization: 'Other Org',
            email: 'other@example.org',
            createdAt: '2026-11-22T12:00:00.000Z',
            changes: [{ field: 'title', from: 'Another job', to: 'Another role' }],
          },
          {
            id: '4',
            jobId: '7',
            title: 'Lead Organizer',
            organization: 'Source Org 1',
            email: 'hr@source.example',
            createdAt: '2026-11-23T12:00:00.000Z',
            changes: [
              { field: 'title', from: 'Lead Organizer', to: 'Senior Lead Organizer' },
              { field: 'benefits', from: ['Health care'], to: ['Health care', 'Pension'] },
            ],
          },
        ],
      ],
    });
    renderAdmin('/admin/jobs/view/7');
    const notice = await screen.findByRole('status', { name: 'Proposed changes' });
    expect(notice).toHaveTextContent(
      'hr@source.example proposed changes to 2 fields of this job on November 23, 2026; they wait for review.',
    );
    expect(within(notice).getByRole('link', { name: 'Review the proposal' })).toHaveAttribute(
      'href',
      '/admin/proposals',
    );
  });
});

describe('a job’s views and apply clicks', () => {
  it('shows the chart and its table from the stats answer, and says so when it cannot', async () => {
    const days = [
      { day: '2026-11-21', views: 5, applyClicks: 1 },
      { day: '2026-11-22', views: 3, applyClicks: 2 },
    ];
    fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/jobs/7': [200, EDITED],
      'GET /api/admin/jobs/7/history': [200, []],
      'GET /api/admin/jobs/7/stats': [200, { days, totalViews: 8, totalApplyClicks: 3 }],
    });
    renderAdmin('/admin/jobs/view/7');
    const section = await screen.findByRole('region', { name: JOB_STATS_TEXT.heading });
    const table = await within(section).findByRole('table', {
      name: JOB_STATS_TEXT.caption(2),
    });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayViewsApply clicks', '2026-11-2232', '2026-11-2151', 'Total83']);
    expect(
      within(section).getByRole('img', { name: JOB_STATS_TEXT.chartLabel(8, 3, 2) }),
    ).toBeInTheDocument();
  });

  it('shows them by channel when the answer has channels, in two tables of the same figures', async () => {
    const days = [
      statsDay('2026-11-21', { board: [1, 0], newsletter: [4, 1] }),
      statsDay('2026-11-22', { feed: [3, 2] }),
    ];
    fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/jobs/7': [200, EDITED],
      'GET /api/admin/jobs/7/history': [200, []],
      'GET /api/admin/jobs/7/stats': [200, jobStatsOf(days)],
    });
    renderAdmin('/admin/jobs/view/7');
    const section = await screen.findByRole('region', { name: JOB_STATS_TEXT.heading });
    const rows = async (caption: string) =>
      cellsOf(await within(section).findByRole('table', { name: caption }));
    expect(await rows(JOB_STATS_TEXT.byChannelCaption(2))).toEqual([
      ['Channel', 'Views', 'Apply clicks'],
      ['The board', '1', '0'],
      ['Newsletter', '4', '1'],
      ['Feeds', '3', '2'],
      ['Total', '8', '3'],
    ]);
    expect(await rows(JOB_STATS_TEXT.byChannelDayCaption(2))).toEqual([
      [
        'Day',
        'The board: views',
        'The board: apply clicks',
        'Newsletter: views',
        'Newsletter: apply clicks',
        'Feeds: views',
        'Feeds: apply clicks',
      ],
      ['2026-11-22', '0', '0', '0', '0', '3', '2'],
      ['2026-11-21', '1', '0', '4', '1', '0', '0'],
    ]);
    expect(section).toHaveTextContent(JOB_STATS_TEXT.channelExplainer);
  });

  it('says the numbers could not be loaded, and the rest of the page still shows', async () => {
    fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/jobs/7': [200, EDITED],
      'GET /api/admin/jobs/7/history': [200, []],
      'GET /api/admin/jobs/7/stats': [500, { message: 'Database unavailable' }],
    });
    renderAdmin('/admin/jobs/view/7');
    const section = await screen.findByRole('region', { name: JOB_STATS_TEXT.heading });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(screen.getByRole('heading', { name: 'Lead Organizer', level: 1 })).toBeInTheDocument();
  });
});
