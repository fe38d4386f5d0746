import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './support/site';

/**
 * Each spec file runs against a site of its own (support/site.ts, started by support/test.ts):
 * free ports, a fresh copy of the seeded database, its own remotes configuration and fakes. So
 * the files are independent of each other and of their order, and two workers run two at once.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  // Limits for a hang, not for speed: two workers and the PostgreSQL API suite share two cores.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // A file's tests run in order in one worker (some build on the one before, in their file).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
