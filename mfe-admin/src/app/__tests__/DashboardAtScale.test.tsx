import { EXTEND_DAYS, bulkSummary, type AdminJob } from '@jobboard/contract/admin';
import { SharedUiProvider, useToastStore } from '@jobboard/shared-ui';
import { MemoryRouter, Route, Routes, useLocation } from '@jobboard/shared-ui/router';
import { fakeApi } from '@jobboard/test-utils';
import { render, screen, waitFor, within } from '@jobboard/test-utils/react';
import userEvent from '@jobboard/test-utils/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import AdminApp from '../AdminApp';

const job = (id: number, title: string): AdminJob =>
  ({
    id: String(id),
    title,
    organization: 'Harbor Health Alliance',
    location: 'Remote',
    locations: ['Remote'],
    jobType: 'Full-time',
    description: 'A role.',
    postedDate: '2026-11-20',
    category: ['Fundraising'],
    responsibilities: [],
    requirements: [],
    benefits: [],
    featured: false,
    active: true,
    via: '',
    source: 'admin',
    createdAt: '2026-11-20T12:00:00.000Z',
    submissionId: null,
    company: { name: 'Harbor Health Alliance' },
  }) as unknown as AdminJob;

const STATS = {
  live: 1234,
  expiringSoon: 12,
  pendingReview: 3,
  paidThisMonth: 2,
  revenueByMonth: [
    { month: '2026-10', cents: 0 },
    { month: '2026-11', cents: 19_800 },
  ],
  lastSync: null,
  confirmedAlerts: 0,
};

let location = '';
function Where() {
  location = useLocation().search;
  return null;
}

