import { EventEmitter } from 'node:events';
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import {
  APPS,
  matchRoute,
  SERVER_SHARED_GLOBAL,
  isRemoteUrl,
  type AppName,
  type BootConfig,
  type SiteRoute,
  type RemoteName,
} from '@jobboard/contract/site';
import { Piscina } from 'piscina';
import { RENDER_WORKER_FILE } from '../platform/layout';
import type { Releases } from './releases';
import { serverRenderedRemotes } from './route-table';

/** The mark React's server output puts on a Suspense boundary it leaves to the browser. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/** After this many failures in a row, a version's pages are drawn in the browser only. */
export const FAILURES_IN_A_ROW = 3;

/**
 * Loading a version's server entries (reading and compiling a bundle of React, the router, the
 * pages) is given this many times a render's limit before its thread is taken to be stuck.
 */
const LOAD_TIME_FACTOR = 10;

/** The first view as HTML: the root element's content and the style tags it needs. */
export interface RenderedPage {
  html: string;
  styles: string;
}

/**
 * What a render gave the page: the first view, or none (the browser draws the page). `lasting`
 * is false when there is none only for the moment (the pool was busy or still loading a version
 * it just switched to): such a page must not be kept in the page cache.
 */
export interface RenderOutcome {
  page?: RenderedPage;
  lasting: boolean;
}

export interface ServerRenderLimits {
  /** SERVER_RENDER_TIMEOUT_MS: a page's drawing is ended (its worker with it) past this. */
  timeoutMs: number;
  /** SERVER_RENDER_MAX_HEAP_MB: the heap of each render worker. */
  maxHeapMb: number;
}

export interface ServerRenderLog {
  warn(details: object, message: string): void;
}

type Failure = 'throws' | 'timeouts' | 'memory';

/** How one app version has fared on the server, since it was (last) promoted in this process. */
export interface VersionRenderStats {
  app: AppName;
  version: string;
  /** Pages it drew (or chose to leave to the browser) without failing. */
  renders: number;
  /** Its server entry threw, failed to load, or ended its worker. */
  throws: number;
  /** It drew (or loaded) for longer than the time limit, and its worker was ended. */
  timeouts: number;
  /** It met the worker's heap limit, and its worker was ended. */
  memory: number;
  /** Failures since its last good render; at FAILURES_IN_A_ROW it is no longer drawn here. */
  failuresInARow: number;
  /** False once it failed FAILURES_IN_A_ROW times in a row: the browser draws its pages. */
  serverRendered: boolean;
}

export interface ServerRenderStats {
  versions: VersionRenderStats[];
  /** The pool drawing pages now, the versions it loaded and its threads; null when none. */
  pool: { versions: Partial<Record<AppName, string>>; threads: number; queued: number } | null;
  /** Pools of versions no longer live, finishing their last renders before they go. */
  retiringPools: number;
}

/** The renderer's events, for tests and the metrics of a later issue. */
export interface ServerRenderEvents {
  /** A worker started drawing a page (the time limit runs from here). */
  drawing: [{ app: AppName; version: string; url: string }];
  /** A pool of workers started loading these versions. */
  poolStarted: [{ versions: Partial<Record<AppName, string>> }];
  /** A pool's workers have all exited: these versions' modules are out of memory. */
  poolClosed: [{ versions: Partial<Record<AppName, string>>; threadIds: number[] }];
}

/** What a worker is sent: plain data (render-worker.mjs). */
interface RenderTask {
  url: string;
  boot: BootConfig;
  route: Pick<SiteRoute, 'remote' | 'module'>;
  port: MessagePort;
}

/** What a worker answers (render-worker.mjs). */
type WorkerAnswer =
  | { ok: true; page: RenderedPage | null }
  | { ok: false; app: AppName; phase: 'load' | 'render'; error: WorkerError };
interface WorkerError {
  message: string;
  stack?: string;
}

