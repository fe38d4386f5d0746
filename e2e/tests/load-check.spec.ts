import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BootConfig } from '@jobboard/contract/site';
import { expect, test } from '../support/test';
import { cards, searchBox } from '../support/board';
import { liveVersion, readRemotesConfig, writeRemotesConfig } from '../support/remotes';
import { countRenderers, loadedSharedModules, SINGLETONS } from '../support/share-scope';
import { REPO_ROOT } from '../support/site';

/**
 * The load-time check (docs/frontend-delivery.md#the-load-time-check): a board release whose
 * release.json requires a shared-ui major the live shell does not provide is promoted by hand (the
 * CLI would refuse it: remotes.json and history.json written in this site's own folder). The shell
 * does not load it: the board works with the version promoted before it, the server logs the
 * shell's report, and the page still holds one copy of each shared singleton.
 */

const RELEASES = path.join(REPO_ROOT, 'releases');

test.describe('a promoted remote that does not fit the shell', () => {
  test('is not loaded: the previous version serves the board, the mismatch is reported, one copy of each singleton', async ({
    page,
    site,
  }) => {
    test.setTimeout(120_000);
    const original = readRemotesConfig();
    const live = liveVersion('mfe_board');
    const misfit = `${live}-e2e-shared-ui-9-${Date.now()}`;
    const folder = path.join(RELEASES, 'mfe-board', misfit);
    const historyFile = path.join(path.dirname(site.remotesConfig), 'history.json');
    try {
      // The fixture: the built board under a new version name, only its release.json changed.
      cpSync(path.join(RELEASES, 'mfe-board', live), folder, { recursive: true });
      const release = JSON.parse(readFileSync(path.join(folder, 'release.json'), 'utf8'));
      release.version = misfit;
      release.requires.shared['@jobboard/shared-ui'] = '^9.0.0';
      writeFileSync(path.join(folder, 'release.json'), JSON.stringify(release, null, 2));
      // Promoted by hand, as `pnpm releases promote` would record it.
      writeFileSync(
        historyFile,
        JSON.stringify([
          { app: 'mfe_board', from: null, to: live, at: '2026-11-20T10:00:00.000Z' },
          { app: 'mfe_board', from: live, to: misfit, at: '2026-11-21T10:00:00.000Z' },
        ]),
      );
      writeRemotesConfig({ ...original, mfe_board: misfit });

      await countRenderers(page);
      const hydrationErrors: string[] = [];
      page.on('console', (message) => {
        if (message.text().startsWith('hydration:')) hydrationErrors.push(message.text());
      });
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      const response = await page.goto('/');

      // The server ran the same check: the page offers the previous version and was drawn with it.
      const html = await response!.text();
      const boot = JSON.parse(
        /<script id="boot-config" type="application\/json">(.*?)<\/script>/.exec(html)![1]!,
      ) as BootConfig;
      expect(boot.remotes.mfe_board).toMatchObject({
        version: misfit,
        picked: live,
        fallbacks: [{ version: live }],
      });

      // Drawn on the server, and taken over by the browser as drawn (the same version both sides).
      expect(html).toContain('data-testid="job-card"');

      // The board works, from the previous version's files; the misfit's code is never fetched.
      const board = page.locator('[data-remote="mfe_board"]');
      await expect(board).toBeVisible();
      await expect(cards(page).first()).toBeVisible();
      expect(requested).toContain(`/assets/mfe-board/${misfit}/release.json`);
      expect(requested).toContain(`/assets/mfe-board/${live}/release.json`);
      expect(requested.filter((file) => file.startsWith(`/assets/mfe-board/${misfit}/`))).toEqual([
        `/assets/mfe-board/${misfit}/release.json`,
      ]);
      const registered = await page.evaluate(() =>
        (
          globalThis as unknown as {
            __FEDERATION__: {
              __INSTANCES__: { options: { remotes: { name: string; entry: string }[] } }[];
            };
          }
        ).__FEDERATION__.__INSTANCES__.flatMap((instance) => instance.options.remotes),
      );
      expect(
        registered
          .filter((remote) => remote.name === 'mfe_board')
          .map((remote) => new URL(remote.entry).pathname),
      ).toEqual([`/assets/mfe-board/${live}/mf-manifest.json`]);

      // The shell reported the mismatch; the server logged it.
      await site.api.outputIncludes('client error: remote-mismatch (mfe_board)');
      expect(site.api.output).toContain(`needs @jobboard/shared-ui ^9.0.0, but the shell`);

      expect(hydrationErrors).toEqual([]);

      // The board still searches (it is live, not just drawn).
      await searchBox(page).fill('grants');
      await searchBox(page).press('Enter');
      await expect(page).toHaveURL(/q=grants/);

      // The other areas in the same page: one copy of each singleton, the shell's.
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Submit Job' }).click();
      await expect(page.locator('[data-remote="mfe_submit"]')).toBeVisible();
      await page.evaluate(() => {
        window.history.pushState({}, '', '/admin/login');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await expect(page.locator('[data-remote="mfe_admin"]')).toBeVisible();
      const loaded = await loadedSharedModules(page);
      expect(loaded.renderers).toBe(1);
      expect(loaded.styleSheets).toBe(1);
      for (const name of SINGLETONS) {
        expect(loaded.copies[name], name).toHaveLength(1);
        expect(loaded.copies[name]![0], name).toMatch(/from shell$/);
      }
    } finally {
      writeRemotesConfig(original);
      rmSync(historyFile, { force: true });
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
