import { BACKGROUND_POLL_HEADER } from '@jobboard/contract/common';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, createAdmin, login, sessionCookie } from '../../support/admin';
import { createJobs } from '../../support/jobs';
import { registeredRoutes } from '../../support/routes';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';

/**
 * Every route the app registers, classified. A new route fails this test until it is put in one
 * of the lists, which says who may call it and how its answers may be cached:
 * - public reads: anyone, cached by their own rules (ETag, `public, no-cache`);
 * - public: anyone, answers never stored (`no-store`);
 * - admin: the admin session (401 without it) and `no-store`;
 * - member: a member's session (401 without it, the admin's does not do) and `no-store`;
 * - employer: an employer's session (401 without it, the admin's does not do) and `no-store`;
 * - operators: the probes outside /api, anyone, never stored;
 * - discovery: feeds, sitemap (and its index's files) and robots.txt for crawlers, anyone, a few
 *   minutes of public caching.
 */
const PUBLIC_READS = [
  'GET /api/jobs',
  'GET /api/jobs/recent',
  'GET /api/jobs/recent/lines',
  'GET /api/jobs/:id',
  // A job page's similar jobs and an organisation's page (issue 47).
  'GET /api/jobs/:id/similar',
  'GET /api/organizations/:slug',
  'POST /api/jobs/search',
  'GET /api/locations',
  'GET /api/categories',
  'GET /api/site',
  'GET /api/pages/:slug',
  // The API described (issue 46, api-docs/): its OpenAPI document, the reference page and its script.
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/redoc.standalone.js',
];
/**
 * The front end itself: pages, built files, the remotes configuration, and the company logos the
 * board stored (logos.test.ts: immutable, a year of public caching).
 */
