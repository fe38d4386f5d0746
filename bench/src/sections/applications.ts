/**
 * Applying on the board (issue 42) at 10,000 jobs on SQLite and PostgreSQL, through the production
 * site (the server `pnpm start` runs): an application sent as the board's dialog sends it (a
 * multipart form with a 200 KB PDF résumé, each from a client and an address of its own), and the
 * employer's inbox of one listing that holds 5,000 applications: its first page, a deep page, one
 * status's page, a résumé downloaded, and the CSV of all 5,000.
 */
import { createHash, randomBytes } from 'node:crypto';
import { proofFrom } from '@jobboard/api/test-support';
import { OrganizationsRepository, SubmissionsRepository } from '@jobboard/api/tooling';
import type { Knex } from 'knex';
import { BENCH_NOW, createBenchDatabase, handToSite } from '../data/bench-database';
import { atMost, ms, percentile, table, type Check, type SectionResult } from '../report';
import { timed } from '../support/http';
import { startSite } from '../support/site';

const JOBS = 10_000;
/** Applications held by the one listing whose inbox is read. */
const INBOX_SIZE = 5_000;
/** Applications sent through the API, spread over this many listings (their per-job limit). */
const SENT = 200;
const LISTINGS = 20;
const PASSES = 30;
const EMPLOYER = 'hiring@bench.example';

/** Targets: a person waits for the send; the inbox reads as fast as the admin's lists. */
const TARGET_SEND_P95_MS = 250;
const TARGET_PAGE_P95_MS = 50;
const TARGET_CSV_MS = 3_000;

