import { SharedUiProvider, Toaster } from '@jobboard/shared-ui';
import { MemoryRouter, Route, Routes } from '@jobboard/shared-ui/router';
import { render } from '@jobboard/test-utils/react';
import { SWRConfig } from 'swr';
import PayPage from '../../../app/PayPage';

/**
 * The pay pages at `path`, as the shell serves them (under /pay/:token/*), with a cache of their
 * own and the shell's one toast viewport, where the pay page's failures are shown.
 */
export function renderPayPage(path: string) {
  render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/pay/:token/*" element={<PayPage />} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>
      <Toaster />
    </SharedUiProvider>,
  );
}
