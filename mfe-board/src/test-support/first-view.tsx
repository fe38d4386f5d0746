import { BOOT_CONFIG_ELEMENT_ID, type FirstViewData } from '@jobboard/contract/site';
import { SharedUiProvider } from '@jobboard/shared-ui';
import { MemoryRouter, Route, Routes } from '@jobboard/shared-ui/router';
import { StaticRouter } from '@jobboard/shared-ui/router-server';
import { act } from '@jobboard/test-utils/react';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import BoardPage from '../app/BoardPage';
import { ServerFirstView } from '../app/first-view';

/**
 * The board's page as the server draws it and the browser takes it over (its first view,
 * docs/decisions/server-rendered-first-view.md): the same providers and routes on both sides.
 */

const providers = (children: ReactNode) => (
  <SharedUiProvider>
    <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
  </SharedUiProvider>
);
const routes = (
  <Routes>
    <Route path="/" element={<BoardPage />} />
    <Route path="/jobs/:id" element={<BoardPage />} />
  </Routes>
);

/** The HTML the server draws at `address` with the page's `data`. */
export function drawnOnServer(data: FirstViewData, address: string): string {
  return renderToString(
    providers(
      <ServerFirstView.Provider value={data}>
        <StaticRouter location={address}>{routes}</StaticRouter>
      </ServerFirstView.Provider>,
    ),
  );
}

/**
 * The browser taking over the server's `html`: the page's boot configuration with `data`, then
 * React hydrating it at the address the browser loaded. What React found to differ from the
 * server's drawing (recoverable errors, and its development warnings about hydration).
 */
export async function hydratedInBrowser(
  html: string,
  data: FirstViewData,
  address: string,
): Promise<{ root: Root; mismatches: unknown[]; warnings: unknown[][] }> {
  const boot = document.createElement('script');
  boot.type = 'application/json';
  boot.id = BOOT_CONFIG_ELEMENT_ID;
  boot.textContent = JSON.stringify({ data });
  document.body.append(boot);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const mismatches: unknown[] = [];
  // React says in development when an attribute it hydrates differs from the server's.
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  let root: Root | undefined;
  let warnings: unknown[][];
  try {
    await act(async () => {
      root = hydrateRoot(
        container,
        providers(<MemoryRouter initialEntries={[address]}>{routes}</MemoryRouter>),
        { onRecoverableError: (error) => mismatches.push(error) },
      );
    });
    // Read before the spy is restored, which forgets its calls.
    warnings = errors.mock.calls.filter((call) => /hydrat/i.test(String(call[0])));
  } finally {
    errors.mockRestore();
  }
  return { root: root!, mismatches, warnings };
}
