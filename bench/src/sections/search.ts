/**
 * Section 1: the board's search at 1,000, 10,000 and 100,000 generated jobs on SQLite and
 * PostgreSQL, measured through the API's own repository (what POST /api/jobs/search computes,
 * without HTTP and without the public-read cache: every search is computed afresh).
 */
import { FEED_ITEMS, defaultSearchFilter, type SearchRequest } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import { readEarlierPay } from '@jobboard/api/tooling';
import { BENCH_NOW, createBenchDatabase, type BenchDatabase } from '../data/bench-database';
import { SEARCH_TERMS } from '../data/generate-jobs';
import { atMost, ms, percentile, table, type Check, type SectionResult } from '../report';
import {
  measureOrganizationReads,
  organizationReadsBody,
  organizationReadsChecks,
  type OrganizationReadsRun,
} from './organization-reads';

/** The kind of search that reads page 100 from its cursor (`after`), as the board's Next does. */
const PAGE_100_BY_CURSOR = 'page 100 by cursor';

/**
 * The cursor of `request`'s page (`request.page`): pages 1 to page - 1 walked by their cursors,
 * untimed, as a visitor pressing Next would. Undefined when the list ends before (the page is
 * then read by its number, as the board does when it has no cursor).
 */
async function deepPageCursor(bench: BenchDatabase, request: SearchRequest) {
  let after: string | undefined;
  for (let page = 1; page < request.page; page += 1) {
    const answer = await bench.jobs.search({ ...request, page, after }, BENCH_NOW);
    if (!answer.next) return undefined;
    after = answer.next;
  }
  return after;
}

/** Each term is searched in every one of these ways: each sort, each filter, page 1 and deep. */
const VARIANTS: [string, Partial<SearchRequest>][] = [
  ['recent (default)', {}],
  ['relevance', { sortOption: 'relevance' }],
  ['salary-high', { sortOption: 'salary-high' }],
  ['salary-low', { sortOption: 'salary-low' }],
  ['+ full-time', { jobType: { fullTime: true, partTime: false, contract: false, remote: false } }],
  ['+ remote', { workplace: { onSite: false, hybrid: false, remote: true } }],
  ['+ hybrid or remote', { workplace: { onSite: false, hybrid: true, remote: true } }],
  ['+ senior', { experience: { entry: false, mid: false, senior: true } }],
  ['+ $75-100k', { salaryRange: '75k-100k' }],
  // Pay compared by its annual equivalent across periods (issue 39): a band sorted by pay, and
  // the stipends and fixed fees that no band of a year's pay holds.
  ['salary-high + $50-75k', { salaryRange: '50k-75k', sortOption: 'salary-high' }],
  ['+ stipends and fees', { salaryRange: 'totals' }],
  ['+ location', { location: 'Chicago, IL' }],
  ['+ category', { category: ['Fundraising'] }],
  ['page 100', { page: 100 }],
  // Keyset paging: the same page read from page 99's cursor (walked once, untimed: deepPageCursor).
  [PAGE_100_BY_CURSOR, { page: 100 }],
];

/** The longest the pay of 100,000 jobs of the release before may take to read, at a start. */
const EARLIER_PAY_SECONDS = 120;

/** Measured passes over the whole matrix (after one pass that warms the caches). */
const PASSES = 2;

export interface SearchRun {
  database: 'SQLite' | 'PostgreSQL';
  size: number;
  loadSeconds: number;
  /** Every sample, in milliseconds. */
  samples: number[];
  /** p50 per variant over all terms. */
  byVariant: Map<string, number[]>;
  /** Matches per term (the default search's total, '1000+' when capped). */
  matches: Map<string, string>;
  /** The board's first page (no term, default filter and sort), FIRST_PAGE_REPEATS times. */
  firstPageSamples: number[];
  /** The feed of each term (its newest FEED_ITEMS jobs, featured or not), in milliseconds. */
  feedSamples: number[];
  /** PostgreSQL: the query plans of the slowest kinds of search (see planOf). */
  plans: QueryPlan[];
  /**
   * An upgrade to the pay release (issue 39): seconds to read every job's pay as the release
   * before left it (no period) into the pay columns, once, at start.
   */
  earlierPaySeconds: number;
  /** Issue 47: the organisation pages' reads, uncached (measureOrganizationReads). */
  organizations: OrganizationReadsRun;
}

export interface QueryPlan {
  kind: string;
  term: string;
  p95: number;
  statements: { sql: string; plan: string }[];
}

/** How many times the board's first page is timed (after 5 unmeasured). */
const FIRST_PAGE_REPEATS = 50;

/** How many of the slowest kinds of search the report shows the plans of. */
const PLANNED_KINDS = 3;

