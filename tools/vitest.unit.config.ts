import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Every package's unit tests in one run (`pnpm test:unit`): each package is a project with its
 * own configuration (jsdom for the front ends), and all share one pool of workers, rather than a
 * vitest of their own each, which on 2 cores would fight over them.
 *
 * Each file keeps its own modules (vitest's default isolation). Sharing them (`isolate: false`)
 * would halve the run's CPU, but the front ends keep state in modules (SWR's cache, the stores):
 * tried, a file counted requests another had started, and `vi.mock` stops working.
 */
export default defineConfig({
  test: {
    // A worker per core (vitest's default leaves one core to its own process, which here only
    // collects results): on 2 cores that is two files at a time instead of one.
    maxWorkers: availableParallelism(),
    projects: [
      '../api/contract/vitest.config.ts',
      '../shared-ui/kit/vitest.config.ts',
      '../shared-ui/build-config/vitest.config.ts',
      '../shell/vitest.config.ts',
      '../mfe-board/vitest.config.ts',
      '../mfe-submit/vitest.config.ts',
      '../mfe-admin/vitest.config.ts',
      './vitest.config.ts',
    ],
  },
});
