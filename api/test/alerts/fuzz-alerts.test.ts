import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fuzzBody,
  fuzzBoardQuery,
  fuzzContentType,
  fuzzSegment,
  fuzzText,
  nextAddress,
  fuzzRuns,
} from '../support/fuzz';
import { invalidRows } from '../support/rows';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * The job alerts' routes under arbitrary input (issue 17): no input makes a 5xx, every refusal is
 * JSON `{ message }`, and every row stored fits PostgreSQL's schema.
 */
const RUNS = fuzzRuns(60);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function expectHandled(res: Awaited<ReturnType<TestApp['app']['inject']>>) {
  expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
  if (res.statusCode >= 400) expect(typeof res.json().message).toBe('string');
}

const frequency = fc.oneof(fc.constantFrom('daily', 'weekly'), fuzzText);

/**
 * Addresses near the width limit made of characters that lengthen when lower-cased ('İ' becomes
 * two): the key an address is found by must fit its column (PostgreSQL), or be refused with 400.
 */
const lengtheningEmail = fc
  .tuple(
    fc.string({ unit: fc.constantFrom('İ', 'a', 'Ⱥ', 'ẞ'), minLength: 100, maxLength: 242 }),
    fc.constantFrom('@example.org', '@EXAMPLE.ORG'),
  )
  .map(([local, domain]) => `${local}${domain}`);

describe(`job alerts under arbitrary input on ${testDatabase}`, () => {
  it('POST /api/alerts with text of every kind in every field', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            email: fc.oneof(fc.emailAddress(), fuzzText, lengtheningEmail),
            frequency,
            search: fc.oneof(fuzzBoardQuery, fuzzText),
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          await expectHandled(
            await injectWithProof(t.app, {
              method: 'POST',
              url: '/api/alerts',
              payload: body,
              remoteAddress: nextAddress(),
            }),
          );
        },
      ),
      { numRuns: RUNS },
    );
    expect(await invalidRows(t.db)).toEqual([]);
  });

  it('the alert links with any token, and bodies of any bytes under any content type', async () => {
    await fc.assert(
      fc.asyncProperty(
        fuzzSegment,
        fuzzBody,
        fuzzContentType,
        fc.constantFrom(
          ['POST', '/api/alerts/:t/confirm'],
          ['GET', '/api/alerts/:t'],
          ['PUT', '/api/alerts/:t'],
          ['POST', '/api/alerts/:t/unsubscribe'],
          ['POST', '/api/alerts/:t/data'],
          ['DELETE', '/api/alerts/:t/data'],
          ['POST', '/api/alerts/data/:t'],
          ['DELETE', '/api/alerts/data/:t'],
          ['POST', '/api/alerts/data-link'],
          ['POST', '/alerts/unsubscribe?token=:t'],
          ['POST', '/api/alerts'],
        ),
        async (token, body, type, [method, path]) => {
          await expectHandled(
            await t.app.inject({
              method: method as 'GET' | 'POST' | 'PUT' | 'DELETE',
              url: path!.replace(':t', token),
              headers: { 'content-type': type },
              ...(method === 'GET' ? {} : { payload: body }),
              remoteAddress: nextAddress(),
            }),
          );
        },
      ),
      { numRuns: RUNS * 2 },
    );
    expect(await invalidRows(t.db)).toEqual([]);
  });
});
