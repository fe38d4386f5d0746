/**
 * Lints what this branch changed: the files that differ from where it left main (their
 * merge-base; HEAD when there is no main, e.g. on main itself), committed or not, and new files
 * git does not ignore. ESLint (with `pnpm lint`'s cache) on the code among them, prettier on all.
 * `pnpm test:fast` runs it; LINT_BASE=<commit> compares with another commit.
 *
 *   pnpm lint:changed
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CODE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

function git(args: string[]): string | null {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return result.status === 0 ? result.stdout : null;
}

const base = process.env.LINT_BASE ?? git(['merge-base', 'HEAD', 'main'])?.trim() ?? 'HEAD';
const changed = [
  ...(git(['diff', '--name-only', '--diff-filter=ACMR', base]) ?? '').split('\n'),
  ...(git(['ls-files', '--others', '--exclude-standard']) ?? '').split('\n'),
];
const files = [...new Set(changed.filter(Boolean))].filter((file) =>
  existsSync(path.join(ROOT, file)),
);

console.log(`lint:changed: ${files.length} file(s) changed since ${base.slice(0, 12)}`);
if (files.length === 0) process.exit(0);

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  return result.status ?? 1;
}

const code = files.filter((file) => CODE.test(file));
let failed = 0;
if (code.length) {
  failed += run('pnpm', [
    'exec',
    'eslint',
    '--cache',
    '--cache-strategy',
    'content',
    '--cache-location',
    'node_modules/.cache/eslint/',
    '--no-warn-ignored',
    ...code,
  ]);
}
failed += run('pnpm', ['exec', 'prettier', '--check', '--ignore-unknown', ...files]);
process.exit(failed ? 1 : 0);
