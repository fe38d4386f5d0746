import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  APPS,
  matchRoute,
  SERVER_SHARED_GLOBAL,
  isRemoteUrl,
  type AppName,
  type BootConfig,
  type FirstViewData,
} from '@jobboard/contract';
import type { Releases } from './releases';
import { serverRenderedRemotes } from './route-table';

/** The mark React's server output puts on a Suspense boundary it leaves to the browser. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * The shapes of the apps' server entries (shared-ui/src/server/server-entries.ts has them with
 * React's types; here elements are opaque).
 */
interface ShellServerEntry {
  shared: Record<string, unknown>;
  render(input: { url: string; boot: BootConfig; page: { route: object; element: unknown } }): {
    html: string;
    styles: string;
  };
}
interface RemoteServerEntry {
  renderPage(module: string, data?: FirstViewData): unknown;
}

/** The first view as HTML: the root element's content and the style tags it needs. */
export interface RenderedPage {
  html: string;
  styles: string;
}

export interface ServerRenderLog {
  warn(details: object, message: string): void;
}

/**
 * Renders a route's first view on the server with the apps' own server entries, built beside
 * their browser files (`releases/<app>/<version>/server/server.mjs`): the shell's for the page
 * frame and the shared singletons, the route's remote's for the page. The browser then takes the
 * HTML over (hydration) instead of drawing the page from nothing, so the first card shows as soon
 * as the HTML arrives.
 *
 * Each entry is loaded once per version (switching a version in remotes.json loads the new one).
 * Anything missing (a remote served from another origin: its code is never run here) or failing
 * answers undefined, and the page is drawn in the browser as before: server rendering only ever
 * makes a page faster, never breaks it.
 */
export class ServerRenderer {
  private readonly loaded = new Map<string, Promise<unknown>>();
  /** Imports run one at a time: a remote's entry reads the shared modules while it loads. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly reported = new Set<string>();

  constructor(
    private readonly releases: Releases,
    private readonly log?: ServerRenderLog,
  ) {}

  /**
   * Load the server entries of the versions in use (at start, so the first visitor does not wait
   * for them). Anything missing or failing is left for `render` to report.
   */
  async warm(): Promise<void> {
    const shell = await this.entry<ShellServerEntry>('shell');
    if (!shell) return;
    const drawn = serverRenderedRemotes(this.releases.routes());
    await Promise.all(drawn.map((remote) => this.entry<RemoteServerEntry>(remote, shell)));
  }

  /** The first view of `url` (path and query string), or undefined to leave it to the browser. */
  async render(url: string, boot: BootConfig): Promise<RenderedPage | undefined> {
    // The live route table (boot.routes): only a route its remote draws on the server.
    const route = matchRoute(boot.routes, url.split('?')[0]!);
    if (!route?.serverRendered) return undefined;
    const shell = await this.entry<ShellServerEntry>('shell');
    if (!shell) return undefined;
    const remote = await this.entry<RemoteServerEntry>(route.remote, shell);
    if (!remote) return undefined;
    try {
      const element = remote.entry.renderPage(route.module, boot.data);
      if (!element) return undefined;
      const page = shell.entry.render({ url, boot, page: { route, element } });
      // React leaves a part that threw while drawn on the server to the browser, without a word
      // (renderToString takes no onError): say so, or the page silently loses its first view.
      if (page.html.includes(CLIENT_RENDERED_BOUNDARY)) {
        this.report(
          `fallback:${remote.key}:${route.module}`,
          new Error(`${url}: a part of the page threw while drawn on the server`),
          'left part of a page to the browser',
        );
      }
      return page;
    } catch (error) {
      this.report(`render:${remote.key}:${route.module}`, error, 'could not render a page');
      return undefined;
    }
  }

  /** An app's server entry for the version in use (a remote's bound to this shell's modules). */
  private async entry<T>(
    app: AppName,
    shell?: { key: string; entry: ShellServerEntry },
  ): Promise<{ key: string; entry: T } | undefined> {
    const file = this.serverFile(app);
    if (!file) return undefined;
    const key = shell ? `${file}|${shell.key}` : file;
    let pending = this.loaded.get(key);
    if (!pending) {
      pending = this.import(file, shell);
      this.loaded.set(key, pending);
    }
    try {
      return { key, entry: (await pending) as T };
    } catch (error) {
      this.report(`load:${key}`, error, `could not load the server entry of ${app}`);
      return undefined;
    }
  }

  private import(file: string, shell?: { key: string; entry: ShellServerEntry }) {
    const url = pathToFileURL(file);
    // One module instance per shell: a remote's entry binds to the shared modules it finds on load.
    if (shell) url.search = `?shell=${encodeURIComponent(shell.key)}`;
    const load = this.queue.then(async () => {
      if (shell) (globalThis as Record<string, unknown>)[SERVER_SHARED_GLOBAL] = shell.entry.shared;
      return import(url.href) as Promise<unknown>;
    });
    this.queue = load.catch(() => undefined);
    return load;
  }

  /** The version in use's server file, when that version is on this server and has one. */
  private serverFile(app: AppName): string | undefined {
    const version = this.releases.versions()[app];
    if (!version || isRemoteUrl(version)) return undefined;
    const file = path.join(this.releases.dir, APPS[app].folder, version, 'server', 'server.mjs');
    return existsSync(file) ? file : undefined;
  }

  /** Each problem is logged once, not on every page. */
  private report(key: string, error: unknown, message: string) {
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.log?.warn({ err: error }, `server rendering: ${message}; the browser draws it instead`);
  }
}
