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
    // What each app's build defines (build/index.ts); its tests see a fixed value.
    define: { __APP_VERSION__: JSON.stringify('test') },
    test: {
      // Component tests type and click through whole screens: seconds on a busy 2-core machine.
      testTimeout: 20_000,
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', ...include],
      setupFiles: [fileURLToPath(new URL('../src/test-setup.ts', import.meta.url))],
    },
  });
}
