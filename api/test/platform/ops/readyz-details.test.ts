import { afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../../src/platform/db/migrations';
import { NOT_READY_MESSAGE } from '../../../src/platform/ops/probes';
import { applyFutureMigration, FUTURE_MIGRATION } from '../../support/schema-ahead';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';

/**
 * /readyz is public (a load balancer asks it without credentials), so what it says beyond ready
 * or not (the read replicas' hosts, ports and databases, the names of pending or unknown
 * migrations) goes only to a request with the METRICS_TOKEN, checked as GET /metrics checks it
 * (issue 43, finding 8). Everyone else gets the same status codes with a bare body.
 */

const TOKEN = 'readyz-details-token-of-at-least-32-chars';
const WITH_TOKEN = { authorization: `Bearer ${TOKEN}` };
/** A wrong token, the right one not sent as a Bearer token, or padded: each the bare answer. */
const NOT_THE_TOKEN: Record<string, string>[] = [
  {},
  { authorization: 'Bearer readyz-details-token-of-at-least-32-charz' },
  { authorization: TOKEN },
  { authorization: `Basic ${TOKEN}` },
  { authorization: `Bearer ${TOKEN}x` },
  { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
];

let apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

/**
 * An app with the METRICS_TOKEN; on PostgreSQL with a read replica too (its own database named
 * as one: not a standby, so reported `down`, but named in the answer as any replica is).
 */
async function app(): Promise<{ t: TestApp; replica?: URL }> {
  const base = await buildTestApp();
  apps.push(base);
  if (base.config.database.client !== 'postgres') {
    const t = await buildTestApp({ sameDatabaseAs: base, env: { METRICS_TOKEN: TOKEN } });
    apps.push(t);
    return { t };
  }
  const url = base.config.database.connectionString;
  const t = await buildTestApp({
    sameDatabaseAs: base,
    env: { METRICS_TOKEN: TOKEN, DATABASE_URL: url, DATABASE_READ_URL: url },
  });
  apps.push(t);
  return { t, replica: new URL(url) };
}

const readyz = (t: TestApp, headers: Record<string, string>) =>
  t.app.inject({ url: '/readyz', headers });

/** Nothing of the set-up in an answer: no migration's name, no replica's host, port or database. */
function expectNothingNamed(body: string, replica: URL | undefined) {
  for (const migration of [...migrations.map((m) => m.name), FUTURE_MIGRATION]) {
    expect(body).not.toContain(migration);
  }
  expect(body).not.toMatch(/schema|replica|migrat|postgres/i);
  if (replica) {
    expect(body).not.toContain(replica.hostname);
    expect(body).not.toContain(replica.port);
    expect(body).not.toContain(replica.pathname.slice(1));
  }
}

describe(`/readyz's details on ${testDatabase}`, () => {
  it('ready: { status } alone without the token (or with a wrong one), the replicas with it', async () => {
    const { t, replica } = await app();
    for (const headers of NOT_THE_TOKEN) {
      const res = await readyz(t, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expectNothingNamed(res.body, replica);
    }
    const detailed = await readyz(t, WITH_TOKEN);
    expect(detailed.statusCode).toBe(200);
    if (replica) {
      expect(detailed.json()).toEqual({
        status: 'ok',
        replicas: [
          {
            name: `postgres://${replica.host}${replica.pathname}`,
            state: expect.any(String),
            lagSeconds: null,
          },
        ],
      });
    } else {
      expect(detailed.json()).toEqual({ status: 'ok' });
    }
  });

  it('a schema ahead: 200 { status } without the token, the unknown migration named with it', async () => {
    const { t, replica } = await app();
    await applyFutureMigration(t.db);
    for (const headers of NOT_THE_TOKEN) {
      const res = await readyz(t, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expectNothingNamed(res.body, replica);
    }
    const detailed = await readyz(t, WITH_TOKEN);
    expect(detailed.statusCode).toBe(200);
    expect(detailed.json()).toMatchObject({
      status: 'ok',
      schema: 'ahead',
      message: expect.stringContaining(FUTURE_MIGRATION),
    });
  });

  it('a schema behind: 503 "Not ready." without the token, the pending migration named with it', async () => {
    const { t, replica } = await app();
    const last = migrations.at(-1)!.name;
    await t.db('knex_migrations').where({ name: last }).delete();
    for (const headers of NOT_THE_TOKEN) {
      const res = await readyz(t, headers);
      expect(res.statusCode).toBe(503);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ message: NOT_READY_MESSAGE });
      expectNothingNamed(res.body, replica);
    }
    const detailed = await readyz(t, WITH_TOKEN);
    expect(detailed.statusCode).toBe(503);
    expect(detailed.json().message).toMatch(/^schema behind: 1 migration pending/);
    expect(detailed.json().message).toContain(last);
  });

  it('without a METRICS_TOKEN configured, nobody gets the details', async () => {
    const t = await buildTestApp();
    apps.push(t);
    await applyFutureMigration(t.db);
    for (const headers of [...NOT_THE_TOKEN, WITH_TOKEN]) {
      const res = await readyz(t, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });
});