/** What a worker says while it runs, on the task's port or to the pool (render-worker.mjs). */
type TaskNote = { started: number } | { drawing: number };
interface PoolNote {
  renderWorker: number;
  loading?: AppName;
  loaded?: AppName;
  loadedAll?: true;
}

/** The versions a pool loads: app -> version and its server entry's file URL. */
type PoolVersions = Partial<Record<AppName, { version: string; href: string }>>;

const NONE: RenderOutcome = { lasting: true };
const FOR_NOW: RenderOutcome = { lasting: false };

/** Why a task was aborted. */
const NOT_STARTED = 'not started in time';
const TIMED_OUT = 'timed out';

/**
 * Renders a route's first view on the server with the apps' own server entries, built beside
 * their browser files (`releases/<app>/<version>/server/server.mjs`): the shell's for the page
 * frame and the shared singletons, the route's remote's for the page. The browser then takes the
 * HTML over (hydration) instead of drawing the page from nothing, so the first card shows as soon
 * as the HTML arrives.
 *
 * The entries run in worker threads, never in the API's own thread (a pool per set of live
 * versions, render-worker.mjs): a render that loops is ended when it passes the time limit, an
 * entry that leaks meets the worker's heap limit, and either way the thread is replaced by a fresh
 * one while the API goes on answering. Failures are counted per version; a version that fails
 * FAILURES_IN_A_ROW times in a row is not drawn here any more until it is promoted again (or the
 * process restarts). When a promote or rollback changes a live server-rendered version, new renders
 * go to a new pool and the old one ends once its running renders are done: its modules leave
 * memory with its threads.
 *
 * Anything missing (a remote served from another origin: its code is never run here) or failing
 * answers no page, and the page is drawn in the browser as before: server rendering only ever
 * makes a page faster, never breaks it.
 */
export class ServerRenderer {
  readonly events = new EventEmitter<ServerRenderEvents>();
  private current?: RenderPool;
  private readonly retiring = new Set<RenderPool>();
  private readonly counts = new Map<string, VersionRenderStats>();
  /** The versions remotes.json named when last read: a change is a promote (or rollback). */
  private lastLive: Partial<Record<AppName, string>> = {};
  private readonly serverFiles = new Set<string>();
  private readonly reported = new Set<string>();
  private watcher?: FSWatcher;
  private closed = false;
  private readonly threads = Math.max(2, Math.min(4, availableParallelism() - 1));

  constructor(
    private readonly releases: Releases,
    private readonly limits: ServerRenderLimits,
    private readonly log?: ServerRenderLog,
  ) {}

  /**
   * Start the workers of the versions in use and wait until they have loaded them (at start, so
   * the first visitor does not wait), and follow remotes.json so that a switch loads the new
   * versions before a visitor asks. Anything missing or failing is left for `render` to report.
   */
  async warm(): Promise<void> {
    this.follow();
    // A pool can give way to another while it loads (a version skipped): wait for the live one.
    for (let pool = this.livePool(); pool; pool = this.livePool()) {
      await pool.loaded();
      if (pool === this.current) return;
    }
  }

  /** The first view of `url` (path and query string); none leaves the page to the browser. */
  async render(url: string, boot: BootConfig): Promise<RenderOutcome> {
    // The live route table (boot.routes): only a route its remote draws on the server.
    const route = matchRoute(boot.routes, url.split('?')[0]!);
    if (!route?.serverRendered) return NONE;
    const pool = this.livePool();
    const shell = pool?.versions.shell;
    const remote = pool?.versions[route.remote];
    if (!pool || !shell || !remote) return NONE;
    const { module } = route;
    const outcome = await this.draw(pool, { url, boot, route: { remote: route.remote, module } });
    if (outcome.page?.html.includes(CLIENT_RENDERED_BOUNDARY)) {
      // React leaves a part that threw while drawn on the server to the browser, without a word
      // (renderToString takes no onError): say so, or the page silently loses its first view.
      this.report(
        `fallback:${route.remote}@${remote.version}:${module}`,
        new Error(`${url}: a part of the page threw while drawn on the server`),
        'left part of a page to the browser',
      );
    }
    return outcome;
  }

