import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { ReleaseSwitch } from '@jobboard/contract/releases';
import { HISTORY_FILE, fileValueVersion, type RemotesFileValue } from '@jobboard/contract/site';
import { expect, test, APP_READY } from '../support/test';
import { ADMIN, E2eSite, REPO_ROOT, specDir } from '../support/site';
import {
  buildFromCommit,
  buildSharedUiVariants,
  FRONT_END_FOLDERS,
  pnpm,
  type SharedUiVariants,
} from '../support/skew/fixtures';
import { loadedSharedModules, SINGLETONS } from '../support/share-scope';
import { PREVIOUS_RELEASE } from '../support/skew/previous-release';

/**
 * The skew matrix (docs/frontend-delivery.md#the-skew-matrix): each area is shipped alone, so
 * the live site mixes builds of different commits. Here the current build of every app is paired
 * with the builds of the last shipped commit (PREVIOUS_RELEASE) and with mfe-board built against
 * a shared-ui one major and one minor step ahead, all built in this test from source. Every switch
 * goes through the operator's command (`pnpm releases promote | rollback`); a pairing it accepts
 * must pass the smoke paths, a pairing it refuses must say why and leave the site as it was.
 */

const APPS = {
  shell: 'shell',
  mfe_board: 'mfe-board',
  mfe_submit: 'mfe-submit',
  mfe_admin: 'mfe-admin',
} as const;
type App = keyof typeof APPS;
const REMOTES = ['mfe_board', 'mfe_submit', 'mfe_admin'] as const;
type Remote = (typeof REMOTES)[number];

test.use({ ownSite: true });
// Each test switches versions and walks every area, maybe twice: limits for a hang, not for speed.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

let site: E2eSite;
let releasesDir: string;
let current: Record<App, string>;
const previous = `1.0.0-prev.${PREVIOUS_RELEASE.commit.slice(0, 7)}`;
let variants: SharedUiVariants;
const matrix: { pairing: string; outcome: string }[] = [];

test.beforeAll(async () => {
  // Building the fixtures is a minute or two on a quiet machine; this is a limit for a hang.
  test.setTimeout(900_000);
  const dir = specDir('skew');
  releasesDir = path.join(dir, 'releases');
  mkdirSync(releasesDir, { recursive: true });

  // The current build of each app, as the repository's releases folder serves it.
  const live = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'releases', 'remotes.json'), 'utf8'),
  ) as Record<App, RemotesFileValue>;
  current = {} as Record<App, string>;
  for (const [app, folder] of Object.entries(APPS) as [App, string][]) {
    current[app] = fileValueVersion(live[app])!;
    cpSync(
      path.join(REPO_ROOT, 'releases', folder, current[app]),
      path.join(releasesDir, folder, current[app]),
      { recursive: true },
    );
  }
  // As they are live, pinned by their entries' hashes, and as they were promoted: each app's last
  // switch to its live version, from the repository's history (a remote's fallbacks, when a
  // version that does not fit is set live by hand, are the versions its history names).
  writeFileSync(path.join(releasesDir, 'remotes.json'), `${JSON.stringify(live, null, 2)}\n`);
  const history = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'releases', HISTORY_FILE), 'utf8'),
  ) as ReleaseSwitch[];
  const promoted = (Object.keys(APPS) as App[]).flatMap((app) =>
    history.filter((entry) => entry.app === app && entry.to === current[app]).slice(-1),
  );
  writeFileSync(path.join(releasesDir, HISTORY_FILE), `${JSON.stringify(promoted, null, 2)}\n`);

  buildFromCommit({
    commit: PREVIOUS_RELEASE.commit,
    workDir: path.join(dir, 'previous-source'),
    releasesDir,
    folders: FRONT_END_FOLDERS,
    version: previous,
  });
  variants = buildSharedUiVariants('HEAD', path.join(dir, 'variant-source'), releasesDir);

  site = await E2eSite.start({ releasesDir });
});

