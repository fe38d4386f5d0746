/**
 * `pnpm --filter @jobboard/bench fraud-hints`: what the review card's fraud hints (issue 45) cost
 * at 100,000 jobs and 100,000 submissions, on SQLite and PostgreSQL, printed (bench/report.md is
 * not rewritten). The hints are worked out as the admin reads the queue: a page of 25 cards every
 * 30 seconds while the queue is open. Measured through the API's own finder (`toolFraudHints`):
 *
 * - a page, the categories' pay read (a new finder: a process's first page, or one past
 *   CATEGORY_PAY_TTL_MS), and a page with it kept (every other poll);
 * - one card (the submission's own page), both ways;
 * - a page without the contact indexes (migration 20261129150300), to show what they save.
 *
 * The board: the bench's 100,000 generated jobs (bench-database.ts), one in ten taking
 * applications by e-mail at its organization's domain; 100,000 submissions from its
 * organizations, contacts at the organization's domain (55%), at a free-mail service (35%, one
 * address each) or at one of a dozen recruiting agencies posting for many organizations (10%).
 */
import { AdminSubmissionsQuery } from '@jobboard/contract/admin';
import { CATEGORY_CHOICES, check } from '@jobboard/contract/common';
import { startPgCluster } from '@jobboard/api/test-support';
import { SubmissionsRepository, toolFraudHints } from '@jobboard/api/tooling';
import { BENCH_NOW, createBenchDatabase, type BenchDatabase } from './data/bench-database';
import { randomSource } from './data/generate-jobs';
import { ms, percentile, table } from './report';
import { POSTGRES_SETTINGS } from './support/postgres-settings';

const SIZE = 100_000;
const PASSES = 20;
const FREE_MAIL = ['gmail.com', 'outlook.com', 'yahoo.com'];

/** Jobs that take applications by e-mail, and the submissions, written straight to the tables. */
async function fillContacts(bench: BenchDatabase) {
  const { db } = bench;
  const random = randomSource(45);
  const companies: { id: number; name: string }[] = await db('companies').select('id', 'name');
  /** An organization's own domain (its generated website is a subdomain of example.org). */
  const domainOf = (companyId: number) => `org${companyId}.example.org`;
  // One statement: the same SQL on both databases.
  await db('jobs')
    .whereRaw('id % 10 = 0')
    .update({
      apply_method: 'email',
      application_email: db.raw(`'apply' || id || '@org' || company_id || '.example.org'`),
    });
  const statuses = [...Array<string>(7).fill('paid'), 'pending_review', 'approved', 'rejected'];
  const rows = Array.from({ length: SIZE }, (_, i) => {
    const company = random.pickSkewed(companies);
    const organization = company.name;
    const kind = random.next();
    const contact_email =
      kind < 0.55
        ? `hiring${i % 3}@${domainOf(Number(company.id))}`
        : kind < 0.9
          ? `person${i}@${FREE_MAIL[i % FREE_MAIL.length]}`
          : `recruit${i % 40}@talentbridge${i % 12}.example.com`;
    return {
      title: `Program Officer ${i}`,
      organization,
      description: 'Run our programs with partners across the region and report on their results.',
      location: 'Remote',
      categories: JSON.stringify(random.some(CATEGORY_CHOICES, 1, 2)),
      job_type: 'Full-time',
      experience_level: 'Not specified',
      salary_min: null,
      salary_max: null,
      pay_min_cents: random.int(40, 120) * 100_000,
      pay_max_cents: null,
      salary_period: 'year',
      salary_currency: 'USD',
      application_url: `https://${domainOf(Number(company.id))}/jobs/${i}`,
      contact_name: `Contact ${i}`,
      contact_email,
      listing_type: 'basic',
      amount_cents: 9_900,
      status: statuses[i % statuses.length],
      submitted_at: BENCH_NOW.getTime() - i * 60_000,
      updated_at: BENCH_NOW.getTime(),
    };
  });
  for (let i = 0; i < rows.length; i += 500) await db('submissions').insert(rows.slice(i, i + 500));
  if (bench.config.client === 'postgres') await db.raw('VACUUM ANALYZE');
  else await db.raw('ANALYZE');
}

async function timed(work: () => Promise<unknown>, passes = PASSES): Promise<number[]> {
  const times: number[] = [];
  for (let pass = 0; pass < passes; pass += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

async function measure(postgresUrl?: string) {
  const bench = await createBenchDatabase(SIZE, postgresUrl);
  try {
    await fillContacts(bench);
    const { db } = bench;
    const dialect = bench.config.client;
    const view = check(AdminSubmissionsQuery, { status: 'pending_review', pageSize: '25' });
    if (!view.ok) throw new Error('bad view');
    const { rows } = await new SubmissionsRepository(dialect).page(
      db,
      view.value as AdminSubmissionsQuery,
    );
    const cards = rows.map((row) => ({ row, boardWebsite: null }));
    const kept = toolFraudHints(db, dialect);
    const hints = await kept.hintsOf(db, cards, BENCH_NOW);
    const fired = new Map<string, number>();
    for (const list of hints.values()) {
      for (const { kind } of list) fired.set(kind, (fired.get(kind) ?? 0) + 1);
    }
    const figures: [string, number[]][] = [
      [
        'a page of 25, categories read',
        await timed(() => toolFraudHints(db, dialect).hintsOf(db, cards, BENCH_NOW)),
      ],
      ['a page of 25, categories kept', await timed(() => kept.hintsOf(db, cards, BENCH_NOW))],
      [
        'one card, categories read',
        await timed(() => toolFraudHints(db, dialect).hintsOf(db, cards.slice(0, 1), BENCH_NOW)),
      ],
      [
        'one card, categories kept',
        await timed(() => kept.hintsOf(db, cards.slice(0, 1), BENCH_NOW)),
      ],
    ];
    await db.raw('DROP INDEX submissions_contact_domain_index');
    await db.raw('DROP INDEX jobs_application_email_domain_index');
    figures.push([
      'a page of 25, categories kept, no contact indexes',
      await timed(() => kept.hintsOf(db, cards, BENCH_NOW), 5),
    ]);
    return { database: bench.name, figures, fired, loadSeconds: bench.loadSeconds };
  } finally {
    await bench.close();
  }
}

const pg = await startPgCluster(POSTGRES_SETTINGS);
try {
  const runs = [await measure(), await measure(pg.url)];
  console.log(
    table(
      ['database', 'what', 'p50', 'p95'],
      runs.flatMap((run) =>
        run.figures.map(([what, times]) => [
          run.database,
          what,
          ms(percentile(times, 50)),
          ms(percentile(times, 95)),
        ]),
      ),
    ),
  );
  for (const run of runs) {
    console.log(
      `${run.database}: hints on the page: ${JSON.stringify(Object.fromEntries(run.fired))}`,
    );
  }
} finally {
  pg.stop();
}
