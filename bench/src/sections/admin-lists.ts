/**
 * The admin's paged lists (issue 16) at 2,000 jobs and 2,000 submissions on SQLite and
 * PostgreSQL: each view of the dashboard's jobs list and of the review queue (search, filters,
 * sort, deep pages), measured through the API's own repositories, as the search section does.
 */
import { AdminJobsQuery, AdminSubmissionsQuery } from '@jobboard/contract/admin';
import { check } from '@jobboard/contract/common';
import { type AnyStruct } from '@jobboard/contract/endpoints';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { SubmissionsRepository } from '@jobboard/api/tooling';
import { BENCH_NOW, createBenchDatabase } from '../data/bench-database';
import { atMost, ms, percentile, table, type SectionResult } from '../report';

/** The size the issue names: a publication with a few thousand jobs. */
export const ADMIN_LIST_SIZE = 2_000;
/** Target of issue 16 for one page of either list. */
const TARGET_MS = 50;
/** Measured passes over every view (after one pass that warms the caches). */
const PASSES = 10;

/** Views as their query strings (what the admin's address holds). */
const JOB_VIEWS = [
  '',
  'page=40&pageSize=50',
  'q=grants',
  'status=live&sort=title&dir=asc',
  'featured=yes&sort=organization',
  'status=inactive&sort=posted',
  'expiring=yes&sort=expires&dir=asc',
  'q=chicago&status=live&sort=status',
];
const SUBMISSION_VIEWS = [
  '',
  'page=40&pageSize=50',
  'q=org 12',
  'status=pending_review&sort=title&dir=asc',
  'sort=amount',
];

export interface AdminListsRun {
  database: 'SQLite' | 'PostgreSQL';
  jobs: Map<string, number[]>;
  submissions: Map<string, number[]>;
}

const parse = <T>(struct: AnyStruct, query: string): T => {
  const result = check(struct, Object.fromEntries(new URLSearchParams(query)));
  if (!result.ok) throw new Error(`bad view ${query}`);
  return result.value as T;
};

/** Fill a fresh database with 2,000 jobs and 2,000 submissions and time every view. */
export async function measureAdminLists(postgresUrl?: string): Promise<AdminListsRun> {
  const bench = await createBenchDatabase(ADMIN_LIST_SIZE, postgresUrl);
  try {
    const submissions = new SubmissionsRepository(bench.config.client);
    const statuses = ['pending_review', 'approved', 'paid', 'rejected'];
    const rows = Array.from({ length: ADMIN_LIST_SIZE }, (_, i) => ({
      title: `${VALID_SUBMISSION.title} ${i}`,
      organization: `Org ${i % 40} Alliance`,
      description: VALID_SUBMISSION.description,
      location: VALID_SUBMISSION.location,
      categories: JSON.stringify(VALID_SUBMISSION.category),
      job_type: VALID_SUBMISSION.jobType,
      application_url: VALID_SUBMISSION.applicationUrl,
      contact_name: `Contact ${i}`,
      contact_email: `contact${i}@example.org`,
      listing_type: 'basic',
      amount_cents: 9_900 + (i % 5) * 1_000,
      status: statuses[i % statuses.length],
      submitted_at: BENCH_NOW.getTime() - i * 60_000,
      updated_at: BENCH_NOW.getTime(),
    }));
    await bench.db.transaction(async (trx) => {
      for (const row of rows) await submissions.insert(trx, row);
    });
    await bench.db.raw('ANALYZE');

    const run: AdminListsRun = {
      database: bench.name as AdminListsRun['database'],
      jobs: new Map(JOB_VIEWS.map((v) => [v, []])),
      submissions: new Map(SUBMISSION_VIEWS.map((v) => [v, []])),
    };
    const jobViews = JOB_VIEWS.map((q) => [q, parse<AdminJobsQuery>(AdminJobsQuery, q)] as const);
    const subViews = SUBMISSION_VIEWS.map(
      (q) => [q, parse<AdminSubmissionsQuery>(AdminSubmissionsQuery, q)] as const,
    );
    for (let pass = 0; pass <= PASSES; pass += 1) {
      for (const [query, view] of jobViews) {
        const started = performance.now();
        await bench.jobs.adminPage(view, BENCH_NOW);
        if (pass > 0) run.jobs.get(query)!.push(performance.now() - started);
      }
      for (const [query, view] of subViews) {
        const started = performance.now();
        await submissions.page(bench.db, view);
        if (pass > 0) run.submissions.get(query)!.push(performance.now() - started);
      }
    }
    return run;
  } finally {
    await bench.close();
  }
}

/** The section: p50/p95 per view, and one check per list and database against 50 ms. */
export function adminListsSection(runs: AdminListsRun[]): SectionResult {
  const all = (m: Map<string, number[]>) => [...m.values()].flat();
  const rows = runs.flatMap((run) =>
    (
      [
        ['jobs', run.jobs],
        ['submissions', run.submissions],
      ] as const
    ).flatMap(([list, samples]) =>
      [...samples].map(([view, values]) => [
        run.database,
        list,
        view ? `\`?${view}\`` : '(default)',
        ms(percentile(values, 50)),
        ms(percentile(values, 95)),
      ]),
    ),
  );
  return {
    title: `Admin lists at ${ADMIN_LIST_SIZE.toLocaleString('en-US')} jobs and submissions`,
    body: [
      `One page of the dashboard's jobs list and of the review queue, per view, ${PASSES} passes ` +
        'after a warm-up, through the API repositories (`AdminJobsRepository.adminPage`, ' +
        '`SubmissionsRepository.page`), without HTTP.',
      '',
      table(['Database', 'List', 'View', 'p50', 'p95'], rows),
    ].join('\n'),
    checks: runs.flatMap((run) => [
      atMost(
        `Admin jobs list at 2k, ${run.database}, p95`,
        percentile(all(run.jobs), 95),
        TARGET_MS,
        'ms',
      ),
      atMost(
        `Admin submissions list at 2k, ${run.database}, p95`,
        percentile(all(run.submissions), 95),
        TARGET_MS,
        'ms',
      ),
    ]),
  };
}