  /** Each version's renders and failures, and the pools (for the metrics of a later issue). */
  stats(): ServerRenderStats {
    const pool = this.current;
    return {
      versions: [...this.counts.values()].map((entry) => ({ ...entry })),
      pool: pool
        ? {
            versions: pool.versionNames(),
            threads: pool.pool.threads.length,
            queued: pool.pool.queueSize,
          }
        : null,
      retiringPools: this.retiring.size,
    };
  }

  /** Stop every worker now (the server is shutting down). */
  async close(): Promise<void> {
    this.closed = true;
    this.watcher?.close();
    const pools = [...this.retiring, ...(this.current ? [this.current] : [])];
    this.current = undefined;
    await Promise.all(pools.map((pool) => pool.destroy()));
  }

  /** Run one page's drawing in the pool, within the time limit (see the class comment). */
  private draw(
    pool: RenderPool,
    task: { url: string; boot: BootConfig; route: Pick<SiteRoute, 'remote' | 'module'> },
  ): Promise<RenderOutcome> {
    const { timeoutMs } = this.limits;
    const { url } = task;
    const remote = task.route.remote;
    const { port1, port2 } = new MessageChannel();
    const controller = new AbortController();
    let threadId: number | undefined;
    let drawing = false;
    let limit: NodeJS.Timeout | undefined;
    return new Promise<RenderOutcome>((resolve) => {
      let answered = false;
      const settle = (outcome: RenderOutcome) => {
        if (answered) return;
        answered = true;
        resolve(outcome);
      };
      // A task that has not started within the limit waited behind other renders, or went to a
      // thread stuck loading (which the pool's watch ends): it is dropped, and not counted
      // against the version. One that is still loading its entries goes on (it warms its
      // thread), but the visitor does not wait for it.
      const waited = setTimeout(() => {
        if (threadId === undefined) controller.abort(NOT_STARTED);
        if (!drawing) settle(FOR_NOW);
      }, timeoutMs);
      const startDrawing = () => {
        if (drawing) return;
        drawing = true;
        limit = setTimeout(() => controller.abort(TIMED_OUT), timeoutMs);
        const version = pool.versions[remote]?.version ?? '';
        this.events.emit('drawing', { app: remote, version, url });
      };
      port1.on('message', (note: TaskNote) => {
        if ('started' in note) threadId = note.started;
        if ('drawing' in note) startDrawing();
      });
      pool.pool
        .run(
          { ...task, port: port2 },
          {
            transferList: [port2],
            signal: controller.signal,
          },
        )
        .then(
          (result: WorkerAnswer) => {
            // The answer can come before the note on the task's own port (two channels).
            if (result.ok || result.phase === 'render') startDrawing();
            if (result.ok) {
              this.succeeded(pool, remote);
              settle(result.page ? { page: result.page, lasting: true } : NONE);
              return;
            }
            const error = Object.assign(new Error(result.error.message), {
              stack: result.error.stack,
            });
            const message =
              result.phase === 'load'
                ? 'could not load its server entry'
                : 'could not render a page';
            this.failed(
              pool,
              result.app,
              'throws',
              error,
              `${result.phase}:${task.route.module}`,
              message,
            );
            settle(NONE);
          },
          (error: unknown) => {
            const outcome = this.taskFailed(pool, task.route, url, error, {
              reason: controller.signal.reason,
              threadId,
              drawing,
            });
            settle(outcome);
          },
        )
        .finally(() => {
          clearTimeout(waited);
          clearTimeout(limit);
          port1.close();
        });
    });
  }

