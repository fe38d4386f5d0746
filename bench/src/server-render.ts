/**
 * `pnpm --filter @jobboard/bench server-render`: how long the server takes to answer a page with
 * its first view drawn, on the production site (`pnpm start`) with the demo jobs and the built
 * front end (run `pnpm build` first). A figure for a change to server rendering, not a section of
 * the report: it measures the server's answer alone, no browser.
 *
 * For each of `--starts` (default 5) fresh starts of the site: the first answer of `/` and of
 * `/jobs/{id}` (cold: nothing cached, the render code never run on a page), then `--pages`
 * (default 20) more of each at addresses not asked before (warm code, no cached page). Prints the
 * median and the slowest of each, in milliseconds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median } from './report';
import { startSite } from './support/site';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value = ''] = arg.replace(/^--/, '').split('=');
    return [key!, value];
  }),
);
const starts = Number(args.get('starts') || 5);
const pages = Number(args.get('pages') || 20);

/** One answer, whole, and whether it carries a drawn first view. */
async function timed(url: string): Promise<{ ms: number; drawn: boolean }> {
  const started = performance.now();
  const res = await fetch(url);
  const body = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return {
    ms: performance.now() - started,
    drawn: !/<div id="root"><\/div>/.test(body),
  };
}

const figures = { coldHome: [], coldJob: [], warmHome: [], warmJob: [] } as Record<
  string,
  number[]
>;
let notDrawn = 0;
for (let start = 0; start < starts; start += 1) {
  const dir = mkdtempSync(path.join(tmpdir(), 'jobboard-server-render-'));
  const site = await startSite({
    env: { SEED_DEMO: 'true', SQLITE_FILE: path.join(dir, 'board.sqlite') },
  });
  try {
    const [job] = (await (await fetch(`${site.url}/api/jobs?pageSize=1`)).json()) as {
      id: string;
    }[];
    const record = (name: string, answer: { ms: number; drawn: boolean }) => {
      figures[name]!.push(answer.ms);
      if (!answer.drawn) notDrawn += 1;
    };
    record('coldHome', await timed(`${site.url}/`));
    record('coldJob', await timed(`${site.url}/jobs/${job!.id}`));
    for (let page = 0; page < pages; page += 1) {
      record('warmHome', await timed(`${site.url}/?q=${start}-${page}`));
      record('warmJob', await timed(`${site.url}/jobs/${job!.id}?p=${start}-${page}`));
    }
  } finally {
    await site.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const row = (name: string, values: number[]) =>
  `${name.padEnd(34)} median ${median(values).toFixed(1).padStart(6)} ms, slowest ${Math.max(
    ...values,
  )
    .toFixed(1)
    .padStart(6)} ms (${values.length})`;
console.log(row('/ cold (first answer after start)', figures.coldHome!));
console.log(row('/jobs/{id} cold', figures.coldJob!));
console.log(row('/ warm (new address)', figures.warmHome!));
console.log(row('/jobs/{id} warm (new address)', figures.warmJob!));
console.log(`answers without a drawn first view: ${notDrawn}`);
