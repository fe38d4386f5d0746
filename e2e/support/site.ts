import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The site under test: the production build started with `pnpm start` (as the README says) on
 * its own port, with a fresh SQLite file and its own copy of the remotes configuration, so the
 * deployment tests can switch remote versions without touching the developer's.
 */
export const PORT = Number(process.env.E2E_PORT ?? 3311);
export const BASE_URL = `http://localhost:${PORT}`;
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
export const RUN_DIR = path.join(tmpdir(), `jobboard-e2e-${PORT}`);
export const REMOTES_CONFIG = path.join(RUN_DIR, 'remotes.json');
export const SQLITE_FILE = path.join(RUN_DIR, 'board.sqlite');
mkdirSync(RUN_DIR, { recursive: true });

export const ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password-123' };

/** The fake outside services (support/fake-services.ts), on ports next to the site's. */
export const FAKES = { smtpPort: PORT + 1, stripePort: PORT + 2, inspectPort: PORT + 3 };
export const STRIPE_WEBHOOK_SECRET = 'whsec_e2e_webhook_secret';
export const WEBHOOK_URL = `http://127.0.0.1:${PORT}/api/stripe/webhook`;
export const MAIL_INBOX = `http://127.0.0.1:${FAKES.inspectPort}/mail`;
/** The fake SMTP server's controls (support/fake-services.ts): /refuse, /accept, /give-up. */
export const MAIL_CONTROL = `http://127.0.0.1:${FAKES.inspectPort}`;

/**
 * The fake Airtable the site syncs jobs from ('Refresh Jobs'), served by the inspect server under
 * /v0 (no port of its own). It starts empty; a test sets its records with a PUT of
 * `{ records, delayMs }` to AIRTABLE_CONTROL.
 */
export const AIRTABLE = {
  apiUrl: `http://127.0.0.1:${FAKES.inspectPort}/v0`,
  baseId: 'appE2EBOARD000001',
  table: 'E2E Jobs',
  apiKey: 'patE2E.fake-key',
};
export const AIRTABLE_CONTROL = `http://127.0.0.1:${FAKES.inspectPort}/airtable`;

/** Debian's Chromium: Playwright never downloads a browser here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
