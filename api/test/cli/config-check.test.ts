import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { configCheck } from '../../src/cli/config-check';
import { PRODUCTION_PROBLEMS } from '../../src/platform/config';
import { buildOnce } from '../support/api-process';
import { runJobboard } from '../support/cli';
import { PRODUCTION_READY } from '../support/config-problems';
import { API_DIR } from '../support/paths';
import { testDatabase } from '../support/test-app';

/**
 * `jobboard config check` and `jobboard --version` (issue 46), as an operator runs them: the built
 * command in a process of its own, with the environment the server would get. The configuration
 * is not the database's: the same on either (the command opens no database).
 */

beforeAll(() => buildOnce());

/** A value of every kind of secret, each one distinctive, none of which may ever be printed. */
const SECRETS = {
  SESSION_SECRET: 'session-secret-value-that-is-long-enough-0001',
  TOTP_ENCRYPTION_KEY: 'KzY1RjB3bGlrZS1hLXRvdHAta2V5LXZhbHVlLTAwMDE=',
  HUMAN_PROOF_SECRET: 'human-proof-secret-value-long-enough-0001',
  STRIPE_SECRET_KEY: 'sk_live_51StripeSecretValue0001',
  SMTP_URL: 'smtps://mailer:smtp-password-value-0001@smtp.board.test:465',
  DATABASE_URL: 'postgres://board:database-password-value-0001@db.internal:5432/board',
  METRICS_TOKEN: 'metrics-token-value-that-is-long-enough-0001',
  MASTODON_URL: 'https://mastodon.board.test',
  MASTODON_ACCESS_TOKEN: 'mastodon-token-value-0001',
  AIRTABLE_API_KEY: 'airtable-key-value-0001',
  AIRTABLE_BASE_ID: 'appBoardJobs12345',
  AIRTABLE_TABLE: 'Jobs',
};

/** Secrets whose values are refused: a refusal that quoted its value would print them. */
const REFUSED_SECRETS = {
  TOTP_ENCRYPTION_KEY: 'totp-key-value-refused-0001',
  GHOST_ADMIN_API_KEY: 'ghost-admin-key-value-refused-0001',
  HUMAN_PROOF_SECRET_PREVIOUS: 'short-previous-value-0001',
  SOCIAL_WEBHOOK_URL: 'http://chat.board.test/hooks/webhook-path-value-0001',
  BLUESKY_HANDLE: 'board.bsky.social',
  BLUESKY_APP_PASSWORD: 'bsky-pass-word-0001',
  BLUESKY_SERVICE: 'http://pds.board.test',
};

function expectNoSecret(output: string) {
  for (const [name, value] of Object.entries({ ...SECRETS, ...REFUSED_SECRETS })) {
    if (['AIRTABLE_BASE_ID', 'AIRTABLE_TABLE', 'BLUESKY_HANDLE', 'MASTODON_URL'].includes(name)) {
      continue;
    }
    expect(output, name).not.toContain(value);
  }
  for (const part of [
    'password-value',
    'token-value',
    'key-value',
    'secret-value',
    'path-value',
    'bsky-pass',
  ]) {
    expect(output).not.toContain(part);
  }
}

describe(`jobboard config check (on ${testDatabase})`, () => {
  it('prints every problem at once, exits 1, and never a secret', async () => {
    const run = await runJobboard(
      ['config', 'check'],
      { client: 'sqlite', filename: ':memory:' },
      {
        ...PRODUCTION_READY,
        ...SECRETS,
        ...REFUSED_SECRETS,
        // Mail: both set (refused everywhere); the placeholder sender is left to MAIL_DISABLED.
        MAIL_DISABLED: 'true',
        TRUST_PROXY: '1',
        GHOST_URL: 'http://ghost.board.test',
      },
    );
    expect(run.code, run.output).toBe(1);
    const problems = run.output.split('\n').filter((line) => line.startsWith('  - '));
    expect(run.output).toMatch(
      new RegExp(
        `^Configuration refused, production \\(NODE_ENV=production\\): ${problems.length} problems\\.\n`,
      ),
    );
    for (const expected of [
      /^ {2}- TRUST_PROXY must no longer be a number of proxies/,
      /^ {2}- TOTP_ENCRYPTION_KEY must be 32 random bytes/,
      /^ {2}- HUMAN_PROOF_SECRET_PREVIOUS must be secrets of at least 32 characters/,
      /^ {2}- GHOST_ADMIN_API_KEY must be the Admin API key/,
      /^ {2}- MAIL_DISABLED=true and SMTP_URL are both set/,
      /^ {2}- SOCIAL_WEBHOOK_URL is http:\/\/ in production/,
      /^ {2}- BLUESKY_SERVICE is http:\/\/ in production/,
    ]) {
      expect(
        problems.some((line) => expected.test(line)),
        String(expected),
      ).toBe(true);
    }
    expect(problems).toContain(`  - ${PRODUCTION_PROBLEMS.ghostOverHttp}`);
    expect(problems).toContain(`  - ${PRODUCTION_PROBLEMS.stripeWebhookMissing}`);
    expectNoSecret(run.output);
  });

  it('says what a configuration that loads comes to, each secret as set or not set', () => {
    const result = configCheck({
      ...PRODUCTION_READY,
      ...SECRETS,
      STRIPE_WEBHOOK_SECRET: 'whsec_webhook-secret-value-0001',
      TRUST_PROXY: '127.0.0.1,::1',
    });
    expect(result.code, result.lines.join('\n')).toBe(0);
    const output = result.lines.join('\n');
    expect(result.lines[0]).toBe('Configuration OK, production (NODE_ENV=production).');
    expect(output).toContain('Database:     PostgreSQL postgres://db.internal:5432/board');
    expect(output).toContain('Listens on:   127.0.0.1:3000 (TRUST_PROXY set, HOST unset)');
    expect(output).toContain('TRUST_PROXY:  127.0.0.1, ::1');
    expect(output).toContain('E-mail:       SMTP_URL set, from Jobs Board <jobs@board.test>');
    expect(output).toContain('Stripe:       STRIPE_SECRET_KEY set, STRIPE_WEBHOOK_SECRET set');
    expect(output).toContain(
      'Secrets:      SESSION_SECRET set, TOTP_ENCRYPTION_KEY set, HUMAN_PROOF_SECRET set, METRICS_TOKEN set',
    );
    expectNoSecret(output);
    expect(output).not.toContain('webhook-secret-value');
  });

  it('says when production was not checked', () => {
    const result = configCheck({ NODE_ENV: 'development' });
    expect(result.code).toBe(0);
    expect(result.lines[0]).toBe(
      'Configuration OK, not production (NODE_ENV=development): what only production requires was not checked.',
    );
  });
});

describe('jobboard --version', () => {
  it("prints the site's version (the API package's), its commit and Node", async () => {
    const { version } = JSON.parse(readFileSync(path.join(API_DIR, 'package.json'), 'utf8'));
    const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: API_DIR, encoding: 'utf8' });
    for (const flag of ['--version', '-V']) {
      const run = await runJobboard([flag], { client: 'sqlite', filename: ':memory:' });
      expect(run.code, run.output).toBe(0);
      expect(run.output).toBe(
        `jobboard ${version} (commit ${head.stdout.trim().slice(0, 12)}, Node ${process.version})\n`,
      );
    }
    const help = await runJobboard(['--help'], { client: 'sqlite', filename: ':memory:' });
    expect(help.output).toMatch(/-V, --version\s+print the site's version/);
    expect(help.output).toMatch(/config\s+The configuration read from the environment/);
  });
});
