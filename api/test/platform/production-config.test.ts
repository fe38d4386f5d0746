import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  HUMAN_PROOF_SECRET_MISSING,
  loadConfig,
  PRODUCTION_PROBLEMS,
} from '../../src/platform/config';
import { problemsOf } from '../support/config-problems';

/**
 * Production (NODE_ENV=production) refuses to start misconfigured: what a real deploy needs is
 * required, listed at once with every other bad value (docs/configuration.md, Production). The
 * server's refusal itself (exit 1, the message, no stack) is in schema-control.test.ts.
 */

const SECRET = 'a-production-secret-of-32-characters-at-least';
const READY = {
  NODE_ENV: 'production',
  SESSION_SECRET: SECRET,
  TOTP_ENCRYPTION_KEY: 'ahB/TQzvlVE52nfjOQWk7jkwM/IAUipssMvCRe2HVII=',
  HUMAN_PROOF_SECRET: 'a-human-proof-secret-of-32-characters-at-least',
  PUBLIC_URL: 'http://jobs.example.org',
};

describe('production configuration', () => {
  it('starts with the secret and the public address', () => {
    const config = loadConfig(READY);
    expect(config.production).toBe(true);
    expect(config.sessionSecret).toBe(SECRET);
    expect(config.sessionSecretGenerated).toBe(false);
    expect(config.publicUrl).toBe('http://jobs.example.org');
  });

  it('refuses without SESSION_SECRET, naming it', () => {
    expect(problemsOf({ ...READY, SESSION_SECRET: '' })).toEqual([
      'SESSION_SECRET is required in production: 32 or more random characters, the same for every server process (for example: openssl rand -base64 48)',
    ]);
    // Too short is said once, by the value's own check.
    expect(problemsOf({ ...READY, SESSION_SECRET: 'short' })).toEqual([
      'SESSION_SECRET must be at least 32 characters (for example: openssl rand -base64 48)',
    ]);
  });

  it('refuses without PUBLIC_URL, naming it', () => {
    const { PUBLIC_URL: _unset, ...env } = READY;
    expect(problemsOf(env)).toEqual([
      'PUBLIC_URL is required in production: the address visitors use, such as https://jobs.example.org (every link in the e-mails starts with it)',
    ]);
  });

  it("refuses without TOTP_ENCRYPTION_KEY, and reads the key's two spellings (issue 43, finding 9)", () => {
    expect(problemsOf({ ...READY, TOTP_ENCRYPTION_KEY: '' })).toEqual([
      PRODUCTION_PROBLEMS.totpKeyMissing,
    ]);
    const key = Buffer.from(READY.TOTP_ENCRYPTION_KEY, 'base64');
    expect(loadConfig(READY).totpEncryption).toEqual({
      key,
      previous: [],
      developmentKey: false,
    });
    // URL-safe base64 without padding, and hex, name the same key.
    for (const spelling of [key.toString('base64url'), key.toString('hex')]) {
      expect(loadConfig({ ...READY, TOTP_ENCRYPTION_KEY: spelling }).totpEncryption.key).toEqual(
        key,
      );
    }
    const previous = [Buffer.alloc(32, 7), Buffer.alloc(32, 9)];
    expect(
      loadConfig({
        ...READY,
        TOTP_ENCRYPTION_KEY_PREVIOUS: previous.map((k) => k.toString('base64')).join(', '),
      }).totpEncryption.previous,
    ).toEqual(previous);
    // A key of the wrong length or with a stray character is refused, and never quoted back.
    for (const bad of [key.subarray(1).toString('base64'), `${READY.TOTP_ENCRYPTION_KEY}!`]) {
      expect(problemsOf({ ...READY, TOTP_ENCRYPTION_KEY: bad })).toEqual([
        'TOTP_ENCRYPTION_KEY must be 32 random bytes in base64 or hex (for example: openssl rand -base64 32)',
      ]);
    }
    expect(
      problemsOf({ ...READY, TOTP_ENCRYPTION_KEY_PREVIOUS: `${READY.TOTP_ENCRYPTION_KEY},nope` }),
    ).toEqual([
      'TOTP_ENCRYPTION_KEY_PREVIOUS must be keys of 32 random bytes in base64 or hex, separated by commas (for example: openssl rand -base64 32)',
    ]);
    // Outside production: the fixed development key, said as such.
    const development = loadConfig({}).totpEncryption;
    expect(development.developmentKey).toBe(true);
    expect(development.key).toEqual(loadConfig({}).totpEncryption.key);
    expect(development.key).toHaveLength(32);
  });

  it("refuses without HUMAN_PROOF_SECRET, the spam check's key every process shares (issue 45)", () => {
    expect(problemsOf({ ...READY, HUMAN_PROOF_SECRET: '' })).toEqual([HUMAN_PROOF_SECRET_MISSING]);
    expect(loadConfig(READY).humanProof).toEqual({
      secret: READY.HUMAN_PROOF_SECRET,
      previous: [],
      developmentKey: false,
    });
    const previous = [
      'an-older-human-proof-secret-of-32-characters',
      'and-one-older-still-of-32-characters-x',
    ];
    expect(
      loadConfig({ ...READY, HUMAN_PROOF_SECRET_PREVIOUS: previous.join(', ') }).humanProof
        .previous,
    ).toEqual(previous);
    // Too short is said once, by the value's own check, and never quoted back.
    expect(problemsOf({ ...READY, HUMAN_PROOF_SECRET: 'short' })).toEqual([
      'HUMAN_PROOF_SECRET must be at least 32 characters (for example: openssl rand -base64 48)',
    ]);
    expect(problemsOf({ ...READY, HUMAN_PROOF_SECRET_PREVIOUS: 'short' })).toEqual([
      'HUMAN_PROOF_SECRET_PREVIOUS must be secrets of at least 32 characters, separated by commas (for example: openssl rand -base64 48)',
    ]);
    // Outside production: the fixed development key, the same in every process (each verifies
    // what another issued), said as such.
    const development = loadConfig({}).humanProof;
    expect(development.developmentKey).toBe(true);
    expect(development.secret).toBe(loadConfig({}).humanProof.secret);
  });

  it('refuses an http:// GHOST_URL unless the Ghost is on this host (issue 43, finding 17)', () => {
    expect(problemsOf({ ...READY, GHOST_URL: 'http://ghost.example.org' })).toEqual([
      PRODUCTION_PROBLEMS.ghostOverHttp,
    ]);
    expect(problemsOf({ ...READY, GHOST_URL: 'https://ghost.example.org' })).toEqual([]);
    for (const local of ['http://localhost:2368', 'http://127.0.0.1:2368', 'http://[::1]:2368']) {
      expect(problemsOf({ ...READY, GHOST_URL: local }), local).toEqual([]);
    }
    // Outside production a local http:// Ghost is the usual one.
    expect(problemsOf({ GHOST_URL: 'http://ghost.example.org' })).toEqual([]);
  });

  it('lists every problem at once, in one message', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PORT: 'eighty', SEED_DEMO: 'maybe' }),
    ).toThrow(
      new ConfigError([
        'PORT must be a whole number from 0 to 65535 (got "eighty")',
        'SEED_DEMO must be true or false (got "maybe")',
        PRODUCTION_PROBLEMS.sessionSecretMissing,
        PRODUCTION_PROBLEMS.totpKeyMissing,
        PRODUCTION_PROBLEMS.publicUrlMissing,
        HUMAN_PROOF_SECRET_MISSING,
      ]),
    );
    const error = new ConfigError([
      PRODUCTION_PROBLEMS.sessionSecretMissing,
      PRODUCTION_PROBLEMS.publicUrlMissing,
    ]);
    expect(error.message).toBe(
      'Invalid configuration:\n' +
        `  - ${PRODUCTION_PROBLEMS.sessionSecretMissing}\n` +
        `  - ${PRODUCTION_PROBLEMS.publicUrlMissing}`,
    );
  });

  it('refuses an https PUBLIC_URL without TRUST_PROXY, unless told the proxy sends no X-Forwarded-For', () => {
    const https = { ...READY, PUBLIC_URL: 'https://jobs.example.org' };
    expect(problemsOf(https)).toEqual([
      'PUBLIC_URL is https but TRUST_PROXY is not set: behind the TLS proxy every visitor would share its address (one rate limit for all) and the secure sign-in cookie would never be set. ' +
        'Set TRUST_PROXY to the proxies in front of the server (for example TRUST_PROXY=1), or ALLOW_HTTPS_WITHOUT_PROXY=true if TLS ends somewhere that sends no X-Forwarded-For',
    ]);
    expect(problemsOf({ ...https, TRUST_PROXY: 'false' })).toEqual([
      PRODUCTION_PROBLEMS.httpsWithoutProxy,
    ]);
    expect(loadConfig({ ...https, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...https, ALLOW_HTTPS_WITHOUT_PROXY: 'true' }).trustProxy).toBe(false);
    // A refused TRUST_PROXY is reported as such, not again as missing.
    expect(problemsOf({ ...https, TRUST_PROXY: 'true' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY must not be true/),
    ]);
    expect(problemsOf({ ...https, ALLOW_HTTPS_WITHOUT_PROXY: 'sure' })).toEqual([
      'ALLOW_HTTPS_WITHOUT_PROXY must be true or false (got "sure")',
      PRODUCTION_PROBLEMS.httpsWithoutProxy,
    ]);
  });

  it('loads the demo jobs only when asked in production; elsewhere by default', () => {
    expect(loadConfig(READY).seedDemo).toBe(false);
    expect(loadConfig({ ...READY, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('migrates on start only when MIGRATE_ON_START=true', () => {
    expect(loadConfig(READY).migrateOnStart).toBe(false);
    expect(loadConfig({}).migrateOnStart).toBe(false);
    expect(loadConfig({ ...READY, MIGRATE_ON_START: 'true' }).migrateOnStart).toBe(true);
    expect(problemsOf({ ...READY, MIGRATE_ON_START: 'later' })).toEqual([
      'MIGRATE_ON_START must be true or false (got "later")',
    ]);
  });

  it('keeps the development defaults outside production', () => {
    const config = loadConfig({ PORT: '3100' });
    expect(config.production).toBe(false);
    expect(config.publicUrl).toBe('http://localhost:3100');
    expect(config.sessionSecretGenerated).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://jobs.example.org' }).trustProxy).toBe(false);
  });
});
