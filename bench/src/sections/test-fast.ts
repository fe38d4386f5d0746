/**
 * The contributor's loop (issue 41): `pnpm test:fast` in a fresh clone of this commit, first right
 * after the README's install (every test of the tier: nothing is recorded yet), then after a
 * one-line change to one file of an API slice, then to one file of a front end (only the tests
 * the change can reach: tools/test/affected.ts). The clone shares the machine's pnpm store, as a
 * contributor's second clone would.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { atMost, table, type Check, type SectionResult } from '../report';
import { REPO_ROOT } from '../support/site';

const TARGET_FIRST_S = 120;
const TARGET_CHANGE_S = 60;

/** The one-line changes measured: a comment added at the end of one file. */
const CHANGES = [
  { file: 'api/src/proposals/proposals-service.ts', what: 'one file of an API slice' },
  { file: 'mfe-board/src/features/jobs/components/JobCard.tsx', what: 'one front-end component' },
];

interface Run {
  what: string;
  seconds: number;
  passed: boolean;
  /** The step lines of the run's summary: "unit 80.1 s passed". */
  steps: string[];
  /** What test:fast chose: "every test (...)" or "N unit and M API test file(s)". */
  chose: string;
}

function run(
  cwd: string,
  command: string,
  args: string[],
): { seconds: number; output: string; ok: boolean } {
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  return {
    seconds: (performance.now() - started) / 1000,
    output: `${result.stdout}${result.stderr}`,
    ok: result.status === 0,
  };
}

function testFast(cwd: string, what: string): Run {
  const { seconds, output, ok } = run(cwd, 'pnpm', ['test:fast']);
  const steps = [...output.matchAll(/^ {4}(\S+)\s+([\d.]+) s {2}(\w+)/gm)].map(
    (m) => `${m[1]} ${m[2]} s ${m[3]}`,
  );
  const chose = /^test:fast: (.+)$/m.exec(output)?.[1] ?? '?';
  return { what, seconds, passed: ok, steps, chose: chose.replace(/^.*?: (?=\d+ unit)/, '') };
}

export async function testFastSection(): Promise<SectionResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-test-fast-'));
  try {
    const clone = path.join(dir, 'board');
    run(dir, 'git', ['clone', '--quiet', REPO_ROOT, clone]);
    const shared = path.resolve(REPO_ROOT, '..', 'shared');
    if (existsSync(shared)) symlinkSync(shared, path.join(dir, 'shared'));
    const install = run(clone, 'pnpm', ['install', '--frozen-lockfile', '--prefer-offline']);
    if (!install.ok) throw new Error(`pnpm install failed in the clone:\n${install.output}`);

    const runs = [testFast(clone, 'first run after the install')];
    for (const change of CHANGES) {
      appendFileSync(path.join(clone, change.file), '// a one-line change\n');
      runs.push(testFast(clone, `a one-line change to ${change.what} (\`${change.file}\`)`));
    }

    const [first, ...changes] = runs;
    const checks: Check[] = [
      atMost('`pnpm test:fast`, first run after the install', first!.seconds, TARGET_FIRST_S, 's'),
      ...changes.map((r) =>
        atMost(`\`pnpm test:fast\`, ${r.what}`, r.seconds, TARGET_CHANGE_S, 's'),
      ),
    ];
    for (const r of runs) {
      if (!r.passed) {
        checks.push({
          figure: `\`pnpm test:fast\`, ${r.what}: passed`,
          measured: 'failed',
          target: 'passed',
          pass: false,
        });
      }
    }
    const body = [
      `A fresh clone of this commit, \`pnpm install --frozen-lockfile --prefer-offline\` (${install.seconds.toFixed(0)} s, from the machine's pnpm store), then \`pnpm test:fast\` three times: first with nothing recorded (every test of the tier), then after each one-line change (only the tests the change can reach).`,
      '',
      table(
        ['Run', 'Time', 'What it ran', 'Steps (at once, on 2 cores)'],
        runs.map((r) => [r.what, `${r.seconds.toFixed(1)} s`, r.chose, r.steps.join(', ')]),
      ),
    ].join('\n');
    return { title: "The contributor's loop: `pnpm test:fast`", body, checks };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
