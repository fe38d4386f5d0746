import path from 'node:path';
import { MEMBER_MESSAGES } from '@jobboard/contract/members';
import { ApiProcess, FakeGhost, memberKey } from '@jobboard/api/test-support';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { cardOf, cards } from '../support/board';
import { screenshot } from '../support/screenshot';
import { copyDatabase, specDir, templateDatabase } from '../support/site';
import { APP_READY, expect, test } from '../support/test';

/**
 * Member sign-in through Ghost (issue 13), end to end: a Ghost site's member keys on 127.0.0.1
 * (FakeGhost signs identity tokens as Ghost does), and a site of its own started with GHOST_URL
 * pointing at it, so the sites of the other specs keep running without member sign-in.
 * A member signs in on one browser and bookmarks two jobs; a second browser (a fresh context: no
 * cookie, no local storage) signs in as the same member and sees both on /bookmarks; signed out,
 * the browser's own bookmarks still work.
 */

const EMAIL = 'reader@example.org';

let ghost: FakeGhost;
let site: ApiProcess;

test.describe.configure({ mode: 'serial', timeout: 120_000 });
// This file starts its own site (below): no site of support/test.ts.
test.use({ ownSite: true });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  ghost = await FakeGhost.start();
  // A copy of the run's seeded database (support/global-setup.ts).
  const filename = path.join(specDir('members'), 'members.sqlite');
  copyDatabase(templateDatabase(), filename);
  site = await ApiProcess.start({
    database: { client: 'sqlite', filename },
    env: { GHOST_URL: ghost.url, SEED_DEMO: 'true' },
    startTimeoutMs: 120_000,
  });
});

test.afterAll(async () => {
  await site?.stop();
  await ghost?.stop();
});

/** Open a path of the members site and wait until the page is live. */
async function open(page: Page, where: string) {
  await page.goto(`${site.url}${where}`);
  await page.locator(APP_READY).waitFor({ state: 'attached' });
}

const header = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const signInLink = (page: Page) => header(page).getByRole('link', { name: 'Sign in' });
const signOutButton = (page: Page) => header(page).getByRole('button', { name: 'Sign out' });
const bookmarkOf = (card: Locator) => card.getByRole('button', { name: /^Bookmark(ed)?$/ });

/**
 * Sign in as Ghost's code injection would: the visitor follows 'Sign in' from `from` (the Ghost
 * portal is not there to see, so the trip is cut short), then arrives at /ghost-callback with
 * the identity token, and is brought back to `from`.
 */
async function signIn(page: Page, from: string) {
  await open(page, from);
  const link = signInLink(page);
  await expect(link).toHaveAttribute('href', `${ghost.url}/?job-board-sign-in#/portal/signin`);
  await page.route(`${ghost.url}/**`, (route) => route.fulfill({ body: 'Ghost portal' }));
  await link.click();
  await expect(page).toHaveURL(new RegExp(`^${ghost.url}/`));

  // Hold the API's answer back a moment, so the page can be seen checking the token.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/members/session', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${site.url}/ghost-callback?token=${ghost.token({ email: EMAIL })}`);
  await expect(page.getByText('Authenticating with Ghost...')).toBeVisible();
  release();
  await expect(page).toHaveURL(`${site.url}${from}`);
  await expect(header(page).getByText(EMAIL)).toBeVisible();
  await expect(signOutButton(page)).toBeVisible();
  await page.unroute('**/api/members/session');
}

