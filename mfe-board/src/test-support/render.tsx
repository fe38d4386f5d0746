import { SharedUiProvider } from '@jobboard/shared-ui';
import { render } from '@jobboard/test-utils/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '@jobboard/shared-ui/router';
import { SWRConfig } from 'swr';

/** Where the router is now, for assertions: `screen.getByTestId('location')`. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{`${pathname}${search}`}</div>;
}

/**
 * Renders `routes` (a `<Route>` list) at `path` with what the shell provides around a remote: the
 * theme, SWR defaults (with a cache of its own per test) and a router.
 */
export function renderAt(path: string, routes: ReactNode) {
  return render(
    <SharedUiProvider>
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>{routes}</Routes>
          <LocationProbe />
        </MemoryRouter>
      </SWRConfig>
    </SharedUiProvider>,
  );
}

/** Renders one element at `/` (or `path`) with the same providers. */
export function renderWithProviders(ui: ReactNode, path = '/') {
  return renderAt(path, <Route path="*" element={ui} />);
}
