import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ApiProcess } from '@jobboard/api/test-support';
import { HISTORY_FILE } from '@jobboard/contract/site';
import { startFakeServices, type FakeServices } from './fake-services';

/**
 * The sites under test: the production build run by plain `node` as `pnpm start` runs it (the
 * global setup runs `pnpm start`'s own first steps once: the front end and the API built), one
 * site per spec file, each on free ports with a fresh SQLite file (a copy of the run's seeded
 * template), its own copy of the remotes configuration (so the deployment tests can switch
 * remote versions without touching the developer's or another spec's) and its own fake outside
 * services (support/fake-services.ts). Two workers run two spec files, and so two sites, at once.
 */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

export const ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password-123' };

/** What every site is started with, beside its database, its fakes and its port. */
export const SITE_ENV = {
  SEED_DEMO: 'true',
  // Production leaves the migrations to the operator (ApiProcess sets it too; said here as well).
  MIGRATE_ON_START: 'true',
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  SESSION_SECRET: 'e2e-session-secret-e2e-session-secret-0123',
  TOTP_ENCRYPTION_KEY: 'D2GXvPfqJh5vMPR87JInkFRN3cV+wCepNQ7onpCqM18=',
  HUMAN_PROOF_SECRET: 'e2e-human-proof-secret-e2e-human-proof-01',
  LOG_LEVEL: 'warn',
  // The suite submits many jobs from one address.
  SUBMISSION_RATE_LIMIT_MAX: '1000',
  // Every spec signs in from 127.0.0.1: more than a person would in 15 minutes.
  LOGIN_RATE_LIMIT_MAX: '1000',
  // And views jobs from it, where a spec counts one view and one apply click.
  VIEW_RATE_LIMIT_MAX: '100000',
  APPLY_CLICK_RATE_LIMIT_MAX: '100000',
  MAIL_POLL_SECONDS: '1',
  // Specs act on the page the server drew (first-view, before-live). Past its time budget (1 s in
  // production) a render is given up and the browser draws the page instead: on a CI machine
  // running the PostgreSQL suite beside this one, a first render once took 1.4 s and the page came
  // without its board. That fallback has its own API test (server-render-isolation.test.ts).
  SERVER_RENDER_TIMEOUT_MS: '20000',
  // The production default (ApiProcess turns the scheduler off for the API tests).
  ALERT_DIGEST_INTERVAL_MINUTES: '15',
  RENEWAL_REMINDER_INTERVAL_MINUTES: '60',
  CHECK_IN_INTERVAL_MINUTES: '60',
};

/**
 * This run's folder, made by the global setup (support/global-setup.ts): the seeded template
 * database, and a folder per site. Its own per run, so two runs on one machine never meet.
 */
export function runDir(): string {
  const dir = process.env.E2E_RUN_DIR;
  if (!dir) throw new Error('E2E_RUN_DIR is not set: run the suite with `playwright test`');
  return dir;
}

/** The migrated, seeded database every site starts from (made once by the global setup). */
export const templateDatabase = () => path.join(runDir(), 'template.sqlite');

/** Copy a SQLite database (its write-ahead log too, if one was left). */
export function copyDatabase(from: string, to: string): void {
  for (const suffix of ['', '-wal']) {
    if (existsSync(`${from}${suffix}`)) copyFileSync(`${from}${suffix}`, `${to}${suffix}`);
  }
}

export class E2eSite {
  private constructor(
    readonly api: ApiProcess,
    readonly fakes: FakeServices,
    /** The site's folder: its database and remotes configuration. */
    readonly dir: string,
  ) {}

  /**
   * Start a site on a fresh copy of the template database. `releasesDir`: serve the front-end
   * builds of this folder, with the remotes configuration and release history it holds (the skew
   * matrix's site), instead of the repository's builds.
   */
  static async start(options: { releasesDir?: string } = {}): Promise<E2eSite> {
    const root = runDir();
    mkdirSync(root, { recursive: true });
    const dir = mkdtempSync(path.join(root, 'site-'));
    const sqliteFile = path.join(dir, 'board.sqlite');
    copyDatabase(templateDatabase(), sqliteFile);
    const remotesConfig = path.join(dir, 'remotes.json');
    const releases = options.releasesDir ?? path.join(REPO_ROOT, 'releases');
    copyFileSync(path.join(releases, 'remotes.json'), remotesConfig);
    // A folder of the spec's own brings its history too, as `pnpm releases` keeps it beside
    // remotes.json: a remote's fallbacks come from it (the repository's is left out, so a spec
    // that breaks a remote sees it break rather than fall back to an older build).
    if (options.releasesDir && existsSync(path.join(releases, HISTORY_FILE))) {
      copyFileSync(path.join(releases, HISTORY_FILE), path.join(dir, HISTORY_FILE));
    }
    const fakes = await startFakeServices(sqliteFile);
    try {
      const api = await ApiProcess.start({
        database: { client: 'sqlite', filename: sqliteFile },
        publicHost: 'localhost',
        startTimeoutMs: 120_000,
        env: {
          ...SITE_ENV,
          ...fakes.env,
          REMOTES_CONFIG: remotesConfig,
          ...(options.releasesDir ? { RELEASES_DIR: options.releasesDir } : {}),
        },
      });
      fakes.stripe.webhookUrl = `http://127.0.0.1:${api.port}/api/stripe/webhook`;
      return new E2eSite(api, fakes, dir);
    } catch (error) {
      await fakes.close();
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }

  /** http://localhost:port, the site's PUBLIC_URL (the links in its e-mails start with it). */
  get url(): string {
    return `http://localhost:${this.api.port}`;
  }

  get sqliteFile(): string {
    return path.join(this.dir, 'board.sqlite');
  }

  /** This site's remotes configuration (REMOTES_CONFIG), for the deployment tests. */
  get remotesConfig(): string {
    return path.join(this.dir, 'remotes.json');
  }

  /** The e-mails the fake SMTP server received (JSON). */
  get mailInbox(): string {
    return `${this.fakes.inspectUrl}/mail`;
  }

  /** The fake SMTP server's controls: /refuse, /accept, /give-up (with ?address=). */
  get mailControl(): string {
    return this.fakes.inspectUrl;
  }

  /**
   * The fake Airtable's control: a PUT of `{ records, hold }` sets the records the site syncs
   * ('Refresh Jobs'); with `hold: true` its answers wait for a POST to `/release` under it. It
   * starts empty.
   */
  get airtableControl(): string {
    return `${this.fakes.inspectUrl}/airtable`;
  }

  async stop(): Promise<void> {
    try {
      await this.api.stop();
    } finally {
      await this.fakes.close();
      rmSync(this.dir, { recursive: true, force: true });
    }
  }
}

let current: E2eSite | null = null;

/** The site of the spec file this worker runs now (support/test.ts starts it). */
export function currentSite(): E2eSite {
  if (!current) throw new Error('No site is running: use `test` from support/test.ts');
  return current;
}

export function setCurrentSite(site: E2eSite | null): void {
  current = site;
}

/** A folder of this run for a spec's own files (another site's database, a Ghost's). */
export function specDir(name: string): string {
  const dir = path.join(runDir(), name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

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
