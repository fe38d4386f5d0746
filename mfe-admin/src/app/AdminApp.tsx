import { Route, Routes } from 'react-router-dom';
import { RequireAdmin } from '../features/auth/components/RequireAdmin';
import { RemoteRoot } from './RemoteRoot';

/** Everything under /admin, with its own nested routes (the shell mounts it at /admin/*). */
export default function AdminApp() {
  return (
    <RemoteRoot>
      <Routes>
        <Route path="login" element={<h1>Admin Login</h1>} />
        <Route
          path="*"
          element={
            <RequireAdmin>
              <h1>Job Listings Admin</h1>
            </RequireAdmin>
          }
        />
      </Routes>
    </RemoteRoot>
  );
}
