import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ALERT_MESSAGES } from '@jobboard/contract/alerts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@jobboard/contract/common';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RATE_LIMITS,
  type RateLimitEntry,
  type RateLimitName,
} from '../../../src/platform/rate-limits';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';
import { API_DIR } from '../../support/source-files';
import { injectWithProof } from '../../support/human-proof';

/**
 * R6 of issue 41: every rate limit is named once, in src/rate-limits.ts (with what the
 * environment sets, `app.config.rateLimits`). Routes read their entry, never a number of their
 * own; each is enforced as the table says (N requests pass, the next is refused); and
 * docs/configuration.md#rate-limits lists the same table. No request waits: a limit is passed by
 * asking again at once (each route counts in the onRequest hook, before its body is read, so a
 * request it then refuses for its body counts too).
 */

const API = API_DIR;
const TOKEN = 'a'.repeat(43);

/** The request each route's limit counts (bodies it refuses: the count comes first). */
const ROUTES: Record<string, Pick<InjectOptions, 'method' | 'url' | 'headers' | 'payload'>> = {
  submitJob: { method: 'POST', url: '/api/submit-job-for-review', payload: {} },
  uploadLogo: {
    method: 'POST',
    url: '/api/logos',
    headers: { 'content-type': 'image/png' },
    payload: '',
  },
  login: { method: 'POST', url: '/api/admin/login', payload: {} },
  loginCode: { method: 'POST', url: '/api/admin/login/code', payload: {} },
  employerSignInLink: { method: 'POST', url: '/api/employer/sign-in-link', payload: {} },
  subscribeAlert: { method: 'POST', url: '/api/alerts', payload: {} },
  requestAlertDataLink: { method: 'POST', url: '/api/alerts/data-link', payload: {} },
  applyToJob: { method: 'POST', url: '/api/jobs/1/applications', payload: {} },
  reportListing: { method: 'POST', url: '/api/jobs/1/reports', payload: {} },
  clientErrors: { method: 'POST', url: '/api/client-errors', payload: {} },
  humanProofChallenge: { method: 'GET', url: '/api/human-proof/challenge' },
  memberSignIn: { method: 'POST', url: '/api/members/session', payload: {} },
  payCheckout: { method: 'POST', url: `/api/pay/${TOKEN}/checkout` },
  payInvoice: { method: 'POST', url: `/api/pay/${TOKEN}/invoice`, payload: {} },
  renewalCheckout: { method: 'POST', url: `/api/renewals/${TOKEN}/checkout` },
  answerCheckIn: { method: 'POST', url: `/api/check-ins/${TOKEN}`, payload: {} },
};

const entries = Object.entries(RATE_LIMITS) as [RateLimitName, RateLimitEntry][];
/** The route limits: per client, refused past them (429). */
const perClient = entries
  .filter(([, entry]) => entry.per === 'client' && entry.past !== 'uncounted')
  .map(([name]) => name);
/**
 * The limits of what the board counts for itself: answered, not counted past them (their own
 * test: test/job-stats/count-limit.test.ts, on both databases).
 */
const uncounted = entries.filter(([, entry]) => entry.past === 'uncounted').map(([name]) => name);
/** The integrators' route limits: per API key, wherever its calls come from (issue 46). */
const perKey = entries.filter(([, entry]) => entry.per === 'key').map(([name]) => name);
/** The request each per-key limit counts. */
const KEY_ROUTES: Record<string, Pick<InjectOptions, 'method' | 'url' | 'payload'>> = {
  integratorReads: { method: 'GET', url: '/api/v1/listings' },
  integratorSubmissions: { method: 'POST', url: '/api/v1/listings', payload: {} },
};

/** Set by the environment, to show the table's variables reach the routes and the services. */
const ENV = {
  SUBMISSION_RATE_LIMIT_MAX: '3',
  LOGIN_RATE_LIMIT_MAX: '4',
  ALERT_CONFIRMATIONS_PER_DAY: '4',
  API_KEY_READ_RATE_LIMIT_MAX: '5',
  API_KEY_SUBMISSION_RATE_LIMIT_MAX: '2',
};

