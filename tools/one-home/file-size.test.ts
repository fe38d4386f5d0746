import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No source file over 500 lines (issue 41): a file that long holds more than one thing, and a
 * reader cannot see what it is from its name. Past the limit, split it along its seams and
 * re-export what its importers need (api/contract/src/pay.ts and pay/, api/src/platform/config.ts
 * and config/); data belongs in a data file (api/src/seed/demo-jobs.json).
 *
 * Counted: every .ts, .tsx, .js and .mjs file git tracks (or would: new files it does not
 * ignore), but tests (*.test.*, *.spec.*, __tests__/, test/, e2e/), migrations (history, never
 * rewritten) and declaration files.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const MAX_LINES = 500;

/** Whether `file` (relative to the workspace, with /) is a source file the limit holds for. */
function isLimitedSource(file: string): boolean {
  if (!/\.(ts|tsx|js|mjs)$/.test(file) || file.endsWith('.d.ts')) return false;
  if (/\.(test|spec)\.[^/]+$/.test(file)) return false;
  const folders = file.split('/').slice(0, -1);
  return !folders.some((folder) => ['__tests__', 'test', 'e2e', 'migrations'].includes(folder));
}

/** Lines as `wc -l` counts them: a last line without a newline is not counted. */
function lineCount(file: string): number {
  return (readFileSync(path.join(ROOT, file), 'utf8').match(/\n/g) ?? []).length;
}

function workspaceFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  // A file deleted but not yet committed is still listed: only what is there counts.
  return [...new Set(listed.split('\0').filter(Boolean))].filter((file) =>
    existsSync(path.join(ROOT, file)),
  );
}

describe('no source file over 500 lines', () => {
  const sources = workspaceFiles().filter(isLimitedSource);

  it('reads the whole workspace', () => {
    expect(sources.length).toBeGreaterThan(500);
    for (const file of ['api/src/server.ts', 'shell/src/server.tsx', 'api/scripts/build.mjs']) {
      expect(sources).toContain(file);
    }
  });

  it('leaves out tests, migrations and declarations, and only those', () => {
    const left = [
      'api/test/support/test-app.ts',
      'api/contract/src/__tests__/pay.test.ts',
      'mfe-admin/src/app/__tests__/DashboardPage.test.tsx',
      'shared-ui/kit/src/Button.spec.tsx',
      'e2e/tests/board.spec.ts',
      'api/migrations/20260101000000_jobs.ts',
      'shell/src/env.d.ts',
      'api/src/seed/demo-jobs.json',
    ];
    expect(left.filter(isLimitedSource)).toEqual([]);
    const kept = ['api/src/testing.ts', 'api/src/contest.ts', 'bench/src/run.ts', 'x/y.mjs'];
    expect(kept.filter(isLimitedSource)).toEqual(kept);
  });

  it(`holds every source file to ${MAX_LINES} lines`, () => {
    const over = sources
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .sort((a, b) => b.lines - a.lines)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over, `over ${MAX_LINES} lines: split each along its seams`).toEqual([]);
  });
});
