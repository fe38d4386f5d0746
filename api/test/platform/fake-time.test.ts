import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SYSTEM_FOLDER } from '../../vitest.config';
import { API_DIR } from '../support/source-files';

/**
 * Time is faked in the fast tier (issue 41): a test there sets the test app's clock
 * (`buildTestApp({ now })`, `t.clock.now = ...`) or fakes timers (`vi.useFakeTimers`), and never
 * waits on a real timeout or reads the real clock as the app's clock. A test that does depends
 * on the machine's speed and the day it runs. The system tests (SYSTEM_FOLDER) keep real processes
 * and real timeouts.
 *
 * Where a fast test truly needs the real clock (it runs a command-line tool, a process of its own
 * that reads it), the line, or the line above it, says so with `real-clock:` and why.
 */
const REAL_TIME = [
  { what: 'Date.now()', pattern: /\bDate\.now\(\)/ },
  { what: 'new Date() without arguments', pattern: /\bnew Date\(\s*\)/ },
  { what: 'performance.now()', pattern: /\bperformance\.now\(\)/ },
  {
    what: 'a sleep',
    pattern: /\b(sleep|delay|setTimeout)\s*\(\s*(resolve|r)\b|\bpg_sleep\b|\bsleep\(/,
  },
  { what: 'a wait on setTimeout', pattern: /new Promise[^\n]*setTimeout/ },
];
const ESCAPE = 'real-clock:';

const root = API_DIR;

function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** `file:line: what` for every use of real time in a fast-tier test file. */
export function realTimeIn(file: string, text: string): string[] {
  const lines = text.split('\n');
  return lines.flatMap((line, index) => {
    const code = line.replace(/\/\/.*$/, '');
    if (line.includes(ESCAPE) || (lines[index - 1] ?? '').includes(ESCAPE)) return [];
    return REAL_TIME.filter(({ pattern }) => pattern.test(code)).map(
      ({ what }) => `${file}:${index + 1}: ${what}`,
    );
  });
}

describe('time is faked in the fast tier', () => {
  const fast = [...testFiles('test'), ...testFiles('src')].filter(
    (file) => !file.startsWith(SYSTEM_FOLDER) && file !== 'test/platform/fake-time.test.ts',
  );

  it('finds the fast-tier test files', () => {
    expect(fast.length).toBeGreaterThan(50);
  });

  it('no fast-tier test reads the real clock or waits on a real timeout', () => {
    const found = fast.flatMap((file) =>
      realTimeIn(file, readFileSync(path.join(root, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('catches each kind, and lets an explained line through', () => {
    const sample = [
      'const at = Date.now();',
      't = await buildTestApp({ now: new Date() });',
      'const started = performance.now();',
      'await new Promise((resolve) => setTimeout(resolve, 20));',
      "await db.raw('SELECT pg_sleep(1)');",
      't.clock.now = new Date(t.clock.now.getTime() + 1000);',
      '// real-clock: the command-line tool is a process of its own',
      'const real = Date.now();',
    ].join('\n');
    expect(realTimeIn('x.test.ts', sample)).toEqual([
      'x.test.ts:1: Date.now()',
      'x.test.ts:2: new Date() without arguments',
      'x.test.ts:3: performance.now()',
      'x.test.ts:4: a sleep',
      'x.test.ts:4: a wait on setTimeout',
      'x.test.ts:5: a sleep',
    ]);
  });
});
