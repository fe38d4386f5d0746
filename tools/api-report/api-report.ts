/**
 * The API reports of the workspace's versioned packages (the runtime kit, build-config,
 * test-utils and each subpath of the contract), kept in `<package>/etc/<entry>.api.md` and
 * written by API Extractor (extract.ts).
 *
 *   pnpm api:report   (write)  rewrites the reports from the source
 *   pnpm lint         (check)  fails when
 *     (a) a report is not what the source gives now ("run pnpm api:report"), or
 *     (b) a package's reports differ from its reports at the base commit (tools/test/
 *         changed-files.ts: CHANGED_BASE or where the branch left main) while its version is the
 *         base's and no pending changeset (.changeset/*.md) names it.
 *
 * With a base, only the packages with files changed since it are extracted (API Extractor takes
 * seconds per entry), or all of them when this tool or the root configuration changed, or when
 * nothing changed (main itself); without one, all are checked and (b) is skipped, saying so.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { changedBase, changedFiles } from '../test/changed-files';
import { changesetPackages, staleReports, versionProblem, type Reports } from './decide';
import {
  committedReports,
  generateReports,
  REPORTED_PACKAGES,
  ROOT,
  type ReportedPackage,
} from './extract';
import { MESSAGES } from './messages';

/** A change here may change every report. */
const AFFECTS_ALL = [
  'tools/api-report/',
  'tsconfig.base.json',
  'tsconfig.web.json',
  'pnpm-lock.yaml',
  'package.json',
];

function git(args: string[]): string | null {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return result.status === 0 ? result.stdout : null;
}

function inScope(base: string | null): ReportedPackage[] {
  if (base === null) return REPORTED_PACKAGES;
  const { files } = changedFiles();
  // Nothing changed since the base: this is main itself (CI's clean clone, where the merge-base
  // is HEAD). Every report is checked then, so a stale one that reached main is still caught.
  if (files.length === 0) return REPORTED_PACKAGES;
  if (
    files.some((file) =>
      AFFECTS_ALL.some(
        (prefix) => file === prefix || (prefix.endsWith('/') && file.startsWith(prefix)),
      ),
    )
  ) {
    return REPORTED_PACKAGES;
  }
  return REPORTED_PACKAGES.filter((pkg) => files.some((file) => file.startsWith(`${pkg.dir}/`)));
}

/** The package's reports at the base commit; null when it had none there. */
function baseReports(base: string, pkg: ReportedPackage): Reports | null {
  const listed = git(['ls-tree', '--name-only', `${base}:${pkg.dir}/etc`]);
  if (listed === null) return null;
  const reports: Reports = new Map();
  for (const file of listed.split('\n').filter((name) => name.endsWith('.api.md'))) {
    const text = git(['show', `${base}:${pkg.dir}/etc/${file}`]);
    if (text !== null) reports.set(file.slice(0, -'.api.md'.length), text);
  }
  return reports.size ? reports : null;
}

function versionAt(base: string, pkg: ReportedPackage): string | null {
  const text = git(['show', `${base}:${pkg.dir}/package.json`]);
  return text === null ? null : (JSON.parse(text).version ?? null);
}

/** Every package a pending changeset names. */
function pendingChangesets(): Set<string> {
  const dir = path.join(ROOT, '.changeset');
  if (!existsSync(dir)) return new Set();
  return new Set(
    readdirSync(dir)
      .filter((file) => file.endsWith('.md') && file !== 'README.md')
      .flatMap((file) => changesetPackages(readFileSync(path.join(dir, file), 'utf8'))),
  );
}

function write(): void {
  for (const pkg of REPORTED_PACKAGES) {
    const generated = generateReports(pkg);
    const etc = path.join(ROOT, pkg.dir, 'etc');
    mkdirSync(etc, { recursive: true });
    for (const entry of committedReports(pkg).keys()) {
      if (!generated.has(entry)) {
        rmSync(path.join(etc, `${entry}.api.md`));
        console.log(MESSAGES.removed(path.join(pkg.dir, 'etc', `${entry}.api.md`)));
      }
    }
    for (const [entry, text] of generated) {
      writeFileSync(path.join(etc, `${entry}.api.md`), text);
      console.log(MESSAGES.written(path.join(pkg.dir, 'etc', `${entry}.api.md`)));
    }
  }
}

function check(): number {
  const started = performance.now();
  const base = changedBase();
  if (base === null) console.log(MESSAGES.noBase);
  const packages = inScope(base);
  console.log(
    MESSAGES.scope(
      packages.map((pkg) => pkg.name),
      base,
    ),
  );
  const changesets = base === null ? new Set<string>() : pendingChangesets();
  const problems: string[] = [];
  for (const pkg of packages) {
    const committed = committedReports(pkg);
    problems.push(...staleReports(pkg.name, generateReports(pkg), committed));
    if (base === null) continue;
    const version = JSON.parse(readFileSync(path.join(ROOT, pkg.dir, 'package.json'), 'utf8'))
      .version as string;
    const problem = versionProblem({
      name: pkg.name,
      baseReports: baseReports(base, pkg),
      reports: committed,
      baseVersion: versionAt(base, pkg),
      version,
      changesetPackages: changesets,
    });
    if (problem) problems.push(problem);
  }
  for (const problem of problems) console.error(problem);
  console.log(MESSAGES.upToDate(packages.length, (performance.now() - started) / 1000));
  return problems.length ? 1 : 0;
}

const [command, ...rest] = process.argv.slice(2);
if (rest.length || (command !== 'write' && command !== 'check')) {
  console.error(MESSAGES.usage);
  process.exit(2);
}
try {
  if (command === 'write') write();
  else process.exitCode = check();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
