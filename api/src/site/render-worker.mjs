/**
 * One worker thread of the server-rendering pool (site/render-pool.ts; piscina runs it). It loads
 * the server entries of one set of versions, the shell's first and then each server-rendered
 * remote's bound to the shell's shared modules, and draws pages with them: the remote's page
 * inside the shell's frame, exactly as the browser would. Nothing here can block the API's event
 * loop or grow its heap: a render that loops is ended from outside by terminating this thread, an
 * entry that leaks meets the thread's heap limit, and the versions' modules go when the pool does.
 *
 * Plain JavaScript, not TypeScript: a worker thread is started by Node itself (from the sources
 * under tsx and vitest too), and Node 20 runs no TypeScript. The shapes it sends and receives are
 * written out in render-pool.ts (RenderTask, WorkerAnswer, TaskNote, PoolNote).
 *
 * workerData: { shell: file URL, remotes: { [remote]: file URL }, sharedGlobal: name }.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';

/** Say what this thread is doing to the pool's owner (a load that hangs is ended from there). */
function note(message) {
  parentPort?.postMessage({ renderWorker: threadId, ...message });
}

/** An error as plain data: what it said and where (an Error's own fields survive no clone). */
function describe(error) {
  return error instanceof Error
    ? { message: error.message, stack: error.stack }
    : { message: String(error) };
}

async function load(app, href) {
  note({ loading: app });
  try {
    return { entry: await import(href) };
  } catch (error) {
    return { error: describe(error) };
  } finally {
    note({ loaded: app });
  }
}

// Loaded as soon as the thread starts, not at its first page: the pool is warm before a visitor
// comes (the pool runs without Atomics so that these imports go on while the thread is idle).
// A remote's entry reads the shell's shared modules from the global while it loads.
const shell = load('shell', workerData.shell);
const remotes = shell.then(async (loadedShell) => {
  const loaded = {};
  if (!loadedShell.entry) return loaded;
  globalThis[workerData.sharedGlobal] = loadedShell.entry.shared;
  for (const [app, href] of Object.entries(workerData.remotes)) {
    loaded[app] = await load(app, href);
  }
  return loaded;
});
// Every entry tried (a failure is answered to the first page that needs that entry).
void remotes.then(() => note({ loadedAll: true }));

function failed(app, phase, error) {
  return { ok: false, app, phase, error };
}

/**
 * A task, `{ url, boot, route, port }`: draw `route`'s page at `url` with the boot configuration
 * and its first-view data. `port` hears when the task starts and when it starts drawing, so the
 * owner times the drawing alone.
 */
export default async function render(task) {
  const { url, boot, route, port } = task;
  try {
    port.postMessage({ started: threadId });
    const loadedShell = await shell;
    if (!loadedShell.entry) return failed('shell', 'load', loadedShell.error);
    const remote = (await remotes)[route.remote];
    if (!remote?.entry) {
      return failed(
        route.remote,
        'load',
        remote?.error ?? { message: `no server entry of ${route.remote} in this pool` },
      );
    }
    port.postMessage({ drawing: threadId });
    try {
      const element = remote.entry.renderPage(route.module, boot.data);
      if (!element) return { ok: true, page: null };
      const page = loadedShell.entry.render({ url, boot, page: { route, element } });
      return { ok: true, page: { html: String(page.html), styles: String(page.styles) } };
    } catch (error) {
      return failed(route.remote, 'render', describe(error));
    }
  } finally {
    port.close();
  }
}
