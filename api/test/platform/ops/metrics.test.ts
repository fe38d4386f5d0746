import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRESSURE_MESSAGE } from '../../../src/platform/plugins/under-pressure';
import type { SyncRunRecord } from '../../../src/sync/sync-repository';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';
import { injectWithProof } from '../../support/human-proof';
import { sample } from '../../support/metrics-sample';

/**
 * GET /metrics (ops/plugin.ts, ops/metrics.ts): never served by default, behind METRICS_TOKEN on
 * the main port, or on METRICS_PORT alone; the metrics' names and values after some requests. And
 * overload shedding (plugins/under-pressure.ts): 503 + Retry-After past a limit, /healthz still 200.
 */

const TOKEN = 'metrics-token-metrics-token-0123456789';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  t = await buildTestApp({ env });
  return t;
}

const scrape = (test: TestApp, authorization?: string) =>
  test.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });

describe(`metrics on ${testDatabase}`, () => {
  it('are not served at all without METRICS_TOKEN or METRICS_PORT', async () => {
    const test = await app();
    // /metrics is then one more path of the site (503 here: the tests' site has no release).
    for (const res of [await scrape(test), await scrape(test, `Bearer ${TOKEN}`)]) {
      expect(res.statusCode).not.toBe(200);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
    expect(await test.app.metrics.address()).toBeNull();
  });

  it('ask for the METRICS_TOKEN as a Bearer token on the main port (401 without it)', async () => {
    const test = await app({ METRICS_TOKEN: TOKEN });
    const without = await scrape(test);
    expect(without.statusCode).toBe(401);
    expect(without.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect((await scrape(test, `Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(test, TOKEN)).statusCode).toBe(401);

    const res = await scrape(test, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('time each request by its route pattern, not its URL, and read the domains at scrape time', async () => {
    const test = await app({ METRICS_TOKEN: TOKEN });
    expect((await test.app.inject('/api/jobs')).statusCode).toBe(200);
    expect((await test.app.inject('/api/jobs/123456')).statusCode).toBe(404);
    const unmatched = await test.app.inject({ method: 'DELETE', url: '/no/such/thing.txt' });
    expect(unmatched.statusCode).toBe(404);
    // A submission queues two e-mails (the acknowledgement and the admins' notice).
    const submitted = await injectWithProof(test.app, {
      method: 'POST',
      url: '/api/submit-job-for-review',
      payload: VALID_SUBMISSION,
    });
    expect(submitted.statusCode).toBe(201);
    await test.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { kind: 'remote-crashed', app: 'mfe_board', version: '1.0.0', message: 'x' },
    });
    // Ninety seconds later, nothing sent yet (no SMTP, no sender loop in tests).
    test.clock.now = new Date(test.clock.now.getTime() + 90_000);

    const text = (await scrape(test, `Bearer ${TOKEN}`)).body;
    const jobs = { method: 'GET', route: '/api/jobs', status_code: '200' };
    expect(sample(text, 'http_request_duration_seconds_count', jobs)).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...jobs, le: '+Inf' })).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        route: '/api/jobs/:id',
        status_code: '404',
      }),
    ).toBe(1);
    expect(text).not.toContain('123456');
    expect(text).not.toContain('thing.txt');
    expect(sample(text, 'http_request_duration_seconds_count', { route: 'unmatched' })).toBe(1);

    expect(sample(text, 'jobboard_outbox_messages', { status: 'pending' })).toBe(2);
    expect(sample(text, 'jobboard_outbox_messages', { status: 'failed' })).toBe(0);
    expect(sample(text, 'jobboard_outbox_oldest_pending_age_seconds')).toBe(90);
    expect(sample(text, 'jobboard_alert_digest_lag_seconds')).toBe(0);
    expect(sample(text, 'jobboard_sync_last_success_timestamp_seconds')).toBe(0);
    expect(
      sample(text, 'jobboard_client_errors_total', { kind: 'remote-crashed', app: 'mfe_board' }),
    ).toBe(1);
    const used = sample(text, 'jobboard_db_pool_connections', { pool: 'main', state: 'used' });
    const free = sample(text, 'jobboard_db_pool_connections', { pool: 'main', state: 'free' });
    expect(used).toBeGreaterThanOrEqual(0);
    expect(free).toBeGreaterThanOrEqual(0);
    // The scrape's own reads run at once and may wait for a connection of a small pool: a count,
    // not a fixed value (found failing on a busy machine with PostgreSQL's pool).
    const pending = sample(text, 'jobboard_db_pool_connections', {
      pool: 'main',
      state: 'pending',
    });
    expect(pending).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(pending)).toBe(true);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'jobboard_server_render_skipped_versions')).toBe(0);

    // Once sent, the outbox is empty again and its oldest age is 0.
    await test.db('outbox').update({ status: 'sent' });
    const after = (await scrape(test, `Bearer ${TOKEN}`)).body;
    expect(sample(after, 'jobboard_outbox_messages', { status: 'pending' })).toBe(0);
    expect(sample(after, 'jobboard_outbox_oldest_pending_age_seconds')).toBe(0);
  });

  it('report the digest lag from the most overdue confirmed alert, and the last successful sync', async () => {
    const test = await app({ METRICS_TOKEN: TOKEN });
    const now = test.clock.now.getTime();
    const alert = {
      email: 'reader@example.org',
      email_key: 'reader@example.org',
      search: '',
      frequency: 'daily',
      status: 'confirmed',
      last_job_id: 0,
      next_digest_at: now - 30 * 60_000,
      created_at: now - 86_400_000,
      confirmed_at: now - 86_400_000,
    };
    await test.db('job_alerts').insert(alert);
    await test.db('job_alerts').insert({
      ...alert,
      email: 'later@example.org',
      email_key: 'later@example.org',
      next_digest_at: now + 60_000,
    });
    const run: Omit<SyncRunRecord, 'status' | 'finishedAt' | 'error'> = {
      source: 'json-feed',
      trigger: 'schedule',
      startedAt: new Date(now - 180_000),
      created: 0,
      updated: 0,
      unchanged: 0,
      deactivated: 0,
      skipped: 0,
      skippedRecords: [],
      conflicts: [],
    };
    await test.app.syncRuns.record(test.db, {
      ...run,
      status: 'succeeded',
      finishedAt: new Date(now - 120_000),
      error: null,
    });
    // A later failed sync does not count.
    await test.app.syncRuns.record(test.db, {
      ...run,
      status: 'failed',
      finishedAt: new Date(now - 60_000),
      error: 'the feed answered 500',
    });

    const text = (await scrape(test, `Bearer ${TOKEN}`)).body;
    expect(sample(text, 'jobboard_alert_digest_lag_seconds')).toBe(30 * 60);
    expect(sample(text, 'jobboard_sync_last_success_timestamp_seconds')).toBe(
      (now - 120_000) / 1000,
    );
  });

  it('are served on METRICS_PORT alone, and nothing else is', async () => {
    const test = await app({ METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' });
    // The port opens with the server's own (never for a command that only builds the app).
    expect(await test.app.metrics.address()).toBeNull();
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const address = await test.app.metrics.address();
    expect(address?.address).toBe('127.0.0.1');
    const base = `http://127.0.0.1:${address!.port}`;

    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE http_request_duration_seconds histogram');
    expect((await fetch(`${base}/api/jobs`)).status).toBe(404);
    // Not on the main port: it has no token.
    expect((await scrape(test)).body).not.toContain('http_request_duration_seconds');
  });
});

describe(`overload shedding on ${testDatabase}`, () => {
  it('answers 503 with Retry-After past the heap limit, while /healthz and /metrics still answer', async () => {
    const test = await app({ PRESSURE_MAX_HEAP_MB: '1', METRICS_TOKEN: TOKEN });
    // under-pressure reads the heap once a second: wait for its first reading.
    await vi.waitFor(() => expect(test.app.memoryUsage().heapUsed).toBeGreaterThan(0), {
      timeout: 10_000,
    });

    const shed = await test.app.inject('/api/jobs');
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('10');
    expect(shed.json()).toEqual({ message: PRESSURE_MESSAGE });

    expect((await test.app.inject('/healthz')).statusCode).toBe(200);
    expect((await scrape(test, `Bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  it('sheds nothing with its limits at their defaults on a quiet server', async () => {
    const test = await buildTestApp({
      env: { PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '1000', PRESSURE_MAX_HEAP_MB: '4096' },
    });
    t = test;
    await vi.waitFor(() => expect(test.app.memoryUsage().heapUsed).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    expect((await test.app.inject('/api/jobs')).statusCode).toBe(200);
  });
});