const SITE = [
  'GET /remotes.json',
  'GET /routes.json',
  'GET /assets/*',
  'GET /logos/:file',
  'GET /*',
];
const PUBLIC = [
  'POST /api/submit-job-for-review',
  // The submission form's logo file (logo-upload.test.ts): rate-limited like submissions.
  'POST /api/logos',
  'GET /api/pay/:token',
  'POST /api/pay/:token/checkout',
  'PUT /api/pay/:token/billing',
  'POST /api/pay/:token/invoice',
  // Renewal links: the token is the key (renewals.test.ts).
  'GET /api/renewals/:token',
  'POST /api/renewals/:token/checkout',
  'GET /api/renewals/:token/sessions/:sessionId',
  // Still-hiring check-ins: the token is the key, the GET only reads (check-ins.test.ts).
  'GET /api/check-ins/:token',
  'POST /api/check-ins/:token',
  'POST /api/stripe/webhook',
  'POST /api/admin/login',
  // The sign-in's code step: its session is not an admin's yet (admin-two-factor.test.ts).
  'POST /api/admin/login/code',
  'POST /api/admin/logout',
  // Job alerts: their links work without signing in (the token is the key).
  'POST /api/alerts',
  'POST /api/alerts/:token/confirm',
  'GET /api/alerts/:token',
  'PUT /api/alerts/:token',
  'POST /api/alerts/:token/unsubscribe',
  'POST /api/alerts/:token/data',
  'DELETE /api/alerts/:token/data',
  // An address's data: a link e-mailed to it (the same answer for any address), then its one use.
  'POST /api/alerts/data-link',
  'POST /api/alerts/data/:token',
  'DELETE /api/alerts/data/:token',
  'POST /alerts/unsubscribe',
  // A member's sign-in itself (the identity token from Ghost is its proof).
  'POST /api/members/session',
  // The shell's reports about the remotes it loads (logged and counted, rate-limited).
  'POST /api/client-errors',
  // The spam check's challenge for a public form (human-proof.test.ts): rate-limited, never stored.
  'GET /api/human-proof/challenge',
  // An employer's sign-in link, signing in with it (its token is the proof), and out (issue 30).
  'POST /api/employer/sign-in-link',
  'POST /api/employer/session',
  'DELETE /api/employer/session',
  // Views and apply clicks (job-stats.test.ts): the board's beacon, the Apply link's redirect.
  'POST /api/jobs/:id/view',
  'GET /jobs/:id/apply',
  // Applying on the board and withdrawing (issue 42): the applicant has no account; the
  // withdrawal's token is its proof.
  'POST /api/jobs/:id/applications',
  'GET /jobs/:id/application',
  'GET /applications/withdraw',
  'POST /applications/withdraw',
  'POST /api/applications/withdraw',
  // Reporting a listing (issue 45, reports.test.ts): anyone, limited per client and listing.
  'POST /api/jobs/:id/reports',
];
const ADMIN = [
  'GET /api/admin/check-auth',
  'GET /api/admin/two-factor',
  'POST /api/admin/two-factor/setup',
  'POST /api/admin/two-factor/enable',
  'POST /api/admin/two-factor/disable',
  'POST /api/admin/two-factor/recovery-codes',
  'GET /api/admin/jobs',
  'GET /api/admin/jobs/:id/stats',
  'POST /api/admin/jobs',
  'GET /api/admin/jobs/:id',
  'PUT /api/admin/jobs/:id',
  'DELETE /api/admin/jobs/:id',
  'POST /api/admin/jobs/:id/extend',
  'POST /api/admin/jobs/:id/republish',
  'GET /api/admin/submissions',
  'GET /api/admin/submissions/payments',
  'GET /api/admin/submissions/:id',
  'POST /api/admin/submissions/:id/approve',
  'POST /api/admin/submissions/:id/reject',
  'PUT /api/admin/submissions/:id/amount',
  'POST /api/admin/submissions/:id/payment-link',
  'POST /api/admin/submissions/:id/revoke-payment-links',
  'POST /api/admin/submissions/:id/mark-paid',
  'POST /api/admin/submissions/:id/offline-payment',
  'POST /api/admin/submissions/:id/payments/:paymentId/resolve',
  'GET /api/admin/organizations',
  'GET /api/admin/organizations/:id',
  'POST /api/admin/organizations/:id/credits',
  'POST /api/admin/organizations/:id/merge',
  'POST /api/admin/submissions/:id/organization',
  'POST /api/admin/companies/:id/merge',
  'GET /api/admin/promo-codes',
  'POST /api/admin/promo-codes',
  'PUT /api/admin/promo-codes/:id',
  'DELETE /api/admin/promo-codes/:id',
  'GET /api/refresh-jobs',
  'GET /api/admin/sync/last',
  // Admin at scale (issue 16): paged views, bulk actions, exports, timelines, e-mail, numbers.
  'GET /api/admin/lists/jobs',
  'GET /api/admin/lists/submissions',
  'GET /api/admin/exports/jobs.csv',
  'GET /api/admin/exports/submissions.csv',
  'POST /api/admin/jobs/bulk',
  'GET /api/admin/jobs/:id/history',
  'GET /api/admin/submissions/:id/history',
  'GET /api/admin/emails',
  'GET /api/admin/proposals',
  'POST /api/admin/proposals/:id/approve',
  'POST /api/admin/proposals/:id/reject',
  'GET /api/admin/settings',
  'PUT /api/admin/settings',
  // The newsletter block sent to Ghost as a draft (issue 44).
  'GET /api/admin/newsletter',
  'POST /api/admin/newsletter/preview',
  'POST /api/admin/newsletter/issues',
  'PUT /api/admin/newsletter/schedule',
  // The channels new listings are posted to (issue 44): each on or off with its template, the log.
  'GET /api/admin/channels',
  'PUT /api/admin/channels/:channel',
  'GET /api/admin/channels/posts',
  'POST /api/admin/channels/posts/:id/retry',
  'POST /api/admin/emails/:id/resend',
  'GET /api/admin/stats',
  // An applicant's request (issue 42): their address's applications looked up, one deleted.
  'POST /api/admin/applications/lookup',
  'DELETE /api/admin/applications/:id',
  // Admins outrank the source (issue 25): a synced job back to its source, a deletion undone.
  'POST /api/admin/jobs/:id/return-to-source',
  'POST /api/admin/sync/deleted/:id/restore',
  // What the browsers reported about the remotes (issue 27).
  'GET /api/admin/client-errors',
  // An application's résumé, downloaded (issue 42, inbox.test.ts).
  'GET /api/admin/applications/:id/resume',
  // The reported listings' queue and its decisions (issue 45).
  'GET /api/admin/reports',
  'POST /api/admin/reports/:id/dismiss',
  'POST /api/admin/reports/:id/hide',
  'POST /api/admin/reports/:id/restore',
  // The integrators' API keys (issue 46, api-keys.test.ts).
  'GET /api/admin/api-keys',
  'POST /api/admin/api-keys',
  'POST /api/admin/api-keys/:id/revoke',
];
const MEMBER = [
  'GET /api/members/me',
  'GET /api/members/bookmarks',
  'PUT /api/members/bookmarks/:id',
  'DELETE /api/members/bookmarks/:id',
  'DELETE /api/members/session',
  'GET /api/members/alerts',
  'DELETE /api/members/alerts/:id',
  'GET /api/members/data',
  'DELETE /api/members/data',
];
const EMPLOYER = [
  'GET /api/employer/session',
  'GET /api/employer/listings',
  'GET /api/employer/submissions/:id',
  'PUT /api/employer/submissions/:id',
  'POST /api/employer/submissions/:id/pay-link',
  'POST /api/employer/submissions/:id/use-credit',
  'POST /api/employer/jobs/:id/close',
  'POST /api/employer/jobs/:id/renewal',
  'GET /api/employer/jobs/:id/proposal',
  'POST /api/employer/jobs/:id/proposal',
  'DELETE /api/employer/jobs/:id/proposal',
  'GET /api/employer/receipts/:id',
  'GET /api/employer/receipts/:id/pdf',
  'GET /api/employer/renewal-receipts/:id',
  'GET /api/employer/renewal-receipts/:id/pdf',
  // The applicant inbox (issue 42, inbox.test.ts): the employer's own listings' applications.
  'GET /api/employer/jobs/:id/applications',
  'GET /api/employer/jobs/:id/applications.csv',
  'PUT /api/employer/applications/:id',
  'POST /api/employer/applications/status',
  'POST /api/employer/applications/:id/decline',
  'GET /api/employer/applications/:id/resume',
  'GET /api/employer/application-settings',
  'PUT /api/employer/application-settings',
  // Teams (issue 47, teams.test.ts): the organisation's members, invitations and domain.
  'GET /api/employer/team',
  'POST /api/employer/team/invites',
  'POST /api/employer/team/remove',
  'POST /api/employer/team/owner',
  'POST /api/employer/team/leave',
  'PUT /api/employer/team/domain',
];
/**
 * The integrators' routes (issue 46): an API key with the route's scope (401 without one, the
 * admin's session does not do), never stored.
 */
