/**
 * `pnpm release:site [--no-bundle] [--date YYYY-MM-DD]`: a release of the site (issue 46).
 *
 *   1. refuses a work tree with uncommitted changes, pending changesets that name nothing the
 *      site ships, and a CHANGELOG.md or UPGRADING.md without its `## Unreleased` notes;
 *   2. makes sure the site's version moves: it is the API package's (api/src/platform/version.ts
 *      says why), so when the changesets name only other shipped packages (an app, the kit) a
 *      patch changeset of the API is added, saying which;
 *   3. `changeset version`: every package's version and changelog, the API's among them;
 *   4. names the `## Unreleased` sections of CHANGELOG.md and UPGRADING.md after that version;
 *   5. commits, and tags the commit `v<version>` (annotated);
 *   6. `pnpm bundle` from the tagged commit (unless --no-bundle): the tarball and SHA256SUMS.
 *
 * Nothing is pushed: `git push --follow-tags` is the maintainer's. Run in the repository's root
 * (its working directory), with the workspace installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  SITE_PACKAGE,
  SHIPPED_PACKAGES,
  packagesNamed,
  releaseNotesProblem,
  withVersionHeading,
} from './release-notes';

const ROOT = process.cwd();
const args = process.argv.slice(2);
const bundle = !args.includes('--no-bundle');
const dateArg = args.indexOf('--date');
const date = dateArg >= 0 ? args[dateArg + 1]! : new Date().toISOString().slice(0, 10);

function fail(message: string): never {
  console.error(`release:site: ${message}`);
  process.exit(1);
}

function run(command: string, commandArgs: string[]): string {
  const result = spawnSync(command, commandArgs, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) {
    fail(`${command} ${commandArgs.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

const git = (...gitArgs: string[]) => run('git', gitArgs).trim();
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const siteVersion = () => JSON.parse(read('api/package.json')).version as string;

if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) fail(`--date must be YYYY-MM-DD (got "${date}")`);

// 1. What is released must be committed, and said for operators.
if (git('status', '--porcelain')) {
  fail('the work tree has uncommitted changes: commit or stash them first (git status).');
}
const changesetDir = path.join(ROOT, '.changeset');
const changesets = readdirSync(changesetDir).filter(
  (file) => file.endsWith('.md') && file !== 'README.md',
);
const named = new Set(
  changesets.flatMap((file) => packagesNamed(readFileSync(path.join(changesetDir, file), 'utf8'))),
);
const shipped = [...named].filter((name) => SHIPPED_PACKAGES.includes(name));
if (!shipped.length) {
  fail(
    `no pending changeset names a package the site ships (${SHIPPED_PACKAGES.join(', ')}): nothing to release.`,
  );
}
for (const file of ['CHANGELOG.md', 'UPGRADING.md']) {
  const problem = releaseNotesProblem(read(file));
  if (problem) fail(`${file}: ${problem}`);
}

// 2. The site's version moves with anything it ships.
if (!named.has(SITE_PACKAGE)) {
  writeFileSync(
    path.join(changesetDir, `site-release-${date}.md`),
    `---\n'${SITE_PACKAGE}': patch\n---\n\nThe site's release of ${shipped.sort().join(', ')} (pnpm release:site).\n`,
  );
}

// 3. Every package's version and changelog.
const before = siteVersion();
run(process.execPath, [path.join(ROOT, 'node_modules', '@changesets', 'cli', 'bin.js'), 'version']);
const version = siteVersion();
if (version === before) fail(`changeset version left ${SITE_PACKAGE} at ${version}.`);
const tag = `v${version}`;
if (
  spawnSync('git', ['rev-parse', '--verify', '--quiet', `refs/tags/${tag}`], { cwd: ROOT })
    .status === 0
) {
  fail(`the tag ${tag} exists already.`);
}

// 4. The operators' notes, under the version's name.
for (const file of ['CHANGELOG.md', 'UPGRADING.md']) {
  writeFileSync(path.join(ROOT, file), withVersionHeading(read(file), version, date));
}

// 5. The version's commit and its tag.
git('add', '-A');
git(
  'commit',
  '--quiet',
  '-m',
  `Release the site ${version} (pnpm release:site): changeset version, and the operators' notes of ${version} in CHANGELOG.md and UPGRADING.md`,
);
git('tag', '--annotate', tag, '--message', `The job board ${version}`);
console.log(`Tagged ${tag} at ${git('rev-parse', 'HEAD')}.`);

// 6. The bundle, made from the tagged commit (its bundle.json names it).
if (bundle) {
  run('pnpm', ['bundle']);
  const tarball = readdirSync(path.join(ROOT, 'dist')).find((file) =>
    file.startsWith(`jobboard-${version}-`),
  );
  if (!tarball || !existsSync(path.join(ROOT, 'dist', 'SHA256SUMS'))) {
    fail('pnpm bundle wrote no tarball of this version.');
  }
  console.log(`Bundle: dist/${tarball} and dist/SHA256SUMS.`);
}
console.log(`Push it with: git push --follow-tags`);