/** A PDF that file-type reads as one, padded to `size` bytes. */
const pdf = (size: number) =>
  Buffer.concat([
    Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%'),
    Buffer.alloc(Math.max(0, size - 60), 'x'),
    Buffer.from('\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
  ]);

interface ApplicationsRun {
  database: string;
  send: number[];
  pages: Map<string, number[]>;
  resume: number[];
  csvMs: number;
  csvRows: number;
}

/** Fill a database, start the site on it, and time each step. */
export async function measureApplications(postgresUrl?: string): Promise<ApplicationsRun> {
  const bench = await createBenchDatabase(JOBS, postgresUrl);
  const token = randomBytes(32).toString('base64url');
  // Listings live on the site's own clock (the real one) for the whole run.
  const later = Date.now() + 7 * 86_400_000;
  const jobIds = (
    await bench
      .db('jobs')
      .where({ active: true, archived: false, pay_held: false })
      .andWhere((q) => q.whereNull('expires_at').orWhere('expires_at', '>', later))
      .andWhere((q) => q.whereNull('deadline_ends_at').orWhere('deadline_ends_at', '>', later))
      .orderBy('id')
      .limit(LISTINGS)
      .pluck('id')
  ).map(Number);
  await prepare(bench.db, bench.config.client, jobIds, token);
  const database = await handToSite(bench);
  // TRUST_PROXY: each send comes from a client of its own (X-Forwarded-For), as visitors do, not
  // one client past its limit of ten an hour.
  const site = await startSite({ ...database, env: { TRUST_PROXY: '127.0.0.1' } });
  try {
    const run: ApplicationsRun = {
      database: bench.name,
      send: await sendApplications(site.url, jobIds),
      pages: new Map(),
      resume: [],
      csvMs: 0,
      csvRows: 0,
    };
    const employer = await employerSession(site.url, token);
    const inbox = `/api/employer/jobs/${jobIds[0]}/applications`;
    const views = {
      'first page': inbox,
      [`page ${INBOX_SIZE / 50}`]: `${inbox}?page=${INBOX_SIZE / 50}`,
      shortlisted: `${inbox}?status=shortlisted`,
    };
    const first = JSON.parse((await timed(() => employer(inbox))).body) as {
      applications: { id: string }[];
    };
    for (let pass = 0; pass <= PASSES; pass += 1) {
      for (const [view, url] of Object.entries(views)) {
        const { ms: took, status } = await timed(() => employer(url));
        if (status !== 200) throw new Error(`${url}: ${status}`);
        if (pass > 0) run.pages.set(view, [...(run.pages.get(view) ?? []), took]);
      }
      const id = first.applications[pass % first.applications.length]!.id;
      const resume = await timed(() => employer(`/api/employer/applications/${id}/resume`));
      if (pass > 0) run.resume.push(resume.ms);
    }
    const csv = await timed(() => employer(`${inbox}.csv`));
    run.csvMs = csv.ms;
    run.csvRows = csv.body.trim().split('\n').length - 1;
    return run;
  } finally {
    await site.stop();
    await bench.close().catch(() => undefined);
  }
}

/**
 * The listings take applications on the board and are an employer's (the paid submission each
 * came from); the first holds INBOX_SIZE applications (a tenth shortlisted), written as the API
 * writes them; and a sign-in link for the employer whose token the bench knows.
 */
async function prepare(db: Knex, dialect: 'sqlite' | 'postgres', jobIds: number[], token: string) {
  const now = BENCH_NOW.getTime();
  await db('jobs').whereIn('id', jobIds).update({ apply_method: 'form' });
  const submissions = new SubmissionsRepository(dialect);
  await db.transaction(async (trx) => {
    // The employer's organisation of one (issue 47): its listings are what its members see.
    const organizations = new OrganizationsRepository();
    const organizationId = await organizations.insert(trx, {
      name: 'Bench Alliance',
      companyId: null,
      at: now,
    });
    await organizations.addMemberIfNone(trx, {
      organizationId,
      key: EMPLOYER,
      role: 'owner',
      at: now,
    });
    for (const jobId of jobIds) {
      await submissions.insert(trx, {
        organization_id: organizationId,
        title: `Listing ${jobId}`,
        organization: 'Bench Alliance',
        description: 'A listing of the bench.',
        location: 'Remote',
        categories: JSON.stringify(['Communications']),
        job_type: 'Full-time',
        application_url: '',
        apply_method: 'form',
        contact_name: 'Bench Employer',
        contact_email: EMPLOYER,
        listing_type: 'basic',
        amount_cents: 9_900,
        status: 'paid',
        job_id: jobId,
        submitted_at: now,
        updated_at: now,
      });
    }
  });
  const resume = pdf(2_000);
  for (let start = 0; start < INBOX_SIZE; start += 500) {
    await db.transaction(async (trx) => {
      const rows = Array.from({ length: Math.min(500, INBOX_SIZE - start) }, (_, k) => {
        const n = start + k;
        return {
          job_id: jobIds[0],
          name: `Applicant ${n}`,
          email: `applicant${n}@bench.example`,
          email_key: `applicant${n}@bench.example`,
          phone: null,
          links: '[]',
          cover_note: 'I would love to work with you. '.repeat(10),
          answers: '[]',
          resume_name: `applicant-${n}.pdf`,
          resume_type: 'pdf',
          resume_bytes: resume.length,
          status: n % 10 === 0 ? 'shortlisted' : 'new',
          starred: false,
          withdraw_token_hash: createHash('sha256').update(`bench-${n}`).digest('hex'),
          created_at: now - n * 60_000,
          updated_at: now - n * 60_000,
        };
      });
      const ids = await trx('applications').insert(rows).returning('id');
      await trx('application_files').insert(
        ids.map((row: { id: number } | number) => ({
          application_id: typeof row === 'object' ? row.id : row,
          bytes: resume,
          sha256: createHash('sha256').update(resume).digest('hex'),
        })),
      );
    });
  }
  await db('employer_sign_in_links').insert({
    token_hash: createHash('sha256').update(token).digest('hex'),
    email: EMPLOYER,
    created_at: now,
    expires_at: Number.MAX_SAFE_INTEGER,
  });
}

/** SENT applications through POST /api/jobs/:id/applications, one at a time; each one's ms. */
async function sendApplications(url: string, jobIds: number[]): Promise<number[]> {
  const resume = pdf(200 * 1024);
  const took: number[] = [];
  for (let n = 0; n < SENT; n += 1) {
    const client = { 'x-forwarded-for': `10.9.${n >> 8}.${n & 255}` };
    // The spam check's proof (issue 45), solved before the clock starts, as a browser does
    // while the form is filled.
    const humanProof = await proofFrom(url, client);
    const form = new FormData();
    form.set('humanProof', humanProof);
    form.set('name', `Sender ${n}`);
    form.set('email', `sender${n}@bench.example`);
    form.set('coverNote', 'I would love to work with you.');
    form.set('resume', new Blob([resume], { type: 'application/pdf' }), 'cv.pdf');
    const jobId = jobIds[n % jobIds.length]!;
    const res = await timed(() =>
      fetch(`${url}/api/jobs/${jobId}/applications`, {
        method: 'POST',
        body: form,
        headers: { 'x-requested-with': 'fetch', ...client },
      }),
    );
    if (res.status !== 201) throw new Error(`application ${n}: ${res.status} ${res.body}`);
    took.push(res.ms);
  }
  return took;
}

/** The employer signed in with the link the bench wrote: a request function with its cookie. */
async function employerSession(url: string, token: string) {
  const signIn = await fetch(`${url}/api/employer/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
    body: JSON.stringify({ token }),
  });
  if (!signIn.ok) throw new Error(`employer sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return (path: string) =>
    fetch(`${url}${path}`, { headers: { cookie, 'x-requested-with': 'fetch' } });
}

export function applicationsSection(runs: ApplicationsRun[]): SectionResult {
  const rows = runs.flatMap((run) => [
    [
      run.database,
      `Send an application (200 KB PDF), ${SENT} sent`,
      ms(percentile(run.send, 50)),
      ms(percentile(run.send, 95)),
    ],
    ...[...run.pages].map(([view, values]) => [
      run.database,
      `Inbox of ${INBOX_SIZE.toLocaleString('en-US')}: ${view}`,
      ms(percentile(values, 50)),
      ms(percentile(values, 95)),
    ]),
    [
      run.database,
      'Download a résumé',
      ms(percentile(run.resume, 50)),
      ms(percentile(run.resume, 95)),
    ],
    [run.database, `CSV of all ${run.csvRows.toLocaleString('en-US')}`, ms(run.csvMs), ''],
  ]);
  const checks: Check[] = runs.flatMap((run) => [
    atMost(
      `Send an application, ${run.database}, p95`,
      percentile(run.send, 95),
      TARGET_SEND_P95_MS,
      'ms',
    ),
    atMost(
      `Inbox page at ${INBOX_SIZE.toLocaleString('en-US')} applications, ${run.database}, p95`,
      percentile([...run.pages.values()].flat(), 95),
      TARGET_PAGE_P95_MS,
      'ms',
    ),
    atMost(
      `Résumé download, ${run.database}, p95`,
      percentile(run.resume, 95),
      TARGET_PAGE_P95_MS,
      'ms',
    ),
    atMost(
      `Inbox CSV of ${INBOX_SIZE.toLocaleString('en-US')}, ${run.database}`,
      run.csvMs,
      TARGET_CSV_MS,
      'ms',
    ),
  ]);
  return {
    title: `Applying on the board at ${JOBS.toLocaleString('en-US')} jobs`,
    body: [
      `The production site on SQLite and PostgreSQL holding ${JOBS.toLocaleString('en-US')} jobs. ` +
        `${SENT} applications sent one at a time as the board's dialog sends them (a multipart form, ` +
        `a 200 KB PDF résumé read by its bytes, stored with the confirmation and the employer's e-mail ` +
        `queued in the same transaction), over ${LISTINGS} listings. Then the employer's inbox of one ` +
        `listing holding ${INBOX_SIZE.toLocaleString('en-US')} applications, ${PASSES} passes after a ` +
        'warm-up: its first page, its last page, one status (a tenth of them), a résumé, and the CSV of all.',
      '',
      table(['Database', 'Step', 'p50', 'p95'], rows),
    ].join('\n'),
    checks,
  };
}
