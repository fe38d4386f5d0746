/**
 * Issue 47's reads in the search section: an organisation's page, a job's similar jobs and the
 * sitemap's organisations, measured through the API's own repository at each size.
 */
import { SITEMAP_MAX_URLS } from '@jobboard/contract/jobs';
import { BENCH_NOW, type BenchDatabase } from '../data/bench-database';
import { atMost, ms, percentile, table, type Check } from '../report';

/** The organisation pages' reads at one size (issue 47), every sample in milliseconds. */
export interface OrganizationReadsRun {
  /** Page 1 of companies across the spread of sizes, and page 5 of the largest. */
  pageSamples: number[];
  /** The largest company's live jobs (what its page counts). */
  largestOpenJobs: number;
  /** A job page's similar jobs, for live jobs spread over the ids. */
  similarSamples: number[];
  /** The sitemap's organisations whole (its layout and every file's read), each time. */
  sitemapSamples: number[];
  /** How many companies the sitemap lists. */
  sitemapPages: number;
}

/** Companies whose page is timed, spread from the most jobs to the fewest. */
const ORGANIZATIONS_TIMED = 40;
/** Live jobs whose similar jobs are timed, spread over the ids. */
const SIMILAR_TIMED = 200;
/** Times the sitemap's organisations are read whole (after one warm-up). */
const SITEMAP_REPEATS = 5;

/**
 * Issue 47: GET /api/organizations/{slug} and GET /api/jobs/{id}/similar as the API computes them
 * (its repository, no HTTP, no public-read cache), and the sitemap's organisations, after one
 * untimed pass of each.
 */
export async function measureOrganizationReads(
  bench: BenchDatabase,
): Promise<OrganizationReadsRun> {
  const bySize = (await bench
    .db('jobs')
    .join('companies', 'companies.id', 'jobs.company_id')
    .groupBy('companies.slug')
    .select('companies.slug')
    .count({ jobs: '*' })
    .orderBy('jobs', 'desc')) as unknown as { slug: string; jobs: number | string }[];
  const step = Math.max(1, Math.floor(bySize.length / ORGANIZATIONS_TIMED));
  const slugs = bySize.filter((_, i) => i % step === 0).map((row) => row.slug);
  const largest = bySize[0]!.slug;
  const ids: { id: number }[] = await bench.db('jobs').select('id').orderBy('id');
  const idStep = Math.max(1, Math.floor(ids.length / SIMILAR_TIMED));
  const jobIds = ids.filter((_, i) => i % idStep === 0).map((row) => Number(row.id));
  const run: OrganizationReadsRun = {
    pageSamples: [],
    largestOpenJobs: 0,
    similarSamples: [],
    sitemapSamples: [],
    sitemapPages: 0,
  };
  for (let pass = 0; pass <= 1; pass += 1) {
    for (const [slug, page] of [
      ...slugs.map((slug) => [slug, 1] as const),
      [largest, 5] as const,
    ]) {
      const started = performance.now();
      const answer = await bench.jobs.organizationPage(slug, page, BENCH_NOW);
      if (pass) run.pageSamples.push(performance.now() - started);
      // No company of the bench was merged: an answer is a page, never a move.
      if (slug === largest) run.largestOpenJobs = answer && 'total' in answer ? answer.total : 0;
    }
    for (const id of jobIds) {
      const started = performance.now();
      await bench.jobs.similar(id, BENCH_NOW);
      if (pass) run.similarSamples.push(performance.now() - started);
    }
  }
  for (let pass = 0; pass <= SITEMAP_REPEATS; pass += 1) {
    const started = performance.now();
    run.sitemapPages = await bench.jobs.sitemapOrganizations(BENCH_NOW, SITEMAP_MAX_URLS);
    if (pass) run.sitemapSamples.push(performance.now() - started);
  }
  return run;
}

/** The statements of one search with PostgreSQL's EXPLAIN (ANALYZE, BUFFERS) of each. */

/** The targets of the largest size's run. */
export function organizationReadsChecks(
  largest: { size: number; organizations: OrganizationReadsRun },
  database: string,
): Check[] {
  const at = `at ${largest.size.toLocaleString('en-US')} jobs, ${database}, uncached, p95`;
  const { organizations } = largest;
  return [
    atMost(
      `An organisation's page (its open jobs, page 1 and 5) ${at}`,
      percentile(organizations.pageSamples, 95),
      25,
      'ms',
      "the page's first view waits for it once per change of jobs",
    ),
    atMost(
      `A job page's similar jobs ${at}`,
      percentile(organizations.similarSamples, 95),
      10,
      'ms',
      "the job page's first view waits for it once per job and change of jobs",
    ),
    atMost(
      `The sitemap's organisations whole (layout and every file) at ${largest.size.toLocaleString('en-US')} jobs, ${database}, p95`,
      percentile(organizations.sitemapSamples, 95),
      1000,
      'ms',
      'rebuilt after a change of jobs, when a crawler asks',
    ),
  ];
}

/** The report's paragraph and table of every run. */
export function organizationReadsBody(
  runs: { database: string; size: number; organizations: OrganizationReadsRun }[],
): string[] {
  return [
    `**Organisation pages** (issue 47): \`PublicJobsRepository.organizationPage\` (the work of ` +
      `GET /api/organizations/{slug} before the public-read cache keeps it) for ` +
      `${ORGANIZATIONS_TIMED} companies spread from the most jobs to the fewest, page 1, and page ` +
      `5 of the largest; \`similar\` (GET /api/jobs/{id}/similar) for ${SIMILAR_TIMED} jobs ` +
      `spread over the ids; the sitemap's organisations whole (their layout and every file's ` +
      `read); one untimed pass first.`,
    '',
    table(
      [
        'Database',
        'Jobs',
        'Page p50',
        'Page p95',
        'Largest (open jobs)',
        'Similar p50',
        'Similar p95',
        'Sitemap orgs p95',
        'Orgs listed',
      ],
      runs.map(({ database, size, organizations: o }) => [
        database,
        size.toLocaleString('en-US'),
        ms(percentile(o.pageSamples, 50)),
        ms(percentile(o.pageSamples, 95)),
        o.largestOpenJobs.toLocaleString('en-US'),
        ms(percentile(o.similarSamples, 50)),
        ms(percentile(o.similarSamples, 95)),
        ms(percentile(o.sitemapSamples, 95)),
        o.sitemapPages.toLocaleString('en-US'),
      ]),
    ),
  ];
}
