import { defineConfig } from 'vitest/config';

/**
 * Every package's unit tests in one run (`pnpm test:unit`): each package is a project with its
 * own configuration (jsdom for the front ends), and all share one pool of workers, rather than a
 * vitest of their own each, which on 2 cores would fight over them.
 */
export default defineConfig({
  test: {
    projects: [
      '../api/contract/vitest.config.ts',
      '../shared-ui/vitest.config.ts',
      '../shell/vitest.config.ts',
      '../mfe-board/vitest.config.ts',
      '../mfe-submit/vitest.config.ts',
      '../mfe-admin/vitest.config.ts',
      './vitest.config.ts',
    ],
  },
});
