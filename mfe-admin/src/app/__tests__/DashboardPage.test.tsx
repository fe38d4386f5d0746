import { SharedUiProvider, useToastStore } from '@jobboard/shared-ui';
import { MemoryRouter, Route, Routes } from '@jobboard/shared-ui/router';
import { fakeApi } from '@jobboard/shared-ui/test-support';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import AdminApp from '../AdminApp';

function renderAdmin(path: string) {
  render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/admin/*" element={<AdminApp />} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>
    </SharedUiProvider>,
  );
}

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

describe('the admin dashboard', () => {
  it("shows SPEC.md 2's title and buttons, with one Logout (the admin navigation's)", async () => {
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

  it('logs out from the navigation: to the login page, with the toast of SPEC.md 8', async () => {
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
});
