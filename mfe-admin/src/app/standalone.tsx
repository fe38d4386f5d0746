import { renderStandalone } from '@jobboard/shared-ui';
import { Navigate, Route, Routes } from '@jobboard/shared-ui/router';
import AdminApp from './AdminApp';

// `pnpm --filter mfe-admin dev` without the shell: the admin app at /admin/*.
renderStandalone(
  <Routes>
    <Route path="/admin/*" element={<AdminApp />} />
    <Route path="*" element={<Navigate to="/admin" replace />} />
  </Routes>,
);
