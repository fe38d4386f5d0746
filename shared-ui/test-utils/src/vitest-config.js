// Plain JavaScript (typed by vitest-config.d.ts): a vitest config loads its imports from packages
// with Node itself, which cannot run TypeScript.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The one vitest configuration of the front ends (shell, remotes, shared-ui): component tests in
 * jsdom with the shared test setup (jest-dom matchers, cleanup, the fake API's reset). `include`
 * adds test folders beyond `src/`.
 *
 * @param {{ include?: string[] }} [options]
 */
export function createVitestConfig({ include = [] } = {}) {
  return defineConfig({
    // What each app's build defines (@jobboard/build-config, src/index.ts); its tests see a fixed value.
    define: { __APP_VERSION__: JSON.stringify('test') },
    test: {
      // Component tests type and click through whole screens: seconds on a busy 2-core machine,
      // and several times that while other work has both cores (the limit is for a hang only).
      testTimeout: 60_000,
      environment: 'jsdom',
      // Worker threads start faster than processes: most of a component test file's time is
      // its start (jsdom, the setup, React).
      pool: 'threads',
      include: ['src/**/*.test.{ts,tsx}', ...include],
      setupFiles: [fileURLToPath(new URL('./test-setup.ts', import.meta.url))],
    },
  });
}
