import { PAGE_LIVE_EVENTS, type BootConfig } from '@jobboard/contract/site';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';

/**
 * Take over the server's HTML (or draw the page where the server did not), once the route's
 * remote is loaded (bootstrap.ts). A transition renders in slices that yield to the browser, so
 * the page stays responsive while the first view is built.
 */
export function takeOver(boot: BootConfig): void {
  const container = document.getElementById('root')!;
  // From here React listens: what is pressed is React's (boot/before-live.js stops keeping it).
  document.dispatchEvent(new Event(PAGE_LIVE_EVENTS.hydrating));
  startTransition(() => {
    if (container.hasChildNodes()) {
      // The server drew the first view (api/src/site/server-render.ts): take it over in place.
      hydrateRoot(container, <App boot={boot} />, {
        // A difference between the server's HTML and the browser's render redraws that area in the
        // browser: nothing breaks, but it costs time and should not happen. Say where it was.
        onRecoverableError: (error, info) =>
          console.error('hydration: redrawn in the browser:', error, info.componentStack),
      });
    } else {
      createRoot(container).render(<App boot={boot} />);
    }
  });
}