test.afterAll(async () => {
  await site?.stop();
  const table = [
    '| Pairing | Outcome |',
    '| --- | --- |',
    ...matrix.map((row) => `| ${row.pairing} | ${row.outcome} |`),
  ].join('\n');
  writeFileSync(path.join(specDir('skew'), 'matrix.md'), `${table}\n`);
  console.log(`\nThe skew matrix:\n${table}\n`);
});

/** `pnpm releases <args>` against this site's releases folder and remotes configuration. */
function releases(...args: string[]): { ok: boolean; output: string } {
  try {
    const output = pnpm(['releases', ...args], REPO_ROOT, {
      RELEASES_DIR: releasesDir,
      REMOTES_CONFIG: site.remotesConfig,
    });
    return { ok: true, output };
  } catch (error) {
    return { ok: false, output: (error as Error).message };
  }
}

/** Each app's live version (or manifest URL), pinned or not. */
function liveVersions(): Record<App, string> {
  const file = JSON.parse(readFileSync(site.remotesConfig, 'utf8')) as Record<
    App,
    RemotesFileValue
  >;
  return Object.fromEntries(
    Object.entries(file).map(([app, value]) => [app, fileValueVersion(value)]),
  ) as Record<App, string>;
}

async function open(page: Page, pathname: string) {
  await page.goto(`${site.url}${pathname}`);
  await page.locator(APP_READY).waitFor({ state: 'attached' });
}

/** The build of a remote the page is showing (RemoteRoot's data-version). */
async function shownVersion(page: Page, remote: Remote): Promise<string | null> {
  const root = page.locator(`[data-remote="${remote}"]`);
  await expect(root).toBeVisible();
  return root.getAttribute('data-version');
}

/** What a visitor, an employer and an admin do first in each area. */
const SMOKE: Record<Remote, (page: Page) => Promise<void>> = {
  async mfe_board(page) {
    await open(page, '/');
    const card = page.getByTestId('job-card').first();
    await expect(card).toBeVisible();
    await card.locator('a[href^="/jobs/"]').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  },
  async mfe_submit(page) {
    await open(page, '/submit-job');
    await page.getByRole('button', { name: 'Submit for Review (Free)' }).click();
    await expect(page.getByLabel('Job Title')).toHaveAttribute('aria-invalid', 'true');
  },
  async mfe_admin(page) {
    await open(page, '/admin/login');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Job Listings Admin' })).toBeVisible();
  },
};

/** Every smoke path in a fresh browser context, each area showing the version that is live. */
async function smokeAll(browser: Browser) {
  const live = liveVersions();
  for (const remote of REMOTES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await SMOKE[remote](page);
      expect(await shownVersion(page, remote), `${remote} shows its live build`).toBe(live[remote]);
    } finally {
      await context.close();
    }
  }
}

/**
 * Promote `version` of `app`: accepted, the smoke paths pass and a rollback returns the site to
 * the current build; refused, the reasons are printed and nothing changed.
 */
async function pairing(browser: Browser, app: App, version: string, label: string) {
  const before = liveVersions();
  const promoted = releases('promote', app, version);
  if (!promoted.ok) {
    expect(promoted.output).toContain('Refused');
    expect(promoted.output).toMatch(/ {2}- /);
    expect(liveVersions()).toEqual(before);
    await smokeAll(browser);
    const reasons = promoted.output
      .split('\n')
      .filter((line) => line.startsWith('  - '))
      .map((line) => line.slice(4));
    matrix.push({ pairing: label, outcome: `refused by promote: ${reasons.join(' ')}` });
    return;
  }
  expect(liveVersions()[app]).toBe(version);
  await smokeAll(browser);
  const rolledBack = releases('rollback', app);
  expect(rolledBack.ok, rolledBack.output).toBe(true);
  expect(liveVersions()).toEqual(before);
  matrix.push({ pairing: label, outcome: 'accepted; board, submit and admin smoke paths pass' });
}

test('the current shell with each remote of the previous release', async ({ browser }) => {
  for (const remote of REMOTES) {
    await pairing(
      browser,
      remote,
      previous,
      `current shell + ${APPS[remote]} of ${PREVIOUS_RELEASE.commit.slice(0, 7)} (previous release)`,
    );
  }
});