  /** A task the pool could not finish: which version to blame, if any, and what the page gets. */
  private taskFailed(
    pool: RenderPool,
    route: Pick<SiteRoute, 'remote' | 'module'>,
    url: string,
    error: unknown,
    task: { reason: unknown; threadId: number | undefined; drawing: boolean },
  ): RenderOutcome {
    const { timeoutMs, maxHeapMb } = this.limits;
    if (task.reason === TIMED_OUT) {
      this.failed(
        pool,
        route.remote,
        'timeouts',
        new Error(`${url}: still drawing after ${timeoutMs} ms; its worker was ended`),
        `timeout:${route.module}`,
        `took longer than SERVER_RENDER_TIMEOUT_MS (${timeoutMs} ms) to draw a page`,
      );
      return NONE;
    }
    // Not started (dropped from the queue), a pool closing, a thread this side ended (counted
    // there): nothing this version did.
    if (task.threadId === undefined || pool.ended.has(task.threadId)) return FOR_NOW;
    // The thread was loading an entry (a task waits for it) or drawing the route's page.
    const app = task.drawing ? route.remote : (pool.loadingIn(task.threadId) ?? route.remote);
    if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      this.failed(
        pool,
        app,
        'memory',
        new Error(`${url}: ran out of its ${maxHeapMb} MB heap; its worker was ended`),
        `memory:${route.module}`,
        `reached SERVER_RENDER_MAX_HEAP_MB (${maxHeapMb} MB) while drawing a page`,
      );
      return NONE;
    }
    // Its entry ended the thread (process.exit, a crash).
    this.failed(pool, app, 'throws', error, `ended:${route.module}`, 'ended its render worker');
    return NONE;
  }

  private succeeded(pool: RenderPool, remote: RemoteName) {
    for (const app of ['shell', remote] as const) {
      const version = pool.versions[app]?.version;
      if (!version) continue;
      const entry = this.entry(app, version);
      if (app === remote) entry.renders += 1;
      entry.failuresInARow = 0;
    }
  }

  /**
   * Count a failure against `app`'s version in `pool`, say it (once per kind), and stop drawing
   * the version here after FAILURES_IN_A_ROW of them.
   */
  private failed(
    pool: RenderPool,
    app: AppName,
    failure: Failure,
    error: unknown,
    what: string,
    message: string,
  ) {
    const version = pool.versions[app]?.version;
    if (!version) return;
    const entry = this.entry(app, version);
    entry[failure] += 1;
    entry.failuresInARow += 1;
    this.report(`${failure}:${app}@${version}:${what}`, error, `${app} ${version} ${message}`);
    if (entry.serverRendered && entry.failuresInARow >= FAILURES_IN_A_ROW) {
      entry.serverRendered = false;
      this.log?.warn(
        { app, version, throws: entry.throws, timeouts: entry.timeouts, memory: entry.memory },
        `server rendering: ${app} ${version} failed ${entry.failuresInARow} times in a row; ` +
          'the browser draws its pages until it is promoted again or the server restarts',
      );
      // A pool without it: its modules leave memory, and no visitor waits on it again.
      if (!this.closed) this.livePool();
    }
  }

  private entry(app: AppName, version: string): VersionRenderStats {
    const key = `${app}@${version}`;
    let entry = this.counts.get(key);
    if (!entry) {
      entry = {
        app,
        version,
        renders: 0,
        throws: 0,
        timeouts: 0,
        memory: 0,
        failuresInARow: 0,
        serverRendered: true,
      };
      this.counts.set(key, entry);
    }
    return entry;
  }

  /**
   * The pool of the versions in use (a new one when they changed: the old one ends after its
   * running renders), or undefined when the shell has nothing to draw with here.
   */
  private livePool(): RenderPool | undefined {
    if (this.closed) return undefined;
    const versions = this.liveVersions();
    const key = JSON.stringify(
      Object.entries(versions).map(([app, entry]) => [app, entry.version]),
    );
    if (this.current?.key === key) return this.current;
    if (this.current) this.retire(this.current);
    this.current = undefined;
    if (!versions.shell) return undefined;
    this.current = new RenderPool(key, versions, {
      threads: this.threads,
      limits: this.limits,
      onLoadStuck: (pool, app) =>
        this.failed(
          pool,
          app,
          'timeouts',
          new Error(`loading took longer than ${this.loadLimitMs()} ms; its worker was ended`),
          'load',
          'could not load its server entry in time',
        ),
      onError: (error) => this.report(`pool:${error.message}`, error, 'a render worker failed'),
      loadLimitMs: this.loadLimitMs(),
    });
    this.events.emit('poolStarted', { versions: this.current.versionNames() });
    return this.current;
  }

  private loadLimitMs() {
    return this.limits.timeoutMs * LOAD_TIME_FACTOR;
  }

  /** Let a pool finish what it is drawing, then end its threads. */
  private retire(pool: RenderPool) {
    this.retiring.add(pool);
    // What its threads still load is no longer wanted: it is not watched (nor counted) any more.
    pool.stopWatching();
    const threadIds = pool.pool.threads.map((thread) => thread.threadId);
    void pool.close().finally(() => {
      this.retiring.delete(pool);
      this.events.emit('poolClosed', { versions: pool.versionNames(), threadIds });
    });
  }

  /**
   * The shell and server-rendered remotes in use that have a server entry here and still draw on
   * the server. A version that differs from the one last seen was promoted (or rolled back to):
   * its failures in a row start again.
   */
  private liveVersions(): PoolVersions {
    const inUse = this.releases.versions();
    const apps: AppName[] = ['shell', ...serverRenderedRemotes(this.releases.routes())];
    const versions: PoolVersions = {};
    const seen: Partial<Record<AppName, string>> = {};
    for (const app of apps) {
      // For a remote, the build the server's check picked, if its entry can run beside the
      // shell's copies of the shared modules (Releases.serverRenderedVersion).
      const version = app === 'shell' ? inUse[app] : this.releases.serverRenderedVersion(app);
      if (!version || isRemoteUrl(version)) continue;
      seen[app] = version;
      if (version !== this.lastLive[app]) {
        const entry = this.entry(app, version);
        entry.failuresInARow = 0;
        entry.serverRendered = true;
      }
      const file = this.serverFile(app, version);
      if (file && this.entry(app, version).serverRendered) {
        versions[app] = { version, href: pathToFileURL(file).href };
      }
    }
    this.lastLive = seen;
    return versions;
  }

  /** A version's server file, when that version is on this server and has one. */
  private serverFile(app: AppName, version: string): string | undefined {
    const file = path.join(this.releases.dir, APPS[app].folder, version, 'server', 'server.mjs');
    // A build never changes once written: a file found stays found.
    if (this.serverFiles.has(file)) return file;
    if (!existsSync(file)) return undefined;
    this.serverFiles.add(file);
    return file;
  }

  /** Notice a promote or rollback as it is written, so the new versions load before a visitor. */
  private follow() {
    if (this.watcher || this.closed) return;
    const file = path.basename(this.releases.configFile);
    try {
      this.watcher = watch(path.dirname(this.releases.configFile), (_event, name) => {
        if (name === null || name === file) setImmediate(() => this.livePool());
      });
      this.watcher.on('error', () => this.watcher?.close());
      this.watcher.unref();
    } catch {
      // No folder to watch (nothing built yet): a switch is still seen at the next page.
    }
  }

  /** Each problem is logged once, not on every page. */
  private report(key: string, error: unknown, message: string) {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.log?.warn({ err: error }, `server rendering: ${message}; the browser draws it instead`);
  }
}

