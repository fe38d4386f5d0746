/**
 * Lighthouse's breakdown of the start-up on the four pages (issue 31 profiling aid): per page,
 * TBT, performance, the long tasks with their script and duration, and each script's bootup time.
 *   pnpm --filter @jobboard/bench lighthouse-profile [runs]   (docs/testing.md)
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS } from './sections/front-end';
import { startSite } from './support/site';

const runs = Number(process.argv[2] ?? 1);
const out = process.env.PROFILE_OUT ?? tmpdir();
const dir = mkdtempSync(path.join(tmpdir(), 'lh-profile-'));
const site = await startSite({
  env: { SEED_DEMO: 'true', SQLITE_FILE: path.join(dir, 'board.sqlite') },
});
try {
  const [first] = (await (await fetch(`${site.url}/api/jobs?pageSize=1`)).json()) as {
    id: string;
  }[];
  const pages = ['/', `/jobs/${first!.id}`, '/submit-job', '/job-list'];
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    for (const page of pages) {
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(`${site.url}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
        });
        const lhr = result!.lhr;
        const name = page.replace(first!.id, 'id').replace(/\//g, '_') || '_';
        writeFileSync(path.join(out, `lhr${name}-${run}.json`), JSON.stringify(lhr));
        const a = (id: string) => lhr.audits[id];
        const short = (url: string) => url.replace(site.url, '').replace(/\?.*/, '');
        console.log(
          `\n== ${page} run ${run}: perf ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}` +
            ` TBT ${Math.round(a('total-blocking-time')?.numericValue ?? NaN)} ms` +
            ` FCP ${Math.round(a('first-contentful-paint')?.numericValue ?? NaN)}` +
            ` LCP ${Math.round(a('largest-contentful-paint')?.numericValue ?? NaN)}` +
            ` TTI ${Math.round(a('interactive')?.numericValue ?? NaN)}` +
            ` SI ${Math.round(a('speed-index')?.numericValue ?? NaN)}`,
        );
        const tasks =
          (
            a('long-tasks')?.details as {
              items?: { url: string; duration: number; startTime: number }[];
            }
          )?.items ?? [];
        console.log(
          `long tasks: ${tasks.length}, total ${Math.round(tasks.reduce((s, t) => s + t.duration, 0))} ms`,
        );
        for (const t of tasks)
          console.log(
            `  ${Math.round(t.startTime)}  ${Math.round(t.duration)} ms  ${short(t.url)}`,
          );
        const boot =
          (
            a('bootup-time')?.details as {
              items?: {
                url: string;
                total: number;
                scripting: number;
                scriptParseCompile: number;
              }[];
            }
          )?.items ?? [];
        console.log('bootup:');
        for (const b of boot)
          console.log(
            `  ${Math.round(b.total)} total, ${Math.round(b.scripting)} script, ${Math.round(b.scriptParseCompile)} parse  ${short(b.url)}`,
          );
        const groups =
          (
            a('mainthread-work-breakdown')?.details as {
              items?: { group: string; duration: number }[];
            }
          )?.items ?? [];
        console.log(
          'main thread: ' + groups.map((g) => `${g.group} ${Math.round(g.duration)}`).join(', '),
        );
        const net =
          (
            a('network-requests')?.details as {
              items?: { url: string; resourceType?: string; transferSize?: number }[];
            }
          )?.items ?? [];
        const scripts = net.filter((n) => n.resourceType === 'Script');
        console.log(
          `scripts: ${scripts.length}, ${(scripts.reduce((s, n) => s + (n.transferSize ?? 0), 0) / 1024).toFixed(1)} KB`,
        );
        for (const s of scripts)
          console.log(`  ${((s.transferSize ?? 0) / 1024).toFixed(1)} KB ${short(s.url)}`);
      }
    }
  } finally {
    chrome.kill();
  }
} finally {
  await site.stop();
}
