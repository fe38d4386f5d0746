import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { NEWSLETTER_MESSAGES } from '@jobboard/contract/admin';
import { ApiProcess, SmtpPeer } from '@jobboard/api/test-support';
import { expect, test, type Page } from '@playwright/test';
import { GhostSite } from '../peers/ghost/ghost-site';
import { GHOST_PEERS, installedGhost } from '../peers/ghost/install';
import { screenshot } from '../support/screenshot';
import { ADMIN, SITE_ENV, copyDatabase, specDir, templateDatabase } from '../support/site';
import { APP_READY } from '../support/test';

/**
 * The newsletter block against a real Ghost (issue 44): each pinned release the interop suite
 * installs from the registry (e2e/peers, the same cached install as ghost-interop.spec.ts), run on
 * SQLite. A custom integration is made in it through its Admin API with the staff session, and the
 * board started with that integration's Admin API key (GHOST_ADMIN_API_KEY). An editor previews
 * the week's block on /admin/newsletter and sends it; the draft is read back through Ghost's
 * Admin API (HTML and Lexical) with every job's title and its counted link. Then the integration
 * is deleted in Ghost: the next send gets the board's clear message, and nothing is recorded.
 */

/** A job of the block as the preview's frame links it. */
interface BlockLink {
  title: string;
  href: string;
}

/** Text as Ghost writes it in its HTML (quotes stay as they are in text). */
const asHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