interface RenderPoolOptions {
  threads: number;
  limits: ServerRenderLimits;
  loadLimitMs: number;
  /** A thread spent longer than loadLimitMs loading `app`'s entry, and was ended. */
  onLoadStuck(pool: RenderPool, app: AppName): void;
  onError(error: Error): void;
}

/**
 * The worker threads of one set of versions (piscina: a task aborted while it runs ends its
 * thread, which the pool replaces; `resourceLimits` caps each thread's heap). The threads load
 * their entries as they start (a replacement too), so the pool is warm before its first page.
 */
class RenderPool {
  readonly pool: Piscina<RenderTask, WorkerAnswer>;
  /** Threads this side ended: what their tasks then report is not counted a second time. */
  readonly ended = new Set<number>();
  private readonly loading = new Map<number, { app: AppName; timer: NodeJS.Timeout }>();
  /** Threads that have tried every entry, and who waits for all threads to have. */
  private readonly loadedThreads = new Set<number>();
  private waiting: (() => void)[] = [];

  constructor(
    readonly key: string,
    readonly versions: PoolVersions,
    options: RenderPoolOptions,
  ) {
    const { shell, ...remotes } = versions;
    this.pool = new Piscina<RenderTask, WorkerAnswer>({
      filename: RENDER_WORKER_FILE,
      minThreads: options.threads,
      maxThreads: options.threads,
      idleTimeout: Infinity,
      // A queue much longer than this would only hold pages the visitor stopped waiting for.
      maxQueue: options.threads * 16,
      // Without Atomics, an idle thread goes on loading its entries (render-worker.mjs).
      atomics: 'disabled',
      resourceLimits: { maxOldGenerationSizeMb: options.limits.maxHeapMb },
      // Time for the renders still running to end by themselves or by their limit.
      closeTimeout: options.loadLimitMs + options.limits.timeoutMs,
      workerData: {
        shell: shell?.href,
        remotes: Object.fromEntries(Object.entries(remotes).map(([app, v]) => [app, v.href])),
        sharedGlobal: SERVER_SHARED_GLOBAL,
      },
    });
    this.pool.on('error', (error: Error) => options.onError(error));
    // A thread ended is no longer waited for (once piscina has let go of it).
    this.pool.on('workerDestroy', () => setImmediate(() => this.checkLoaded()));
    this.pool.on('message', (note: PoolNote) => {
      const thread = note.renderWorker;
      if (note.loadedAll) {
        this.loadedThreads.add(thread);
        this.checkLoaded();
      }
      if (note.loaded) clearTimeout(this.loading.get(thread)?.timer);
      if (note.loaded) this.loading.delete(thread);
      if (!note.loading) return;
      const app = note.loading;
      const timer = setTimeout(() => {
        this.loading.delete(thread);
        this.ended.add(thread);
        void this.pool.threads.find((worker) => worker.threadId === thread)?.terminate();
        options.onLoadStuck(this, app);
      }, options.loadLimitMs);
      timer.unref();
      this.loading.set(thread, { app, timer });
    });
  }

  /** Resolves once every thread of the pool has loaded its entries (or the pool is retired). */
  loaded(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.checkLoaded();
    });
  }

  private checkLoaded() {
    const threads = this.pool.threads.map((worker) => worker.threadId);
    if (threads.some((thread) => !this.loadedThreads.has(thread))) return;
    this.release();
  }

  private release() {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  /** The app a thread is loading the entry of, if it is loading one. */
  loadingIn(threadId: number): AppName | undefined {
    return this.loading.get(threadId)?.app;
  }

  versionNames(): Partial<Record<AppName, string>> {
    return Object.fromEntries(
      Object.entries(this.versions).map(([app, entry]) => [app, entry.version]),
    );
  }

  async close(): Promise<void> {
    await this.pool.close();
    this.stopWatching();
  }

  async destroy(): Promise<void> {
    this.stopWatching();
    await this.pool.destroy();
  }

  stopWatching() {
    for (const { timer } of this.loading.values()) clearTimeout(timer);
    this.loading.clear();
    this.release();
  }
}
