import { renderStandalone } from '@jobboard/shared-ui';
import { Navigate, Route, Routes } from '@jobboard/shared-ui/router';
import PayPage from './PayPage';
import SubmitJobPage from './SubmitJobPage';

// `pnpm --filter mfe-submit dev` without the shell: the same pages at the same paths.
renderStandalone(
  <Routes>
    <Route path="/submit-job" element={<SubmitJobPage />} />
    <Route path="/pay/:token/*" element={<PayPage />} />
    <Route path="*" element={<Navigate to="/submit-job" replace />} />
  </Routes>,
);
