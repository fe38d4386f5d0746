/**
 * The worker threads that draw pages for the server renderer (server-render.ts), and what goes
 * between them and the API (render-worker.mjs).
 */
import type { MessagePort } from 'node:worker_threads';
import {
  SERVER_SHARED_GLOBAL,
  type AppName,
  type BootConfig,
  type SiteRoute,
} from '@jobboard/contract/site';
import { Piscina } from 'piscina';
import { RENDER_WORKER_FILE } from '../platform/layout';

/** The first view as HTML: the root element's content and the style tags it needs. */
export interface RenderedPage {
  html: string;
  styles: string;
}

export interface ServerRenderLimits {
  /** SERVER_RENDER_TIMEOUT_MS: a page's drawing is ended (its worker with it) past this. */
  timeoutMs: number;
  /** SERVER_RENDER_MAX_HEAP_MB: the heap of each render worker. */
  maxHeapMb: number;
}

/** What a worker is sent: plain data (render-worker.mjs). */
interface RenderTask {
  url: string;
  boot: BootConfig;
  route: Pick<SiteRoute, 'remote' | 'module'>;
  port: MessagePort;
}

/** What a worker answers (render-worker.mjs). */
export type WorkerAnswer =
  | { ok: true; page: RenderedPage | null }
  | { ok: false; app: AppName; phase: 'load' | 'render'; error: WorkerError };
interface WorkerError {
  message: string;
  stack?: string;
}

/** What a worker says while it runs, on the task's port or to the pool (render-worker.mjs). */
export type TaskNote = { started: number } | { drawing: number };
interface PoolNote {
  renderWorker: number;
  loading?: AppName;
  loaded?: AppName;
  loadedAll?: true;
}

/** The versions a pool loads: app -> version and its server entry's file URL. */
export type PoolVersions = Partial<Record<AppName, { version: string; href: string }>>;

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
export class RenderPool {
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
