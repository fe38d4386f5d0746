import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '../router';
import { SharedUiProvider } from '../SharedUiProvider';
import { Toaster } from '../toast/Toaster';

/**
 * A remote on its own dev server, without the shell: the providers, a router and the toast
 * viewport the shell would give it. Only the standalone entry uses this.
 */
export function renderStandalone(routes: ReactNode): void {
  createRoot(document.getElementById('root')!).render(
    <SharedUiProvider>
      <BrowserRouter>
        {routes}
        <Toaster />
      </BrowserRouter>
    </SharedUiProvider>,
  );
}
