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

function keptSessionSecret() {
  const dir = dataDir();
  const file = path.join(dir, 'session-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(dir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

if (unset('MIGRATE_ON_START')) env.MIGRATE_ON_START = 'true';
if (unset('SEED_DEMO')) env.SEED_DEMO = 'true';
if (unset('PUBLIC_URL'))
  env.PUBLIC_URL = `http://localhost:${unset('PORT') ? 3000 : env.PORT.trim()}`;
if (unset('SESSION_SECRET')) env.SESSION_SECRET = keptSessionSecret();

await import('../dist/server.js');
