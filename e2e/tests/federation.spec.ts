import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/test';
import { liveVersion, readRemotesConfig, withRemotesConfig } from '../support/remotes';
import { currentSite, REPO_ROOT } from '../support/site';
import { countRenderers, loadedSharedModules, SINGLETONS } from '../support/share-scope';

test.describe('shared singletons', () => {
  test('React, styled-components, the router and the other shared modules load once', async ({
    page,
  }) => {
    // React DOM registers each renderer copy with the DevTools hook: count the registrations.
    await countRenderers(page);
    // Visit pages of all three remotes in one page load.
    await page.goto('/');
    await expect(page.locator('[data-remote="mfe_board"]')).toBeVisible();
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
      expect(new Set(loaded.copies[name]), name).toEqual(new Set([loaded.copies[name]![0]]));
      expect(loaded.copies[name]![0], name).toMatch(/from shell$/);
    }
  });
});

test.describe('a remote that is down or redeployed', () => {
  test.describe.configure({ mode: 'serial' });

  test('with the board remote unreachable, its area shows the fallback and the rest works', async ({
    page,
  }) => {
    await page.route('**/assets/mfe-board/**', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    const panel = page.getByTestId('remote-unavailable');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('This part of the site is unavailable right now');
    await expect(page.getByRole('contentinfo')).toContainText('is a thing of');
    // Other areas still work.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Submit Job' })
      .click();
    await expect(page.locator('[data-remote="mfe_submit"]')).toBeVisible();
    // The board comes back: Retry loads it without reloading the page.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Jobs' })
      .click();
    await expect(panel).toBeVisible();
    await page.unroute('**/assets/mfe-board/**');
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('[data-remote="mfe_board"]')).toBeVisible();
  });

  test('with a broken remote configuration, only that area fails', async ({ page }) => {
    await withRemotesConfig(
      (config) => ({ ...config, mfe_submit: '0.0.0-not-deployed' }),
      async () => {
        await page.goto('/submit-job');
        await expect(page.getByTestId('remote-unavailable')).toBeVisible();
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'Jobs' })
          .click();
        await expect(page.locator('[data-remote="mfe_board"]')).toBeVisible();
      },
    );
  });

  test('a remote rebuilt and redeployed while the shell runs is picked up on the next page load', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const original = readRemotesConfig();
    const before = liveVersion('mfe_board');
    await page.goto('/');
    await expect(page.locator('[data-remote="mfe_board"]')).toHaveAttribute('data-version', before);

    const version = `e2e-redeploy-${Date.now()}`;
    try {
      // Build and promote a new board exactly as a deploy would (into this run's configuration).
      execFileSync('pnpm', ['--filter', 'mfe-board', 'build'], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          BUILD_VERSION: version,
          REMOTES_CONFIG: currentSite().remotesConfig,
        },
        stdio: 'ignore',
      });
      expect(liveVersion('mfe_board')).toBe(version);
      await page.reload();
      await expect(page.locator('[data-remote="mfe_board"]')).toHaveAttribute(
        'data-version',
        version,
      );
    } finally {
      (await import('../support/remotes')).writeRemotesConfig(original);
      rmSync(path.join(REPO_ROOT, 'releases', 'mfe-board', version), {
        recursive: true,
        force: true,
      });
    }
    // Rolling back is the same one-line change.
    await page.reload();
    await expect(page.locator('[data-remote="mfe_board"]')).toHaveAttribute('data-version', before);
  });
});
