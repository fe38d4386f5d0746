import { CATEGORY_CHOICES } from '@jobboard/contract/common';
import { SORT_OPTIONS, type Job } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { createKnex } from '../../src/platform/db/knex';
import { formatReport, runLoad, type LoadKind, type LoadRequest } from '../support/load';
import { invalidRows } from '../support/rows';
import { ApiProcess, processProof } from '../support/api-process';
import { freshDatabase, testDatabase } from '../support/test-app';

/**
 * The production server (a child process started as `pnpm --filter @jobboard/api start` starts
 * it) under a mix of the board's reads and public submissions from many clients at once: every
 * request must succeed, and every submission that was acknowledged must be in the database,
 * whole. The normal run is short (20 clients, 5 s); `SOAK=1` (`pnpm --filter @jobboard/api
 * test:soak`) holds 200 clients for 60 s. LOAD_CLIENTS and LOAD_SECONDS override either.
 */
const SOAK = process.env.SOAK === '1';
const CLIENTS = Number(process.env.LOAD_CLIENTS ?? (SOAK ? 200 : 20));
const SECONDS = Number(process.env.LOAD_SECONDS ?? (SOAK ? 60 : 5));

let site: ApiProcess;
let db: Knex;
let dispose: () => Promise<void>;
let jobIds: string[];
let locations: string[];

beforeAll(async () => {
  const fresh = await freshDatabase();
  dispose = fresh.dispose;
  site = await ApiProcess.start({
    database: fresh.database,
    env: {
      SEED_DEMO: 'true',
      // Every client comes from 127.0.0.1: the per-address limit would stop the run at once.
      SUBMISSION_RATE_LIMIT_MAX: '10000000',
      LOG_LEVEL: 'error',
    },
  });
  db = createKnex(fresh.database);
  const jobs = (await (await fetch(`${site.url}/api/jobs?pageSize=100`)).json()) as Job[];
  jobIds = jobs.map((job) => job.id);
  locations = (await (await fetch(`${site.url}/api/locations`)).json()) as string[];
}, 120_000);

afterAll(async () => {
  await site?.stop();
  await db?.destroy();
  await dispose?.();
}, 60_000);

const WORDS = ['communications', 'manager', 'director', 'data', 'grants', 'editor', 'digital'];
const SORTS = SORT_OPTIONS.map((option) => option.value);
const JOB_TYPES = ['fullTime', 'partTime', 'contract', 'remote'] as const;

const search = (body: Record<string, unknown>): LoadRequest => ({
  method: 'POST',
  path: '/api/jobs/search',
  body,
});

/** What the board sends, and the submissions: the weights are requests per 100. */
function kinds(): LoadKind[] {
  return [
    {
      name: 'list',
      weight: 10,
      request: (_client, n) => ({
        method: 'GET',
        path: n % 2 ? '/api/jobs' : `/api/jobs?page=${1 + (n % 5)}&pageSize=10`,
      }),
    },
    { name: 'board', weight: 15, request: () => search({}) },
    {
      name: 'text-search',
      weight: 20,
      request: (client, n) =>
        search({
          query: WORDS[(client + n) % WORDS.length],
          sortOption: SORTS[n % SORTS.length],
          page: 1 + (n % 3),
        }),
    },
    {
      name: 'filtered-search',
      weight: 20,
      request: (client, n) =>
        search({
          category: [CATEGORY_CHOICES[(client + n) % CATEGORY_CHOICES.length]],
          location: n % 3 ? 'any' : locations[n % locations.length],
          jobType: { [JOB_TYPES[n % JOB_TYPES.length]!]: true },
          salaryRange: n % 2 ? 'any' : '50k-75k',
          sortOption: SORTS[(client + n) % SORTS.length],
        }),
    },
    {
      name: 'job-detail',
      weight: 25,
      request: (client, n) => ({
        method: 'GET',
        path: `/api/jobs/${jobIds[(client * 7 + n) % jobIds.length]}`,
      }),
    },
    {
      name: 'submission',
      weight: 10,
      // With the spam check's proof (issue 45), worked out before the request's time counts.
      request: async (client, n) => ({
        method: 'POST',
        path: '/api/submit-job-for-review',
        body: {
          ...VALID_SUBMISSION,
          title: `Load ${client}-${n} Communications Director`,
          contactEmail: `load-${client}-${n}@example.org`,
          humanProof: await processProof(),
        },
      }),
    },
  ];
}

describe(`the production server under load on ${testDatabase}`, () => {
  it(
    `serves ${CLIENTS} clients for ${SECONDS} s without an error and stores every acknowledged submission`,
    async () => {
      /** Title of every submission the server acknowledged (2xx), by its id. */
      const acknowledged = new Map<number, string>();
      const report = await runLoad({
        baseUrl: site.url,
        clients: CLIENTS,
        seconds: SECONDS,
        kinds: kinds(),
        onAnswer: ({ kind, request, status, body }) => {
          if (kind !== 'submission' || status !== 201) return;
          acknowledged.set(Number(JSON.parse(body).id), (request.body as { title: string }).title);
        },
      });
      console.log(formatReport(report, `Load on ${testDatabase}`));

      const ended = site.endedOnItsOwn;
      expect(
        report.failures,
        ended ? `the server ended: ${ended}` : site.output.slice(-2000),
      ).toEqual([]);
      expect(report.errors).toBe(0);
      for (const kind of report.kinds) expect(kind.requests, kind.kind).toBeGreaterThan(0);
      expect(acknowledged.size).toBeGreaterThan(0);

      // Every acknowledged submission is stored, whole, and nothing else is (beside the demo's
      // one published listing, the paid submission its applicant inbox belongs to).
      const rows: { id: number; title: string }[] = await db('submissions')
        .whereNull('job_id')
        .select('id', 'title');
      const stored = new Map(rows.map((row) => [Number(row.id), row.title]));
      expect(stored.size).toBe(acknowledged.size);
      for (const [id, title] of acknowledged) expect(stored.get(id), `#${id}`).toBe(title);
      const events: { submission_id: number }[] = await db('submission_events')
        .where({ to_status: 'pending_review' })
        .select('submission_id');
      expect(new Set(events.map((e) => Number(e.submission_id)))).toEqual(new Set(stored.keys()));
      expect(events).toHaveLength(stored.size);
      const notices: { text_body: string }[] = await db('outbox')
        .where({ template: 'new-submission' })
        .select('text_body');
      const noticed = notices.map((n) => Number(/\(submission #(\d+)\)/.exec(n.text_body)?.[1]));
      expect(new Set(noticed)).toEqual(new Set(stored.keys()));
      expect(noticed).toHaveLength(stored.size);
      expect(await invalidRows(db)).toEqual([]);
    },
    (SECONDS + 90) * 1000,
  );
});
