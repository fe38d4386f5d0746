import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Component tests type and click through whole screens: seconds on a busy 2-core machine.
    testTimeout: 20_000,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
  },
});