const INTEGRATOR = ['GET /api/v1/listings', 'POST /api/v1/listings'];
/**
 * CORS preflights (issue 46, cross-origin.test.ts): answered for the public reads that other
 * sites' pages may read, a 404 for any other path.
 */
const PREFLIGHT = ['OPTIONS /*'];
/** What crawlers and feed readers poll (discovery/routes); :file is a sitemap index's file. */
const DISCOVERY = [
  'GET /feed.xml',
  'GET /feed.json',
  'GET /sitemap.xml',
  'GET /sitemaps/:file',
  'GET /robots.txt',
];
/** Load balancers' and orchestrators' probes (ops/routes). */
const OPERATORS = ['GET /healthz', 'GET /readyz'];

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  // More jobs than one sitemap file of 10 holds: /sitemap.xml is an index, so its files exist.
  t = await buildTestApp({ env: { SITEMAP_URLS_PER_FILE: '10' } });
  await createJobs(
    t.app,
    Array.from({ length: 8 }, (_, i) => ({ title: `Role ${i}` })),
  );
  await createAdmin(t);
  cookie = sessionCookie(await login(t));
});
afterAll(() => t.close());

/** The registered routes as 'METHOD /url', without Fastify's automatic HEAD twins. */
function registered(): string[] {
  return [
    ...new Set(
      registeredRoutes(t.app)
        .filter(({ method }) => method !== 'HEAD')
        .map(({ method, url }) => `${method} ${url.replace(/(.)\/$/, '$1')}`),
    ),
  ].sort();
}

function request(route: string, headers: Record<string, string> = {}): InjectOptions {
  const [method, url] = route.split(' ') as [InjectOptions['method'], string];
  return {
    method,
    url: url
      .replace(/:id/g, '999')
      .replace(/:token/g, 'a'.repeat(43))
      .replace(':file', 'pages.xml')
      .replace('*', 'x'),
    headers: { ...CSRF, ...headers },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  };
}

