import { defineConfig, type Plugin } from 'vitest/config';

/**
 * System tests, in test/system/: they start the API as production runs it (a child process: crash, restart, stop),
 * run its command-line tools, stop the database under it, wait on real timeouts, read the built
 * site with outside programs, run at load, or time the app on the real clock. Their own project, `system`, so that the fast tier
 * (`pnpm test:fast`: project `api`) can leave them out; `pnpm test` runs both.
 */
export const SYSTEM_FOLDER = 'test/system/';
const SYSTEM_TESTS = [`${SYSTEM_FOLDER}**/*.test.ts`];

/**
 * @fastify/autoload imports each plugin and route file by its `file://` address, for every app a
 * test builds (about 60 files per app). In vitest's module runner every such import asks the main
 * process to resolve the address again, even when the module is already loaded: about 40 ms of CPU
 * per app, a large part of the API suite. Importing by path gives the same module and is resolved
 * cheaply. Applied to autoload's own code as vitest transforms it (it runs inline, below); it fails
 * loudly if an autoload upgrade changes the lines it rewrites.
 */
function autoloadImportsByPath(): Plugin {
  const rewrites = [
    ['import(pathToFileURL(file).href)', 'import(file)'],
    ['import(pathToFileURL(hook.file).href)', 'import(hook.file)'],
  ] as const;
  return {
    name: 'jobboard:autoload-imports-by-path',
    transform(code, id) {
      if (!/[\\/]@fastify[\\/]autoload[\\/]index\.js$/.test(id)) return undefined;
      for (const [from, to] of rewrites) {
        if (!code.includes(from)) {
          throw new Error(`@fastify/autoload changed: "${from}" not found (api/vitest.config.ts)`);
        }
        code = code.replaceAll(from, to);
      }
      return code;
    },
  };
}

// The same suite runs on SQLite (TEST_DB=sqlite) and on a throw-away PostgreSQL 15 cluster
// (TEST_DB=postgres) that the global setup starts on a free port and stops afterwards. The global
// setup also migrates a template database once; each test file's database is a copy of it.
export default defineConfig({
  plugins: [autoloadImportsByPath()],
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    // Only for a test that hangs: never a measure of speed (a busy 2-core machine runs a CPU-bound
    // property test at a third of its usual pace).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Three files at a time on 2 cores: an API test waits much of its time (on the database, a
    // child process, a real server), and with vitest's default on this machine (one worker: the
    // cores less one) the PostgreSQL suite left a core idle for most of its 10 minutes. Measured
    // alone: 1 worker about 400 s, 2 workers 210 s, 4 workers 184 s.
    maxWorkers: 3,
    // @fastify/autoload imports each domain's plugin and route files itself: run through vitest
    // (not as an external package), its imports of .ts files go through vitest's transform too.
    server: { deps: { inline: ['@fastify/autoload'] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          // The files share their worker's loaded modules (the app is imported once per worker,
          // not once per file: a minute of a run). Each test builds its own app and database, and
          // nothing here mocks a module, so no file sees another's state.
          isolate: false,
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: SYSTEM_TESTS,
        },
      },
      { extends: true, test: { name: 'system', include: SYSTEM_TESTS } },
    ],
  },
});