test('the previous shell with the current remotes', async ({ browser }) => {
  await pairing(
    browser,
    'shell',
    previous,
    `shell of ${PREVIOUS_RELEASE.commit.slice(0, 7)} (previous release) + current remotes`,
  );
});

test('a board built against a shared-ui major step: promote refuses it, and a board switched by hand falls back to the last version that fits', async ({
  browser,
}) => {
  const before = liveVersions();
  const refused = releases('promote', 'mfe_board', variants.major.version);
  expect(refused.ok).toBe(false);
  expect(refused.output).toContain('Refused');
  expect(refused.output).toContain(`needs @jobboard/shared-ui ^1.`);
  expect(refused.output).toContain(`@jobboard/shared-ui ${variants.major.sharedUi}`);
  expect(liveVersions()).toEqual(before);
  matrix.push({
    pairing: `current shell + mfe-board built against shared-ui ${variants.major.sharedUi}`,
    outcome: 'refused by promote, naming @jobboard/shared-ui',
  });

  // An operator edits remotes.json by hand, past the check: the shell does not load the misfit
  // and uses the board's last promoted version that fits.
  writeFileSync(
    site.remotesConfig,
    `${JSON.stringify({ ...before, mfe_board: variants.major.version }, null, 2)}\n`,
  );
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await SMOKE.mfe_board(page);
    expect(await shownVersion(page, 'mfe_board')).toBe(before.mfe_board);
    await context.close();
    await site.api.outputIncludes(variants.major.version);
    matrix.push({
      pairing: `the same board set live by hand in remotes.json`,
      outcome: `the shell loads mfe-board ${before.mfe_board} instead; the mismatch is reported`,
    });
  } finally {
    writeFileSync(site.remotesConfig, `${JSON.stringify(before, null, 2)}\n`);
  }
});

test('a board built against a shared-ui minor step: promote accepts it, and the board works beside the unchanged shell with one copy of each shared module', async ({
  browser,
}) => {
  const promoted = releases('promote', 'mfe_board', variants.minor.version);
  expect(promoted.ok, promoted.output).toBe(true);
  const context = await browser.newContext();
  const page = await context.newPage();
  await SMOKE.mfe_board(page);
  expect(await shownVersion(page, 'mfe_board')).toBe(variants.minor.version);
  // The board's page read the export the minor step added: it got the newer shared-ui.
  expect(await page.evaluate(() => (globalThis as Record<string, unknown>).__skewProbe)).toBe(
    variants.minor.probe,
  );
  const { copies } = await loadedSharedModules(page);
  for (const name of SINGLETONS) {
    if (!copies[name]) continue; // not used on this page
    expect(new Set(copies[name]).size, name).toBe(1);
  }
  expect(copies['@jobboard/shared-ui']?.[0]).toMatch(new RegExp(`^${variants.minor.sharedUi} `));
  await SMOKE.mfe_submit(page);
  await context.close();
  matrix.push({
    pairing: `current shell + mfe-board built against shared-ui ${variants.minor.sharedUi}`,
    outcome: `accepted; one copy of each shared module (shared-ui ${variants.minor.sharedUi})`,
  });
});

test('rollback returns the board to the version before, at the next navigation', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await open(page, '/');
  expect(await shownVersion(page, 'mfe_board')).toBe(variants.minor.version);

  const rolledBack = releases('rollback', 'mfe_board');
  expect(rolledBack.ok, rolledBack.output).toBe(true);
  expect(liveVersions().mfe_board).toBe(current.mfe_board);

  await open(page, '/job-list');
  expect(await shownVersion(page, 'mfe_board')).toBe(current.mfe_board);
  expect(await page.evaluate(() => (globalThis as Record<string, unknown>).__skewProbe)).toBe(
    undefined,
  );
  await context.close();
  matrix.push({
    pairing: 'rollback of mfe-board',
    outcome: `${current.mfe_board} again at the next page load, no restart`,
  });
});
