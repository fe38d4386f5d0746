import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  databaseUrlShown,
  loadConfig,
  READ_REPLICAS_NEED_POSTGRES,
} from '../../src/platform/config';

describe('configuration from the environment', () => {
  it('has working defaults for the quick start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      database: { client: 'sqlite', filename: path.resolve('./data/board.sqlite') },
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      sessionSecretGenerated: true,
      trustProxy: false,
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://board:pw@db:5432/board',
      SESSION_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://jobs.example.org/',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.2',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      database: { client: 'postgres', connectionString: 'postgres://board:pw@db:5432/board' },
      sessionSecret: 'x'.repeat(40),
      sessionSecretGenerated: false,
      publicUrl: 'https://jobs.example.org',
      seedDemo: false,
      logLevel: 'warn',
      trustProxy: ['10.0.0.2'],
    });
  });

  it('keeps the SQLite file in DATA_DIR unless SQLITE_FILE says otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/board/data' })).toMatchObject({
      dataDir: '/srv/board/data',
      database: { client: 'sqlite', filename: '/srv/board/data/board.sqlite' },
    });
    expect(loadConfig({ DATA_DIR: 'state', SQLITE_FILE: '/tmp/x.sqlite' })).toMatchObject({
      dataDir: path.resolve('state'),
      database: { client: 'sqlite', filename: '/tmp/x.sqlite' },
    });
  });

  it('uses SQLITE_FILE when DATABASE_URL is unset', () => {
    expect(loadConfig({ SQLITE_FILE: '/tmp/x.sqlite' }).database).toEqual({
      client: 'sqlite',
      filename: '/tmp/x.sqlite',
    });
  });

  it('reports every bad value at once, with a clear message each, never echoing secrets', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://db/board',
        SESSION_SECRET: 'short-secret',
        PUBLIC_URL: 'jobs.example.org',
        SEED_DEMO: 'maybe',
        LOG_LEVEL: 'loud',
      });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(error!.problems).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "eighty")',
      'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/board (leave it unset for SQLite) (got "mysql://db/board")',
      'SESSION_SECRET must be at least 32 characters (for example: openssl rand -base64 48)',
      'PUBLIC_URL must be an http(s) URL such as https://jobs.example.org (got "jobs.example.org")',
      'SEED_DEMO must be true or false (got "maybe")',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ]);
    expect(error!.message).not.toContain('short-secret');
  });

  it('reads Stripe settings, pointing the SDK at another host when asked', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }).stripe,
    ).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      api: { protocol: 'http', host: '127.0.0.1', port: 12111 },
      timeoutSeconds: 8,
    });
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_TIMEOUT_SECONDS: '3' }).stripe
        ?.timeoutSeconds,
    ).toBe(3);
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_TIMEOUT_SECONDS: '0' }),
    ).toThrow(/STRIPE_TIMEOUT_SECONDS must be a whole number of seconds/);
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'abc' }),
    ).toThrow(
      /STRIPE_SECRET_KEY must be a Stripe secret key[\s\S]*STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret/,
    );
  });

  it('reads the site configuration and refuses bad addresses', () => {
    const config = loadConfig({ BOARD_NAME: 'Good Work Jobs', CONTACT_EMAIL: 'hi@good.example' });
    expect(config.site).toMatchObject({
      boardName: 'Good Work Jobs',
      contactEmail: 'hi@good.example',
    });
    expect(() => loadConfig({ CONTACT_EMAIL: 'nobody', SUBSCRIBE_URL: 'ftp://x' })).toThrow(
      /CONTACT_EMAIL must be an e-mail address[\s\S]*SUBSCRIBE_URL must be an http\(s\) URL/,
    );
  });

  it('reads the mail settings, with defaults that keep messages in the outbox', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: null,
      disabled: false,
      from: 'Nonprofit Comms Jobs <jobs@example.org>',
      adminEmail: 'jobs@example.org',
      pollSeconds: 5,
      maxConnections: 5,
    });
    expect(
      loadConfig({
        SMTP_URL: 'smtps://mailer:p4ss@mail.example.org:465',
        MAIL_FROM: 'jobs@good.example',
        ADMIN_EMAIL: 'review@good.example',
        MAIL_POLL_SECONDS: '0',
        SMTP_MAX_CONNECTIONS: '2',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://mailer:p4ss@mail.example.org:465',
      disabled: false,
      from: 'jobs@good.example',
      adminEmail: 'review@good.example',
      pollSeconds: 0,
      maxConnections: 2,
    });
    expect(loadConfig({ BOARD_NAME: 'Good Work Jobs' }).mail.from).toBe(
      'Good Work Jobs <jobs@example.org>',
    );
  });

  it('refuses bad mail settings, never echoing the SMTP URL (it holds a password)', () => {
    let error: ConfigError | undefined;
    try {
      loadConfig({
        SMTP_URL: 'https://mailer:s3cret-pw@mail.example.org',
        MAIL_FROM: 'Jobs Desk',
        ADMIN_EMAIL: 'review',
        MAIL_POLL_SECONDS: 'often',
      });
    } catch (e) {
      error = e as ConfigError;
    }
    expect(error!.problems).toEqual([
      'SMTP_URL must be an SMTP URL such as smtp://user:password@mail.example.org:587',
      'MAIL_FROM must be an e-mail address, optionally with a name: Board Name <jobs@example.org> (got "Jobs Desk")',
      'ADMIN_EMAIL must be an e-mail address (got "review")',
      'MAIL_POLL_SECONDS must be a whole number (got "often")',
    ]);
    expect(error!.message).not.toContain('s3cret-pw');
  });

  it('serves no metrics unless METRICS_TOKEN or METRICS_PORT is set, and never echoes the token', () => {
    expect(loadConfig({}).metrics).toEqual({ token: null, port: null, host: '127.0.0.1' });
    const token = 'a-metrics-token-of-32-characters-or-more';
    expect(
      loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics,
    ).toEqual({ token, port: 9464, host: '0.0.0.0' });
    let message = '';
    try {
      loadConfig({
        METRICS_TOKEN: 'short-token',
        METRICS_PORT: '99999',
        SMTP_MAX_CONNECTIONS: '0',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/METRICS_TOKEN must be at least 32 characters/);
    expect(message).not.toContain('short-token');
    expect(message).toMatch(/METRICS_PORT must be a whole number from 0 to 65535/);
    expect(message).toMatch(/SMTP_MAX_CONNECTIONS must be a whole number, 1 to 50/);
  });

  it('sheds load past a second of event-loop delay or 90% of the heap by default; 0 turns a limit off', () => {
    const defaults = loadConfig({}).pressure;
    expect(defaults.maxEventLoopDelayMs).toBe(1000);
    expect(defaults.maxHeapMb).toBeGreaterThan(0);
    expect(defaults.retryAfterSeconds).toBe(10);
    expect(
      loadConfig({ PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0', PRESSURE_MAX_HEAP_MB: '512' }).pressure,
    ).toMatchObject({ maxEventLoopDelayMs: 0, maxHeapMb: 512 });
    expect(() =>
      loadConfig({ PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '5', PRESSURE_MAX_HEAP_MB: 'lots' }),
    ).toThrow(
      /PRESSURE_MAX_EVENT_LOOP_DELAY_MS must be 0 \(off\) or a whole number of milliseconds from 10 to 60000[\s\S]*PRESSURE_MAX_HEAP_MB must be 0 \(off\)/,
    );
  });

  it('reads the re-sync source, with the schedule off unless SYNC_INTERVAL_MINUTES is set', () => {
    expect(loadConfig({}).sync).toBeNull();
    const airtable = {
      AIRTABLE_API_KEY: 'patKEY.secret',
      AIRTABLE_BASE_ID: 'appABCDEFGHIJKLMN',
      AIRTABLE_TABLE: 'Jobs',
    };
    expect(loadConfig(airtable).sync).toMatchObject({
      source: { kind: 'airtable', apiUrl: 'https://api.airtable.com/v0', table: 'Jobs' },
      intervalMinutes: 0,
    });
    expect(
      loadConfig({ JOB_FEED_URL: 'https://feed.example/jobs.json', SYNC_INTERVAL_MINUTES: '60' })
        .sync,
    ).toMatchObject({
      source: { kind: 'json-feed', url: 'https://feed.example/jobs.json' },
      intervalMinutes: 60,
    });
    expect(() => loadConfig({ ...airtable, SYNC_INTERVAL_MINUTES: '-5' })).toThrow(
      /SYNC_INTERVAL_MINUTES/,
    );
    expect(() => loadConfig({ AIRTABLE_API_KEY: 'patKEY.secret' })).toThrow(/must be set together/);
    expect(() =>
      loadConfig({ ...airtable, JOB_FEED_URL: 'https://feed.example/jobs.json' }),
    ).toThrow(/jobs sync from one source/);
  });

  it('reads the submission rate limit (the form and its logo), which must allow at least one in a window', () => {
    const { rateLimits } = loadConfig({});
    expect(rateLimits.submitJob).toEqual({ max: 5, windowMinutes: 10 });
    expect(rateLimits.uploadLogo).toEqual({ max: 5, windowMinutes: 10 });
    const set = loadConfig({
      SUBMISSION_RATE_LIMIT_MAX: '20',
      SUBMISSION_RATE_LIMIT_WINDOW_MINUTES: '60',
    }).rateLimits;
    expect(set.submitJob).toEqual({ max: 20, windowMinutes: 60 });
    expect(set.uploadLogo).toEqual({ max: 20, windowMinutes: 60 });
    let message = '';
    try {
      loadConfig({ SUBMISSION_RATE_LIMIT_MAX: '0', SUBMISSION_RATE_LIMIT_WINDOW_MINUTES: '1.5' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(
      /SUBMISSION_RATE_LIMIT_MAX must be a whole number above 0[\s\S]*SUBMISSION_RATE_LIMIT_WINDOW_MINUTES must be a whole number above 0/,
    );
    // Two entries read the variables: each bad value is reported once.
    expect(message.match(/SUBMISSION_RATE_LIMIT_MAX/g)).toHaveLength(1);
  });

  it('reads the sign-in limit per address (password and code), which must allow at least one', () => {
    expect(loadConfig({}).rateLimits.login).toEqual({ max: 10, windowMinutes: 15 });
    const set = loadConfig({ LOGIN_RATE_LIMIT_MAX: '50' }).rateLimits;
    expect([set.login.max, set.loginCode.max]).toEqual([50, 50]);
    expect(() => loadConfig({ LOGIN_RATE_LIMIT_MAX: '0' })).toThrow(
      /LOGIN_RATE_LIMIT_MAX must be a whole number above 0/,
    );
  });

  it('reads the daily cap of alert confirmations', () => {
    expect(loadConfig({}).rateLimits.alertConfirmations).toEqual({ max: 500, windowMinutes: 1440 });
    expect(
      loadConfig({ ALERT_CONFIRMATIONS_PER_DAY: '20' }).rateLimits.alertConfirmations.max,
    ).toBe(20);
  });

  it("reads the sitemap's URLs per file: sitemaps.org's 50,000 unless lowered (to try the index)", () => {
    expect(loadConfig({}).sitemapUrlsPerFile).toBe(50_000);
    expect(loadConfig({ SITEMAP_URLS_PER_FILE: '10' }).sitemapUrlsPerFile).toBe(10);
    for (const bad of ['9', '50001', '1e3x', '12.5']) {
      expect(() => loadConfig({ SITEMAP_URLS_PER_FILE: bad })).toThrow(
        /SITEMAP_URLS_PER_FILE must be a whole number from 10 to 50,000/,
      );
    }
  });

  it("reads the server render's time limit and worker heap, naming what a bad value must be", () => {
    expect(loadConfig({}).serverRender).toEqual({ timeoutMs: 1000, maxHeapMb: 128 });
    expect(
      loadConfig({ SERVER_RENDER_TIMEOUT_MS: '250', SERVER_RENDER_MAX_HEAP_MB: '64' }).serverRender,
    ).toEqual({ timeoutMs: 250, maxHeapMb: 64 });
    for (const bad of ['49', '60001', '1s', '2.5', '-1']) {
      expect(() => loadConfig({ SERVER_RENDER_TIMEOUT_MS: bad })).toThrow(
        `SERVER_RENDER_TIMEOUT_MS must be a whole number of milliseconds from 50 to 60000 (got "${bad}")`,
      );
    }
    for (const bad of ['31', '16385', '128MB', '0.5']) {
      expect(() => loadConfig({ SERVER_RENDER_MAX_HEAP_MB: bad })).toThrow(
        `SERVER_RENDER_MAX_HEAP_MB must be a whole number of megabytes from 32 to 16384 (got "${bad}")`,
      );
    }
  });

  it('reads the first admin and the session timeouts, and wants both admin variables or neither', () => {
    const config = loadConfig({
      ADMIN_USERNAME: 'alice',
      ADMIN_PASSWORD: 'a long enough password',
      SESSION_IDLE_MINUTES: '15',
      SESSION_MAX_HOURS: '8',
    });
    expect(config.firstAdmin).toEqual({ username: 'alice', password: 'a long enough password' });
    expect(config.session).toEqual({ idleMinutes: 15, maxHours: 8 });
    expect(loadConfig({}).firstAdmin).toBeNull();
    expect(() => loadConfig({ ADMIN_USERNAME: 'alice' })).toThrow(/must be set together/);
    let error: Error | undefined;
    try {
      loadConfig({ ADMIN_USERNAME: 'alice', ADMIN_PASSWORD: 'short' });
    } catch (e) {
      error = e as Error;
    }
    expect(error?.message).toContain('ADMIN_PASSWORD must be at least 12 characters');
    expect(error?.message).not.toContain('short');
  });

  it("reads Ghost's Admin API key (issue 44): as Ghost shows it, with GHOST_URL, never echoed", () => {
    const id = '6748592f4b9b7700010f6564';
    const secret = 'b1b5b9c1d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1';
    const config = loadConfig({
      GHOST_URL: 'https://news.example.org',
      GHOST_ADMIN_API_KEY: `${id.toUpperCase()}:${secret}`,
    });
    expect(config.ghost?.adminKey).toEqual({ id, secret });
    expect(loadConfig({ GHOST_URL: 'https://news.example.org' }).ghost?.adminKey).toBeNull();
    expect(config.newsletterDraftIntervalMinutes).toBe(15);
    expect(
      loadConfig({ NEWSLETTER_DRAFT_INTERVAL_MINUTES: '0' }).newsletterDraftIntervalMinutes,
    ).toBe(0);

    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    };
    const halfKey = `${id}:${secret.slice(0, 40)}`;
    const refused = problems({
      GHOST_URL: 'https://news.example.org',
      GHOST_ADMIN_API_KEY: halfKey,
    });
    expect(refused).toContain(
      'GHOST_ADMIN_API_KEY must be the Admin API key of a Ghost custom integration',
    );
    expect(refused).not.toContain(secret.slice(0, 40));
    expect(problems({ GHOST_ADMIN_API_KEY: `${id}:${secret}` })).toContain(
      'GHOST_ADMIN_API_KEY is set but GHOST_URL is not',
    );
    expect(problems({ GHOST_ADMIN_API_KEY: `${id}:${secret}` })).not.toContain(secret);
  });
});

describe('a DATABASE_URL that cannot be used', () => {
  const problemOf = (url: string) => {
    try {
      loadConfig({ DATABASE_URL: url });
    } catch (error) {
      return (error as ConfigError).message;
    }
    throw new Error(`${url} was accepted`);
  };

  it.each([
    ['another database', 'mysql://board:hunter2-secret@db.internal:3306/board'],
    ['a password with a # in it', 'postgres://board:hunter2#secret@db.internal/board'],
    ['a port out of range', 'postgres://board:hunter2-secret@db.internal:99999/board'],
    ['a scheme typo', 'postgresql//board:hunter2-secret@db.internal/board'],
    ['a password in the query', 'mysql://db.internal/board?password=hunter2-secret'],
  ])('is never echoed with its password (%s)', (_, url) => {
    const message = problemOf(url);
    expect(message).toContain('DATABASE_URL must be a PostgreSQL URL');
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('secret');
  });

  it('still shows where it points when that is safe to show', () => {
    expect(problemOf('mysql://board:hunter2-secret@db.internal:3306/board')).toContain(
      '(got "mysql://db.internal:3306/board", credentials and options hidden)',
    );
  });
});

describe('DATABASE_READ_URL: PostgreSQL read replicas', () => {
  const PRIMARY = 'postgres://board:hunter2-secret@db.internal:5432/board';
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as ConfigError).problems;
    }
    throw new Error(`${JSON.stringify(env)} was accepted`);
  };

  it('is off by default, with its lag limit and check interval at their defaults when on', () => {
    expect(loadConfig({ DATABASE_URL: PRIMARY }).readReplicas).toBeNull();
    expect(
      loadConfig({ DATABASE_URL: PRIMARY, DATABASE_READ_URL: 'postgres://r1/board' }).readReplicas,
    ).toEqual({ urls: ['postgres://r1/board'], maxLagSeconds: 30, checkIntervalMs: 2000 });
  });

  it('takes several replicas, comma-separated, and its lag limit and check interval', () => {
    const config = loadConfig({
      DATABASE_URL: PRIMARY,
      DATABASE_READ_URL:
        ' postgres://board:pw@replica1:5432/board , postgresql://board:pw@replica2/board,',
      READ_REPLICA_MAX_LAG_SECONDS: '5',
      READ_REPLICA_CHECK_MS: '500',
    });
    expect(config.readReplicas).toEqual({
      urls: ['postgres://board:pw@replica1:5432/board', 'postgresql://board:pw@replica2/board'],
      maxLagSeconds: 5,
      checkIntervalMs: 500,
    });
  });

  it('is refused on SQLite (no PostgreSQL DATABASE_URL), with what to do instead', () => {
    expect(problemsOf({ DATABASE_READ_URL: 'postgres://replica1/board' })).toEqual([
      READ_REPLICAS_NEED_POSTGRES,
    ]);
    expect(READ_REPLICAS_NEED_POSTGRES).toContain('unset DATABASE_READ_URL');
  });

  it('refuses a URL that is not PostgreSQL, bad limits, and never echoes a password', () => {
    const problems = problemsOf({
      DATABASE_URL: PRIMARY,
      DATABASE_READ_URL: 'postgres://board:hunter2-secret@replica1/board,mysql://u:pw2-secret@r2/b',
      READ_REPLICA_MAX_LAG_SECONDS: '0',
      READ_REPLICA_CHECK_MS: '10',
    });
    expect(problems).toEqual([
      'DATABASE_READ_URL must be one or more PostgreSQL URLs, comma-separated, such as postgres://user:password@replica1:5432/board,postgres://user:password@replica2:5432/board (got "postgres://replica1/board,mysql://r2/b", credentials and options hidden)',
      'READ_REPLICA_MAX_LAG_SECONDS must be a whole number above 0 (got "0")',
      'READ_REPLICA_CHECK_MS must be a whole number of milliseconds from 100 to 60000 (got "10")',
    ]);
    expect(problems.join('\n')).not.toMatch(/hunter2|secret|pw2/);
    // A part that cannot be read as a URL is not quoted at all.
    const unreadable = problemsOf({
      DATABASE_URL: PRIMARY,
      DATABASE_READ_URL: 'postgres://board:hunter2#secret@replica1/board',
    });
    expect(unreadable.join('\n')).not.toMatch(/hunter2|secret/);
  });

  it('names a replica in logs and metrics by its URL without credentials or options', () => {
    expect(databaseUrlShown('postgres://board:hunter2@replica1:5432/board?sslmode=require')).toBe(
      'postgres://replica1:5432/board',
    );
    expect(databaseUrlShown('postgres://board:hunter2#x@replica1/board')).not.toContain('hunter2');
  });
});
