import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  HUMAN_PROOF_SECRET_MISSING,
  loadConfig,
  MAIL_DISABLED_WITH_SMTP,
  PRODUCTION_PROBLEMS,
} from '../../src/platform/config';
import { PRODUCTION_READY, problemsOf } from '../support/config-problems';

/**
 * Production (NODE_ENV=production) refuses to start misconfigured: what a real deploy needs is
 * required, listed at once with every other bad value (docs/configuration.md, Production). The
 * server's refusal itself (exit 1, the message, no stack) is in schema-control.test.ts.
 */

const READY = PRODUCTION_READY;
const SECRET = READY.SESSION_SECRET;

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
        PRODUCTION_PROBLEMS.smtpMissing,
        PRODUCTION_PROBLEMS.placeholderSender(
          'Nonprofit Comms Jobs <jobs@example.org>',
          'example.org',
        ),
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
        'Set TRUST_PROXY to the addresses of the proxies in front of the server (for example TRUST_PROXY=127.0.0.1,::1 for nginx or Caddy on this host), or ALLOW_HTTPS_WITHOUT_PROXY=true if TLS ends somewhere that sends no X-Forwarded-For',
    ]);
    expect(problemsOf({ ...https, TRUST_PROXY: 'false' })).toEqual([
      PRODUCTION_PROBLEMS.httpsWithoutProxy,
    ]);
    expect(loadConfig({ ...https, TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
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

/**
 * Issue 46: what made a production site look up while it could not work (tried with the bundle):
 * payments that never publish, no e-mail, a sender no mail server takes, its data inside the
 * release. Each is refused at start, all of them at once, beside http:// Ghost.
 */
describe('production refuses a site that would look up but not work (issue 46)', () => {
  const { SMTP_URL: _smtp, MAIL_FROM: _from, ...withoutMail } = READY;

  it('refuses a Stripe key without its webhook secret', () => {
    expect(problemsOf({ ...READY, STRIPE_SECRET_KEY: 'sk_live_51AStripeKey' })).toEqual([
      PRODUCTION_PROBLEMS.stripeWebhookMissing,
    ]);
    expect(
      problemsOf({
        ...READY,
        STRIPE_SECRET_KEY: 'sk_live_51AStripeKey',
        STRIPE_WEBHOOK_SECRET: 'whsec_a-webhook-secret',
      }),
    ).toEqual([]);
    // Outside production the admins mark payments by hand meanwhile.
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_51AStripeKey' })).toEqual([]);
  });

  it('refuses no SMTP_URL unless MAIL_DISABLED=true says so, and never both', () => {
    expect(problemsOf({ ...READY, SMTP_URL: '' })).toEqual([PRODUCTION_PROBLEMS.smtpMissing]);
    const mailDisabled = loadConfig({ ...withoutMail, MAIL_DISABLED: 'true' });
    expect(mailDisabled.mail).toMatchObject({ smtpUrl: null, disabled: true });
    expect(problemsOf({ ...READY, MAIL_DISABLED: 'true' })).toEqual([MAIL_DISABLED_WITH_SMTP]);
    expect(problemsOf({ MAIL_DISABLED: 'yes', SMTP_URL: READY.SMTP_URL })).toEqual([
      MAIL_DISABLED_WITH_SMTP,
    ]);
    expect(problemsOf({ ...withoutMail, MAIL_DISABLED: 'perhaps' })).toEqual([
      'MAIL_DISABLED must be true or false (got "perhaps")',
    ]);
  });

  it('refuses a placeholder sender, named with its domain', () => {
    for (const [from, domain] of [
      ['jobs@example.org', 'example.org'],
      ['Board <jobs@EXAMPLE.com>', 'EXAMPLE.com'],
      ['Board <jobs@mail.example.net>', 'mail.example.net'],
      ['jobs@board.example', 'board.example'],
      ['jobs@localhost.localdomain.invalid', 'localhost.localdomain.invalid'],
      ['Board <root@mail.localhost>', 'mail.localhost'],
    ]) {
      expect(problemsOf({ ...READY, MAIL_FROM: from! }), from).toEqual([
        PRODUCTION_PROBLEMS.placeholderSender(from!, domain!),
      ]);
    }
    // Unset, MAIL_FROM is the board's name at JOBS_EMAIL, whose default is a placeholder too.
    const { MAIL_FROM: _unset, ...noFrom } = READY;
    expect(problemsOf(noFrom)).toEqual([
      PRODUCTION_PROBLEMS.placeholderSender(
        'Nonprofit Comms Jobs <jobs@example.org>',
        'example.org',
      ),
    ]);
    expect(problemsOf({ ...noFrom, JOBS_EMAIL: 'jobs@goodwork.org' })).toEqual([]);
    // Not a placeholder: a domain that only contains the word.
    expect(problemsOf({ ...READY, MAIL_FROM: 'jobs@myexample.org' })).toEqual([]);
    expect(problemsOf({ ...READY, MAIL_FROM: 'jobs@example.organic.coop' })).toEqual([]);
    // Without e-mail on purpose, the sender does not matter.
    expect(problemsOf({ ...withoutMail, MAIL_DISABLED: 'true' })).toEqual([]);
  });

  it("refuses DATA_DIR inside the release's own folder, through a symlink too", () => {
    const place = mkdtempSync(path.join(tmpdir(), 'jobboard-release-'));
    try {
      const release = path.join(place, 'releases', '1.4.0');
      mkdirSync(release, { recursive: true });
      symlinkSync(release, path.join(place, 'current'));
      const layout = { releaseDir: release };
      const problems = (env: Record<string, string>) => {
        try {
          loadConfig(env, layout);
          return [];
        } catch (error) {
          return (error as ConfigError).problems;
        }
      };
      const inside = path.join(release, 'data');
      expect(problems({ ...READY, DATA_DIR: inside })).toEqual([
        PRODUCTION_PROBLEMS.dataDirInRelease('DATA_DIR', inside, release),
      ]);
      // bin/jobboard's own default, reached through the `current` symlink of the runbook.
      const throughCurrent = path.join(place, 'current', 'data');
      expect(problems({ ...READY, DATA_DIR: throughCurrent })).toEqual([
        PRODUCTION_PROBLEMS.dataDirInRelease('DATA_DIR', throughCurrent, release),
      ]);
      expect(PRODUCTION_PROBLEMS.dataDirInRelease('DATA_DIR', inside, release)).toContain(
        'the next release would start on an empty database of its own',
      );
      // SQLITE_FILE and PAGES_DIR set apart from DATA_DIR are the same trap.
      const outside = path.join(place, 'data');
      expect(
        problems({
          ...READY,
          DATA_DIR: outside,
          SQLITE_FILE: path.join(release, 'board.sqlite'),
          PAGES_DIR: path.join(release, 'pages'),
        }),
      ).toEqual([
        PRODUCTION_PROBLEMS.dataDirInRelease(
          'SQLITE_FILE',
          path.join(release, 'board.sqlite'),
          release,
        ),
        PRODUCTION_PROBLEMS.dataDirInRelease('PAGES_DIR', path.join(release, 'pages'), release),
      ]);
      // Outside the release, a sibling release folder's name included, it starts.
      expect(problems({ ...READY, DATA_DIR: outside })).toEqual([]);
      expect(problems({ ...READY, DATA_DIR: `${release}-data` })).toEqual([]);
      // Trying a bundle out (not production), and a checkout (no release folder), are left be.
      expect(problems({ DATA_DIR: inside })).toEqual([]);
      expect(problemsOf({ ...READY, DATA_DIR: inside })).toEqual([]);
    } finally {
      rmSync(place, { recursive: true, force: true });
    }
  });

  it('names each problem at once, http:// Ghost among them', () => {
    const place = mkdtempSync(path.join(tmpdir(), 'jobboard-release-'));
    try {
      let problems: string[] = [];
      try {
        loadConfig(
          {
            ...withoutMail,
            STRIPE_SECRET_KEY: 'sk_live_51AStripeKey',
            GHOST_URL: 'http://ghost.example.org',
            DATA_DIR: path.join(place, 'data'),
          },
          { releaseDir: place },
        );
      } catch (error) {
        problems = (error as ConfigError).problems;
      }
      expect(problems).toEqual([
        PRODUCTION_PROBLEMS.ghostOverHttp,
        PRODUCTION_PROBLEMS.stripeWebhookMissing,
        PRODUCTION_PROBLEMS.smtpMissing,
        PRODUCTION_PROBLEMS.placeholderSender(
          'Nonprofit Comms Jobs <jobs@example.org>',
          'example.org',
        ),
        PRODUCTION_PROBLEMS.dataDirInRelease('DATA_DIR', path.join(place, 'data'), place),
      ]);
    } finally {
      rmSync(place, { recursive: true, force: true });
    }
  });
});