test('a member signs in through Ghost and finds their bookmarks on a second device', async ({
  browser,
}, testInfo) => {
  let first: BrowserContext | undefined;
  let second: BrowserContext | undefined;
  try {
    first = await browser.newContext();
    const laptop = await first.newPage();
    let bookmarked: string[] = [];

    await test.step('device 1: sign in through /ghost-callback, back to the board', async () => {
      await signIn(laptop, '/');
    });

    await test.step('device 1: bookmark two jobs, each saved to the account', async () => {
      await expect(cards(laptop).nth(1)).toBeVisible();
      bookmarked = await cards(laptop).evaluateAll((els) =>
        els.slice(0, 2).map((el) => (el as HTMLElement).dataset.jobId!),
      );
      for (const id of bookmarked) {
        const button = bookmarkOf(cardOf(laptop, { id }));
        const saved = laptop.waitForResponse(
          (r) => r.url().endsWith(`/api/members/bookmarks/${id}`) && r.request().method() === 'PUT',
        );
        await button.click();
        await expect(button).toHaveAttribute('aria-pressed', 'true');
        expect((await saved).status()).toBe(200);
      }
    });

    second = await browser.newContext();
    const phone = await second.newPage();

    await test.step('device 2: a fresh browser has no bookmarks', async () => {
      await open(phone, '/bookmarks');
      await expect(phone.getByText('You have no bookmarked jobs yet.')).toBeVisible();
    });

    await test.step('device 2: sign in again, from /bookmarks', async () => {
      await signIn(phone, '/bookmarks');
    });

    await test.step('device 2: both jobs are on /bookmarks', async () => {
      for (const id of bookmarked) {
        await expect(cardOf(phone, { id })).toBeVisible();
        await expect(bookmarkOf(cardOf(phone, { id }))).toHaveAttribute('aria-pressed', 'true');
      }
      await expect(cards(phone)).toHaveCount(2);
      await screenshot(phone, testInfo, 'second-device-bookmarks');
    });

    await test.step('device 2: sign out; the header offers Sign in again', async () => {
      await signOutButton(phone).click();
      await expect(signInLink(phone)).toBeVisible();
      await expect(header(phone).getByText(EMAIL)).toBeHidden();
      await open(phone, '/bookmarks');
      await expect(signInLink(phone)).toBeVisible();
    });

    await test.step('device 2, signed out: local bookmarks still work, without the API', async () => {
      // The member's list stayed in this browser; a new bookmark is kept here only.
      for (const id of bookmarked) await expect(cardOf(phone, { id })).toBeVisible();
      const memberCalls: string[] = [];
      phone.on('request', (r) => {
        if (r.url().includes('/api/members/bookmarks')) memberCalls.push(r.url());
      });
      await open(phone, '/');
      const third = await cards(phone).nth(2).getAttribute('data-job-id');
      const button = bookmarkOf(cardOf(phone, { id: third! }));
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', 'true');
      await open(phone, '/bookmarks');
      await expect(cards(phone)).toHaveCount(3);
      await expect(cardOf(phone, { id: third! })).toBeVisible();
      expect(memberCalls).toEqual([]);
      // Removing one works as before, too.
      await bookmarkOf(cardOf(phone, { id: third! })).click();
      await expect(cards(phone)).toHaveCount(2);
    });

    await test.step('device 1: still signed in, still both bookmarks', async () => {
      await open(laptop, '/bookmarks');
      await expect(header(laptop).getByText(EMAIL)).toBeVisible();
      await expect(cards(laptop)).toHaveCount(2);
    });
  } finally {
    await first?.close();
    await second?.close();
  }
});

test("someone else's sign-in link asks first; Cancel keeps the visitor out of that account", async ({
  browser,
}) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await open(page, '/');
    await bookmarkOf(cards(page).first()).click();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/members/')) calls.push(r.url());
    });
    // A link made by someone else, carrying their own good token.
    await open(page, `/ghost-callback?token=${ghost.token({ email: 'attacker@example.org' })}`);
    const ask = page.getByRole('group', { name: 'Confirm your sign-in' });
    await expect(ask).toContainText('as attacker@example.org');
    await expect(ask).toContainText('The bookmark in this browser will be added to that account.');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('You are not signed in.')).toBeVisible();
    expect(calls.filter((url) => !url.endsWith('/api/members/me'))).toEqual([]);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('board.member');
    await expect(signInLink(page)).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a forged token is refused with a clear message, and nobody is signed in', async ({
  browser,
}) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const foreign = memberKey();
    await open(page, `/ghost-callback?token=${ghost.token({ email: EMAIL, key: foreign })}`);
    // It did not follow this browser's own Sign in: the visitor is asked first.
    await page.getByRole('button', { name: `Sign in as ${EMAIL}` }).click();
    await expect(page.getByRole('alert')).toContainText(MEMBER_MESSAGES.tokenRefused);
    await expect(signInLink(page)).toBeVisible();
    expect((await context.cookies()).map((c) => c.name)).not.toContain('board.member');
  } finally {
    await context.close();
  }
});
