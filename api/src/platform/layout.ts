import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Where the API's code is at run time. From source (tsx, vitest) this module is api/src/platform/layout.ts;
 * in the production build it is bundled into a file at the root of api/dist (scripts/build.mjs),
 * beside what the build emits at the paths the sources have: each domain's plugin and route files,
 * which @fastify/autoload finds by folder, and the migrations (dist/migrations/).
 */
const fromSource = import.meta.url.endsWith('.ts');

/**
 * api/src from source (this module is in its platform/ folder), api/dist in the build (where this
 * module is bundled at the root): each slice's folder is here.
 */
export const CODE_DIR = fromSource ? path.resolve(import.meta.dirname, '..') : import.meta.dirname;

/** api/migrations from source, api/dist/migrations in the build. */
export const MIGRATIONS_DIR = fromSource
  ? path.resolve(CODE_DIR, '..', 'migrations')
  : path.join(CODE_DIR, 'migrations');

/**
 * The legal pages' starting texts (privacy.md, terms.md, refunds.md): api/pages from source,
 * api/dist/pages in the build (scripts/build.mjs copies them). The publication's own files, in
 * PAGES_DIR, replace them.
 */
export const SHIPPED_PAGES_DIR = fromSource
  ? path.resolve(CODE_DIR, '..', 'pages')
  : path.join(CODE_DIR, 'pages');

/**
 * The render worker's file (site/render-worker.mjs): plain JavaScript in the sources, which Node
 * runs in a worker thread as it is; built to dist/site/render-worker.js (scripts/build.mjs).
 */
export const RENDER_WORKER_FILE = fromSource
  ? path.join(CODE_DIR, 'site', 'render-worker.mjs')
  : path.join(CODE_DIR, 'site', 'render-worker.js');

/**
 * Whether this is a release bundle (`pnpm bundle`: app/ beside bundle.json) rather than a
 * checkout: what the server tells an operator to run differs (`jobboard admin create` there,
 * the workspace's pnpm scripts here).
 */
export const IN_RELEASE_BUNDLE =
  !fromSource && existsSync(path.join(CODE_DIR, '..', 'bundle.json'));

/**
 * The release bundle's own folder (bin/, app/, bundle.json) when the code runs from one, else null.
 * Production refuses to keep its data inside it (platform/config/production.ts, issue 46): the next
 * release is another folder.
 */
export const RELEASE_DIR = IN_RELEASE_BUNDLE ? path.resolve(CODE_DIR, '..') : null;

/**
 * The API reference page's script (issue 46): Redoc's standalone bundle, from the redoc package
 * (a development dependency) when run from source; copied beside the build by scripts/build.mjs
 * (dist/api-docs/), so the release serves it from our own origin without the package.
 */
export const REFERENCE_PAGE_SCRIPT = fromSource
  ? createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js')
  : path.join(CODE_DIR, 'api-docs', 'redoc.standalone.js');