/** Generate `size` jobs into a fresh database and time the whole matrix on it. */
export async function measureSearch(
  size: number,
  postgresUrl: string | undefined,
  keep?: (bench: BenchDatabase) => Promise<void>,
): Promise<SearchRun> {
  const bench = await createBenchDatabase(size, postgresUrl);
  try {
    const run = await measureOn(bench, size);
    await keep?.(bench);
    return run;
  } finally {
    await bench.close();
  }
}

/**
 * Time the whole matrix, the feeds and the board's first page on a database of `size` jobs, and
 * (unless `earlierPay` is false: the million-job row) an upgrade's pass over their pay.
 */
export async function measureOn(
  bench: BenchDatabase,
  size: number,
  { earlierPay = true }: { earlierPay?: boolean } = {},
): Promise<SearchRun> {
  const postgres = bench.config.client === 'postgres';
  const run: SearchRun = {
    database: postgres ? 'PostgreSQL' : 'SQLite',
    size,
    loadSeconds: bench.loadSeconds,
    firstPageSamples: [],
    samples: [],
    byVariant: new Map(VARIANTS.map(([name]) => [name, []])),
    matches: new Map(),
    feedSamples: [],
    plans: [],
    earlierPaySeconds: 0,
    organizations: {
      pageSamples: [],
      largestOpenJobs: 0,
      similarSamples: [],
      sitemapSamples: [],
      sitemapPages: 0,
    },
  };
  /** The slowest search of each kind (its request), for the plans. */
  const slowest = new Map<string, { elapsed: number; request: SearchRequest }>();
  const terms = ['', ...SEARCH_TERMS];
  /** Each term's cursor of page 100 (found in the warm-up pass). */
  const deepCursors = new Map<string, string | undefined>();
  for (let pass = 0; pass <= PASSES; pass += 1) {
    for (const term of terms) {
      for (const [name, variant] of VARIANTS) {
        let request: SearchRequest = {
          ...defaultSearchFilter(),
          page: 1,
          pageSize: 10,
          ...variant,
          query: term,
        };
        if (name === PAGE_100_BY_CURSOR) {
          if (!deepCursors.has(term)) deepCursors.set(term, await deepPageCursor(bench, request));
          const after = deepCursors.get(term);
          if (after) request = { ...request, after };
        }
        const started = performance.now();
        const answer = await bench.jobs.search(request, BENCH_NOW);
        const elapsed = performance.now() - started;
        if (pass === 0) {
          if (name === 'recent (default)') {
            run.matches.set(term, `${answer.total}${answer.totalExact ? '' : '+'}`);
          }
          continue;
        }
        run.samples.push(elapsed);
        run.byVariant.get(name)!.push(elapsed);
        if (elapsed > (slowest.get(name)?.elapsed ?? -1)) slowest.set(name, { elapsed, request });
      }
    }
  }
  // The feeds (/feed.xml, /feed.json) of the same terms: what a feed costs before it is cached.
  for (let pass = 0; pass <= PASSES; pass += 1) {
    for (const term of terms) {
      const started = performance.now();
      await bench.jobs.newest({ ...defaultSearchFilter(), query: term }, FEED_ITEMS, BENCH_NOW);
      if (pass > 0) run.feedSamples.push(performance.now() - started);
    }
  }
  // The board's first page (no term, the default filter and sort, page 1), as a visitor opens it.
  for (let pass = 0; pass < FIRST_PAGE_REPEATS + 5; pass += 1) {
    const started = performance.now();
    await bench.jobs.search({ ...defaultSearchFilter(), page: 1, pageSize: 10 }, BENCH_NOW);
    if (pass >= 5) run.firstPageSamples.push(performance.now() - started);
  }
  // Not on the million row, which measures the searches alone.
  if (earlierPay) run.organizations = await measureOrganizationReads(bench);
  if (earlierPay) run.earlierPaySeconds = await timeEarlierPayRead(bench, size);
  if (postgres) {
    const kinds = [...run.byVariant]
      .map(([name, samples]) => ({ name, p95: percentile(samples, 95) }))
      .sort((a, b) => b.p95 - a.p95)
      .slice(0, PLANNED_KINDS);
    for (const { name, p95 } of kinds) {
      const { request } = slowest.get(name)!;
      run.plans.push({
        kind: name,
        term: request.query,
        p95,
        statements: await planOf(bench, request),
      });
    }
  }
  return run;
}

/**
 * Every job as the release before the pay periods left it (its pay in its salary text and yearly
 * figures, no period), then the start's pass that reads them into the pay columns, timed. It
 * writes back what was there, so the database is as before.
 */
