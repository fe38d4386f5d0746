import { readBootConfig } from './boot/boot-config';

/** How long the first render waits for the current route's remote before showing its loader. */
const FIRST_VIEW_WAIT_MS = 4000;

/**
 * The shared singletons the page needs, each evaluated in a task of its own, in the order they
 * require each other. Evaluated together (static imports here) they were one task of 450 ms on
 * Lighthouse's 4x slowed CPU, all of it Total Blocking Time; apart, the browser can paint and
 * answer input between them (docs/architecture.md#how-the-page-comes-alive).
 */
const STAGES: (() => Promise<unknown>)[] = [
  () => import('react'),
  () => import('react-dom/client'),
  () => import('styled-components'),
  () => import('@jobboard/shared-ui'),
  () => import('@jobboard/shared-ui/router'),
];

/**
 * Give the browser a turn (input, paint) before going on: a message to ourselves, which runs as a
 * task of its own without the 4 ms floor of nested timers, and whatever a page (or a test) does
 * to its timers, as React's scheduler does.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

async function start() {
  const boot = await readBootConfig();
  // The contract's endpoint table (every endpoint's structs: the reports and the kit use it).
  await import('@jobboard/contract/endpoints');
  await nextTask();
  // The remotes' loader brings the release check (semver's patterns take a while to build).
  const { preloadRoute, registerRemoteEntries } = await import('./federation/remotes');
  registerRemoteEntries(boot.remotes, boot.routes, window.location.pathname);
  await nextTask();
  for (const stage of STAGES) {
    await stage();
    await nextTask();
  }
  const { takeOver } = await import('./app/take-over');
  await nextTask();
  // Load this route's remote before the first render, so the first view comes up with its content
  // instead of a fallback (and matches the server's HTML). Its files are downloading already (the
  // page's preload hints, after-paint-preloads.ts); loaded after the shell's modules, its own
  // evaluation is a task of its own too. A failure shows up in the route's own error panel.
  await Promise.race([
    preloadRoute(window.location.pathname, boot.routes).catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_VIEW_WAIT_MS)),
  ]);
  await nextTask();
  takeOver(boot);
}

void start();
