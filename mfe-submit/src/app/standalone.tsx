import { renderStandalone } from '@jobboard/shared-ui';
import { Navigate, Route, Routes } from '@jobboard/shared-ui/router';
import type { ComponentType } from 'react';
import { ROUTES } from '../routes';
import EmployerPage from './EmployerPage';
import PayPage from './PayPage';
import RenewPage from './RenewPage';
import SubmitJobPage from './SubmitJobPage';

/** The page of each module the routes name. */
const PAGES: Record<(typeof ROUTES)[number]['module'], ComponentType> = {
  './SubmitJobPage': SubmitJobPage,
  './PayPage': PayPage,
  './EmployerPage': EmployerPage,
  './RenewPage': RenewPage,
};

// `pnpm --filter mfe-submit dev` without the shell: the same pages at the same paths.
renderStandalone(
  <Routes>
    {ROUTES.map(({ path, module }) => {
      const Page = PAGES[module];
      return <Route key={path} path={path} element={<Page />} />;
    })}
    <Route path="*" element={<Navigate to="/submit-job" replace />} />
  </Routes>,
);
