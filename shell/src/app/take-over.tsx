import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { readBootConfig } from './boot/boot-config';
import { preloadRoute, registerRemoteEntries } from './federation/remotes';

/** How long the first render waits for the current route's remote before showing its loader. */
const FIRST_VIEW_WAIT_MS = 4000;

async function start() {
  const boot = await readBootConfig();
  registerRemoteEntries(boot.remotes);
  // Load this route's remote before the first render, so the first view comes up with its content
  // instead of a fallback (and matches the server's HTML). A failure shows up in the route's own
  // error panel.
  await Promise.race([
    preloadRoute(window.location.pathname, boot.routes).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_VIEW_WAIT_MS)),
  ]);
  const container = document.getElementById('root')!;
  // A transition renders in slices that yield to the browser (none of its tasks is long), so the
  // page stays responsive while the first view is built.
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

void start();
