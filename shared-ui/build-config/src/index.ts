import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import {
  defineConfig,
  rspack,
  type EnvironmentConfig,
  type RsbuildPlugin,
  type ServerConfig,
} from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginStyledComponents } from '@rsbuild/plugin-styled-components';
import {
  REMOTE_NAMES,
  assetsPath,
  type RemoteRoute,
  type SiteRoute,
} from '@jobboard/contract/site';
import { APPS, sharedModules, type AppName, type RemoteName } from './federation';
import { SERVER_SHARED_GLOBAL, SHARED_MODULES } from './shared-modules';
import { precompress } from './precompress';
import { buildVersion, promote, releasesDir, remotesConfigFile } from './releases';
import { describeRelease, providedSingletons } from './release/collect';
import { historyFile } from './release/history';
import { folderEntryPin } from './release/integrity';
import { writeRelease } from './release/manifest';
import { MESSAGES } from './release/messages';
import { appPages, type AppPages } from './routes';

export { APPS, type AppName, type RemoteName } from './federation';
export { SERVER_SHARED_GLOBAL, SHARED_MODULES, type SharedModule } from './shared-modules';

export interface AppBuildOptions {
  /** Federation name of the app: 'shell', 'mfe_board', 'mfe_submit' or 'mfe_admin'. */
  name: AppName;
  /** The app's folder (its `import.meta.dirname`). */
  root: string;
  /**
   * A remote's pages (its `src/routes.ts`): what it exposes is made from them
   * (`{ './BoardPage': './src/app/BoardPage' }`), and they go into its release.json. None for the
   * shell.
   */
  routes?: readonly RemoteRoute[];
  /** Modules a remote exposes for other reasons than a route ('./Widget': `src/app/Widget.tsx`). */
  exposes?: readonly string[];
}

/**
 * An app the server draws (the shell, and a remote with a route marked `serverRendered`) also has
 * a server entry, built beside the browser files into `<version>/server/`, for Node (see
 * server-render.ts in the API).
 */
const SERVER_ENTRY = './src/server.tsx';

/**
 * The shell's first script, written into the page's head as it is (not bundled): it keeps what a
 * visitor types and presses before the page is live (issue 40), from the first byte of the page,
 * before any file has loaded. The API allows it by its hash (its Content-Security-Policy).
 */
const SHELL_HEAD_SCRIPT = './src/boot/before-live.js';

/** A script for the page's head, minified (by Rspack's own SWC): it is in every page's HTML. */
function headScript(file: string): string {
  return rspack.experiments.swc.minifySync(readFileSync(file, 'utf8'), {
    compress: true,
    mangle: true,
  }).code;
}

/**
 * The one Rsbuild configuration every front-end app is built with (docs/architecture.md): React, Module
 * Federation with the shared singletons (`version-first` in the shell), no federated type generation, a
 * versioned output folder under `releases/`, precompressed assets, and in development a dev server
 * on the app's own port that proxies `/api` to the API. In production an app with a server entry
 * is also built for Node, so the server can render its first view.
 *
 * Environment: BUILD_VERSION (default `<package version>-<build time>`), RELEASES_DIR (default
 * `<repo>/releases`), REMOTES_CONFIG (default `<releases>/remotes.json`), PROMOTE=false to build
 * without switching the site to the new version, API_URL (dev proxy target, default
 * http://localhost:3100).
 */
