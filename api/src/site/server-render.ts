import { EventEmitter } from 'node:events';
import { watch, type FSWatcher } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { matchRoute, type AppName, type BootConfig, type SiteRoute } from '@jobboard/contract/site';
import type { Releases } from './releases';
import {
  RenderPool,
  type RenderedPage,
  type ServerRenderLimits,
  type TaskNote,
  type WorkerAnswer,
} from './render-pool';
import {
  FAILURES_IN_A_ROW,
  VersionStates,
  type Failure,
  type VersionRenderStats,
} from './version-states';

export type { RenderedPage, ServerRenderLimits } from './render-pool';
export { FAILURES_IN_A_ROW, type VersionRenderStats } from './version-states';

/** The mark React's server output puts on a Suspense boundary it leaves to the browser. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * Loading a version's server entries (reading and compiling a bundle of React, the router, the
 * pages) is given this many times a render's limit before its thread is taken to be stuck.
 */
const LOAD_TIME_FACTOR = 10;

/**
 * What a render gave the page: the first view, or none (the browser draws the page). `lasting`
 * is false when there is none only for the moment (the pool was busy or still loading a version
 * it just switched to): such a page must not be kept in the page cache.
 */
export interface RenderOutcome {
  page?: RenderedPage;
  lasting: boolean;
}

export interface ServerRenderLog {
  warn(details: object, message: string): void;
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
 *
 * The pool of one set of versions is render-pool.ts; what is known of each version (its counts,
 * whether it is still drawn here) is version-states.ts.
 */
export class ServerRenderer {
  readonly events = new EventEmitter<ServerRenderEvents>();
  private current?: RenderPool;
  private readonly retiring = new Set<RenderPool>();
  private readonly states: VersionStates;
  private readonly reported = new Set<string>();
  private watcher?: FSWatcher;
  private closed = false;
  private readonly threads = Math.max(2, Math.min(4, availableParallelism() - 1));

  constructor(
    private readonly releases: Releases,
    private readonly limits: ServerRenderLimits,
    private readonly log?: ServerRenderLog,
  ) {
    this.states = new VersionStates(releases);
  }

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
      versions: this.states.stats(),
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
              this.states.succeeded(pool.versions, remote);
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
    const entry = this.states.entry(app, version);
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

  /**
   * The pool of the versions in use (a new one when they changed: the old one ends after its
   * running renders), or undefined when the shell has nothing to draw with here.
   */
  private livePool(): RenderPool | undefined {
    if (this.closed) return undefined;
    const versions = this.states.live();
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
