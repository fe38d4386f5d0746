import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { cards } from '../support/board';
import { expect, test, untilLive } from '../support/test';
import { readRemotesConfig, writeRemotesConfig } from '../support/remotes';
import { REPO_ROOT } from '../support/site';

/**
 * A remote's entry is pinned at promote (issue 43, finding 4): `pnpm releases promote` records the
 * SHA-384 of the entry file beside the version, and the shell loads the entry with it
 * (`integrity`); the entry carries its chunks' hashes and loads them with theirs. So a file
 * changed on the server after promote is refused by the browser before it runs: the board's area
 * shows its "unavailable" panel, and nothing of the changed file runs.
 * The board is built from this checkout under a version of its own, into the repository's releases
 * folder, and promoted in this site's own remotes configuration.
 */

const RELEASES = path.join(REPO_ROOT, 'releases');
const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const RELEASES_CLI = path.join(REPO_ROOT, 'shared-ui', 'build-config', 'src', 'release', 'cli.ts');

/** What a changed file does if it ever runs: it marks the page. */
const MARK = '__changedFileRan';

/** Write a file of a release, and the compressed copies the server sends in its place. */
function change(file: string, content: string | Buffer): void {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

test("a remote's entry or chunk changed after promote is refused before it runs: its area shows the fallback", async ({
  page,
  browser,
  site,
}) => {
  test.setTimeout(240_000);
  const original = readRemotesConfig();
  const historyFile = path.join(path.dirname(site.remotesConfig), 'history.json');
  const version = `e2e-pinned-${Date.now()}`;
  const folder = path.join(RELEASES, 'mfe-board', version);
  try {
    // A board release built from this checkout as a team builds one (not live yet).
    execFileSync('pnpm', ['--filter', 'mfe-board', 'release'], {
      cwd: REPO_ROOT,
      env: { ...process.env, BUILD_VERSION: version },
      stdio: 'ignore',
    });

    // Promoted as an operator promotes it: its entry's hash is recorded beside its version.
    execFileSync(TSX, [RELEASES_CLI, 'promote', 'mfe_board', version], {
      cwd: REPO_ROOT,
      env: { ...process.env, REMOTES_CONFIG: site.remotesConfig },
      stdio: 'pipe',
    });
    const bytes = readFileSync(path.join(folder, 'remoteEntry.js'));
    expect(readRemotesConfig().mfe_board).toEqual({
      version,
      integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
    });

    // As promoted, it loads (with its hash) and the board works.
    await page.goto('/');
    await expect(page.locator('[data-remote="mfe_board"]')).toHaveAttribute(
      'data-version',
      version,
    );
    await expect(cards(page).first()).toBeVisible();

    /** A new visitor (nothing cached) gets the page: the changed file is refused, not run. */
    const expectRefused = async (file: string) => {
      const visitor = await browser.newContext({ baseURL: site.url });
      try {
        const next = await visitor.newPage();
        const answers: string[] = [];
        next.on('response', (response) => {
          if (response.url().endsWith(`/mfe-board/${version}/${file}`))
            answers.push(response.url());
        });
        await next.goto('/');
        await untilLive(next);
        // The browser fetched the changed file and refused to run it: the board's area says it
        // is unavailable, the rest of the page works.
        const panel = next.getByTestId('remote-unavailable');
        await expect(panel, file).toBeVisible();
        await expect(panel).toContainText('The job board could not be loaded');
        expect(answers.length, file).toBeGreaterThan(0);
        expect(await next.evaluate((mark) => mark in window, MARK), file).toBe(false);
        await expect(next.getByRole('contentinfo')).toContainText('is a thing of');
      } finally {
        await visitor.close();
      }
    };

    // Changed on the server after promote: the entry, then (the entry as built) one of the
    // page's chunks, whose hash the entry carries.
    const manifest = JSON.parse(readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8'));
    const chunk = manifest.exposes
      .find((e: { path: string }) => e.path === './BoardPage')
      .assets.js.sync.at(-1) as string;
    for (const file of ['remoteEntry.js', chunk]) {
      const changed = path.join(folder, file);
      const before = readFileSync(changed);
      change(changed, `${before.toString('utf8')}\nwindow.${MARK} = true;\n`);
      try {
        await expectRefused(file);
      } finally {
        change(changed, before);
      }
    }
    // The shell reported the failed loads; the server logged them.
    await site.api.outputIncludes('client error: remote-load-failed (mfe_board)');
  } finally {
    writeRemotesConfig(original);
    rmSync(historyFile, { force: true });
    rmSync(folder, { recursive: true, force: true });
  }
});
