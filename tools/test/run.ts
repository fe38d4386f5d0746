/**
 * The workspace's test commands, in phases. The steps of a phase run at the same time: on two
 * cores a step that waits (on a server it started, a system test's real timeout, the browser)
 * leaves the CPU to the other. A phase starts once every step of the one before has passed; when
 * a step fails, the others of its phase are stopped and the run fails. Each line of output is
 * prefixed with its step's name, and the end shows each step's time with the machine's load.
 *
 *   pnpm test         (tsx tools/test/run.ts full)
 *   pnpm test:fast    (tsx tools/test/run.ts fast)
 *
 * TEST_TIMES_FILE=<file> appends the run's times to that file, one JSON line per run (the proof
 * script, tools/test/proof.sh, keeps them beside its log).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fastSelection, recordPass } from './affected';

interface Step {
  name: string;
  /** A root package.json script, or `--filter <package> <script>`: `pnpm <args>`. */
  pnpm: string[];
}

const ROOT = path.resolve(import.meta.dirname, '..', '..');

const PLANS: Record<string, () => Step[][]> = {
  /**
   * What a contributor runs while working: lint of the changed files, the types of the changed
   * packages and of those that depend on them, and the unit tests and the API on SQLite, each
   * without its system tests (a real build, a process, a real timeout). All at once. The first
   * run after an install takes every test; the next ones only those the files changed since the
   * last passing run can affect (./affected.ts).
   */
  fast: () => {
    const selection = fastSelection();
    const steps: Step[] = [
      { name: 'lint:changed', pnpm: ['lint:changed'] },
      { name: 'typecheck:changed', pnpm: ['typecheck:changed'] },
    ];
    if (selection.all) {
      console.log(`test:fast: every test (${selection.why})`);
      steps.push(
        { name: 'unit', pnpm: ['test:unit:fast'] },
        { name: 'api:sqlite', pnpm: ['--filter', '@jobboard/api', 'test:fast'] },
      );
      return [steps];
    }
    console.log(
      `test:fast: ${selection.changed.length} file(s) changed since the last pass` +
        `${selection.changed.length ? ` (${selection.changed.slice(0, 5).join(', ')}${selection.changed.length > 5 ? ', ...' : ''})` : ''}` +
        `: ${selection.unit.length} unit and ${selection.api.length} API test file(s)`,
    );
    if (selection.unit.length) {
      const files = selection.unit.map((file) => path.join(ROOT, file));
      steps.push({ name: 'unit', pnpm: ['test:unit:fast', ...files] });
    }
    if (selection.api.length) {
      const files = selection.api.map((file) => path.relative('api', file));
      steps.push({
        name: 'api:sqlite',
        pnpm: ['--filter', '@jobboard/api', 'test:fast', ...files],
      });
    }
    return [steps];
  },
  /**
   * Everything: lint, types and the front end's build; the unit tests and the whole API suite on
   * SQLite; the end-to-end suite (which needs the build) beside the whole API suite on
   * PostgreSQL, which needs no browser.
   */
  full: () => [
    [
      { name: 'lint', pnpm: ['lint'] },
      { name: 'typecheck', pnpm: ['typecheck'] },
      { name: 'build', pnpm: ['build'] },
    ],
    [
      { name: 'unit', pnpm: ['test:unit'] },
      { name: 'api:sqlite', pnpm: ['--filter', '@jobboard/api', 'test:sqlite'] },
    ],
    [
      { name: 'e2e', pnpm: ['--filter', 'e2e', 'test'] },
      { name: 'api:postgres', pnpm: ['--filter', '@jobboard/api', 'test:postgres'] },
    ],
  ],
};

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

interface Result {
  name: string;
  seconds: number;
  code: number | null;
  loadBefore: string;
  loadAfter: string;
}

const running = new Set<ChildProcess>();
/** Stop a step and everything it started (it leads its own process group). */
function stop(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) stop(child);
    process.exit(130);
  });
}

function runStep(step: Step, width: number, onFailure: () => void): Promise<Result> {
  const loadBefore = load();
  const started = performance.now();
  const child = spawn('pnpm', step.pnpm, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  running.add(child);
  const label = `[${step.name}]`.padEnd(width + 2);
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(`${label} ${line}\n`);
    });
    stream.on('end', () => rest && process.stdout.write(`${label} ${rest}\n`));
  }
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      const result = {
        name: step.name,
        seconds: Math.round((performance.now() - started) / 100) / 10,
        code: signal ? null : code,
        loadBefore,
        loadAfter: load(),
      };
      if (result.code !== 0) onFailure();
      resolve(result);
    });
  });
}

async function main(planName: string): Promise<number> {
  const plan = PLANS[planName]?.();
  if (!plan) {
    console.error(`usage: tsx tools/test/run.ts ${Object.keys(PLANS).join('|')}`);
    return 2;
  }
  const width = Math.max(...plan.flat().map((step) => step.name.length));
  const started = performance.now();
  const startLoad = load();
  const phases: { seconds: number; steps: Result[] }[] = [];
  let failed = false;
  for (const steps of plan) {
    const phaseStarted = performance.now();
    const results = await Promise.all(
      steps.map((step) =>
        runStep(step, width, () => {
          // One step failed: the phase has failed, stop the others.
          failed = true;
          for (const child of running) stop(child);
        }),
      ),
    );
    phases.push({
      seconds: Math.round((performance.now() - phaseStarted) / 100) / 10,
      steps: results,
    });
    if (failed) break;
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;

  console.log(`\n${planName}: ${failed ? 'FAILED' : 'passed'} in ${seconds} s`);
  console.log(`load (1, 5, 15 min) at the start ${startLoad}, at the end ${load()}`);
  phases.forEach((phase, i) => {
    console.log(`  phase ${i + 1}: ${phase.seconds} s`);
    for (const step of phase.steps) {
      const outcome = step.code === 0 ? 'passed' : step.code === null ? 'stopped' : 'FAILED';
      console.log(
        `    ${step.name.padEnd(width)}  ${String(step.seconds).padStart(6)} s  ${outcome.padEnd(7)}  load ${step.loadBefore} -> ${step.loadAfter}`,
      );
    }
  });
  // The phases after a failed one never started: name their steps, so the summary says what
  // this run did not check.
  plan.slice(phases.length).forEach((steps, i) => {
    console.log(
      `  phase ${phases.length + i + 1}: not run (${steps.map((step) => step.name).join(', ')})`,
    );
  });
  // The next `pnpm test:fast` takes only what changes after this.
  if (!failed) recordPass();
  if (process.env.TEST_TIMES_FILE) {
    appendFileSync(
      process.env.TEST_TIMES_FILE,
      `${JSON.stringify({ plan: planName, passed: !failed, seconds, startLoad, endLoad: load(), phases })}\n`,
    );
  }
  return failed ? 1 : 0;
}

process.exitCode = await main(process.argv[2] ?? 'full');
