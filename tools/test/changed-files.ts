/**
 * What this branch changed: the files that differ from where it left main (their merge-base;
 * HEAD when there is no main, e.g. on main itself), committed or not, and new files git does not
 * ignore. `CHANGED_BASE=<commit>` compares with another commit. Shared by `pnpm lint:changed` and
 * `pnpm typecheck:changed`, so both look at the same change.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

function git(args: string[]): string | null {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return result.status === 0 ? result.stdout : null;
}

/**
 * The commit this branch is compared with: CHANGED_BASE, or where it left main; null when there
 * is neither (a clone without main, as CI's may be).
 */
export function changedBase(): string | null {
  return process.env.CHANGED_BASE ?? git(['merge-base', 'HEAD', 'main'])?.trim() ?? null;
}

export function changedFiles(): { base: string; files: string[] } {
  const base = changedBase() ?? 'HEAD';
  const changed = [
    ...(git(['diff', '--name-only', '--diff-filter=ACMRD', base]) ?? '').split('\n'),
    ...(git(['ls-files', '--others', '--exclude-standard']) ?? '').split('\n'),
  ];
  return { base, files: [...new Set(changed.filter(Boolean))] };
}

/** Changed files that still exist (a deleted file has nothing to lint). */
export function existing(files: string[]): string[] {
  return files.filter((file) => existsSync(path.join(ROOT, file)));
}