export function createAppConfig({ name, root, routes, exposes: extra }: AppBuildOptions) {
  const isShell = name === 'shell';
  const pages = appPages(name, root, routes, extra);
  const { exposes } = pages;
  const server = pages.serverRendered ? SERVER_ENTRY : undefined;
  const repoRoot = path.resolve(root, '..');
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const version = buildVersion(pkg.version);
  const outDir = path.join(releasesDir(repoRoot), APPS[name].folder, version);
  const apiUrl = process.env.API_URL ?? 'http://localhost:3100';

  return defineConfig(({ command }) => {
    const dev = command === 'dev';
    const web: EnvironmentConfig = {
      plugins: [
        pluginModuleFederation({
          name,
          ...(isShell ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
          shared: sharedModules(root),
          // The shell picks the highest copy of each singleton among itself and the remotes the server
          // registers before it starts (shell/src/boot/shares-first.ts); the remotes take the copy
          // already loaded (docs/frontend-delivery.md#shared-singletons).
          shareStrategy: isShell ? 'version-first' : 'loaded-first',
          dts: false,
          // The federation runtime ships once, in the shell; production remotes use the shell's
          // instead of carrying their own (about 20 KB compressed less per remote). Under the dev
          // server a remote keeps its own, so it can also run standalone.
          ...(dev
            ? {}
            : {
                experiments: isShell ? { provideExternalRuntime: true } : { externalRuntime: true },
              }),
        }),
      ],
      source: {
        // index.ts only does `import('./bootstrap')`: the async boundary that lets the shared
        // singletons be negotiated before any of them is used.
        entry: { index: './src/index.ts' },
      },
      // The shell's page template sets the language, the icon and a description; a remote's dev
      // page is Rsbuild's default.
      html: {
        title: 'Job board',
        mountId: 'root',
        ...(isShell
          ? {
              template: './src/index.html',
              tags: [
                {
                  tag: 'script',
                  // Named, so a test can tell the shell's one inline script from injected ones.
                  attrs: { id: 'before-live' },
                  children: headScript(path.join(root, SHELL_HEAD_SCRIPT)),
                  head: true,
                  append: false,
                },
              ],
            }
          : {}),
      },
      // Remotes need no page in production: the shell is the page.
      tools: { htmlPlugin: isShell || dev },
      // A remote's entry carries the SHA-384 of each of its chunks and loads each with it
      // (Rspack's SubresourceIntegrityPlugin): with the entry pinned at promote (release/integrity.ts),
      // every file of the remote's code is checked by the browser before it runs (issue 43).
      ...(isShell ? {} : { security: { sri: { enable: 'auto', algorithm: 'sha384' } } }),
      output: {
        distPath: { root: outDir },
        // The shell's HTML is served at every route, so its assets need an absolute, versioned
        // prefix. A remote's prefix is worked out at run time from where its manifest was loaded
        // ('auto'), so the same files work from any folder or origin.
        assetPrefix: isShell ? assetsPath('shell', version) : 'auto',
      },
    };
    return {
      plugins: [
        pluginReact(),
        // Class names from each file's path, not from the order components are created in: the
        // server's rendering and the browser's then name every style alike (hydration matches).
        pluginStyledComponents({ ssr: true, displayName: dev, fileName: false }),
        ...(dev ? [] : [releasePlugin({ name, root, outDir, version, repoRoot, pages })]),
      ],
      source: {
        define: {
          __APP_VERSION__: JSON.stringify(dev ? 'dev' : version),
          // What the shell provides to the remotes, the very map its release.json gets
          // (provides.shared): its load-time check compares each remote's release.json with it.
          ...(isShell ? { __SHELL_PROVIDES__: JSON.stringify(providedSingletons(root)) } : {}),
        },
      },
      output: { cleanDistPath: false },
      environments: {
        web,
        ...(server && !dev ? { server: serverEnvironment(isShell, server, outDir) } : {}),
      },
      dev: { assetPrefix: isShell ? '/' : 'auto' },
      server: {
        port: APPS[name].devPort,
        strictPort: true,
        historyApiFallback: true,
        proxy: { '/api': apiUrl },
        // The shell's dev server loads the remotes from their own dev servers.
        headers: { 'Access-Control-Allow-Origin': '*' },
        ...(dev
          ? { setup: name === 'shell' ? serveDevRemotesConfig : serveDevRoutes(name, pages.routes) }
          : {}),
      },
    };
  });
}

/**
 * The app built for Node into `<version>/server/`: one ES module the API loads to render the
 * first view. The shell's bundles React, styled-components and the other singletons and publishes
 * them; a remote's takes them from there (externals read from SERVER_SHARED_GLOBAL), so the whole
 * page is rendered with one copy of each, as in the browser.
 */
function serverEnvironment(isShell: boolean, entry: string, outDir: string): EnvironmentConfig {
  const shared = new Set<string>(SHARED_MODULES);
  return {
    source: { entry: { server: entry } },
    output: {
      target: 'node',
      distPath: { root: path.join(outDir, 'server') },
      filenameHash: false,
      // ES modules whatever the folder's package.json says; the API imports them.
      filename: { js: '[name].mjs' },
      minify: false,
      ...(isShell
        ? {}
        : {
            externals: [
              ({ request }, callback) =>
                request && shared.has(request)
                  ? callback(undefined, [SERVER_SHARED_GLOBAL, request], 'global')
                  : callback(),
            ],
          }),
    },
    // One file: the API imports it whole.
    performance: { chunkSplit: { strategy: 'all-in-one' } },
    tools: { htmlPlugin: false, rspack: { output: { asyncChunks: false } } },
  };
}

/** In development the remotes come from their dev servers, on their fixed ports. */
type ServerSetup = Extract<NonNullable<ServerConfig['setup']>, (...args: never[]) => unknown>;

const serveDevRemotesConfig: ServerSetup = (context) => {
  if (context.action !== 'dev') return;
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((app) => [
      app,
      { entry: `http://localhost:${APPS[app].devPort}/mf-manifest.json`, version: 'dev' },
    ]),
  );
  context.server.middlewares.use('/remotes.json', (_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.end(JSON.stringify(remotes));
  });
  // The route table (GET /routes.json, which the API answers in production): each remote's dev
  // server says its own, asked on every request, so an edit of a remote's src/routes.ts shows at
  // the next page load. A remote whose dev server does not answer is left out, with a warning.
  context.server.middlewares.use('/routes.json', (_req, res) => {
    void Promise.all(
      REMOTE_NAMES.map(async (app): Promise<SiteRoute[]> => {
        const url = `http://localhost:${APPS[app].devPort}/routes.json`;
        try {
          const answer = await fetch(url, { signal: AbortSignal.timeout(DEV_ROUTES_TIMEOUT_MS) });
          if (!answer.ok) throw new Error(`status ${answer.status}`);
          return (await answer.json()) as SiteRoute[];
        } catch (error) {
          console.warn(`[shell] ${url}: ${(error as Error).message}; ${app}'s pages are left out`);
          return [];
        }
      }),
    ).then((tables) => {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-store');
      res.end(JSON.stringify(tables.flat()));
    });
  });
};

