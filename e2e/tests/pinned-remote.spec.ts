import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { cards } from '../support/board';
import { expect, test, untilLive } from '../support/test';
import { liveVersion, readRemotesConfig, writeRemotesConfig } from '../support/remotes';
import { REPO_ROOT } from '../support/site';

/**
 * A remote's entry is pinned at promote (issue 43, finding 4): `pnpm releases promote` records the
 * SHA-384 of the entry file beside the version, and the shell loads the entry with it
 * (`integrity`), so a file changed on the server after promote is refused by the browser before
 * it runs: the board's area shows its "unavailable" panel, and nothing of the changed file runs.
 * The board released under a version of its own (a copy of the live build), in the repository's
 * releases folder and this site's own remotes configuration.
 */

const RELEASES = path.join(REPO_ROOT, 'releases');
const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const RELEASES_CLI = path.join(REPO_ROOT, 'shared-ui', 'build-config', 'src', 'release', 'cli.ts');

/** What the changed entry does if it ever runs: it marks the page. */
const MARK = '__changedEntryRan';

test('a remote entry changed after promote is refused before it runs: its area shows the fallback', async ({
  page,
  browser,
  site,
}) => {
  test.setTimeout(120_000);
  const original = readRemotesConfig();
  const historyFile = path.join(path.dirname(site.remotesConfig), 'history.json');
  const live = liveVersion('mfe_board');
  const version = `${live}-e2e-pinned-${Date.now()}`;
  const folder = path.join(RELEASES, 'mfe-board', version);
  const entry = path.join(folder, 'remoteEntry.js');
  try {
    cpSync(path.join(RELEASES, 'mfe-board', live), folder, { recursive: true });
    const release = JSON.parse(readFileSync(path.join(folder, 'release.json'), 'utf8'));
    writeFileSync(path.join(folder, 'release.json'), JSON.stringify({ ...release, version }));

    // Promoted as an operator promotes it: its entry's hash is recorded beside its version.
    execFileSync(TSX, [RELEASES_CLI, 'promote', 'mfe_board', version], {
      cwd: REPO_ROOT,
      env: { ...process.env, REMOTES_CONFIG: site.remotesConfig },
      stdio: 'pipe',
    });
    const bytes = readFileSync(entry);
    expect(readRemotesConfig().mfe_board).toEqual({
      version,
      integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
    });

    // As promoted, it loads (with its hash) and the board works. (The copy's code names the live
    // version it was built as: where its entry came from says which one runs.)
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/');
    await expect(cards(page).first()).toBeVisible();
    await expect(page.locator('[data-remote="mfe_board"]')).toBeVisible();
    expect(requested).toContain(`/assets/mfe-board/${version}/remoteEntry.js`);

    // Changed on the server after promote (the compressed copies it is served from too).
    const changed = `${bytes.toString('utf8')}\nwindow.${MARK} = true;\n`;
    writeFileSync(entry, changed);
    writeFileSync(`${entry}.br`, brotliCompressSync(changed));
    writeFileSync(`${entry}.gz`, gzipSync(changed));

    // A visitor who has not cached the file yet (a browser of their own).
    const visitor = await browser.newContext({ baseURL: site.url });
    try {
      const next = await visitor.newPage();
      const entryAnswers: string[] = [];
      next.on('response', (response) => {
        if (response.url().endsWith(`/mfe-board/${version}/remoteEntry.js`)) {
          entryAnswers.push(response.url());
        }
      });
      await next.goto('/');
      await untilLive(next);

      // The browser fetched the changed file and refused to run it: the board's area says it
      // is unavailable, the rest of the page works.
      const panel = next.getByTestId('remote-unavailable');
      await expect(panel).toBeVisible();
      await expect(panel).toContainText('The job board could not be loaded');
      expect(entryAnswers.length).toBeGreaterThan(0);
      expect(await next.evaluate((mark) => mark in window, MARK)).toBe(false);
      await expect(next.getByRole('contentinfo')).toContainText('is a thing of');
      // The shell reported it; the server logged it.
      await site.api.outputIncludes('client error: remote-load-failed (mfe_board)');
    } finally {
      await visitor.close();
    }
  } finally {
    writeRemotesConfig(original);
    rmSync(historyFile, { force: true });
    rmSync(folder, { recursive: true, force: true });
  }
});
