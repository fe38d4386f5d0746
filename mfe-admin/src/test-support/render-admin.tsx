import { SharedUiProvider, Toaster } from '@jobboard/shared-ui';
import { MemoryRouter, Route, Routes, useLocation } from '@jobboard/shared-ui/router';
import { render } from '@jobboard/test-utils/react';
import { SWRConfig } from 'swr';
import AdminApp from '../app/AdminApp';

let search = '';
function Where() {
  search = useLocation().search;
  return null;
}

/** The query string of the address the admin area is at now (a list's view lives there). */
export const adminSearch = () => search;

/**
 * The whole admin area at `path` (`/admin/...`), as the shell mounts it: the theme, SWR defaults
 * with a cache of its own per test, and a router; with `toasts`, the shell's toasts too.
 */
export function renderAdmin(path: string, { toasts = false }: { toasts?: boolean } = {}) {
  return render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/admin/*" element={<AdminApp />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </SWRConfig>
      {toasts && <Toaster />}
    </SharedUiProvider>,
  );
}
