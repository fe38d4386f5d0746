import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildPlugin, type ServerConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { APPS, sharedModules, type AppName, type RemoteName } from './federation';
import { precompress } from './precompress';
import { buildVersion, promote, releasesDir, remotesConfigFile } from './releases';

export { APPS, type AppName, type RemoteName } from './federation';

export interface AppBuildOptions {
  /** Federation name of the app: 'shell', 'mfe_board', 'mfe_submit' or 'mfe_admin'. */
  name: AppName;
  /** The app's folder (its `import.meta.dirname`). */
  root: string;
  /** What a remote exposes: `{ './BoardPage': './src/app/BoardPage' }`. */
  exposes?: Record<string, string>;
}

/**
 * The one Rsbuild configuration every front-end app is built with (DESIGN.md 2): React, Module
 * Federation with the shared singletons and `loaded-first`, no federated type generation, a
 * versioned output folder under `releases/`, precompressed assets, and in development a dev server
 * on the app's own port that proxies `/api` to the API.
 *
 * Environment: BUILD_VERSION (default `<package version>-<build time>`), RELEASES_DIR (default
 * `<repo>/releases`), REMOTES_CONFIG (default `<releases>/remotes.json`), PROMOTE=false to build
 * without switching the site to the new version, API_URL (dev proxy target, default
 * http://localhost:3100).
 */
export function createAppConfig({ name, root, exposes }: AppBuildOptions) {
  const isShell = name === 'shell';
  const repoRoot = path.resolve(root, '..');
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const version = buildVersion(pkg.version);
  const outDir = path.join(releasesDir(repoRoot), APPS[name].dir, version);
  const apiUrl = process.env.API_URL ?? 'http://localhost:3100';

  return defineConfig(({ command }) => {
    const dev = command === 'dev';
    return {
      plugins: [
        pluginReact(),
        pluginModuleFederation({
          name,
          ...(isShell ? { remotes: {} } : { filename: 'remoteEntry.js', exposes }),
          shared: sharedModules(root),
          shareStrategy: 'loaded-first',
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
        ...(dev ? [] : [releasePlugin(name, outDir, version, remotesConfigFile(repoRoot))]),
      ],
      source: {
        // index.ts only does `import('./bootstrap')`: the async boundary that lets the shared
        // singletons be negotiated before any of them is used.
        entry: { index: './src/index.ts' },
        define: { __APP_VERSION__: JSON.stringify(dev ? 'dev' : version) },
      },
      // The shell's page template sets the language, the icon and a description; a remote's dev
      // page is Rsbuild's default.
      html: {
        title: 'Job board',
        mountId: 'root',
        ...(isShell ? { template: './src/index.html' } : {}),
      },
      // Remotes need no page in production: the shell is the page.
      tools: { htmlPlugin: isShell || dev },
      output: {
        distPath: { root: outDir },
        cleanDistPath: true,
        // The shell's HTML is served at every route, so its assets need an absolute, versioned
        // prefix. A remote's prefix is worked out at run time from where its manifest was loaded
        // ('auto'), so the same files work from any folder or origin.
        assetPrefix: isShell ? `/assets/shell/${version}/` : 'auto',
      },
      dev: { assetPrefix: isShell ? '/' : 'auto' },
      server: {
        port: APPS[name].devPort,
        strictPort: true,
        historyApiFallback: true,
        proxy: { '/api': apiUrl },
        // The shell's dev server loads the remotes from their own dev servers.
        headers: { 'Access-Control-Allow-Origin': '*' },
        ...(isShell && dev ? { setup: serveDevRemotesConfig } : {}),
      },
    };
  });
}

/** In development the remotes come from their dev servers, on their fixed ports. */
type ServerSetup = Extract<NonNullable<ServerConfig['setup']>, (...args: never[]) => unknown>;

const serveDevRemotesConfig: ServerSetup = (context) => {
  if (context.action !== 'dev') return;
  const remotes = Object.fromEntries(
    (Object.keys(APPS) as AppName[])
      .filter((app): app is RemoteName => app !== 'shell')
      .map((app) => [
        app,
        { entry: `http://localhost:${APPS[app].devPort}/mf-manifest.json`, version: 'dev' },
      ]),
  );
  context.server.middlewares.use('/remotes.json', (_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.end(JSON.stringify(remotes));
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
    .map((file) => `<link rel="preload" as="script" href="/assets/shell/${version}/${file}">`);
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

/** After a production build: precompress the assets, then point the site at this version. */
function releasePlugin(
  name: AppName,
  outDir: string,
  version: string,
  configFile: string,
): RsbuildPlugin {
  return {
    name: 'jobboard:release',
    setup(api) {
      api.onAfterBuild(async ({ stats }) => {
        if (stats?.hasErrors()) return;
        if (name === 'shell' && stats) preloadFirstView(outDir, version, stats as StatsLike);
        const totals = precompress(outDir);
        const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
        console.log(
          `[${name}] ${version}: ${totals.files} assets precompressed, ${kb(totals.bytes)} -> ${kb(totals.brotliBytes)} brotli`,
        );
        if (process.env.PROMOTE === 'false') return;
        await promote(configFile, name, version);
        console.log(`[${name}] ${path.relative(process.cwd(), configFile)} now serves ${version}`);
      });
    },
  };
}
