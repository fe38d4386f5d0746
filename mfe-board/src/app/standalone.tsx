import { renderStandalone } from '@jobboard/shared-ui';
import { Route, Routes } from '@jobboard/shared-ui/router';
import type { ComponentType } from 'react';
import { ROUTES } from '../routes';
import AlertsPage from './AlertsPage';
import BoardPage from './BoardPage';
import BookmarksPage from './BookmarksPage';
import LegalPage from './LegalPage';
import MemberCallbackPage from './MemberCallbackPage';
import OrganizationPage from './OrganizationPage';
import RecentJobsPage from './RecentJobsPage';

/** The page of each module the routes name. */
const PAGES: Record<(typeof ROUTES)[number]['module'], ComponentType> = {
  './BoardPage': BoardPage,
  './RecentJobsPage': RecentJobsPage,
  './BookmarksPage': BookmarksPage,
  './MemberCallbackPage': MemberCallbackPage,
  './AlertsPage': AlertsPage,
  './LegalPage': LegalPage,
  './OrganizationPage': OrganizationPage,
};

// `pnpm --filter mfe-board dev` without the shell: the same pages at the same paths.
renderStandalone(
  <Routes>
    {ROUTES.map(({ path, module }) => {
      const Page = PAGES[module];
      return <Route key={path} path={path} element={<Page />} />;
    })}
  </Routes>,
);