/** How long the shell's dev server waits for a remote's dev server to say its routes. */
const DEV_ROUTES_TIMEOUT_MS = 2000;

/** A remote's dev server says its routes (`GET /routes.json`) for the shell's dev server. */
const serveDevRoutes =
  (app: RemoteName, routes: RemoteRoute[]): ServerSetup =>
  (context) => {
    if (context.action !== 'dev') return;
    const table: SiteRoute[] = routes.map((route) => ({ remote: app, ...route }));
    context.server.middlewares.use('/routes.json', (_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Cache-Control', 'no-store');
      res.end(JSON.stringify(table));
    });
  };

/**
 * The shell's files every first view needs beyond its entry: the bootstrap chunk and its split
 * chunks, and the shared singletons it provides (from the federation manifest). Preload links for
 * them go into the shell's page, so they download with the entry instead of one round after
 * another as each script asks for the next.
 */
function preloadFirstView(outDir: string, version: string, stats: StatsLike) {
  const json = stats.toJson({
    all: false,
    chunkGroups: true,
    chunks: true,
    chunkRelations: true,
  }) as {
    namedChunkGroups?: Record<string, { assets: { name: string }[] }>;
    chunks?: StatsChunk[];
  };
  const bootstrap = json.namedChunkGroups?.bootstrap?.assets.map((a) => a.name) ?? [];
  const manifest = JSON.parse(readFileSync(path.join(outDir, 'mf-manifest.json'), 'utf8')) as {
    shared: { assets: { js: { sync: string[] } } }[];
  };
  // A shared module's chunk may need split chunks loaded beside it (its siblings): the router's
  // own code sits in a 'lib-router' chunk next to shared-ui/router's. (Stats name a chunk's
  // siblings by id; an unnamed chunk's file is named after its id.)
  const chunks = json.chunks ?? [];
  const idOf = (chunk: StatsChunk) =>
    String(chunk.id ?? path.basename(chunk.files[0] ?? '').split('.')[0]);
  const siblingsOf = (chunk: StatsChunk) =>
    chunks.filter(
      (other) =>
        chunk.siblings.map(String).includes(idOf(other)) ||
        other.siblings.map(String).includes(idOf(chunk)),
    );
  const shared = manifest.shared
    .flatMap((s) => s.assets.js.sync)
    .flatMap((file) => {
      const chunk = chunks.find((c) => c.files.includes(file));
      return [file, ...(chunk ? siblingsOf(chunk).flatMap((c) => c.files) : [])];
    });
  const links = [...new Set([...bootstrap, ...shared])]
    .filter((file) => file.endsWith('.js'))
    .map(
      (file) => `<link rel="preload" as="script" href="${assetsPath('shell', version)}${file}">`,
    );
  const page = path.join(outDir, 'index.html');
  writeFileSync(page, readFileSync(page, 'utf8').replace('</head>', `${links.join('')}</head>`));
}

