import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['@jobboard/shared-ui/test-setup'],
    // The form tests type a whole submission key by key: seconds of work on a busy 2-core machine.
    testTimeout: 20_000,
  },
});