function renderAdmin(path: string) {
  render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/admin/*" element={<AdminApp />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </SWRConfig>
    </SharedUiProvider>,
  );
}

afterEach(() => useToastStore.setState({ toasts: [] }));

describe('the dashboard at scale', () => {
  it('keeps the view in the address, asks the API for it, and keeps the total in the title', async () => {
    const received = fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/lists/jobs': [
        200,
        {
          jobs: [job(1, 'Grants Lead'), job(2, 'Program Lead')],
          total: 2345,
          page: 1,
          pageSize: 25,
        },
      ],
      'GET /api/admin/stats': [200, STATS],
    });
    renderAdmin('/admin/dashboard?status=live');
    expect(
      await screen.findByRole('heading', { name: 'All Job Listings (2345)' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('live');
    await userEvent.selectOptions(screen.getByLabelText('Featured'), 'yes');
    await userEvent.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(location).toBe('?status=live&featured=yes&sort=title&dir=asc'));
    const urls = received.calls.filter((c) => c.path === '/api/admin/lists/jobs');
    expect(urls.length).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('columnheader', { name: 'Title' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/exports/jobs.csv?status=live&featured=yes&sort=title&dir=asc',
    );
  });

  it('shows the numbers, and the revenue chart with its figures for screen readers', async () => {
    fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/lists/jobs': [200, { jobs: [], total: 0, page: 1, pageSize: 25 }],
      'GET /api/admin/stats': [200, STATS],
    });
    renderAdmin('/admin/dashboard');
    const numbers = await screen.findByRole('region', { name: 'At a glance' });
    expect(within(numbers).getByText('Live jobs').nextSibling).toHaveTextContent('1,234');
    expect(
      within(numbers).getByRole('img', { name: /Revenue by month .* \$198 in all/ }),
    ).toBeInTheDocument();
    const table = within(numbers).getByRole('table', { name: 'Revenue by month' });
    expect(within(table).getByRole('row', { name: 'Nov 2026 $198' })).toBeInTheDocument();
    // An API before applications (issue 42) sends no counts of them: no tile says 0.
    expect(within(numbers).queryByText(/Applications/)).toBeNull();
  });

  it('says how many applications the board holds, and each job that has some (issue 42)', async () => {
    fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/lists/jobs': [
        200,
        {
          jobs: [
            { ...job(1, 'Grants Lead'), applications: 3 },
            { ...job(2, 'Program Lead'), applications: 0 },
          ],
          total: 2,
          page: 1,
          pageSize: 25,
        },
      ],
      'GET /api/admin/stats': [200, { ...STATS, applications: 1204, applicationsThisMonth: 1 }],
    });
    renderAdmin('/admin/dashboard');
    const numbers = await screen.findByRole('region', { name: 'At a glance' });
    expect(within(numbers).getByText('Applications held').nextSibling).toHaveTextContent('1,204');
    expect(within(numbers).getByText('Applications this month').nextSibling).toHaveTextContent('1');
    const rows = await screen.findAllByRole('row');
    const row = (title: string) => rows.find((r) => r.textContent?.includes(title))!;
    expect(within(row('Grants Lead')).getByText('3 applications')).toBeInTheDocument();
    expect(row('Program Lead')).not.toHaveTextContent(/application/);
  });

  it("says on a job's page how many applications it has (issue 42)", async () => {
    fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/jobs/1': [200, { ...job(1, 'Grants Lead'), applications: 3 }],
      'GET /api/admin/jobs/1/history': [200, []],
    });
    renderAdmin('/admin/jobs/view/1');
    expect(
      (await screen.findByText('Applications', { selector: 'dt' })).nextSibling,
    ).toHaveTextContent('3');
  });

  it('runs a bulk action after one confirmation in the site’s dialog, and toasts the counts', async () => {
    const received = fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/lists/jobs': [
        200,
        { jobs: [job(1, 'Grants Lead'), job(2, 'Program Lead')], total: 2, page: 1, pageSize: 25 },
      ],
      'GET /api/admin/stats': [200, STATS],
      'POST /api/admin/jobs/bulk': [
        200,
        {
          action: 'extend',
          requested: 2,
          changed: 2,
          unchanged: 0,
          message: bulkSummary('extend', 2, 0),
        },
      ],
    });
    renderAdmin('/admin/dashboard');
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Select every job on this page' }),
    );
    // The button says the days the server adds (the contract's EXTEND_DAYS; issue 41, R2).
    const extend = `Extend ${EXTEND_DAYS} days`;
    await userEvent.click(screen.getByRole('button', { name: extend }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend jobs' });
    expect(dialog).toHaveTextContent(`${extend} 2 selected jobs? All of them change, or none do.`);
    await userEvent.click(within(dialog).getByRole('button', { name: `${extend} (2)` }));
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: 'Bulk action done',
        description: `2 jobs extended by ${EXTEND_DAYS} days`,
      }),
    );
    const bulk = received.calls.find((c) => c.method === 'POST');
    expect(bulk?.body).toEqual({ action: 'extend', ids: [1, 2] });
    // The list and the numbers are fetched again after the change.
    const after = (path: string) =>
      received.calls.filter((c) => c.path.startsWith(path) && c.method === 'GET').length;
    await waitFor(() => expect(after('/api/admin/stats')).toBe(2));
    expect(after('/api/admin/lists/jobs')).toBeGreaterThanOrEqual(2);
  });

  it("extends one job from its page by the contract's EXTEND_DAYS, and says so (issue 41, R2)", async () => {
    const received = fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/jobs/1': [200, job(1, 'Grants Lead')],
      'GET /api/admin/jobs/1/history': [200, []],
      'POST /api/admin/jobs/1/extend': [200, job(1, 'Grants Lead')],
    });
    renderAdmin('/admin/jobs/view/1');
    await userEvent.click(
      await screen.findByRole('button', { name: `Extend ${EXTEND_DAYS} days` }),
    );
    await waitFor(() =>
      expect(useToastStore.getState().toasts[0]).toMatchObject({
        title: `Listing extended by ${EXTEND_DAYS} days`,
      }),
    );
    // The server decides the days: the admin area sends none.
    const sent = received.calls.filter((c) => c.method === 'POST');
    expect(sent.map((c) => [c.path, c.body])).toEqual([['/api/admin/jobs/1/extend', undefined]]);
  });

  it('asks in the site’s dialog before deleting a job; Cancel sends nothing', async () => {
    const received = fakeApi({
      'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }],
      'GET /api/admin/lists/jobs': [
        200,
        { jobs: [job(1, 'Grants Lead')], total: 1, page: 1, pageSize: 25 },
      ],
      'GET /api/admin/stats': [200, STATS],
    });
    renderAdmin('/admin/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Grants Lead' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete job' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete this job?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(received.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });
});