let t: TestApp;
let client = 0;
/** Each check from client addresses of its own, so that no two share a count. */
const nextClient = () => `203.0.113.${(client += 1)}`;

beforeAll(async () => {
  t = await buildTestApp({ env: ENV });
});
afterAll(() => t.close());

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return name.endsWith('.ts') ? [file] : [];
  });
}

describe(`the rate limits' one table on ${testDatabase} (issue 41, R6)`, () => {
  it('is what the routes read: every route limit names its entry, and every entry of a route is on it', () => {
    const routeFiles = sourceFiles(path.join(API, 'src')).filter((file) =>
      file.split(path.sep).includes('routes'),
    );
    const named = routeFiles.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const limits = [...text.matchAll(/rateLimit:\s*([^,}\n]+)/g)].map((m) => m[1]!.trim());
      return limits.map((limit) => {
        const entry = /^app\.config\.rateLimits\.(\w+)$/.exec(limit);
        expect(entry, `${path.relative(API, file)}: rateLimit: ${limit}`).not.toBeNull();
        return entry![1]!;
      });
    });
    expect(named.sort()).toEqual([...perClient, ...perKey].sort());
    expect(Object.keys(KEY_ROUTES).sort()).toEqual([...perKey].sort());
    expect(Object.keys(ROUTES).sort()).toEqual([...perClient].sort());
    // Each limit of a count is read by the route that counts, from the table.
    const read = routeFiles.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/new ProcessRateLimit\(([^)]+)\)/g)].map((m) => {
        const entry = /^app\.config\.rateLimits\.(\w+)$/.exec(m[1]!.trim());
        expect(entry, `${path.relative(API, file)}: ${m[0]}`).not.toBeNull();
        return entry![1]!;
      }),
    );
    expect(read.sort()).toEqual([...uncounted].sort());
    expect(uncounted.sort()).toEqual(['applyClick', 'jobView']);
  });

  it("has the environment's values where it names a variable", () => {
    const { rateLimits } = t.config;
    expect(rateLimits.submitJob).toEqual({ max: 3, windowMinutes: 10 });
    expect(rateLimits.uploadLogo).toEqual({ max: 3, windowMinutes: 10 });
    expect(rateLimits.login).toEqual({ max: 4, windowMinutes: 15 });
    expect(rateLimits.loginCode).toEqual({ max: 4, windowMinutes: 15 });
    expect(rateLimits.alertConfirmations).toEqual({ max: 4, windowMinutes: 24 * 60 });
    expect(rateLimits.payCheckout).toEqual({ max: 20, windowMinutes: 10 });
    expect(rateLimits.integratorReads).toEqual({ max: 5, windowMinutes: 10 });
    expect(rateLimits.integratorSubmissions).toEqual({ max: 2, windowMinutes: 60 });
  });

  it.each(perKey)(
    "%s: the table's number of calls with one API key, from any address, then 429; another key apart",
    async (name) => {
      const { max } = t.config.rateLimits[name];
      const newKey = async () =>
        (
          await t.app.apiKeys.create(
            { name, scopes: ['listings:read', 'listings:submit'] },
            'test',
            t.clock.now,
          )
        ).key;
      const key = await newKey();
      const send = (withKey: string) =>
        t.app.inject({
          ...KEY_ROUTES[name]!,
          headers: { authorization: `Bearer ${withKey}` },
          remoteAddress: nextClient(),
        });
      const first = await send(key);
      expect(first.headers['x-ratelimit-limit']).toBe(String(max));
      for (let i = 1; i < max; i += 1) expect((await send(key)).statusCode).not.toBe(429);
      const refused = await send(key);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many requests/);
      expect((await send(await newKey())).statusCode).not.toBe(429);
    },
  );

  it.each(perClient)(
    "%s: the table's number of requests from one client, then 429",
    async (name) => {
      const { max, windowMinutes } = t.config.rateLimits[name];
      const from = nextClient();
      const send = () =>
        t.app.inject({
          ...ROUTES[name]!,
          headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, ...ROUTES[name]!.headers },
          remoteAddress: from,
        });
      const first = await send();
      expect(first.headers['x-ratelimit-limit']).toBe(String(max));
      // The window starts with the first request: it ends in (nearly) the whole window.
      const reset = Number(first.headers['x-ratelimit-reset']);
      expect(reset).toBeLessThanOrEqual(windowMinutes * 60);
      expect(reset).toBeGreaterThan(windowMinutes * 60 - 60);
      for (let i = 1; i < max; i += 1) expect((await send()).statusCode).not.toBe(429);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many requests/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is counted apart.
      const other = await t.app.inject({
        ...ROUTES[name]!,
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, ...ROUTES[name]!.headers },
        remoteAddress: nextClient(),
      });
      expect(other.statusCode).not.toBe(429);
    },
  );

  it('employerSignInLinkPerAddress: the sign-in links one address may ask for, from any client', async () => {
    const { max } = t.config.rateLimits.employerSignInLinkPerAddress;
    const ask = () =>
      injectWithProof(t.app, {
        method: 'POST',
        url: '/api/employer/sign-in-link',
        payload: { email: 'someone@example.org' },
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        remoteAddress: nextClient(),
      });
    for (let i = 0; i < max; i += 1) expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(429);
  });

  it('dataLinksPerAddress: the data links one address may ask for, from any client', async () => {
    const { max } = t.config.rateLimits.dataLinksPerAddress;
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/alerts/data-link',
        payload: { email: 'someone@example.org' },
        remoteAddress: nextClient(),
      });
    for (let i = 0; i < max; i += 1) expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(429);
  });

  it('alertConfirmationsPerAddress and alertConfirmations: per address, then for the board', async () => {
    const { rateLimits } = t.config;
    const subscribe = (email: string, search: string) =>
      injectWithProof(t.app, {
        method: 'POST',
        url: '/api/alerts',
        payload: { email, frequency: 'daily', search },
        remoteAddress: nextClient(),
      });
    const perAddress = rateLimits.alertConfirmationsPerAddress.max;
    for (let i = 0; i < perAddress; i += 1) {
      expect((await subscribe('one@example.org', `?q=word${i}`)).statusCode).toBe(201);
    }
    const refused = await subscribe('one@example.org', '?q=more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(ALERT_MESSAGES.tooManyForAddress(60));

    // The board's cap counts every address's confirmations: the rest of it, then refused.
    for (let i = perAddress; i < rateLimits.alertConfirmations.max; i += 1) {
      expect((await subscribe(`other${i}@example.org`, '')).statusCode).toBe(201);
    }
    const capped = await subscribe('last@example.org', '');
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(ALERT_MESSAGES.dailyCapReached);
  });

  it('is listed in docs/configuration.md#rate-limits, entry by entry, as the table has it', () => {
    const docs = readFileSync(path.join(API, '..', 'docs', 'configuration.md'), 'utf8');
    const start = docs.indexOf('\n## Rate limits\n');
    const section = docs.slice(start, docs.indexOf('\n## ', start + 1));
    const rows = new Map(
      [...section.matchAll(/^\| `(\w+)` +\| ([^|]+?) +\| ([^|]+?) +\|/gm)].map((m) => [
        m[1]!,
        `${m[2]} | ${m[3]}`,
      ]),
    );
    const window = (minutes: number) =>
      minutes % 60 === 0
        ? `${minutes / 60} hour${minutes === 60 ? '' : 's'}`
        : `${minutes} minutes`;
    const expected = new Map(
      entries.map(([name, e]) => [name, `${e.max} per ${e.per} | ${window(e.windowMinutes)}`]),
    );
    expect(rows).toEqual(expected);
  });
});