describe(`the route table on ${testDatabase}`, () => {
  it('classifies every registered route exactly once, and lists no route that is gone', () => {
    const classified = [
      ...PUBLIC_READS,
      ...SITE,
      ...PUBLIC,
      ...ADMIN,
      ...MEMBER,
      ...EMPLOYER,
      ...OPERATORS,
      ...DISCOVERY,
      ...INTEGRATOR,
      ...PREFLIGHT,
    ];
    expect(new Set(classified).size).toBe(classified.length);
    const unclassified = registered().filter((route) => !classified.includes(route));
    expect(unclassified, 'classify these routes in test/platform/http/route-table.test.ts').toEqual(
      [],
    );
    expect(classified.filter((route) => !registered().includes(route))).toEqual([]);
  });

  it('refuses every admin route without the admin session (401), never stored', async () => {
    for (const route of ADMIN) {
      const res = await t.app.inject(request(route));
      expect(res.statusCode, route).toBe(401);
      expect(res.headers['cache-control'], route).toBe('no-store');
    }
  });

  it('answers every admin route with a session, never stored, polled or not', async () => {
    for (const route of ADMIN) {
      for (const extra of [{}, { [BACKGROUND_POLL_HEADER]: '1' }] as Record<string, string>[]) {
        const res = await t.app.inject(request(route, { cookie, ...extra }));
        expect(res.statusCode, route).not.toBe(401);
        expect(res.statusCode, route).toBeLessThan(500);
        expect(res.headers['cache-control'], route).toBe('no-store');
      }
    }
  });

  it('refuses every member route without a member session (401), the admin session too, never stored', async () => {
    for (const route of MEMBER) {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const res = await t.app.inject(request(route, headers));
        expect(res.statusCode, route).toBe(401);
        expect(res.headers['cache-control'], route).toBe('no-store');
      }
    }
  });

  it('refuses every employer route without an employer session (401), the admin session too, never stored', async () => {
    for (const route of EMPLOYER) {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const res = await t.app.inject(request(route, headers));
        expect(res.statusCode, route).toBe(401);
        expect(res.headers['cache-control'], route).toBe('no-store');
      }
    }
  });

  it('refuses every integrator route without an API key (401), the admin session too, never stored', async () => {
    for (const route of INTEGRATOR) {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const res = await t.app.inject(request(route, headers));
        expect(res.statusCode, route).toBe(401);
        expect(res.headers['www-authenticate'], route).toBe('Bearer');
        expect(res.headers['cache-control'], route).toBe('no-store');
      }
    }
  });

  it('answers no preflight outside the public reads (404)', async () => {
    for (const route of [...ADMIN, ...EMPLOYER, ...MEMBER, ...INTEGRATOR]) {
      const [method, url] = route.split(' ') as [string, string];
      const res = await t.app.inject({
        method: 'OPTIONS',
        url: url.replace(/:id/g, '999').replace(/:token/g, 'a'.repeat(43)),
        headers: { origin: 'https://partner.example', 'access-control-request-method': method },
      });
      expect(res.statusCode, route).toBe(404);
      expect(res.headers['access-control-allow-origin'], route).toBeUndefined();
    }
  });

  it('never stores an answer of the other public calls', async () => {
    for (const route of PUBLIC) {
      const res = await t.app.inject(request(route));
      expect(res.statusCode, route).not.toBe(401);
      expect(res.headers['cache-control'], route).toBe('no-store');
    }
  });

  it("answers the operators' probes to anyone, never stored", async () => {
    for (const route of OPERATORS) {
      const res = await t.app.inject(request(route));
      expect(res.statusCode, route).toBe(200);
      expect(res.headers['cache-control'], route).toBe('no-store');
    }
  });

  it('answers what crawlers read to anyone, cached publicly for a few minutes', async () => {
    for (const route of DISCOVERY) {
      const res = await t.app.inject(request(route));
      expect(res.statusCode, route).toBe(200);
      expect(res.headers['cache-control'], route).toMatch(/^public, max-age=\d+$/);
    }
  });

  it('leaves the caching of public reads to them', async () => {
    for (const route of PUBLIC_READS) {
      const res = await t.app.inject({
        ...request(route),
        ...(route.startsWith('POST') ? { payload: { query: '' } } : {}),
      });
      expect(res.statusCode, route).not.toBe(401);
      if (res.statusCode === 200) expect(res.headers['cache-control'], route).not.toBe('no-store');
    }
  });
});
