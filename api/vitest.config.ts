import { defineConfig } from 'vitest/config';

// The same suite runs on SQLite (TEST_DB=sqlite) and on a throw-away PostgreSQL 15 cluster
// (TEST_DB=postgres) that the global setup starts on a free port and stops afterwards.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // @fastify/autoload imports each domain's plugin and route files itself: run through vitest
    // (not as an external package), its imports of .ts files go through vitest's transform too.
    server: { deps: { inline: ['@fastify/autoload'] } },
  },
});
