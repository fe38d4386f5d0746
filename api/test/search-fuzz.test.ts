import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs } from './support/jobs';
import { buildTestApp, testDatabase, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createJobs(t.app, [{ title: 'Data Editor' }, { title: 'Grants Manager', featured: true }]);
});
afterAll(() => t.close());

/** Values shaped like the filter object, often slightly wrong, to get past the first check. */
const nearlyValid = fc.record(
  {
    query: fc.oneof(
      fc.string({ maxLength: 250 }),
      fc.string({ unit: 'binary', maxLength: 100 }),
      fc.constantFrom('"', '*', 'AND', 'NEAR(', "'", ':*', '&|!'),
    ),
    jobType: fc.oneof(
      fc.dictionary(
        fc.constantFrom('fullTime', 'partTime', 'contract', 'remote', 'x'),
        fc.oneof(fc.boolean(), fc.jsonValue()),
      ),
      fc.jsonValue(),
    ),
    experience: fc.dictionary(fc.constantFrom('entry', 'mid', 'senior'), fc.boolean()),
    salaryRange: fc.oneof(
      fc.constantFrom('any', 'under-50k', '50k-75k', '75k-100k', '100k-plus'),
      fc.string(),
    ),
    location: fc.oneof(fc.constant('any'), fc.string({ maxLength: 250 })),
    category: fc.oneof(fc.array(fc.string({ maxLength: 250 }), { maxLength: 60 }), fc.jsonValue()),
    sortOption: fc.oneof(
      fc.constantFrom('relevance', 'recent', 'salary-high', 'salary-low'),
      fc.string(),
    ),
    page: fc.oneof(fc.integer({ min: -5, max: 1e9 }), fc.double(), fc.string()),
    pageSize: fc.oneof(fc.integer({ min: -5, max: 500 }), fc.jsonValue()),
  },
  { requiredKeys: [] },
);

describe(`POST /api/jobs/search under arbitrary input on ${testDatabase}`, () => {
  it('never answers with a 5xx, and always with a JSON body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), nearlyValid), async (body) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/jobs/search',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? 'null',
        });
        expect(res.statusCode).toBeLessThan(500);
        expect(typeof res.json().message === 'string' || Array.isArray(res.json().jobs)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('never answers raw bytes with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (raw) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/jobs/search',
          headers: { 'content-type': 'application/json' },
          payload: raw,
        });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });
});
