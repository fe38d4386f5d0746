import { validate, compileErrors } from '@readme/openapi-parser';
import { API_KEY_SCOPES } from '@jobboard/contract/admin';
import { ENDPOINTS, type Endpoint } from '@jobboard/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractVersion } from '../../src/platform/contract-version';
import { createJobs } from '../support/jobs';
import { documentCheck, type DocumentCheck, type OpenApiDocument } from '../support/openapi-check';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';

let t: TestApp;
let served: OpenApiDocument;
let check: DocumentCheck;
let etag: string;

const TABLE = Object.entries(ENDPOINTS as unknown as Record<string, Endpoint>);
const documentPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

beforeAll(async () => {
  t = await buildTestApp();
  await createJobs(t.app, [{ title: 'Grants officer' }, { title: 'Field organizer' }]);
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  etag = String(res.headers.etag);
  served = res.json();
  check = documentCheck(served);
});
afterAll(() => t.close());

describe(`the OpenAPI document (GET /api/openapi.json) on ${testDatabase}`, () => {
  it('is a valid OpenAPI 3.1 document, by an independent parser', async () => {
    expect(served.openapi).toBe('3.1.0');
    // The parser dereferences what it is given: a copy, the check keeps the document's refs.
    const result = await validate(structuredClone(served) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.specification).toBe('OpenAPI');
    expect(served.info).toMatchObject({
      title: `${t.config.site.boardName} API`,
      version: contractVersion(),
    });
  });

  it('describes every endpoint of the table: its method, path, summary, parameters, body and answer', () => {
    const operations = Object.values(served.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(TABLE.length);
    for (const [name, endpoint] of TABLE) {
      const operation = served.paths[documentPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(operation!.operationId).toBe(name);
      expect(operation!.summary).toBe(endpoint.summary);
      const pathParams = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(
        (operation!.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        endpoint.path,
      ).toEqual(pathParams);
      expect(Boolean(operation!.requestBody), `${endpoint.path} body`).toBe(
        Boolean(endpoint.body ?? endpoint.bodyMediaType),
      );
      const success = operation!.responses[String(endpoint.status ?? 200)];
      expect(success, `${endpoint.path} answer`).toBeDefined();
      if (endpoint.status !== 204) expect(success!.content, endpoint.path).toBeDefined();
      expect(operation!.responses.default).toBeDefined();
    }
  });

  it('says who may call each route: an admin, an employer, a member, an API key with its scope, or anyone', () => {
    const security = (endpoint: Endpoint) =>
      served.paths[documentPath(endpoint.path)]![endpoint.method.toLowerCase()]!.security;
    expect(security(ENDPOINTS.adminJobs)).toEqual([{ adminSession: [] }]);
    expect(security(ENDPOINTS.createApiKey)).toEqual([{ adminSession: [] }]);
    expect(security(ENDPOINTS.login)).toEqual([]);
    expect(security(ENDPOINTS.employerListings)).toEqual([{ employerSession: [] }]);
    expect(security(ENDPOINTS.employerSignInLink)).toEqual([]);
    expect(security(ENDPOINTS.memberBookmarks)).toEqual([{ memberSession: [] }]);
    expect(security(ENDPOINTS.memberSignIn)).toEqual([]);
    expect(security(ENDPOINTS.integratorListings)).toEqual([{ apiKey: ['listings:read'] }]);
    expect(security(ENDPOINTS.integratorSubmitListing)).toEqual([{ apiKey: ['listings:submit'] }]);
    expect(security(ENDPOINTS.jobList)).toEqual([]);
    expect(security(ENDPOINTS.submitJob)).toEqual([]);
    expect(Object.keys(served.components.securitySchemes).sort()).toEqual([
      'adminSession',
      'apiKey',
      'employerSession',
      'memberSession',
    ]);
    expect(served.components.securitySchemes.apiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(served.components.securitySchemes.adminSession).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'board.sid',
    });
    // Every scope a key can hold is one some route needs.
    const needed = new Set(
      Object.values(served.paths)
        .flatMap((methods) => Object.values(methods))
        .flatMap((operation) => operation.security.flatMap((each) => each.apiKey ?? [])),
    );
    expect([...needed].sort()).toEqual([...API_KEY_SCOPES].sort());
  });

  it("states the integrator's body with the submission form's rules and the answers as the contract's named objects", () => {
    const submit = served.paths['/api/v1/listings']!.post!;
    const body = submit.requestBody!.content['application/json']!.schema as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(body.additionalProperties).toBe(false);
    expect(body.required).toEqual(
      expect.arrayContaining(['title', 'organization', 'description', 'contactEmail']),
    );
    expect(body.properties.contactEmail).toMatchObject({ type: 'string', format: 'email' });
    expect(body.properties.listingType).toMatchObject({
      enum: ['basic', 'featured'],
      default: 'basic',
    });
    // No spam-check fields: the key is the proof.
    expect(body.properties).not.toHaveProperty('humanProof');
    expect(
      served.paths['/api/jobs/{id}']!.get!.responses['200']!.content!['application/json'],
    ).toEqual({
      schema: { $ref: '#/components/schemas/Job' },
    });
    expect(served.components.schemas.Job).toMatchObject({ type: 'object' });
  });

  it("matches the public reads' answers, checked by an independent validator", async () => {
    const reads = [
      { method: 'GET', url: '/api/jobs', path: ENDPOINTS.jobList.path },
      { method: 'GET', url: '/api/jobs/recent', path: ENDPOINTS.recentJobs.path },
      { method: 'GET', url: '/api/jobs/recent/lines', path: ENDPOINTS.recentJobLines.path },
      { method: 'GET', url: '/api/locations', path: ENDPOINTS.locations.path },
      { method: 'GET', url: '/api/categories', path: ENDPOINTS.categories.path },
      { method: 'GET', url: '/api/site', path: ENDPOINTS.site.path },
      { method: 'GET', url: '/api/openapi.json', path: ENDPOINTS.openApiDocument.path },
    ] as const;
    for (const read of reads) {
      const res = await t.app.inject({ method: read.method, url: read.url });
      expect(res.statusCode, read.url).toBe(200);
      expect(check.answer(read.method, read.path, 200, res.json()), read.url).toEqual([]);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/jobs' });
    const id = list.json()[0].id as string;
    const job = await t.app.inject({ method: 'GET', url: `/api/jobs/${id}` });
    expect(check.answer('GET', ENDPOINTS.job.path, 200, job.json())).toEqual([]);
    const search = { query: 'grants' };
    expect(check.request('POST', ENDPOINTS.searchJobs.path, search)).toEqual([]);
    const found = await t.app.inject({ method: 'POST', url: '/api/jobs/search', payload: search });
    expect(found.json().jobs).toHaveLength(1);
    expect(check.answer('POST', ENDPOINTS.searchJobs.path, 200, found.json())).toEqual([]);
    // An error answer is the document's ErrorBody.
    const missing = await t.app.inject({ method: 'GET', url: '/api/jobs/99999' });
    expect(missing.statusCode).toBe(404);
    expect(check.answer('GET', ENDPOINTS.job.path, 404, missing.json())).toEqual([]);
  });

  it('is a public read: anyone, cached with its ETag', async () => {
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('public, no-cache');
  });

  it('catches an answer that drifts from it', () => {
    const job = { id: 7 };
    expect(check.answer('GET', ENDPOINTS.job.path, 200, job).join('; ')).toMatch(
      /\/id must be string/,
    );
  });
});
