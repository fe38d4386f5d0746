import { EXTEND_DAYS } from '@jobboard/contract/admin';
import { ENDPOINTS, type Endpoint } from '@jobboard/contract/endpoints';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jsonSerializerCompiler,
  route,
  structValidatorCompiler,
} from '../../../src/platform/http/endpoint-route';
import errorsPlugin from '../../../src/platform/plugins/errors';
import { CSRF, createAdmin, login, sessionCookie } from '../../support/admin';
import { checkResponses } from '../../support/response-check';
import { registeredRoutes } from '../../support/routes';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';

/** The routes that answer no JSON (the shell's pages, built files): they have no struct. */
const NOT_JSON = [
  'GET /*',
  'GET /assets/*',
  // The stored company logos (logos/routes/logos.ts).
  'GET /logos/:file',
  // The Apply button's count and redirect (job-stats/routes/jobs.ts).
  'GET /jobs/:id/apply',
  // Applying without JavaScript, and the withdrawal link's page (applications/routes, issue 42).
  'GET /jobs/:id/application',
  'GET /applications/withdraw',
  'POST /applications/withdraw',
  // Discovery: feeds, sitemap (and its index's files) and robots.txt (discovery/routes).
  'GET /feed.json',
  'GET /feed.xml',
  'GET /robots.txt',
  'GET /sitemap.xml',
  'GET /sitemaps/:file',
  // The API's reference page and its script (issue 46, api-docs/routes/api/docs.ts).
  'GET /api/docs',
  'GET /api/docs/redoc.standalone.js',
  // CORS preflights (platform/plugins/cross-origin.ts): 204 or 404, no body.
  'OPTIONS /*',
];

const TABLE = (Object.values(ENDPOINTS) as Endpoint[]).map((e) => `${e.method} ${e.path}`);

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  await createAdmin(t);
  cookie = sessionCookie(await login(t));
});
afterAll(() => t.close());

/** The registered routes as 'METHOD /url', without Fastify's automatic HEAD twins. */
function registered(): string[] {
  const routes = registeredRoutes(t.app)
    .filter(({ method }) => method !== 'HEAD')
    .map(({ method, url }) => `${method} ${url.replace(/(.)\/$/, '$1')}`);
  return [...new Set(routes)].sort();
}

describe(`route schemas on ${testDatabase}`, () => {
  it('registers exactly the routes of the contract’s endpoint table, and the site', () => {
    expect(new Set(TABLE).size).toBe(TABLE.length);
    expect(registered()).toEqual([...TABLE, ...NOT_JSON].sort());
  });

  it('declares a schema with a response struct on every route that answers JSON', async () => {
    t.responses.unschemed.clear();
    for (const entry of registered()) {
      const [method, path] = entry.split(' ') as ['GET', string];
      const url = path.replace(/:\w+/g, '1').replace('*', 'x');
      await t.app.inject({ method, url, headers: { ...CSRF, cookie } });
    }
    const unschemed = [...t.responses.unschemed].filter((route) => !NOT_JSON.includes(route));
    expect(unschemed, 'give these routes an entry in api/contract/src/endpoints.ts').toEqual([]);
  });
});

/** A bare app with the API's compilers, its error plugin and the tests' response check. */
async function bareApp(register: (app: FastifyInstance) => void) {
  const app = Fastify();
  app.setValidatorCompiler(structValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  await app.register(errorsPlugin);
  register(app);
  const seen = checkResponses(app);
  await app.ready();
  return { app, seen };
}

describe('the response check of the tests', () => {
  it('fails an answer that does not match its route’s struct', async () => {
    const { app } = await bareApp((app) =>
      route(app, ENDPOINTS.health, {}, async () => ({ status: 'broken' }) as never),
    );
    const res = await app.inject('/healthz');
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toMatch(/^The 200 answer of GET \/healthz does not match/);
    await app.close();
  });

  it('fails an error answer that is not `{ message }`', async () => {
    const { app } = await bareApp((app) =>
      route(app, ENDPOINTS.health, {}, async (_request, reply) =>
        reply.status(418).send({ oops: true } as never),
      ),
    );
    const res = await app.inject('/healthz');
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toMatch(/^The 418 answer of GET \/healthz does not match/);
    await app.close();
  });

  it('reports a route that declares no schema', async () => {
    const { app, seen } = await bareApp((app) => app.get('/bare', async () => ({ ok: true })));
    expect((await app.inject('/bare')).statusCode).toBe(200);
    expect([...seen.unschemed]).toEqual(['GET /bare']);
    await app.close();
  });

  it('answers refused input as the handlers did: 404 for an id, 400 naming each field', async () => {
    const { app } = await bareApp((app) =>
      route(app, ENDPOINTS.extendJob, {}, async () => ({}) as never),
    );
    const url = '/api/admin/jobs/0/extend';
    expect((await app.inject({ method: 'POST', url, payload: {} })).json()).toEqual({
      message: 'Job not found',
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/jobs/1/extend',
      payload: { days: 14 },
    });
    expect(res.statusCode).toBe(400);
    const refused = `A listing is extended by ${EXTEND_DAYS} days; send no days to extend it`;
    expect(res.json()).toEqual({
      message: `days: ${refused}`,
      field: 'days',
      fields: { days: refused },
    });
    await app.close();
  });
});
