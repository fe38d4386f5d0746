import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LIMITS, type ClientErrorReport } from '@jobboard/contract/site';
import { RATE_LIMITS } from '../../src/platform/rate-limits';
import { signedIn } from '../support/admin';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

/**
 * POST /api/client-errors: what the shell reports about the remotes it loads (a release that does
 * not fit, a remote that fails to load, a page that crashes): 204, one warn line each, counted by
 * kind and app, and a budget per client address (docs/frontend-delivery.md#the-load-time-check).
 */

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => t.close());
beforeEach(() => {
  lines.length = 0;
});

const MISMATCH: ClientErrorReport = {
  kind: 'remote-mismatch',
  app: 'mfe_board',
  version: '9.0.0-fixture',
  message:
    'mfe_board 9.0.0-fixture needs @jobboard/shared-ui ^9.0.0, but the shell provides 1.1.0.',
};

let client = 0;
/** Each test reports from its own client address, so the budgets never meet. */
const nextClient = () => `203.0.113.${(client += 1)}`;

function report(body: unknown, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/client-errors',
    payload: body as object,
    remoteAddress,
  });
}

const warnings = () =>
  lines
    .map((line) => JSON.parse(line) as { level: number; msg: string; clientError?: unknown })
    .filter((line) => line.msg?.startsWith('client error:'));

describe(`client error reports on ${testDatabase}`, () => {
  it('are answered 204 with no body, logged once each as a warning with the report, and counted', async () => {
    const before = t.app.clientErrors.counts();
    const from = nextClient();
    const res = await report(MISMATCH, from);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
    await report(
      { ...MISMATCH, kind: 'remote-crashed', message: 'TypeError: x is undefined' },
      from,
    );
    await report(MISMATCH, from);

    expect(warnings()).toHaveLength(3);
    expect(warnings()[0]).toMatchObject({
      level: 40,
      msg: 'client error: remote-mismatch (mfe_board)',
      clientError: MISMATCH,
    });
    const count = (kind: string, app: string, counts = t.app.clientErrors.counts()) =>
      counts.find((entry) => entry.kind === kind && entry.app === app)?.count ?? 0;
    expect(
      count('remote-mismatch', 'mfe_board') - count('remote-mismatch', 'mfe_board', before),
    ).toBe(2);
    expect(
      count('remote-crashed', 'mfe_board') - count('remote-crashed', 'mfe_board', before),
    ).toBe(1);
  });

  it('count an app that is not one of the apps as unknown (the counts stay few)', async () => {
    const res = await report({ ...MISMATCH, app: 'made-up-app' }, nextClient());
    expect(res.statusCode).toBe(204);
    expect(t.app.clientErrors.counts()).toContainEqual({
      kind: 'remote-mismatch',
      app: 'unknown',
      count: 1,
    });
    // The log keeps what was sent.
    expect(warnings()[0]).toMatchObject({ clientError: { app: 'made-up-app' } });
  });

  it.each([
    ['kind', { ...MISMATCH, kind: 'page-slow' }],
    ['app', { ...MISMATCH, app: '' }],
    ['app', { ...MISMATCH, app: 'a'.repeat(CLIENT_ERROR_LIMITS.app + 1) }],
    ['version', { ...MISMATCH, version: 'v'.repeat(CLIENT_ERROR_LIMITS.version + 1) }],
    ['message', { ...MISMATCH, message: 'm'.repeat(CLIENT_ERROR_LIMITS.message + 1) }],
    ['message', { kind: MISMATCH.kind, app: MISMATCH.app, version: MISMATCH.version }],
    ['extra', { ...MISMATCH, extra: 'x' }],
  ])('refuse a bad body with 400 naming the field (%s), and log nothing', async (field, body) => {
    const res = await report(body, nextClient());
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual([field]);
    expect(warnings()).toEqual([]);
  });

  it('take a message at its longest', async () => {
    const res = await report(
      { ...MISMATCH, message: 'm'.repeat(CLIENT_ERROR_LIMITS.message) },
      nextClient(),
    );
    expect(res.statusCode).toBe(204);
  });

  it('past the budget of one client: 429 with Retry-After, not logged; another client still reports', async () => {
    const from = nextClient();
    for (let i = 0; i < RATE_LIMITS.clientErrors.max; i += 1) {
      expect((await report(MISMATCH, from)).statusCode).toBe(204);
    }
    lines.length = 0;
    const refused = await report(MISMATCH, from);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('600');
    expect(refused.json().message).toMatch(/^Too many requests/);
    expect(warnings()).toEqual([]);
    expect((await report(MISMATCH, nextClient())).statusCode).toBe(204);
  });

  it('are listed for admins only: the counts and the latest reports, newest first, the oldest let go past the limit', async () => {
    expect((await t.app.inject('/api/admin/client-errors')).statusCode).toBe(401);
    t.clock.now = new Date('2026-11-22T13:00:00Z');
    const admin = await signedIn(t);
    const from = nextClient();
    await report({ ...MISMATCH, message: 'the first of this test' }, from);
    t.clock.now = new Date('2026-11-22T13:05:00Z');
    await report({ ...MISMATCH, app: 'made-up-app', kind: 'remote-load-failed' }, from);

    const res = await admin({ method: 'GET', url: '/api/admin/client-errors' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const listed = res.json();
    expect(listed.counts).toEqual(t.app.clientErrors.counts());
    expect(listed.latest.slice(0, 2)).toEqual([
      {
        kind: 'remote-load-failed',
        app: 'unknown',
        version: MISMATCH.version,
        message: MISMATCH.message,
        receivedAt: '2026-11-22T13:05:00.000Z',
      },
      { ...MISMATCH, message: 'the first of this test', receivedAt: '2026-11-22T13:00:00.000Z' },
    ]);

    // Past the limit the oldest go; the counts keep counting.
    for (let i = 0; i < CLIENT_ERROR_LIMITS.kept; i += 1) {
      t.app.clientErrors.report({ ...MISMATCH, message: `report ${i}` }, { warn: () => {} });
    }
    const later = (await admin({ method: 'GET', url: '/api/admin/client-errors' })).json();
    expect(later.latest).toHaveLength(CLIENT_ERROR_LIMITS.kept);
    expect(later.latest[0].message).toBe(`report ${CLIENT_ERROR_LIMITS.kept - 1}`);
    expect(later.latest.at(-1).message).toBe('report 0');
  });
});
