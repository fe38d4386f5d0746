import path from 'node:path';
import { ApiProcess, SmtpPeer } from '@jobboard/api/test-support';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { GhostSite } from '../peers/ghost/ghost-site';
import { GHOST_PEERS, installedGhost } from '../peers/ghost/install';
import { cardOf, cards } from '../support/board';
import { codeInjection, magicLinkFor } from '../support/ghost';
import { screenshot } from '../support/screenshot';
import { copyDatabase, specDir, templateDatabase } from '../support/site';
import { APP_READY } from '../support/test';

/**
 * Member sign-in against a real Ghost (issue 24): each pinned release installed from the npm
 * registry (e2e/peers, before the suite) and run on SQLite, its e-mail going to an SMTP peer of
 * ours, the code injection of docs/members.md pasted into its settings through its Admin API. A
 * reader signs in as readers do: the board's Sign in, Ghost's Portal, the e-mailed magic link,
 * Ghost's session, Ghost's identity token handed to the board's /ghost-callback. Then the
 * second-device journey of members.spec.ts, against the real thing.
 */

const EMAIL = 'reader@example.org';

for (const peer of GHOST_PEERS) {
  test.describe(`with a real ${peer.label} (${peer.version})`, () => {
    test.describe.configure({ mode: 'serial', timeout: 180_000 });

    let smtp: SmtpPeer;
    let ghost: GhostSite;
    let site: ApiProcess;

    test.beforeAll(async () => {
      test.setTimeout(300_000);
      const installed = installedGhost(peer);
      if (!installed) {
        throw new Error(`${peer.label} is not installed: run \`pnpm --filter e2e peers\` first`);
      }
      const sqlite = path.join(specDir(`ghost-${peer.version}`), 'board.sqlite');
      copyDatabase(templateDatabase(), sqlite); // the run's seeded database
      smtp = await new SmtpPeer().start();
      ghost = await GhostSite.start(installed, { smtpPort: smtp.port });
      site = await ApiProcess.start({
        database: { client: 'sqlite', filename: sqlite },
        env: { GHOST_URL: ghost.url, SEED_DEMO: 'true' },
        startTimeoutMs: 120_000,
      });
      await ghost.setUp();
      await ghost.setCodeInjection(codeInjection(site.url));
      await ghost.addMember(EMAIL);
    });

    test.afterAll(async () => {
      await site?.stop();
      await ghost?.stop();
      await smtp?.stop();
    });

    /** Open a page of the board and wait until it is live. */
    async function open(page: Page, where: string) {
      await page.goto(`${site.url}${where}`);
      await page.locator(APP_READY).waitFor({ state: 'attached' });
    }

    const header = (page: Page) => page.getByRole('navigation', { name: 'Main' });
    const bookmarkOf = (card: Locator) => card.getByRole('button', { name: /^Bookmark(ed)?$/ });

    /**
     * From `from` on the board: Sign in -> Ghost's Portal -> the e-mailed magic link -> Ghost's
     * session -> the code injection -> /ghost-callback -> back on `from`, signed in.
     */
    async function signInThroughGhost(page: Page, from: string) {
      await open(page, from);
      await header(page).getByRole('link', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(`${ghost.url}/?job-board-sign-in#/portal/signin`);

      const portal = page.frameLocator('iframe[title="portal-popup"]');
      await portal.getByLabel('Email').fill(EMAIL);
      const mailsBefore = smtp.received.length;
      await portal.getByRole('button', { name: 'Continue' }).click();
      await expect(portal.getByText('Now check your email!')).toBeVisible();

      const link = await magicLinkFor(smtp, EMAIL, mailsBefore, ghost.url);
      const token = page.waitForRequest((r) => r.url().startsWith(`${site.url}/ghost-callback`));
      await page.goto(link);
      // Ghost's own identity token, as the board receives it: RS512 with the site's key.
      const callback = new URL((await token).url());
      const [header64] = callback.searchParams.get('token')!.split('.');
      expect(JSON.parse(Buffer.from(header64!, 'base64url').toString())).toMatchObject({
        alg: 'RS512',
        kid: (await ghost.memberKeys())[0]!.kid,
      });

      await expect(page).toHaveURL(`${site.url}${from}`);
      await page.locator(APP_READY).waitFor({ state: 'attached' });
      await expect(header(page).getByText(EMAIL)).toBeVisible();
      await expect(header(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
    }

    test(`its members key (the one the board must accept) is ${peer.keyBits} bits`, async () => {
      const [key] = await ghost.memberKeys();
      expect(key).toMatchObject({ kty: 'RSA', e: 'AQAB' });
      expect(Buffer.from(key!.n, 'base64url').length * 8).toBe(peer.keyBits);
    });

    test('a member signs in through Ghost and finds their bookmarks on a second device', async ({
      browser,
    }, testInfo) => {
      let first: BrowserContext | undefined;
      let second: BrowserContext | undefined;
      try {
        first = await browser.newContext();
        const laptop = await first.newPage();
        let bookmarked: string[] = [];

        await test.step('device 1: Sign in, Portal, magic link, back on the board', async () => {
          await signInThroughGhost(laptop, '/');
        });

        await test.step('device 1: bookmark two jobs, each saved to the account', async () => {
          await expect(cards(laptop).nth(1)).toBeVisible();
          bookmarked = await cards(laptop).evaluateAll((els) =>
            els.slice(0, 2).map((el) => (el as HTMLElement).dataset.jobId!),
          );
          for (const id of bookmarked) {
            const button = bookmarkOf(cardOf(laptop, { id }));
            const saved = laptop.waitForResponse(
              (r) =>
                r.url().endsWith(`/api/members/bookmarks/${id}`) && r.request().method() === 'PUT',
            );
            await button.click();
            await expect(button).toHaveAttribute('aria-pressed', 'true');
            expect((await saved).status()).toBe(200);
          }
        });

        second = await browser.newContext();
        const phone = await second.newPage();

        await test.step('device 2: no bookmarks before signing in', async () => {
          await open(phone, '/bookmarks');
          await expect(phone.getByText('You have no bookmarked jobs yet.')).toBeVisible();
        });

        await test.step('device 2: sign in through Ghost from /bookmarks', async () => {
          await signInThroughGhost(phone, '/bookmarks');
        });

        await test.step('device 2: both jobs are on /bookmarks', async () => {
          for (const id of bookmarked) {
            await expect(cardOf(phone, { id })).toBeVisible();
            await expect(bookmarkOf(cardOf(phone, { id }))).toHaveAttribute('aria-pressed', 'true');
          }
          await expect(cards(phone)).toHaveCount(2);
          await screenshot(phone, testInfo, `real-${peer.label.replace(' ', '-')}-second-device`);
        });
      } finally {
        await first?.close();
        await second?.close();
      }
    });

    test("Ghost's token, used once, is refused when it comes again", async ({ browser }) => {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const callback = page.waitForRequest((r) =>
          r.url().startsWith(`${site.url}/ghost-callback`),
        );
        await signInThroughGhost(page, '/');
        const replay = (await callback).url();
        // The same link, opened again in a fresh browser (from a history or a log).
        const other = await browser.newContext();
        try {
          const again = await other.newPage();
          await again.goto(replay);
          await again.getByRole('button', { name: `Sign in as ${EMAIL}` }).click();
          await expect(again.getByRole('alert')).toContainText('has been used already');
        } finally {
          await other.close();
        }
      } finally {
        await context.close();
      }
    });
  });
}
