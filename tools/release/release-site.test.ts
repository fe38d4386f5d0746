import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagesNamed, releaseNotesProblem, withVersionHeading } from './release-notes';

/**
 * `pnpm release:site` (release-site.ts, issue 46) in a temporary clone of this repository's
 * committed HEAD: what it refuses, then a release: the versions from the changesets, the
 * operators' notes named after the site's version, the version commit and its tag. The bundle
 * (`pnpm bundle`, its last step) is left out here (--no-bundle): the bundle's own system test
 * builds it and checks its name and checksum.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
let clone: string;

const git = (...args: string[]) => {
  const result = spawnSync('git', args, { cwd: clone, encoding: 'utf8' });
  expect(result.status, `git ${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout.trim();
};
const read = (file: string) => readFileSync(path.join(clone, file), 'utf8');
const write = (file: string, text: string) => writeFileSync(path.join(clone, file), text);
const commitAll = (message: string) => {
  git('add', '-A');
  git('commit', '--quiet', '-m', message);
};
const siteVersion = () => JSON.parse(read('api/package.json')).version as string;

/** The release script, run in the clone as `pnpm release:site --no-bundle` runs it. */
function releaseSite() {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'tools', 'release', 'release-site.ts'),
      '--no-bundle',
      '--date',
      '2026-12-01',
    ],
    { cwd: clone, encoding: 'utf8', timeout: 120_000 },
  );
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Leaves exactly these changesets pending in the clone. */
function pendingChangesets(changesets: Record<string, string>) {
  for (const file of readdirSync(path.join(clone, '.changeset'))) {
    if (file.endsWith('.md') && file !== 'README.md') rmSync(path.join(clone, '.changeset', file));
  }
  for (const [name, body] of Object.entries(changesets)) write(`.changeset/${name}.md`, body);
}

beforeAll(() => {
  clone = mkdtempSync(path.join(tmpdir(), 'jobboard-release-'));
  expect(spawnSync('git', ['clone', '--quiet', ROOT, clone]).status).toBe(0);
  // The workspace's tools (changesets, tsx) without an install; kept out of git's sight.
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(clone, 'node_modules'));
  appendFileSync(path.join(clone, '.git', 'info', 'exclude'), '/node_modules\n');
  git('config', 'user.name', 'Release test');
  git('config', 'user.email', 'release-test@board.test');
});
afterAll(() => rmSync(clone, { recursive: true, force: true }));

describe('pnpm release:site', () => {
  it('refuses a work tree with uncommitted changes', () => {
    write('stray.txt', 'not committed\n');
    const refused = releaseSite();
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('the work tree has uncommitted changes');
    rmSync(path.join(clone, 'stray.txt'));
  });

  it('refuses when no pending changeset names a package the site ships', () => {
    pendingChangesets({ bench: "---\n'@jobboard/bench': patch\n---\n\nA bench change.\n" });
    commitAll('Only the bench changed');
    const refused = releaseSite();
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('no pending changeset names a package the site ships');
  });

  it('refuses operators\' notes without their "## Unreleased" section', () => {
    pendingChangesets({ board: "---\n'mfe-board': patch\n---\n\nThe board's fix.\n" });
    const upgrading = read('UPGRADING.md');
    write('UPGRADING.md', upgrading.replace(/^## Unreleased$/m, '## Not yet'));
    commitAll('A board fix, its upgrade notes forgotten');
    const refused = releaseSite();
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('UPGRADING.md: no "## Unreleased" section');
    write('UPGRADING.md', upgrading);
    commitAll('The upgrade notes');
  });

  it('versions the packages, names the notes after the version, and tags the version commit', () => {
    const before = siteVersion();
    const released = releaseSite();
    expect(released.code, released.output).toBe(0);
    const version = siteVersion();
    // Only an app's changeset was pending: the site's version moved all the same (a patch).
    const [major, minor, patch] = before.split('.').map(Number);
    expect(version).toBe(`${major}.${minor}.${patch! + 1}`);
    expect(read('api/CHANGELOG.md')).toContain("The site's release of mfe-board");

    // The tag exists and points at the version commit, which holds the versions and the notes.
    const head = git('rev-parse', 'HEAD');
    expect(git('tag', '--list', `v${version}`)).toBe(`v${version}`);
    expect(git('rev-parse', `v${version}^{commit}`)).toBe(head);
    expect(git('log', '-1', '--format=%s')).toMatch(new RegExp(`^Release the site ${version} `));
    const changed = git('show', '--name-only', '--format=', 'HEAD').split('\n');
    for (const file of [
      'api/package.json',
      'mfe-board/package.json',
      'CHANGELOG.md',
      'UPGRADING.md',
    ]) {
      expect(changed).toContain(file);
    }
    for (const file of ['CHANGELOG.md', 'UPGRADING.md']) {
      expect(read(file)).toContain(`## ${version} (2026-12-01)`);
      expect(read(file)).not.toMatch(/^## Unreleased/m);
    }
    expect(released.output).toContain(`Tagged v${version} at ${head}.`);
    expect(git('status', '--porcelain')).toBe('');

    // Nothing pending any more: a second run has nothing to release.
    const again = releaseSite();
    expect(again.code).toBe(1);
    expect(again.output).toContain('nothing to release');
  });
});

describe('the release notes', () => {
  it('reads the packages a changeset names', () => {
    expect(
      packagesNamed(
        '---\n\'@jobboard/api\': minor\n"shell": patch\nmfe-admin: major\n---\n\nText: patch\n',
      ),
    ).toEqual(['@jobboard/api', 'shell', 'mfe-admin']);
    expect(packagesNamed('no front matter')).toEqual([]);
  });

  it('asks for an Unreleased section with something in it, and names it after the version', () => {
    expect(releaseNotesProblem('# Notes\n\n## 1.0.2 (2026-11-30)\n\n- x\n')).toMatch(
      /no "## Unreleased"/,
    );
    expect(releaseNotesProblem('# Notes\n\n## Unreleased\n\n## 1.0.2\n\n- x\n')).toMatch(
      /is empty/,
    );
    const notes = '# Notes\n\n## Unreleased\n\n- y\n\n## 1.0.2 (2026-11-30)\n\n- x\n';
    expect(releaseNotesProblem(notes)).toBeNull();
    expect(withVersionHeading(notes, '1.0.3', '2026-12-01')).toBe(
      '# Notes\n\n## 1.0.3 (2026-12-01)\n\n- y\n\n## 1.0.2 (2026-11-30)\n\n- x\n',
    );
  });
});
