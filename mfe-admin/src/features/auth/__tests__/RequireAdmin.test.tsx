import { SharedUiProvider, useToastStore } from '@jobboard/shared-ui';
import { render, screen } from '@jobboard/test-utils/react';
import { MemoryRouter, Route, Routes } from '@jobboard/shared-ui/router';
import { SWRConfig } from 'swr';
import { fakeApi } from '@jobboard/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { RequireAdmin } from '../components/RequireAdmin';

function renderDashboard() {
  render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={['/admin/dashboard']}>
          <Routes>
            <Route path="/admin/login" element={<h1>Admin Login</h1>} />
            <Route
              path="/admin/dashboard"
              element={
                <RequireAdmin>
                  <h1>Job Listings Admin</h1>
                </RequireAdmin>
              }
            />
          </Routes>
        </MemoryRouter>
      </SWRConfig>
    </SharedUiProvider>,
  );
}

afterEach(() => {
  useToastStore.setState({ toasts: [] });
});

describe('admin screens', () => {
  it('render for a signed-in admin', async () => {
    // A JSON answer, as the API's: a stub that answered text once let this pass on any body.
    fakeApi({ 'GET /api/admin/check-auth': [200, { authenticated: true, username: 'alice' }] });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Job Listings Admin' })).toBeInTheDocument();
  });

  it.each([
    ['the check fails (401)', 401 as const],
    ['the check errors (500)', 500 as const],
  ])('send the visitor to the login page with a toast when %s', async (_, status) => {
    fakeApi({ 'GET /api/admin/check-auth': [status, { message: 'Not signed in' }] });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      title: 'Authentication Error',
      description: 'Please login to access the admin dashboard',
    });
  });
});
