import { SharedUiProvider } from '@jobboard/shared-ui';
import { MemoryRouter, Route, Routes } from '@jobboard/shared-ui/router';
import { render } from '@jobboard/test-utils/react';
import { SWRConfig } from 'swr';
import AdminApp from '../app/AdminApp';

/**
 * The whole admin area at `path` (`/admin/...`), as the shell mounts it: the theme, SWR defaults
 * with a cache of its own per test, and a router.
 */
export function renderAdmin(path: string) {
  return render(
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
