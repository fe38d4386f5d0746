import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { readBootConfig } from './boot/boot-config';
import { preloadRoute, registerRemoteEntries } from './federation/remotes';

/** How long the first render waits for the current route's remote before showing its loader. */
const FIRST_VIEW_WAIT_MS = 4000;

async function start() {
  const boot = await readBootConfig();
  registerRemoteEntries(boot.remotes);
  // Start loading this route's remote before the first render, so the first view comes up with
  // its content instead of a fallback. A failure shows up in the route's own error panel.
  await Promise.race([
    preloadRoute(window.location.pathname).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_VIEW_WAIT_MS)),
  ]);
  // A transition renders in slices that yield to the browser (none of its tasks is long), so the
  // page stays responsive while the first view is built.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(<App boot={boot} />));
}

void start();
