import { encodeSearchCursor, type SearchCursor } from '@jobboard/contract/jobs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs } from '../../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';
import { fuzzRuns } from '../../support/fuzz';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createJobs(t.app, [{ title: 'Data Editor' }, { title: 'Grants Manager', featured: true }]);
});
afterAll(() => t.close());

const SORTS = ['relevance', 'recent', 'salary-high', 'salary-low'] as const;

/**
 * Cursors (`after`) as the API writes them, of any sort key: most fit no sort order's fields (a
 * 400), the others seek from any place, extreme figures, dates and ids included.
 */
const cursors = fc
  .record(
    {
      v: fc.constant(1 as const),
      s: fc.constantFrom(...SORTS),
      f: fc.boolean(),
      t: fc.boolean(),
      m: fc.option(fc.integer({ min: 0, max: 2_147_483_647 })),
      d: fc
        .tuple(
          fc.integer({ min: 0, max: 9999 }),
          fc.integer({ min: 0, max: 99 }),
          fc.integer({ min: 0, max: 99 }),
        )
        .map(
          ([y, m, d]) =>
            `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
        ),
      i: fc.integer({ min: 1, max: 2_147_483_647 }),
    },
    { requiredKeys: ['v', 's', 'd', 'i'] },
  )
  .map((cursor) => encodeSearchCursor(cursor as SearchCursor));

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
    sortOption: fc.oneof(fc.constantFrom(...SORTS), fc.string()),
    page: fc.oneof(fc.integer({ min: -5, max: 1e9 }), fc.double(), fc.string()),
    pageSize: fc.oneof(fc.integer({ min: -5, max: 500 }), fc.jsonValue()),
    after: fc.oneof(cursors, cursors, fc.string({ maxLength: 300 }), fc.jsonValue()),
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
      { numRuns: fuzzRuns(300) },
    );
  });

  it('continues from any cursor that fits the sort order: 200, whatever its key', async () => {
    const fitting = fc.constantFrom(...SORTS).chain((sort) =>
      fc
        .record({
          f: fc.boolean(),
          t: fc.boolean(),
          m: fc.option(fc.integer({ min: 0, max: 2_147_483_647 })),
          d: fc.constantFrom('0000-00-00', '2026-11-20', '9999-99-99', '1970-01-01'),
          i: fc.integer({ min: 1, max: 2_147_483_647 }),
        })
        .map(({ f, t, m, d, i }) => ({
          sort,
          after: encodeSearchCursor({
            v: 1,
            s: sort,
            ...(sort === 'recent' ? { f } : sort === 'relevance' ? { f, t } : { m }),
            d,
            i,
          }),
        })),
    );
    await fc.assert(
      fc.asyncProperty(fitting, fc.constantFrom('', 'editor'), async ({ sort, after }, query) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/jobs/search',
          payload: { query, sortOption: sort, page: 2, after },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(Array.isArray(res.json().jobs)).toBe(true);
      }),
      { numRuns: fuzzRuns(100) },
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
      { numRuns: fuzzRuns(200) },
    );
  });
});
