/**
 * `pnpm --filter @jobboard/bench link-checks`: the application-link checker's figures of issue 45,
 * printed (not a section of bench/report.md: a run waits on its pacing, a second per request to a
 * host, whatever the machine). 1,000 live listings whose links are spread over 50 hosts (HTTP
 * servers on 127.0.0.1, one port each), checked in one run on SQLite by the API's own run
 * (`toolLinkChecks`: the real probe, pacer and clock), at each concurrency asked: how long the run
 * takes, how many requests and waits, and the process's memory while it runs (sampled every
 * 50 ms, the servers' share included: they are in this process).
 *
 * Then the run's first read alone at a board's size (`--pick`, 100,000 live listings with links
 * by default, SQLite): the batch due when none was checked yet, and when every one was checked
 * and is due again (the read of each run of a board in its steady state).
 *
 *   pnpm --filter @jobboard/bench link-checks [-- --listings 1000 --hosts 50 --concurrency 8,50 --pick 100000]
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createKnex, migrateLatest, toolJobs, toolLinkChecks } from '@jobboard/api/tooling';
import { generateJobs } from './data/generate-jobs';

const { values } = parseArgs({
  // pnpm passes its own '--' on.
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    listings: { type: 'string', default: '1000' },
    hosts: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '8,50' },
    /** The board's size for the run's first read alone (0: not measured). */
    pick: { type: 'string', default: '100000' },
  },
});
const LISTINGS = Number(values.listings);
const HOSTS = Number(values.hosts);
const CONCURRENCIES = values.concurrency.split(',').map(Number);
const PICK_SIZE = Number(values.pick);

/** A site that answers every request 200 with a small page, and counts them. */
async function startSite(): Promise<{ server: Server; origin: string; hits: () => number }> {
  let hits = 0;
  const server = createServer((req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(req.method === 'HEAD' ? undefined : '<!doctype html><title>Job</title>');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}`, hits: () => hits };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const sites = await Promise.all(Array.from({ length: HOSTS }, startSite));
try {
  for (const concurrency of CONCURRENCIES) {
    const dir = mkdtempSync(path.join(tmpdir(), 'jobboard-link-checks-'));
    const db = createKnex({ client: 'sqlite', filename: path.join(dir, 'board.sqlite') });
    try {
      await migrateLatest(db);
      const now = new Date();
      const inputs = generateJobs({ count: LISTINGS, now }).map((job, i) => ({
        ...job,
        active: true,
        expiresAt: null,
        deadline: null,
        applyMethod: 'link' as const,
        applicationUrl: `${sites[i % HOSTS]!.origin}/jobs/${i}`,
      }));
      await toolJobs(db, 'sqlite').createMany(inputs, now);
      const checker = toolLinkChecks(db, 'sqlite', {
        batch: LISTINGS,
        concurrency,
        hostGapMs: 1_000,
        timeoutMs: 10_000,
        allowLoopback: true,
      });
      const hitsBefore = sites.reduce((sum, site) => sum + site.hits(), 0);
      global.gc?.();
      const base = process.memoryUsage();
      let peakRss = base.rss;
      let peakHeap = base.heapUsed;
      const sampler = setInterval(() => {
        const used = process.memoryUsage();
        peakRss = Math.max(peakRss, used.rss);
        peakHeap = Math.max(peakHeap, used.heapUsed);
      }, 50);
      const started = performance.now();
      const report = await checker.run();
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const hits = sites.reduce((sum, site) => sum + site.hits(), 0) - hitsBefore;
      console.log(
        [
          `${LISTINGS} listings over ${HOSTS} hosts, concurrency ${concurrency}:`,
          `  run: ${seconds.toFixed(1)} s (${(report.checked / seconds).toFixed(1)} checks/s); ` +
            `${report.checked} checked, ${report.requests} requests (${hits} received), ` +
            `${report.waits} waited for their host's turn, ${report.hosts} hosts`,
          `  floor at 1 request/s per host: ${Math.ceil(LISTINGS / HOSTS) - 1} s per host, ` +
            `${Math.ceil(HOSTS / concurrency)} round(s) of ${concurrency} hosts`,
          `  memory: rss ${mb(base.rss)} -> peak ${mb(peakRss)} (+${mb(peakRss - base.rss)}); ` +
            `heap ${mb(base.heapUsed)} -> peak ${mb(peakHeap)} (+${mb(peakHeap - base.heapUsed)})`,
          `  flags or e-mails asked (none expected): ${report.unexpected}`,
        ].join('\n'),
      );
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  for (const site of sites) site.server.close();
}

/** The run's first read at PICK_SIZE listings: the median of 5 reads, none checked and all due. */
if (PICK_SIZE > 0) {
  const dir = mkdtempSync(path.join(tmpdir(), 'jobboard-link-pick-'));
  const db = createKnex({ client: 'sqlite', filename: path.join(dir, 'board.sqlite') });
  try {
    await migrateLatest(db);
    const now = new Date();
    const jobs = toolJobs(db, 'sqlite');
    const inputs = generateJobs({ count: PICK_SIZE, now }).map((job, i) => ({
      ...job,
      active: true,
      expiresAt: null,
      deadline: null,
      applyMethod: 'link' as const,
      applicationUrl: `https://careers${i % 500}.example.org/jobs/${i}`,
    }));
    for (let i = 0; i < inputs.length; i += 10_000) {
      await jobs.createMany(inputs.slice(i, i + 10_000), now);
    }
    const checker = toolLinkChecks(db, 'sqlite', {
      batch: 500,
      concurrency: 8,
      hostGapMs: 1_000,
      timeoutMs: 10_000,
      allowLoopback: false,
    });
    const median = async () => {
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < 5; i += 1) {
        const started = performance.now();
        found = await checker.pick(now);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return { ms: times[2]!, found };
    };
    const fresh = await median();
    // Every listing checked a day ago and due again: the read of a board in its steady state.
    const rows = await db('jobs').select('id', 'application_url');
    const dayAgo = now.getTime() - 24 * 3_600_000;
    for (let i = 0; i < rows.length; i += 500) {
      await db('job_link_checks').insert(
        rows.slice(i, i + 500).map((row: { id: number; application_url: string }) => ({
          job_id: row.id,
          url: row.application_url,
          result: 'ok',
          status: 200,
          checked_at: dayAgo,
          failures: 0,
          dead_in_a_row: 0,
          due_at: dayAgo + (i % 1000),
        })),
      );
    }
    await db.raw('ANALYZE');
    const due = await median();
    console.log(
      [
        `The run's first read at ${PICK_SIZE.toLocaleString('en-US')} live listings with links (SQLite, batch 500, median of 5):`,
        `  none checked yet: ${fresh.ms.toFixed(1)} ms (${fresh.found} due)`,
        `  all checked and due again: ${due.ms.toFixed(1)} ms (${due.found} due)`,
      ].join('\n'),
    );
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