for (const peer of GHOST_PEERS) {
  test.describe(`the newsletter with a real ${peer.label} (${peer.version})`, () => {
    test.describe.configure({ mode: 'serial', timeout: 180_000 });

    let smtp: SmtpPeer;
    let ghost: GhostSite;
    let site: ApiProcess;
    let integration: { id: string; adminApiKey: string };

    test.beforeAll(async () => {
      test.setTimeout(300_000);
      const installed = installedGhost(peer);
      if (!installed) {
        throw new Error(`${peer.label} is not installed: run \`pnpm --filter e2e peers\` first`);
      }
      const sqlite = path.join(specDir(`newsletter-ghost-${peer.version}`), 'board.sqlite');
      copyDatabase(templateDatabase(), sqlite); // the run's seeded database: this week's demo jobs
      smtp = await new SmtpPeer().start();
      ghost = await GhostSite.start(installed, { smtpPort: smtp.port });
      await ghost.setUp();
      integration = await ghost.addIntegration('Job board newsletter');
      site = await ApiProcess.start({
        database: { client: 'sqlite', filename: sqlite },
        env: {
          ...SITE_ENV,
          GHOST_URL: ghost.url,
          GHOST_ADMIN_API_KEY: integration.adminApiKey,
        },
        startTimeoutMs: 120_000,
      });
    });

    test.afterAll(async () => {
      await site?.stop();
      await ghost?.stop();
      await smtp?.stop();
    });

    async function openNewsletter(page: Page) {
      await page.goto(`${site.url}/admin/login`);
      await page.locator(APP_READY).waitFor({ state: 'attached' });
      await page.getByLabel('Username').fill(ADMIN.username);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('heading', { name: 'Job Listings Admin' })).toBeVisible();
      await page
        .getByRole('navigation', { name: 'Admin' })
        .getByRole('link', { name: 'Newsletter' })
        .click();
      await expect(page.getByRole('heading', { name: 'Newsletter', level: 1 })).toBeVisible();
    }

    const blockOf = (page: Page) => page.getByRole('region', { name: 'The block' });
    const sentList = (page: Page) => page.getByRole('region', { name: 'Sent to Ghost' });

    /** Preview the block; the jobs its frame links, in order. */
    async function preview(page: Page): Promise<BlockLink[]> {
      const block = blockOf(page);
      await block.getByRole('button', { name: 'Preview' }).click();
      await expect(block.getByText(/^Title in Ghost: New jobs: /)).toBeVisible();
      const frame = block.frameLocator('iframe[title="The block as it will look"]');
      await expect(frame.getByRole('heading', { name: 'More new jobs' })).toBeVisible();
      // Every job's link, in the block's order (the board's own link at its end is no job's).
      return frame.locator('a[href*="/jobs/"]').evaluateAll((anchors) =>
        anchors.map((a) => ({
          title: a.textContent ?? '',
          href: a.getAttribute('href') ?? '',
        })),
      );
    }

    let draftId = '';
    let sentJobs: BlockLink[] = [];

    test("an editor sends the week's block: Ghost holds it as a draft, every job with its counted link", async ({
      page,
    }, testInfo) => {
      await openNewsletter(page);
      await expect(page.getByText(`Ghost: ${ghost.url}`)).toBeVisible();
      await expect(page.getByText('Admin API key: set')).toBeVisible();
      const block = blockOf(page);
      await block
        .getByLabel('Intro (optional)')
        .fill('The roles published on the board this week.');
      sentJobs = await preview(page);
      // The seeded board's week: its demo jobs, the paid demo listing leading the block.
      expect(sentJobs.length).toBeGreaterThan(5);
      await expect(block.getByText(/jobs, [1-9]\d* of them bought the newsletter/)).toBeVisible();
      for (const job of sentJobs) {
        expect(job.href).toMatch(new RegExp(`^${site.url}/jobs/\\d+\\?via=newsletter$`));
      }
      await screenshot(page, testInfo, `newsletter-preview-${peer.label.replace(' ', '-')}`);
      const drawn = testInfo.outputPath(`newsletter-frame-${peer.label.replace(' ', '-')}.png`);
      await block.locator('iframe').screenshot({ path: drawn });
      await testInfo.attach('the block as drawn', { path: drawn, contentType: 'image/png' });

      const draftsBefore = await ghost.drafts();
      await block.getByRole('button', { name: 'Send to Ghost as a draft' }).click();
      await expect(block.getByText(NEWSLETTER_MESSAGES.sent)).toBeVisible();
      const editUrl = await block
        .getByRole('link', { name: 'Open the draft in Ghost' })
        .getAttribute('href');
      expect(editUrl).toMatch(new RegExp(`^${ghost.url}/ghost/#/editor/post/[0-9a-f]{24}$`));
      draftId = editUrl!.split('/').pop()!;
      expect(await ghost.drafts()).toEqual(expect.arrayContaining([...draftsBefore, draftId]));

      // The draft as Ghost's Admin API answers it: a draft, every job's title and counted link.
      const post = await ghost.post(draftId, ['html', 'lexical']);
      expect(post.status).toBe('draft');
      expect(post.title).toMatch(/^New jobs: /);
      const html = String(post.html);
      const lexical = String(post.lexical);
      expect(html).toContain('The roles published on the board this week.');
      expect(html).toContain('Featured jobs');
      for (const job of sentJobs) {
        expect(html).toContain(`href="${job.href}"`);
        expect(html).toContain(asHtml(job.title));
        expect(lexical).toContain(JSON.stringify(job.href).slice(1, -1));
        expect(lexical).toContain(JSON.stringify(job.title).slice(1, -1));
      }
      // The draft as Ghost's Admin API answers it, kept with the run's results (the closing note).
      const answer = testInfo.outputPath(`ghost-draft-${peer.label.replace(' ', '-')}.json`);
      writeFileSync(
        answer,
        JSON.stringify(
          { id: post.id, status: post.status, title: post.title, html, lexical: post.lexical },
          null,
          2,
        ),
      );
      await testInfo.attach("the draft as Ghost's Admin API answers it", {
        path: answer,
        contentType: 'application/json',
      });

      await expect(
        sentList(page).getByRole('link', { name: `Open ${String(post.title)} in Ghost` }),
      ).toHaveAttribute('href', editUrl!);
      await screenshot(page, testInfo, `newsletter-sent-${peer.label.replace(' ', '-')}`);
    });

    test("a deleted integration's key gets the board's clear message, and nothing is recorded", async ({
      page,
    }) => {
      await ghost.deleteIntegration(integration.id);
      const drafts = await ghost.drafts();
      await openNewsletter(page);
      await expect(sentList(page).getByRole('row')).toHaveCount(2); // the header and one issue
      await preview(page);
      await blockOf(page).getByRole('button', { name: 'Send to Ghost as a draft' }).click();
      await expect(blockOf(page).getByRole('alert')).toHaveText(NEWSLETTER_MESSAGES.keyRefused);
      expect(await ghost.drafts()).toEqual(drafts);
      await page.reload();
      await expect(sentList(page).getByRole('row')).toHaveCount(2);
      expect((await ghost.post(draftId, ['html'])).status).toBe('draft');
    });
  });
}
