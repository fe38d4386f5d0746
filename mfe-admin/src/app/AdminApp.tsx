import { RemoteRoot, Spinner } from '@jobboard/shared-ui';
import { lazy, Suspense } from 'react';
import { Route, Routes } from '@jobboard/shared-ui/router';
import { RequireAdmin } from '../features/auth/components/RequireAdmin';
import { ADMIN_NAV } from './messages';
import { AdminLayout } from './AdminLayout';
import ApiKeysPage from './pages/ApiKeysPage';
import OrganizationPage from './pages/OrganizationPage';
import OrganizationsPage from './pages/OrganizationsPage';
import ChannelsPage from './pages/ChannelsPage';
import DashboardPage from './pages/DashboardPage';
import EmailsPage from './pages/EmailsPage';
import JobFormPage from './pages/JobFormPage';
import LoginPage from './pages/LoginPage';
import NewsletterPage from './pages/NewsletterPage';
import PromoCodesPage from './pages/PromoCodesPage';
import ReportsPage from './pages/ReportsPage';
import SecurityPage from './pages/SecurityPage';
import StillHiringPage from './pages/StillHiringPage';
import SubmissionsPage from './pages/SubmissionsPage';

// Loaded on demand (docs/product.md#routes-and-screens: 'Loading job details...').
const JobViewPage = lazy(() => import('./pages/JobViewPage'));
// Loaded on demand too: it carries the diff library, which no other page needs.
const ProposalsPage = lazy(() => import('./pages/ProposalsPage'));

/**
 * Everything under /admin, with its own nested routes (the shell mounts it at /admin/*), so the
 * admin team adds pages without touching the shell. Every page but the login needs a session.
 */
export default function AdminApp() {
  return (
    <RemoteRoot name="mfe_admin" version={__APP_VERSION__}>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route
          element={
            <RequireAdmin>
              <AdminLayout />
            </RequireAdmin>
          }
        >
          <Route index element={<DashboardPage />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="jobs/new" element={<JobFormPage />} />
          <Route path="jobs/edit/:id" element={<JobFormPage />} />
          <Route
            path="jobs/view/:id"
            element={
              <Suspense fallback={<Spinner label={ADMIN_NAV.loadingJob} />}>
                <JobViewPage />
              </Suspense>
            }
          />
          <Route path="submissions" element={<SubmissionsPage />} />
          <Route
            path="proposals"
            element={
              <Suspense fallback={<Spinner label={ADMIN_NAV.proposals} />}>
                <ProposalsPage />
              </Suspense>
            }
          />
          <Route path="reports" element={<ReportsPage />} />
          <Route path="promo-codes" element={<PromoCodesPage />} />
          <Route path="emails" element={<EmailsPage />} />
          <Route path="newsletter" element={<NewsletterPage />} />
          <Route path="channels" element={<ChannelsPage />} />
          <Route path="still-hiring" element={<StillHiringPage />} />
          <Route path="api-keys" element={<ApiKeysPage />} />
          <Route path="organizations" element={<OrganizationsPage />} />
          <Route path="organizations/:id" element={<OrganizationPage />} />
          <Route path="security" element={<SecurityPage />} />
          <Route path="*" element={<p>{ADMIN_NAV.notFound}</p>} />
        </Route>
      </Routes>
    </RemoteRoot>
  );
}
