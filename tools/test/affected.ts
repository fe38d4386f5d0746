/**
 * Which tests of the fast tier a change can affect, for `pnpm test:fast`: after the first run
 * (which runs them all), each run takes only the tests that the files changed since the last
 * passing run can reach, so a change to one file runs that file's slice, not the whole suite.
 *
 * A test is affected when:
 * - it imports, directly or through other modules, a changed module (imports of values only: a
 *   type is erased at build and changes nothing a test runs; the type check is typecheck:changed's);
 * - it sits in the API test folder of a slice a changed module reaches: the app loads each slice's
 *   plugin and routes by folder (@fastify/autoload), which no import shows, and api/test/ mirrors
 *   api/src, so api/src/jobs/... reaches test/jobs/;
 * - it reads the files themselves (READERS below): any change to what it reads.
 * Everything runs when the last pass is unknown (the first run after an install), or when a changed
 * file is not a module (configuration, a lockfile, docs, data), or a module was deleted.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { valueImports } from '../eslint/import-cycles.js';
import { packageOfSpecifier } from '../workspace-packages.js';
import { ROOT } from './changed-files';

const MODULE = /\.(?:ts|tsx|mjs|js)$/;

/** Tests whose subject is the files themselves, with the folders they read. */
const READERS: { test: RegExp; reads: RegExp }[] = [
  // The API's tests of where code lives (test/support/source-files.ts marks them: see below).
  { test: /^tools\/one-home\//, reads: /^(?:api|shell|mfe-[a-z]+|shared-ui|tools)\// },
  // The limit on a source file's length counts every module of the workspace (the bench's too).
  { test: /^tools\/one-home\/file-size\.test\.ts$/, reads: MODULE },
  { test: /^tools\/eslint\//, reads: /^(?:api\/src|api\/contract\/src|tools\/eslint)\// },
  { test: /^tools\/docs\//, reads: /^(?:api\/src|api\/contract\/src)\// },
];

/** The API's tests that read its files import this module. */
const API_FILE_READERS_MARK = 'api/test/support/source-files.ts';

export interface TestFiles {
  /** The unit tier's test files (every package but the API), relative to the repository. */
  unit: string[];
  /** The API's fast-tier test files, relative to the repository. */
  api: string[];
}

export type Selection =
  { all: true; why: string } | { all: false; changed: string[]; unit: string[]; api: string[] };

/** Each module -> the modules it imports for their values (repository-relative paths). */
export type ModuleGraph = Map<string, string[]>;

/**
 * The tests `changed` can affect (pure: the graph and the test files are given). `deleted` are
 * changed files that no longer exist.
 */
export function selectTests(
  changed: string[],
  deleted: string[],
  graph: ModuleGraph,
  tests: TestFiles,
): Selection {
  if (deleted.some((file) => MODULE.test(file))) {
    return { all: true, why: `a module was deleted (${deleted.find((f) => MODULE.test(f))})` };
  }
  const notModule = changed.find((file) => !MODULE.test(file));
  if (notModule) return { all: true, why: `${notModule} is not a module` };
  if (changed.some((file) => file.startsWith('api/migrations/'))) {
    return {
      all: true,
      why: 'a migration changed (every API test starts from the migrated schema)',
    };
  }

  const importers = new Map<string, string[]>();
  for (const [file, imports] of graph) {
    for (const target of imports) importers.set(target, [...(importers.get(target) ?? []), file]);
  }
  const reached = new Set(changed);
  const queue = [...changed];
  while (queue.length > 0) {
    for (const importer of importers.get(queue.shift()!) ?? []) {
      if (!reached.has(importer)) {
        reached.add(importer);
        queue.push(importer);
      }
    }
  }

  const apiFolders = new Set([...reached].flatMap((file) => apiTestFolderOf(file) ?? []));
  const apiChanged = changed.some((file) => file.startsWith('api/'));
  const readsApi = (test: string) =>
    apiChanged && (graph.get(test) ?? []).includes(API_FILE_READERS_MARK);
  const readsChange = (test: string) =>
    READERS.some(
      (reader) => reader.test.test(test) && changed.some((file) => reader.reads.test(file)),
    );
  const affected = (test: string) =>
    reached.has(test) ||
    readsApi(test) ||
    readsChange(test) ||
    [...apiFolders].some((folder) => test.startsWith(folder));
  return {
    all: false,
    changed,
    unit: tests.unit.filter(affected),
    api: tests.api.filter(affected),
  };
}

/**
 * The API test folder that mirrors a source file's slice: api/src/jobs/... -> api/test/jobs/,
 * api/src/platform/http/... -> api/test/platform/http/, api/src/platform/config.ts ->
 * api/test/platform/.
 */
export function apiTestFolderOf(file: string): string | undefined {
  const platform = /^api\/src\/platform\/(?:([^/]+)\/)?/.exec(file);
  if (platform) return platform[1] ? `api/test/platform/${platform[1]}/` : 'api/test/platform/';
  const slice = /^api\/src\/([^/]+)\//.exec(file);
  return slice ? `api/test/${slice[1]}/` : undefined;
}

// ---------------------------------------------------------------------------------------------
// The workspace as it is on disk.

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** The workspace's files git tracks or would track, as they are in the working tree. */
function workspaceFiles(): string[] {
  return git(['ls-files', '--cached', '--others', '--exclude-standard'])
    .split('\n')
    .filter((file) => file && existsSync(path.join(ROOT, file)));
}

const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** The module graph of the workspace's own modules (imports of values, and vi.mock's modules). */
export function workspaceGraph(files = workspaceFiles()): ModuleGraph {
  const modules = new Set(files.filter((file) => MODULE.test(file)));
  const resolve = (specifier: string, from: string): string | undefined => {
    if (!specifier.startsWith('.')) {
      const named = packageOfSpecifier(specifier);
      return named?.pkg.exports.get(named.subpath);
    }
    const base = path.posix.join(path.posix.dirname(from), specifier);
    return EXTENSIONS.map((extension) => base + extension).find((file) => modules.has(file));
  };
  const graph: ModuleGraph = new Map();
  for (const file of modules) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
    const specifiers = [
      ...valueImports(source),
      // import('x') and vi.mock('x') name modules outside the import statements.
      ...[...text.matchAll(/\b(?:import|vi\.mock)\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!),
    ];
    graph.set(
      file,
      [...new Set(specifiers.map((specifier) => resolve(specifier, file)))].filter(
        (target): target is string => target !== undefined,
      ),
    );
  }
  return graph;
}

// ---------------------------------------------------------------------------------------------
// The last passing run: HEAD then, and the content of each file that differed from it.

const STAMP = path.join(ROOT, 'node_modules', '.cache', 'test-fast', 'last-pass.json');

interface Stamp {
  head: string;
  /** Files that differed from `head` at the pass: their content's hash (null: deleted). */
  dirty: Record<string, string | null>;
}

function dirtyFiles(): string[] {
  return [
    ...git(['diff', '--name-only', 'HEAD']).split('\n'),
    ...git(['ls-files', '--others', '--exclude-standard']).split('\n'),
  ].filter(Boolean);
}

/** Each file's content hash as git names it (null when the file is gone). */
function contentHashes(files: string[]): Map<string, string | null> {
  const present = files.filter((file) => existsSync(path.join(ROOT, file)));
  const hashes = present.length
    ? execFileSync('git', ['hash-object', '--stdin-paths'], {
        cwd: ROOT,
        input: present.join('\n'),
        encoding: 'utf8',
      }).split('\n')
    : [];
  const result = new Map<string, string | null>(files.map((file) => [file, null]));
  present.forEach((file, i) => result.set(file, hashes[i]!));
  return result;
}

/** Each file's content hash in a commit (null when it has none). */
function committedHashes(commit: string, files: string[]): Map<string, string | null> {
  const result = new Map<string, string | null>(files.map((file) => [file, null]));
  if (files.length === 0) return result;
  for (const line of git(['ls-tree', '-r', commit, '--', ...files]).split('\n')) {
    const match = /^\d+ blob ([0-9a-f]+)\t(.+)$/.exec(line);
    if (match) result.set(match[2]!, match[1]!);
  }
  return result;
}

/** The files whose content differs from the last passing run's; null when there is none. */
export function changedSinceLastPass(): { changed: string[]; deleted: string[] } | null {
  if (!existsSync(STAMP)) return null;
  const stamp = JSON.parse(readFileSync(STAMP, 'utf8')) as Stamp;
  let committed: string[];
  try {
    committed = git(['diff', '--name-only', stamp.head, 'HEAD']).split('\n').filter(Boolean);
  } catch {
    return null; // that commit is gone (a rebase, a new clone)
  }
  const candidates = [...new Set([...committed, ...dirtyFiles(), ...Object.keys(stamp.dirty)])];
  const then = committedHashes(stamp.head, candidates);
  for (const [file, hash] of Object.entries(stamp.dirty)) then.set(file, hash);
  const now = contentHashes(candidates);
  const changed = candidates.filter((file) => now.get(file) !== then.get(file)).sort();
  return {
    changed: changed.filter((file) => now.get(file) !== null),
    deleted: changed.filter((file) => now.get(file) === null),
  };
}

/** Records the working tree as the last passing run's. */
export function recordPass(): void {
  const dirty = dirtyFiles();
  const stamp: Stamp = {
    head: git(['rev-parse', 'HEAD']).trim(),
    dirty: Object.fromEntries(contentHashes(dirty)),
  };
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, `${JSON.stringify(stamp, null, 1)}\n`);
}

/** The fast tier's test files, as vitest's configurations take them. */
export function fastTierTests(files = workspaceFiles()): TestFiles {
  const isTest = (file: string) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules/');
  const api = files.filter(
    (file) =>
      isTest(file) &&
      (file.startsWith('api/test/') || file.startsWith('api/src/')) &&
      !file.startsWith('api/test/system/'),
  );
  const unitPackages =
    /^(?:api\/contract|shared-ui\/kit|shared-ui\/build-config|shell|mfe-[a-z]+|tools)\//;
  const unit = files.filter(
    (file) => isTest(file) && unitPackages.test(file) && !file.endsWith('.system.test.ts'),
  );
  return { unit, api };
}

/** What `pnpm test:fast` runs now. */
export function fastSelection(): Selection {
  const since = changedSinceLastPass();
  if (!since) return { all: true, why: 'no passing run is recorded since the install' };
  const files = workspaceFiles();
  return selectTests(since.changed, since.deleted, workspaceGraph(files), fastTierTests(files));
}