async function timeEarlierPayRead(bench: BenchDatabase, size: number): Promise<number> {
  await bench.db('jobs').update({ salary_period: null });
  const started = performance.now();
  const changed = await readEarlierPay(bench.db, bench.config.client);
  const seconds = (performance.now() - started) / 1000;
  if (changed !== size) throw new Error(`The pay of ${changed} of ${size} jobs was read`);
  return seconds;
}

/** The section: a table per database, the growth with size, and the targets at 100,000. */
export function searchSection(runs: SearchRun[]): SectionResult {
  const checks: Check[] = [];
  const rows = runs.map((run) => [
    run.database,
    run.size.toLocaleString('en-US'),
    `${run.loadSeconds.toFixed(1)} s`,
    ms(percentile(run.samples, 50)),
    ms(percentile(run.samples, 95)),
    ms(percentile(run.samples, 99)),
    ms(Math.max(...run.samples)),
    run.samples.length,
  ]);

  const growth: (string | number)[][] = [];
  for (const database of ['SQLite', 'PostgreSQL'] as const) {
    const mine = runs.filter((r) => r.database === database).sort((a, b) => a.size - b.size);
    const smallest = mine[0];
    const largest = mine[mine.length - 1];
    if (!smallest || !largest) continue;
    const times = largest.size / smallest.size;
    for (const p of smallest === largest ? [] : [50, 95]) {
      const ratio = percentile(largest.samples, p) / percentile(smallest.samples, p);
      growth.push([database, `p${p}`, `${times}x`, `${ratio.toFixed(1)}x`]);
      checks.push(
        atMost(
          `Search cost growth, ${database}, p${p}, ${smallest.size.toLocaleString('en-US')} -> ${largest.size.toLocaleString('en-US')} jobs`,
          ratio,
          10,
          'x',
          'grows faster than logarithmically with the number of jobs',
        ),
      );
    }
    const [p50, p95] = [percentile(largest.samples, 50), percentile(largest.samples, 95)];
    const label = `Text search at ${largest.size.toLocaleString('en-US')} jobs, ${database}`;
    checks.push(atMost(`${label}, p50`, p50, 5, 'ms', slowestNote(largest)));
    checks.push(atMost(`${label}, p95`, p95, 25, 'ms', slowestNote(largest)));
    checks.push(
      atMost(
        `A feed's newest ${FEED_ITEMS} jobs at ${largest.size.toLocaleString('en-US')} jobs, ${database}, uncached, p95`,
        percentile(largest.feedSamples, 95),
        25,
        'ms',
      ),
    );
    checks.push(...organizationReadsChecks(largest, database));
    checks.push(
      atMost(
        `Upgrade: the pay of ${largest.size.toLocaleString('en-US')} jobs of the release before read once, ${database}`,
        largest.earlierPaySeconds,
        EARLIER_PAY_SECONDS,
        's',
        'the start after the upgrade waits for it',
      ),
    );
  }

  const largest = runs.filter((r) => r.size === Math.max(...runs.map((x) => x.size)));
  const variantRows = VARIANTS.map(([name]) => [
    name,
    ...largest.flatMap((run) => {
      const samples = run.byVariant.get(name)!;
      return [ms(percentile(samples, 50)), ms(percentile(samples, 95))];
    }),
  ]);
  const termsRow = largest[0]
    ? [...largest[0].matches].map(([term, total]) => `${term ? `'${term}'` : '(none)'} ${total}`)
    : [];

  const body = [
    `Each run generates the jobs (bench/src/data/generate-jobs.ts: realistic titles, ` +
      `organizations, cities, 3-5 sentence descriptions, pay on three in four: a year's, an ` +
      `hour's on a tenth, a month's, stipends and fixed fees, compared by their annual ` +
      `equivalent (docs/product.md#pay); a year of ` +
      `posting dates, 3% featured, about 10% inactive or expired), writes them through the API's ` +
      `repository, and times \`PublicJobsRepository.search\` (the work of POST /api/jobs/search without ` +
      `HTTP or the public-read cache) for ${SEARCH_TERMS.length} search terms and no term, each in ` +
      `${VARIANTS.length} ways (every sort, every filter with the term, page 1, page 100 by ` +
      `number and page 100 by cursor, walked to once untimed): ` +
      `one warm-up pass, then ${PASSES} measured passes.`,
    '',
    table(['Database', 'Jobs', 'Load', 'p50', 'p95', 'p99', 'max', 'searches'], rows),
    '',
    '**Growth with size** (the same searches; 100x the jobs):',
    '',
    table(['Database', 'Percentile', 'Jobs', 'Time'], growth),
    '',
    `**At ${largest[0]?.size.toLocaleString('en-US')} jobs, by kind of search** (p50 / p95 over the terms):`,
    '',
    table(
      ['Search', ...largest.flatMap((run) => [`${run.database} p50`, `${run.database} p95`])],
      variantRows,
    ),
    '',
    `Matches per term at ${largest[0]?.size.toLocaleString('en-US')} jobs (public jobs; counted up to ` +
      `the cap): ${termsRow.join(', ')}.`,
    '',
    `**Feeds** (\`PublicJobsRepository.newest\`, the work of /feed.xml and /feed.json before the ` +
      `public-read cache keeps the answer): the newest ${FEED_ITEMS} jobs of each term and of no ` +
      `term, featured or not.`,
    '',
    table(
      ['Database', 'Jobs', 'p50', 'p95', 'max', 'feeds'],
      runs.map((run) => [
        run.database,
        run.size.toLocaleString('en-US'),
        ms(percentile(run.feedSamples, 50)),
        ms(percentile(run.feedSamples, 95)),
        ms(Math.max(...run.feedSamples)),
        run.feedSamples.length,
      ]),
    ),
    '',
    `**Upgrade to the pay release** (issue 39): every job as the release before left it (its pay ` +
      `in its salary text and yearly figures, no period), then the start's one pass that reads ` +
      `them into the pay columns (\`PayIndex.refresh\`, batches of 500 by id), timed.`,
    '',
    table(
      ['Database', 'Jobs', 'Seconds', 'Jobs a second'],
      runs.map((run) => [
        run.database,
        run.size.toLocaleString('en-US'),
        run.earlierPaySeconds.toFixed(2),
        Math.round(run.size / run.earlierPaySeconds).toLocaleString('en-US'),
      ]),
    ),
    '',
    ...organizationReadsBody(runs),
    ...plansSection(runs),
  ].join('\n');
  return { title: '1. Search at 1,000 to 100,000 jobs', body, checks };
}

