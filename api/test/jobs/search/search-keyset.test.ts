import {
  CURSOR_MESSAGES,
  decodeSearchCursor,
  encodeSearchCursor,
  type SearchResponse,
  type SortOption,
} from '@jobboard/contract/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobInput } from '../../../src/jobs/job-input';
import { jobInput, pay } from '../../support/jobs';
import { buildTestApp, testDatabase, type TestApp } from '../../support/test-app';

/**
 * Keyset paging (issue 31): a search's answer carries the cursor of its next page (`next`), and a
 * search sent with it (`after`) continues from that place in the sort order by a seek. Walking a
 * list by cursor gives every job once in every order, jobs added and removed between two pages
 * make no gaps or repeats among the others, and a cursor that is not one is a 400.
 */

let t: TestApp;
const PAGE = 4;

/** The words the relevance cases search: in the title of some jobs, only the text of others. */
const WORD = 'wetland';

/**
 * Jobs that tie on every part of the orders' keys but the id (same date, same salary, featured
 * or not), with and without salaries, in and out of the title tier.
 */
function variedJob(n: number): Partial<JobInput> {
  const salary = [null, 50_000, 50_000, 72_000, null, 90_000, 41_000][n % 7]!;
  return {
    title: n % 3 === 0 ? `Wetland Steward ${n}` : `Program Associate ${n}`,
    description:
      n % 4 === 0
        ? `Restore the wetland of the lower valley with volunteers (${n}).`
        : `Support programs across the organization with care (${n}).`,
    featured: n % 5 === 0,
    postedDate: `2026-11-${String(10 + (n % 6)).padStart(2, '0')}`,
    pay: pay(salary, salary !== null && n % 2 === 0 ? salary + 10_000 : salary),
  };
}

let serial = 0;
const create = (input: Partial<JobInput>) =>
  t.app.jobs.create(jobInput({ ...variedJob(serial++), ...input }), t.clock.now);

beforeAll(async () => {
  t = await buildTestApp();
  for (let n = 0; n < 30; n++) await create({});
});
afterAll(() => t.close());

const search = async (body: object) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/jobs/search', payload: body });
  return res;
};

