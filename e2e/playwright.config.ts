import { copyFileSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  ADMIN,
  AIRTABLE,
  BASE_URL,
  CHROMIUM,
  CHROMIUM_ARGS,
  FAKES,
  PORT,
  REMOTES_CONFIG,
  REPO_ROOT,
  SQLITE_FILE,
  STRIPE_WEBHOOK_SECRET,
} from './support/site';

// A fresh database and a copy of the current remotes configuration for every run. Only in the
// main process: Playwright reads this file again in every worker it starts (after a failed test,
// too), and removing the database under the running site would leave its new connections on an
// empty file.
if (!process.env.TEST_WORKER_INDEX) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${SQLITE_FILE}${suffix}`, { force: true });
  const built = path.join(REPO_ROOT, 'releases', 'remotes.json');
  if (existsSync(built)) copyFileSync(built, REMOTES_CONFIG);
  else rmSync(REMOTES_CONFIG, { force: true }); // `pnpm start` builds, and promotes into our copy
}

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker: the tests share one server, and some of them switch remote versions.
  workers: 1,
  retries: 0,
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      // SMTP and Stripe stand-ins on 127.0.0.1 (nothing outside is reachable from here).
      command: 'pnpm --filter @jobboard/api exec tsx ../e2e/support/fake-services.ts',
      cwd: REPO_ROOT,
      url: `http://127.0.0.1:${FAKES.inspectPort}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { E2E_PORT: String(PORT) },
    },
    {
      command: 'pnpm start',
      cwd: REPO_ROOT,
      url: `${BASE_URL}/api/jobs`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        SQLITE_FILE,
        REMOTES_CONFIG,
        SEED_DEMO: 'true',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        SESSION_SECRET: 'e2e-session-secret-e2e-session-secret-0123',
        PUBLIC_URL: BASE_URL,
        LOG_LEVEL: 'warn',
        // The suite submits many jobs from one address.
        SUBMISSION_RATE_LIMIT_MAX: '1000',
        // Every spec signs in from 127.0.0.1: more than a person would in 15 minutes.
        LOGIN_RATE_LIMIT_MAX: '1000',
        SMTP_URL: `smtp://127.0.0.1:${FAKES.smtpPort}`,
        MAIL_POLL_SECONDS: '1',
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${FAKES.stripePort}`,
        // 'Refresh Jobs' syncs from the fake Airtable (empty until resync.spec.ts fills it).
        AIRTABLE_API_URL: AIRTABLE.apiUrl,
        AIRTABLE_BASE_ID: AIRTABLE.baseId,
        AIRTABLE_TABLE: AIRTABLE.table,
        AIRTABLE_API_KEY: AIRTABLE.apiKey,
      },
    },
  ],
});