/**
 * The statements one search sends (watched on the connection), each then run again under
 * `EXPLAIN (ANALYZE, BUFFERS)`: where the time of a slow kind of search goes. Long id lists are
 * shortened in the text.
 */
async function planOf(bench: BenchDatabase, request: SearchRequest) {
  const sent: { sql: string; bindings: readonly unknown[] }[] = [];
  const watch = (query: { sql: string; bindings?: readonly unknown[] }) =>
    sent.push({ sql: query.sql, bindings: query.bindings ?? [] });
  bench.db.on('query', watch);
  try {
    await bench.jobs.search(request, BENCH_NOW);
  } finally {
    bench.db.off('query', watch);
  }
  const statements: { sql: string; plan: string }[] = [];
  for (const { sql, bindings } of sent) {
    if (/^(EXPLAIN|select "id" from "(locations|categories)")/i.test(sql)) continue;
    const result = (await bench.db.raw(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql.replace(/\$\d+/g, '?')}`,
      bindings as Knex.RawBinding[],
    )) as { rows: Record<string, string>[] };
    const shorten = (text: string) => text.replace(/\{(\d+,){20,}\d+\}/g, '{...ids...}');
    statements.push({
      sql: shorten(sql),
      plan: shorten(result.rows.map((row) => row['QUERY PLAN']).join('\n')),
    });
  }
  return statements;
}

function slowestNote(run: SearchRun): string {
  const worst = [...run.byVariant]
    .map(([name, samples]) => [name, percentile(samples, 95)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, value]) => `${name} ${ms(value)}`)
    .join(', ');
  return `slowest kinds of search (p95): ${worst}`;
}

/** The query plans of PostgreSQL's slowest kinds of search at the largest size. */
function plansSection(runs: SearchRun[]): string[] {
  const run = runs
    .filter((r) => r.database === 'PostgreSQL' && r.plans.length)
    .sort((a, b) => b.size - a.size)[0];
  if (!run) return [];
  return [
    '',
    `**PostgreSQL's slowest kinds of search at ${run.size.toLocaleString('en-US')} jobs, with their ` +
      `query plans** (the slowest search of each kind, its statements run again under ` +
      `\`EXPLAIN (ANALYZE, BUFFERS)\`, one after the other; the search itself reads the page's ` +
      `jobs whole and the total at once, on two connections, unless it filters on a location or a ` +
      `category):`,
    ...run.plans.flatMap((plan) => [
      '',
      `<details><summary>${plan.kind}, '${plan.term}' (p95 of the kind ${ms(plan.p95)})</summary>`,
      '',
      ...plan.statements.flatMap(({ sql, plan: text }) => [
        '```sql',
        sql,
        '```',
        '```',
        text,
        '```',
      ]),
      '',
      '</details>',
    ]),
  ];
}
