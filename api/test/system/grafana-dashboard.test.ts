import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/pg-cluster';
import { API_DIR } from '../support/paths';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * docs/deploy/grafana-dashboard.json (issue 46): every panel's PromQL query, run by a real
 * Prometheus (Debian's `prometheus`, as .ci/run installs it) that scrapes a test server's /metrics
 * with its token, answers without error and with series. Bounded: Prometheus is stopped after.
 */

const TOKEN = 'grafana-dashboard-metrics-token-0123456789';
const DASHBOARD = path.join(API_DIR, '..', 'docs', 'deploy', 'grafana-dashboard.json');

interface Panel {
  title: string;
  targets: { expr: string }[];
}

let t: TestApp;
let prometheus: ChildProcess | undefined;
let dir: string;
let api: string;
let failedToStart: string | null = null;

async function query(
  expr: string,
): Promise<{ status: string; data?: { result: unknown[] }; error?: string }> {
  const res = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(expr)}`);
  return (await res.json()) as { status: string; data?: { result: unknown[] }; error?: string };
}

/** Asks until `ready` holds (a scrape every second); fails after `attempts`. */
async function until(ready: () => Promise<boolean>, what: string, attempts = 240): Promise<void> {
  for (let i = 0; i < attempts; i += 1) {
    if (failedToStart) throw new Error(failedToStart);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Prometheus: ${what} did not happen`);
}

beforeAll(async () => {
  t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const target = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(tmpdir(), 'jobboard-prometheus-'));
  writeFileSync(
    path.join(dir, 'prometheus.yml'),
    [
      'global: { scrape_interval: 1s, evaluation_interval: 1s }',
      'scrape_configs:',
      '  - job_name: jobboard',
      `    authorization: { credentials: ${TOKEN} }`,
      `    static_configs: [{ targets: ['${target}'] }]`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  api = `http://127.0.0.1:${port}`;
  prometheus = spawn(
    'prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: 'ignore' },
  );
  prometheus.once('error', (error: NodeJS.ErrnoException) => {
    failedToStart =
      error.code === 'ENOENT'
        ? 'prometheus is not installed: apt-get install prometheus (Debian), as .ci/run does'
        : `prometheus did not start: ${error.message}`;
  });
  // Some traffic of the site's own, and three scrapes at least (a rate needs two).
  for (let i = 0; i < 3; i += 1) await t.app.inject('/api/jobs');
  await until(async () => {
    const up = await query(
      'count_over_time(up{job="jobboard"}[1m]) >= 3 and up{job="jobboard"} == 1',
    );
    return up.status === 'success' && (up.data?.result.length ?? 0) === 1;
  }, 'three successful scrapes of the test server');
}, 180_000);

afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    const exited = new Promise((resolve) => prometheus!.once('exit', resolve));
    prometheus.kill('SIGTERM');
    await exited;
  }
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`the Grafana dashboard on ${testDatabase}`, () => {
  it("runs every panel's query against a real scrape: no error, series present", async () => {
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] };
    expect(dashboard.panels.length).toBeGreaterThan(0);
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets) {
        const answer = await query(expr);
        expect(answer.error, `${panel.title}: ${expr}`).toBeUndefined();
        expect(answer.status, panel.title).toBe('success');
        expect(answer.data?.result.length, `${panel.title}: ${expr} has no series`).toBeGreaterThan(
          0,
        );
      }
    }
  });
});
