/**
 * The quick start (`pnpm start`): the production server with the friendly settings a first run on
 * one's own machine wants, each set here explicitly because production itself refuses to guess
 * them (src/config.ts, productionProblems). A variable already set wins; only unset ones get:
 *
 *   MIGRATE_ON_START=true     the database is created and kept up to date at each start
 *   SEED_DEMO=true            an empty board gets the demo jobs
 *   PUBLIC_URL                http://localhost:<PORT>
 *   SESSION_SECRET            a random one, made once and kept in the data folder
 *                             (<data>/session-secret, readable by this user only), so sign-ins
 *                             last across restarts
 *   TOTP_ENCRYPTION_KEY       the same way (<data>/totp-encryption-key): the admins' two-factor
 *                             secrets stay readable across restarts (back the file up apart
 *                             from the database: a backup without the key cannot sign them in)
 *   HUMAN_PROOF_SECRET        the same way (<data>/human-proof-secret): the spam check's key
 *   MAIL_DISABLED=true        when SMTP_URL is unset: e-mails wait in the outbox (production
 *                             otherwise asks for an SMTP server and a real sender)
 *
 * Plain JavaScript, like the build: production runs without tsx. Then it runs dist/server.js in
 * this same process (NODE_ENV and UV_THREADPOOL_SIZE come from the package's `start` script).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const env = process.env;
const unset = (name) => (env[name] ?? '').trim() === '';

/** Where the server keeps its files: DATA_DIR, else beside the SQLite file, else ./data (config.ts). */
function dataDir() {
  if (!unset('DATA_DIR')) return path.resolve(env.DATA_DIR.trim());
  if (!unset('DATABASE_URL')) return path.resolve('data');
  return path.dirname(path.resolve(unset('SQLITE_FILE') ? './data/board.sqlite' : env.SQLITE_FILE));
}

/**
 * A random value kept in `<data>/<name>` (owner-only), made on the first start. One that cannot
 * be used is made again, unless `precious`: a new key would not open what the old one encrypted.
 */
function kept(name, make, usable, precious = false) {
  const dir = dataDir();
  const file = path.join(dir, name);
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim();
    if (usable(value)) return value;
    if (precious)
      throw new Error(`${file} does not hold a usable value: restore it, or set the variable`);
  }
  mkdirSync(dir, { recursive: true });
  const value = make();
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return value;
}

const keptSessionSecret = () =>
  kept(
    'session-secret',
    () => randomBytes(48).toString('base64url'),
    (value) => value.length >= 32,
  );

const keptTotpKey = () =>
  kept(
    'totp-encryption-key',
    () => randomBytes(32).toString('base64'),
    (value) => Buffer.from(value, 'base64').length === 32,
    true,
  );

// Not precious: a new key only makes the challenges of the last few minutes fail once.
const keptHumanProofSecret = () =>
  kept(
    'human-proof-secret',
    () => randomBytes(48).toString('base64url'),
    (value) => value.length >= 32,
  );

if (unset('MIGRATE_ON_START')) env.MIGRATE_ON_START = 'true';
if (unset('SEED_DEMO')) env.SEED_DEMO = 'true';
if (unset('PUBLIC_URL'))
  env.PUBLIC_URL = `http://localhost:${unset('PORT') ? 3000 : env.PORT.trim()}`;
if (unset('SESSION_SECRET')) env.SESSION_SECRET = keptSessionSecret();
if (unset('TOTP_ENCRYPTION_KEY')) env.TOTP_ENCRYPTION_KEY = keptTotpKey();
if (unset('HUMAN_PROOF_SECRET')) env.HUMAN_PROOF_SECRET = keptHumanProofSecret();
if (unset('SMTP_URL') && unset('MAIL_DISABLED')) env.MAIL_DISABLED = 'true';

await import('../dist/server.js');
