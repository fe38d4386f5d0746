/**
 * Builds the API for production: `dist/server.js` and the command-line tools (`dist/*.js`), run
 * with plain `node`. Plain JavaScript on purpose: production must not need tsx to build or run.
 *
 *   node scripts/build.mjs              build
 *   node scripts/build.mjs --if-needed  build only when a source file is newer than the build
 *
 * esbuild, not tsc: the sources import each other without file extensions and import the contract
 * as TypeScript (`@jobboard/contract` points at its src/), which Node cannot load; tsc would emit
 * those imports as they are. esbuild bundles our own code (the API, the contract, the migrations
 * that migrations/index.ts imports) into a few files in well under a second, and leaves every
 * npm dependency external, loaded from node_modules as usual (native modules such as sqlite3 and
 * argon2 cannot be bundled anyway). Type checking stays `pnpm typecheck`'s job.
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
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(apiDir, 'dist');
/** What the build was made from; `--if-needed` compares their times with the build's. */
const manifestFile = path.join(outdir, 'build-inputs.json');

/** Each program and the file it is built to (`dist/<name>.js`). */
const ENTRY_POINTS = {
  server: 'src/server.ts',
  'admin-create': 'src/cli/admin-create.ts',
  backup: 'src/cli/backup.ts',
  restore: 'src/cli/restore.ts',
  'alerts-send': 'src/cli/alerts-send.ts',
};

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
  const result = await build({
    absWorkingDir: apiDir,
    entryPoints: ENTRY_POINTS,
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
  mkdirSync(outdir, { recursive: true });
  for (const file of result.outputFiles) writeAtomically(file.path, file.contents);
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes(':'));
  writeAtomically(manifestFile, JSON.stringify({ inputs }, null, 2));
  // Chunks of earlier builds (their names carry a hash) go; another build's files in progress stay.
  const current = new Set([...result.outputFiles.map((file) => file.path), manifestFile]);
  for (const name of readdirSync(outdir)) {
    const file = path.join(outdir, name);
    if (!current.has(file) && !name.endsWith('.tmp')) rmSync(file, { force: true });
  }
  console.log(`API built into dist/ in ${Date.now() - started} ms`);
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

/** The build exists and nothing it was made from (nor package.json, nor this script) is newer. */
function upToDate() {
  let builtAt;
  let inputs;
  try {
    builtAt = statSync(manifestFile).mtimeMs;
    inputs = JSON.parse(readFileSync(manifestFile, 'utf8')).inputs;
    for (const name of Object.keys(ENTRY_POINTS)) statSync(path.join(outdir, `${name}.js`));
  } catch {
    return false;
  }
  const sources = [...inputs, 'package.json', 'scripts/build.mjs'];
  return sources.every((file) => {
    try {
      return statSync(path.join(apiDir, file)).mtimeMs <= builtAt;
    } catch {
      return false; // a source that is gone: build again
    }
  });
}
