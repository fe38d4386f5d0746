import { SharedUiProvider, Toaster } from '@jobboard/shared-ui';
import { MemoryRouter, Route, Routes } from '@jobboard/shared-ui/router';
import { render } from '@jobboard/test-utils/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import EmployerPage from '../../../app/EmployerPage';

/**
 * The employer's pages at `path`, as the shell serves them (under /employer/*), with a cache of
 * their own and the toasts; `others` are routes beside them that a page links to.
 */
export function renderEmployerPage(path: string, others: ReactNode = null) {
  render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/employer/*" element={<EmployerPage />} />
            {others}
          </Routes>
        </MemoryRouter>
      </SWRConfig>
      <Toaster />
    </SharedUiProvider>,
  );
}
