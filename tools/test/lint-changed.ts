/**
 * Lints what this branch changed (./changed-files.ts: since it left main, committed or not, and
 * new files): ESLint (with `pnpm lint`'s cache) on the code among them, prettier on all.
 * `pnpm test:fast` runs it; CHANGED_BASE=<commit> compares with another commit.
 *
 *   pnpm lint:changed
 */
import { spawnSync } from 'node:child_process';
import { changedFiles, existing, ROOT } from './changed-files';

const CODE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

const { base, files: changed } = changedFiles();
const files = existing(changed);

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
