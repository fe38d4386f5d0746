/**
 * Builds the API for production: `dist/server.js` and the operator's command (`dist/cli.js`), run
 * with plain `node`. Plain JavaScript on purpose: production must not need tsx to build or run.
 *
 *   node scripts/build.mjs              build
 *   node scripts/build.mjs --if-needed  build only when a source file is newer than the build
 *
 * esbuild, not tsc: the sources import each other without file extensions and import the contract
 * as TypeScript (`@jobboard/contract` points at its src/), which Node cannot load; tsc would emit
 * those imports as they are. esbuild bundles our own code (the API and the contract) in well under
 * a second, and leaves every npm dependency external, loaded from node_modules as usual (native
 * modules such as sqlite3 and argon2 cannot be bundled anyway). Type checking stays
 * `pnpm typecheck`'s job.
 *
 * Some files are found at run time, by folder, rather than imported: each domain's plugin and
 * route files (@fastify/autoload, src/app.ts) and the migrations (src/db/migrations.ts). Each of
 * them is an entry point of its own, written at the path it has in the sources (`src/jobs/plugin.ts`
 * -> `dist/jobs/plugin.js`, `migrations/x.ts` -> `dist/migrations/x.js`); code splitting puts
 * what they share with the programs in chunks at the root of dist/, so every module exists once
 * (one public cache, one outbox) and src/layout.ts, bundled there, finds the folders.
 */
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(apiDir, 'dist');
/** What the build was made from; `--if-needed` compares their times with the build's. */
const manifestFile = path.join(outdir, 'build-inputs.json');

/** Each program and the file it is built to (`dist/<name>.js`). */
const ENTRY_POINTS = {
  server: 'src/server.ts',
  // `jobboard <command>` (the bundle's bin/jobboard, and the workspace scripts).
  cli: 'src/cli/jobboard.ts',
  // Started by path in a worker thread (src/site/render-pool.ts, src/platform/layout.ts).
  'site/render-worker': 'src/site/render-worker.mjs',
};

/**
 * The files found at run time, by folder: each domain's plugin (`plugin.ts` in its folder) and
 * route files (its `routes/` folder, by URL), and the migrations. Source path -> output name.
 */
function foundAtRunTime() {
  const entries = {};
  for (const file of filesUnder(path.join(apiDir, 'src'))) {
    const relative = path.relative(path.join(apiDir, 'src'), file).split(path.sep).join('/');
    const inRoutes =
      /^(?:platform\/)?[^/]+\/routes\/.+\.ts$/.test(relative) && !relative.endsWith('.d.ts');
    const plugin = /^[^/]+\/(?:[^/]+\/)?plugin\.ts$/.test(relative);
    if (inRoutes || plugin) entries[relative.slice(0, -'.ts'.length)] = `src/${relative}`;
  }
  for (const name of readdirSync(path.join(apiDir, 'migrations'))) {
    // As src/db/migrations.ts finds them: a timestamp, then what the migration does.
    if (/^\d{14}_[a-z0-9_]+\.ts$/.test(name)) {
      entries[`migrations/${name.slice(0, -'.ts'.length)}`] = `migrations/${name}`;
    }
  }
  return entries;
}

/** The legal pages' starting texts (api/pages/*.md), copied into dist/pages/. */
function shippedPages() {
  return readdirSync(path.join(apiDir, 'pages')).filter((name) => /^[a-z-]+\.md$/.test(name));
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

if (process.argv.includes('--if-needed') && upToDate()) process.exit(0);
await buildApi();

async function buildApi() {
  const started = Date.now();
  // Loaded only when building: checking that the build is up to date stays instant.
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8'));
  // npm packages stay imports (their subpaths too); workspace packages are our code: bundled.
  const external = Object.entries(pkg.dependencies)
    .filter(([, version]) => !String(version).startsWith('workspace:'))
    .flatMap(([name]) => [name, `${name}/*`]);
  const entryPoints = { ...ENTRY_POINTS, ...foundAtRunTime() };
  const result = await build({
    absWorkingDir: apiDir,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external,
    sourcemap: true,
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  for (const file of result.outputFiles) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    writeAtomically(file.path, file.contents);
  }
  // The legal pages' starting texts are read at run time, as files (src/layout.ts).
  const copied = shippedPages().map((name) => {
    const target = path.join(outdir, 'pages', name);
    mkdirSync(path.dirname(target), { recursive: true });
    writeAtomically(target, readFileSync(path.join(apiDir, 'pages', name)));
    return target;
  });
  copied.push(...copyReferencePageScript());
  const inputs = [
    ...Object.keys(result.metafile.inputs).filter((input) => !input.includes(':')),
    ...shippedPages().map((name) => `pages/${name}`),
  ];
  writeAtomically(
    manifestFile,
    JSON.stringify({ inputs, entryPoints: Object.keys(entryPoints).sort() }, null, 2),
  );
  // Files of earlier builds (chunks carry a hash; a route or migration may be gone) go, or
  // autoload would still find them; another build's files in progress stay.
  const current = new Set([
    ...result.outputFiles.map((file) => file.path),
    ...copied,
    manifestFile,
  ]);
  for (const file of filesUnder(outdir)) {
    if (!current.has(file) && !file.endsWith('.tmp')) rmSync(file, { force: true });
  }
  console.log(`API built into dist/ in ${Date.now() - started} ms`);
}

/**
 * The API reference page's script (/api/docs, src/platform/layout.ts: REFERENCE_PAGE_SCRIPT):
 * Redoc's standalone bundle and its licence notices, copied from the redoc package (a development
 * dependency) into dist/api-docs/, so the release serves it without the package.
 */
function copyReferencePageScript() {
  const script = createRequire(path.join(apiDir, 'package.json')).resolve(
    'redoc/bundles/redoc.standalone.js',
  );
  return [script, `${script}.LICENSE.txt`].map((file) => {
    const target = path.join(outdir, 'api-docs', path.basename(file));
    mkdirSync(path.dirname(target), { recursive: true });
    writeAtomically(target, readFileSync(file));
    return target;
  });
}

/**
 * Another build may run at the same moment (two test files, two starts): each file is written
 * under a temporary name and renamed, so a reader sees the old file or the new one, never half.
 */
function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

/**
 * The build exists, has the same files found at run time (none added or removed since), and
 * nothing it was made from (nor package.json, nor this script) is newer.
 */
function upToDate() {
  let builtAt;
  let inputs;
  const entryPoints = Object.keys({ ...ENTRY_POINTS, ...foundAtRunTime() }).sort();
  try {
    builtAt = statSync(manifestFile).mtimeMs;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    inputs = manifest.inputs;
    if (JSON.stringify(manifest.entryPoints) !== JSON.stringify(entryPoints)) return false;
    for (const name of entryPoints) statSync(path.join(outdir, `${name}.js`));
  } catch {
    return false;
  }
  const pages = shippedPages().map((name) => `pages/${name}`);
  if (pages.some((page) => !inputs.includes(page))) return false;
  const sources = [...inputs, 'package.json', 'scripts/build.mjs'];
  return sources.every((file) => {
    try {
      return statSync(path.join(apiDir, file)).mtimeMs <= builtAt;
    } catch {
      return false; // a source that is gone: build again
    }
  });
}
