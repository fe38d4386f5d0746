/**
 * The server process (platform/config.ts): where it listens, its public address, session secret,
 * demo data, migrations, log level and the proxies it believes. What production refuses to start
 * without is in ./production.ts.
 */
import {
  parseBoolean,
  parseLogLevel,
  parsePublicUrl,
  parseSecret,
  parseTrustProxy,
} from '../config-values';
import type { Env, Read } from './env';
import type { TrustProxy } from './production';

/**
 * Where the server listens when HOST is unset and TRUST_PROXY is set (issue 46): the proxy is
 * what visitors reach, so the port itself is kept off the network; a proxy on another host (or
 * Docker, whose image sets HOST=0.0.0.0) needs HOST set.
 */
export const PROXIED_DEFAULT_HOST = '127.0.0.1';

/** The server's settings (Config's fields of the same names; `secret` is '' when unset). */
export function readServer(read: Read, env: Env, port: number) {
  const production = env.NODE_ENV === 'production';
  const secret = read('SESSION_SECRET', parseSecret, '');
  const publicUrl = read('PUBLIC_URL', parsePublicUrl, `http://localhost:${port}`);
  // Demo jobs only when asked in production: an emptied board must not fill itself again.
  const seedDemo = read('SEED_DEMO', parseBoolean, !production);
  const migrateOnStart = read('MIGRATE_ON_START', parseBoolean, false);
  const allowHttpsWithoutProxy = read('ALLOW_HTTPS_WITHOUT_PROXY', parseBoolean, false);
  const logLevel = read('LOG_LEVEL', parseLogLevel, 'info');
  // A CDN's published ranges hold public addresses: taken only when said so (issue 43, finding 12).
  const allowPublicRanges = read('TRUST_PROXY_PUBLIC_RANGES', parseBoolean, false);
  const trustProxy = read(
    'TRUST_PROXY',
    (raw) => parseTrustProxy(raw, allowPublicRanges),
    false as TrustProxy,
  );
  // Behind a proxy, anyone reaching the port directly must not be able to: X-Forwarded-For from
  // them is ignored (only the proxies' addresses are believed), and by default they cannot connect.
  const hostDefault = trustProxy === false ? '0.0.0.0' : PROXIED_DEFAULT_HOST;
  const host = read('HOST', (v) => v, hostDefault);
  const hostForProxy = trustProxy !== false && (env.HOST ?? '').trim() === '';
  return {
    production,
    secret,
    publicUrl,
    seedDemo,
    migrateOnStart,
    allowHttpsWithoutProxy,
    logLevel,
    trustProxy,
    host,
    hostForProxy,
  };
}
