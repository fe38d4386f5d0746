import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE } from '../../../src/admins/login-throttle';
import { ADMIN, CSRF, createAdmin } from '../../support/admin';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';
import { injectWithProof } from '../../support/human-proof';

/**
 * The limits live in the database (plugins/rate-limit.ts, admins/login-throttle.ts): two API
 * processes (two app instances, each with its own pools and memory) on one database count the
 * same requests, and the addresses of one IPv6 /64 are one client.
 */

const SUBMISSIONS = 3;
const LOGINS_PER_ADDRESS = 8;
const env = {
  SUBMISSION_RATE_LIMIT_MAX: String(SUBMISSIONS),
  LOGIN_RATE_LIMIT_MAX: String(LOGINS_PER_ADDRESS),
};

let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  one = await buildTestApp({ env });
  two = await buildTestApp({ env, sameDatabaseAs: one });
  await createAdmin(one);
});
afterAll(async () => {
  await two.close();
  await one.close();
});

const submit = (t: TestApp, remoteAddress: string) =>
  injectWithProof(t.app, {
    method: 'POST',
    url: '/api/submit-job-for-review',
    payload: VALID_SUBMISSION,
    remoteAddress,
  });

const login = (t: TestApp, remoteAddress: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: body,
    headers: CSRF,
    remoteAddress,
  });

function expectRefused(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

const submissionCount = async () => Number((await one.db('submissions').count({ n: '*' }))[0]!.n);

describe(`limits shared by two API processes on one ${testDatabase} database`, () => {
  it(`the submission limit of ${SUBMISSIONS}: two through each process give ${SUBMISSIONS} 201s, not 4`, async () => {
    const client = '203.0.113.20';
    const before = await submissionCount();
    const statuses = [];
    for (const t of [one, one, two, two]) statuses.push((await submit(t, client)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expectRefused(await submit(one, client));
    expect(await submissionCount()).toBe(before + SUBMISSIONS);
  });

  it('holds when the requests race through both processes at once', async () => {
    const client = '203.0.113.21';
    const before = await submissionCount();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => submit(i % 2 ? two : one, client)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(SUBMISSIONS);
    for (const res of answers.filter((r) => r.statusCode !== 201)) expectRefused(res);
    expect(await submissionCount()).toBe(before + SUBMISSIONS);
  });

  it('the sign-in throttle: failures through one process make the other wait too', async () => {
    const attacker = '203.0.113.30';
    const wrong = { ...ADMIN, password: 'not the password at all' };
    for (let i = 0; i < LOGIN_THROTTLE.freeAttempts; i++) {
      const res = await login(i % 2 ? two : one, attacker, wrong);
      expect(res.statusCode).toBe(401);
    }
    const onTwo = await login(two, attacker, ADMIN);
    expectRefused(onTwo);
    expect(onTwo.json().message).toMatch(/Too many failed attempts for this account/);
    expectRefused(await login(one, attacker, ADMIN));
    // Someone else, through either process, is not held up.
    expect((await login(two, '198.51.100.40', ADMIN)).statusCode).toBe(200);
  });

  it('the per-address sign-in limit (a route limit) counts through both processes', async () => {
    const client = '203.0.113.31';
    for (let i = 0; i < LOGINS_PER_ADDRESS; i++) {
      const res = await login(i % 2 ? two : one, client, {
        username: `user${i}`,
        password: 'x'.repeat(12),
      });
      expect(res.statusCode).toBe(401);
    }
    const refused = await login(one, client, { username: 'one-more', password: 'x'.repeat(12) });
    expectRefused(refused);
    expect(refused.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds/);
    expectRefused(await login(two, client, ADMIN));
  });
});

describe(`IPv6 clients on ${testDatabase}`, () => {
  it('the addresses of one /64 share a limit; another /64 is another client', async () => {
    const before = await submissionCount();
    const statuses = [];
    for (let i = 1; i <= SUBMISSIONS + 1; i++) {
      statuses.push(
        (await submit(i % 2 ? one : two, `2001:db8:5:6::${i.toString(16)}`)).statusCode,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    // A far address of the same /64, written in full.
    expectRefused(await submit(one, '2001:0db8:0005:0006:ffff:ffff:ffff:ffff'));
    expect((await submit(one, '2001:db8:5:7::1')).statusCode).toBe(201);
    // An IPv4-mapped address is its IPv4 client.
    for (let i = 0; i < SUBMISSIONS; i++) {
      expect((await submit(two, '198.51.100.50')).statusCode).toBe(201);
    }
    expectRefused(await submit(one, '::ffff:198.51.100.50'));
    expect(await submissionCount()).toBe(before + SUBMISSIONS + 1 + SUBMISSIONS);
  });
});

describe(`a client address that is not an address on ${testDatabase}`, () => {
  it('is counted under a fixed-width key (the key column is varchar(255) on PostgreSQL)', async () => {
    // The trusted proxy forwards what is not an address: it is taken as the client's anyway.
    const loose = await buildTestApp({ env: { ...env, TRUST_PROXY: '10.0.0.2' } });
    try {
      const from = (forwarded: string) =>
        injectWithProof(loose.app, {
          method: 'POST',
          url: '/api/submit-job-for-review',
          payload: VALID_SUBMISSION,
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': forwarded },
        });
      const long = 'x'.repeat(2_000);
      const statuses = [];
      for (let i = 0; i <= SUBMISSIONS; i++) statuses.push((await from(long)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429]);
      const keys = await loose.db('rate_limits').pluck('key');
      expect(Math.max(...keys.map((key: string) => key.length))).toBeLessThan(100);
    } finally {
      await loose.close();
    }
  });
});