const page = async (body: object): Promise<SearchResponse> => {
  const res = await search(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResponse;
};

const ids = (answer: SearchResponse) => answer.jobs.map((job) => Number(job.id));

/** Every match in order, in one page (the lists here are shorter than the largest page). */
const whole = async (filter: object) => ids(await page({ ...filter, pageSize: 100 }));

/** The list walked by cursor from page 1: each page's ids, `between` run after each page. */
async function walk(
  filter: object,
  between: (pageNumber: number) => Promise<void> = async () => {},
) {
  const pages: number[][] = [];
  let answer = await page({ ...filter, pageSize: PAGE });
  for (;;) {
    pages.push(ids(answer));
    expect(answer.page).toBe(pages.length);
    if (!answer.next) break;
    await between(pages.length);
    answer = await page({ ...filter, pageSize: PAGE, page: pages.length + 1, after: answer.next });
  }
  return pages;
}

const ORDERS: [
  string,
  { sortOption: SortOption; query?: string; location?: string; category?: string[] },
][] = [
  ['Most Recent', { sortOption: 'recent' }],
  ['Most Relevant', { sortOption: 'relevance' }],
  ['Most Relevant with words', { sortOption: 'relevance', query: WORD }],
  ['Most Recent with words', { sortOption: 'recent', query: WORD }],
  ['Highest Salary', { sortOption: 'salary-high' }],
  ['Lowest Salary', { sortOption: 'salary-low' }],
  // With a label, PostgreSQL counts first and sorts the few matches (job-search.ts).
  ['Highest Salary in a location', { sortOption: 'salary-high', location: 'Washington, DC' }],
  [
    'Most Relevant with words in a category',
    { sortOption: 'relevance', query: WORD, category: ['Communications'] },
  ],
];

describe(`keyset paging on ${testDatabase}`, () => {
  it.each(ORDERS)('%s: walking by cursor gives every job once, in order', async (_, filter) => {
    const expected = await whole(filter);
    expect(expected.length).toBeGreaterThan(PAGE * 2);
    const pages = await walk(filter);
    expect(pages.flat()).toEqual(expected);
    // The same pages as by number (OFFSET), page for page.
    for (const [index, onPage] of pages.entries()) {
      expect(ids(await page({ ...filter, pageSize: PAGE, page: index + 1 }))).toEqual(onPage);
    }
  });

  it.each(ORDERS)(
    '%s: jobs added and one removed between pages make no gaps or repeats',
    async (_, filter) => {
      const before = await whole(filter);
      const removed: number[] = [];
      const added: number[] = [];
      const pages = await walk(filter, async (pageNumber) => {
        if (pageNumber !== 2) return;
        // New jobs before, among and after the rows read so far, each matching the words.
        for (const change of [
          { featured: true, postedDate: '2026-11-19', pay: pay(300_000, 300_000) },
          { featured: false, postedDate: '2026-11-12', pay: pay(60_000, 60_000) },
          { featured: false, postedDate: '2026-11-01', pay: pay(null, null) },
        ]) {
          added.push(await create({ ...change, title: `Wetland Planner ${serial}` }));
        }
        // One job not read yet leaves the board.
        const gone = before[before.length - 2]!;
        await t.app.jobs.delete(gone);
        removed.push(gone);
      });
      const seen = pages.flat();
      expect(new Set(seen).size, 'no job twice').toBe(seen.length);
      const throughout = before.filter((id) => !removed.includes(id));
      expect(
        seen.filter((id) => !added.includes(id)),
        'every job there throughout',
      ).toEqual(throughout);
      expect(seen).not.toContain(removed[0]);
    },
  );

  it('page alone reads by number as before, and its answer gives the cursor of the next', async () => {
    const filter = { sortOption: 'recent' as const };
    const expected = await whole(filter);
    const second = await page({ ...filter, pageSize: PAGE, page: 2 });
    expect(ids(second)).toEqual(expected.slice(PAGE, PAGE * 2));
    expect(second.page).toBe(2);
    const cursor = decodeSearchCursor(second.next!);
    expect(cursor).toMatchObject({ v: 1, s: 'recent', i: expected[PAGE * 2 - 1] });
    const third = await page({ ...filter, pageSize: PAGE, page: 3, after: second.next });
    expect(ids(third)).toEqual(expected.slice(PAGE * 2, PAGE * 3));
    // The last page names no next one.
    const last = Math.ceil(expected.length / PAGE);
    expect((await page({ ...filter, pageSize: PAGE, page: last })).next).toBeUndefined();
  });

  it('refuses a damaged, altered, foreign or other-sort cursor with the 400 message', async () => {
    const real = (await page({ sortOption: 'recent', pageSize: PAGE })).next!;
    const cursor = decodeSearchCursor(real)!;
    const asText = (value: unknown) =>
      btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
    const invalid = [
      'not a cursor!',
      '',
      `${real}A`,
      real.slice(0, -2),
      btoa('{"v":1'),
      asText({ ...cursor, x: 1 }),
      asText({ ...cursor, v: 2 }),
      asText({ ...cursor, i: 0 }),
      asText({ ...cursor, i: 2 ** 31 }),
      asText({ ...cursor, d: '2026-11-1' }),
      asText({ ...cursor, m: 5 }), // a salary figure in a 'recent' cursor
      asText({ v: 1, s: 'relevance', f: true, d: '2026-11-10', i: 3 }), // no title tier
      'x'.repeat(400),
    ];
    for (const after of invalid) {
      const res = await search({ sortOption: 'recent', page: 2, after });
      expect(res.statusCode, after).toBe(400);
      expect(res.json(), after).toMatchObject({ fields: { after: CURSOR_MESSAGES.invalid } });
    }
    for (const sortOption of ['salary-high', 'relevance'] as const) {
      const res = await search({ sortOption, page: 2, after: real });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { after: CURSOR_MESSAGES.otherSort } });
    }
    expect((await search({ sortOption: 'recent', page: 2, after: 5 })).statusCode).toBe(400);
    // A cursor written the same way reads back: only the API's own form is taken.
    expect(encodeSearchCursor(cursor)).toBe(real);
  });
});