interface StatsChunk {
  id?: string | number;
  files: string[];
  siblings: (string | number)[];
}

interface StatsLike {
  toJson(options: object): unknown;
}

/**
 * After a production build: precompress the assets, write release.json (what the build provides
 * and requires: release/manifest.ts), then point the site at this version (a remote pinned by its
 * entry's hash), recorded in releases/history.json, unless PROMOTE=false (`pnpm --filter <app>
 * release`).
 */
function releasePlugin({
  name,
  root,
  outDir,
  version,
  repoRoot,
  pages,
}: AppBuildOptions & {
  outDir: string;
  version: string;
  repoRoot: string;
  pages: AppPages;
}): RsbuildPlugin {
  return {
    name: 'jobboard:release',
    setup(api) {
      api.onAfterBuild(async ({ stats }) => {
        if (stats?.hasErrors()) return;
        // With a server build there are two compilations; the browser's ('web') comes first.
        const web = stats && 'stats' in stats ? stats.stats[0] : stats;
        if (name === 'shell' && web) preloadFirstView(outDir, version, web as StatsLike);
        const totals = precompress(outDir, { skip: ['server'] });
        const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
        console.log(
          `[${name}] ${version}: ${totals.files} assets precompressed, ${kb(totals.bytes)} -> ${kb(totals.brotliBytes)} brotli`,
        );
        writeRelease(outDir, describeRelease(name, root, version, pages));
        if (process.env.PROMOTE === 'false') {
          const where = path.relative(repoRoot, outDir);
          console.log(MESSAGES.built(name, version, where.startsWith('..') ? outDir : where));
          return;
        }
        const configFile = remotesConfigFile(repoRoot);
        // A remote is pinned by its entry's hash (release/integrity.ts), as `pnpm releases promote` does.
        const pin = name === 'shell' ? undefined : folderEntryPin(outDir);
        if (pin && !pin.ok)
          throw new Error(`[${name}] ${version} cannot be promoted: ${pin.reason}`);
        await promote(configFile, name, version, {
          historyFile: historyFile(configFile),
          integrity: pin?.integrity,
        });
        console.log(`[${name}] ${path.relative(process.cwd(), configFile)} now serves ${version}`);
      });
    },
  };
}
