import { useToastStore } from '@jobboard/shared-ui';
import { cellsOf, fakeApi, jobStatsOf, statsDay } from '@jobboard/test-utils';
import { screen, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOB_STATS_TEXT } from '@jobboard/contract/jobs';
import { renderAdmin } from '../../test-support/render-admin';

afterEach(() => useToastStore.setState({ toasts: [] }));

const STATS = {
  live: 3,
  expiringSoon: 1,
  pendingReview: 2,
  paidThisMonth: 1,
  revenueByMonth: [
    { month: '2026-10', cents: 0 },
    { month: '2026-11', cents: 9_900 },
  ],
  lastSync: null,
  confirmedAlerts: 0,
};

/** The last sync's held jobs when the pay rule holds none back. */
const NONE_HELD = { count: 0, jobs: [] };

describe('the admin dashboard', () => {
  it("shows docs/product.md#routes-and-screens's title and buttons, with one Logout (the admin navigation's)", async () => {
    fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/lists/jobs': [200, { jobs: [], total: 0, page: 1, pageSize: 25 }],
      'GET /api/admin/stats': [200, STATS],
    });
    renderAdmin('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Job Listings Admin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Jobs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add New Job' })).toHaveAttribute(
      'href',
      '/admin/jobs/new',
    );
    const logouts = screen.getAllByRole('button', { name: 'Logout' });
    expect(logouts).toHaveLength(1);
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('button')).toBe(
      logouts[0],
    );
  });

  it('logs out from the navigation: to the login page, with the toast of docs/product.md#errors', async () => {
    const received = fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/lists/jobs': [200, { jobs: [], total: 0, page: 1, pageSize: 25 }],
      'GET /api/admin/stats': [200, STATS],
      'POST /api/admin/logout': [200, { message: 'Logged out' }],
    });
    renderAdmin('/admin/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(received.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Logged out',
      description: 'You have been logged out successfully',
    });
  });

  it('Refresh Jobs: shows it is working, toasts the source and counts, refetches the list and the last sync', async () => {
    const synced = {
      id: '4',
      source: 'Airtable',
      trigger: 'admin' as const,
      status: 'succeeded' as const,
      startedAt: '2026-11-22T12:00:00.000Z',
      finishedAt: '2026-11-22T12:00:02.000Z',
      created: 3,
      updated: 1,
      unchanged: 5,
      deactivated: 2,
      skipped: 1,
      skippedRecords: [{ externalId: 'rec00000000000137', reason: "'Title' is missing" }],
      conflicts: 0,
      conflictRecords: [],
      error: null,
    };
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    let syncs = 0;
    const received = fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/lists/jobs': [200, { jobs: [], total: 0, page: 1, pageSize: 25 }],
      'GET /api/admin/stats': () => [200, { ...STATS, lastSync: syncs ? synced.finishedAt : null }],
      'GET /api/admin/sync/last': () =>
        [200, { source: 'Airtable', last: syncs ? synced : null, held: NONE_HELD }] as const,
      'GET /api/refresh-jobs': async () => {
        await answered;
        syncs += 1;
        return [
          200,
          {
            source: 'Airtable',
            created: 3,
            updated: 1,
            unchanged: 5,
            deactivated: 2,
            skipped: 1,
            skippedRecords: synced.skippedRecords,
            conflicts: 0,
            held: 0,
            message:
              'Jobs refreshed from Airtable: 3 created, 1 updated, 2 deactivated, 1 skipped.',
          },
        ] as const;
      },
    });
    renderAdmin('/admin/dashboard');
    expect(await screen.findByText('No sync has run yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Jobs' }));
    const working = await screen.findByRole('button', { name: 'Refreshing...' });
    expect(working).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Refresh Jobs' })).toBeEnabled();
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Jobs refreshed from Airtable',
      description: '3 created, 1 updated, 2 deactivated, 1 skipped',
    });
    const panel = await screen.findByRole('region', { name: 'Last sync' });
    expect(
      await within(panel).findByText('3 created, 1 updated, 2 deactivated, 1 skipped, 5 unchanged'),
    ).toBeInTheDocument();
    expect(within(panel).getByText("'Title' is missing", { exact: false })).toBeInTheDocument();
    const listReads = received.calls.filter((call) => call.path === '/api/admin/lists/jobs');
    expect(listReads.length).toBeGreaterThanOrEqual(2);
    // The numbers are read again too, and name the day of the sync.
    const numbers = screen.getByRole('region', { name: 'At a glance' });
    expect(await within(numbers).findByText('November 22, 2026')).toBeInTheDocument();
  });

  it("Refresh Jobs that fails: 'Failed to refresh jobs' with the reason", async () => {
    fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/lists/jobs': [200, { jobs: [], total: 0, page: 1, pageSize: 25 }],
      'GET /api/admin/stats': [200, STATS],
      'GET /api/admin/sync/last': [200, { source: 'Airtable', last: null, held: NONE_HELD }],
      'GET /api/refresh-jobs': [
        502,
        {
          message:
            'Could not read the jobs from Airtable: Airtable answered 500. Nothing was changed.',
        },
      ],
    });
    renderAdmin('/admin/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh Jobs' }));
    await screen.findByRole('button', { name: 'Refresh Jobs' });
    await vi.waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: 'Failed to refresh jobs',
        description: expect.stringContaining('Airtable answered 500. Nothing was changed.'),
        variant: 'destructive',
      }),
    );
  });
});

describe("the dashboard's views and apply clicks by channel (issue 44)", () => {
  const boardStats = jobStatsOf([
    statsDay('2026-11-21', { newsletter: [4, 2], direct: [2, 0] }),
    statsDay('2026-11-22', { mastodon: [1, 0] }),
  ]);

  it("shows the whole board's days, by channel, in the chart and its tables", async () => {
    fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/lists/jobs': [200, { jobs: [], total: 0, page: 1, pageSize: 25 }],
      'GET /api/admin/stats': [200, { ...STATS, boardStats }],
    });
    renderAdmin('/admin/dashboard');
    const traffic = await screen.findByRole('region', {
      name: 'Views and apply clicks on the board',
    });
    expect(traffic).toHaveTextContent(
      "Every job's visitors in the last 30 days: 7 views, 2 apply clicks.",
    );
    expect(
      within(traffic).getByRole('img', { name: JOB_STATS_TEXT.chartLabel(7, 2, 2) }),
    ).toBeInTheDocument();
    const byChannel = within(traffic).getByRole('table', {
      name: JOB_STATS_TEXT.byChannelCaption(2),
    });
    expect(cellsOf(byChannel)).toEqual([
      ['Channel', 'Views', 'Apply clicks'],
      ['Newsletter', '4', '2'],
      ['Mastodon', '1', '0'],
      ['Direct', '2', '0'],
      ['Total', '7', '2'],
    ]);
    expect(
      within(traffic).getByRole('table', { name: JOB_STATS_TEXT.byChannelDayCaption(2) }),
    ).toBeInTheDocument();
  });

  it('leaves it out for an API before channels', async () => {
    fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/lists/jobs': [200, { jobs: [], total: 0, page: 1, pageSize: 25 }],
      'GET /api/admin/stats': [200, STATS],
    });
    renderAdmin('/admin/dashboard');
    await screen.findByRole('region', { name: 'At a glance' });
    expect(
      screen.queryByRole('region', { name: 'Views and apply clicks on the board' }),
    ).toBeNull();
  });
});
