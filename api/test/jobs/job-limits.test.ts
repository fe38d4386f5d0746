import { JOB_LIMITS, type JobLimit } from '@jobboard/contract/jobs';
import { ENDPOINTS } from '@jobboard/contract/endpoints';
import { VALID_SUBMISSION } from '@jobboard/contract/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/admin';
import { startFakeAirtable, type FakeAirtable } from '../support/fake-airtable';
import { ADMIN_JOB_FORM } from '../support/jobs';
import { invalidRows } from '../support/rows';
import { buildTestApp, testDatabase, type TestApp } from '../support/test-app';
import { injectWithProof } from '../support/human-proof';

/**
 * One table of a job's limits (contract job-limits.ts, issue 41 R10), and every path that writes
 * a job takes the same lengths from it: the public submission, the admin's form and the re-sync
 * (a JSON feed here; Airtable's records go through the same mapping). For each limit, driven from
 * the table: a value at the limit is taken by every path that has the field and stored whole; one
 * past it is refused by every one of them, naming the field, and nothing is cut to fit. On
 * PostgreSQL, each column a limit names is at least that wide and stores a value at the limit.
 */

/** How one path sends a field with a value of `n` characters (or, for a count, `n` entries). */
type Send = (n: number, fill: string) => Record<string, unknown>;

interface FieldPaths {
  /** The public form's field; undefined where the form has none (its choices are shorter). */
  submission?: Send;
  admin?: Send;
  feed?: Send;
  /** Where a value at the limit is stored, for each path: `table.column`. */
  columns: string[];
  /** The stored value, when it is not the text sent (a deadline is stored as its date). */
  stored?: (n: number, fill: string) => string;
  /** Stored within a larger value (rows of labels, a JSON list), not as sent. */
  storedWithin?: true;
}

const text = (n: number, fill: string) => fill.repeat(n);
const url = (n: number, fill: string) => {
  const start = 'https://harborhealth.example/';
  return start + fill.repeat(n - start.length);
};
/** `n` different labels. */
const labels = (n: number, fill: string) => Array.from({ length: n }, (_, i) => `${fill}${i}`);
/** A date in a text of `n` characters: 'Deadline:', spaces, and the date. */
const deadline = (n: number) => `Deadline:${' '.repeat(n - 'Deadline:'.length - 10)}2027-02-28`;

const FIELDS: Record<JobLimit, FieldPaths> = {
  title: {
    submission: (n, f) => ({ title: text(n, f) }),
    admin: (n, f) => ({ title: text(n, f) }),
    feed: (n, f) => ({ title: text(n, f) }),
    columns: ['jobs.title', 'submissions.title'],
  },
  organization: {
    submission: (n, f) => ({ organization: text(n, f) }),
    admin: (n, f) => ({ organization: text(n, f) }),
    feed: (n, f) => ({ organization: text(n, f) }),
    columns: ['companies.name', 'submissions.organization'],
  },
  description: {
    submission: (n, f) => ({ description: text(n, f) }),
    admin: (n, f) => ({ description: text(n, f) }),
    feed: (n, f) => ({ description: text(n, f) }),
    columns: ['jobs.description', 'submissions.description'],
  },
  label: {
    submission: (n, f) => ({ location: text(n, f) }),
    admin: (n, f) => ({ locations: [text(n, f)], category: [text(n, f)] }),
    feed: (n, f) => ({ location: text(n, f), category: text(n, f) }),
    columns: ['locations.name', 'categories.name', 'submissions.location'],
  },
  labels: {
    admin: (n, f) => ({ locations: labels(n, f), category: labels(n, f) }),
    feed: (n, f) => ({ locations: labels(n, f), category: labels(n, f) }),
    columns: [],
    storedWithin: true,
  },
  applicationUrl: {
    submission: (n, f) => ({ applicationUrl: url(n, f) }),
    admin: (n, f) => ({ applicationUrl: url(n, f) }),
    feed: (n, f) => ({ applicationUrl: url(n, f) }),
    columns: ['jobs.application_url', 'submissions.application_url'],
  },
  companyUrl: {
    submission: (n, f) => ({ companyWebsite: url(n, f) }),
    admin: (n, f) => ({ companyWebsite: url(n, f) }),
    feed: (n, f) => ({ company: { websiteUrl: url(n, f) } }),
    columns: [
      'companies.website_url',
      'companies.logo_url',
      'submissions.company_website_url',
      'submissions.company_logo_url',
    ],
  },
  companyDescription: {
    submission: (n, f) => ({ companyDescription: text(n, f) }),
    // The admin's form has none: a company's description comes with a submission or a sync.
    feed: (n, f) => ({ company: { description: text(n, f) } }),
    columns: ['companies.description', 'submissions.company_description'],
  },
  jobType: {
    // The public form offers the board's job types, none near the limit.
    admin: (n, f) => ({ jobType: text(n, f) }),
    feed: (n, f) => ({ jobType: text(n, f) }),
    columns: ['jobs.job_type', 'submissions.job_type'],
  },
  experienceLevel: {
    // The forms offer the board's levels; a source may send its own words.
    feed: (n, f) => ({ experienceLevel: text(n, f) }),
    columns: ['jobs.experience_level', 'submissions.experience_level'],
  },
  via: {
    admin: (n, f) => ({ via: text(n, f) }),
    feed: (n, f) => ({ via: text(n, f) }),
    columns: ['jobs.via'],
  },
  deadline: {
    submission: (n) => ({ deadline: deadline(n) }),
    admin: (n) => ({ deadline: deadline(n) }),
    feed: (n) => ({ deadline: deadline(n) }),
    columns: ['jobs.deadline', 'submissions.deadline'],
    stored: () => '2027-02-28',
  },
  // The places a remote job may be done from (issue 47), beside its workplace.
  remotePlaces: {
    submission: (n, f) => ({ workplaceType: 'remote', remotePlaces: text(n, f) }),
    admin: (n, f) => ({ workplaceType: 'remote', remotePlaces: text(n, f) }),
    feed: (n, f) => ({ workplaceType: 'Remote', remotePlaces: text(n, f) }),
    columns: ['jobs.remote_places', 'submissions.remote_places'],
    stored: (n, f) => text(n, f),
  },
  externalId: {
    feed: (n, f) => ({ id: text(n, f) }),
    columns: ['jobs.external_id'],
  },
  listItems: {
    admin: (n, f) => ({ responsibilities: labels(n, f) }),
    feed: (n, f) => ({ responsibilities: labels(n, f) }),
    columns: [],
    storedWithin: true,
  },
  listItem: {
    admin: (n, f) => ({ responsibilities: [text(n, f)] }),
    feed: (n, f) => ({ responsibilities: [text(n, f)] }),
    // A JSON list of the entries in a text column.
    columns: ['jobs.responsibilities'],
    storedWithin: true,
  },
};

let t: TestApp;
let fake: FakeAirtable;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  fake = await startFakeAirtable();
  t = await buildTestApp({
    env: { SUBMISSION_RATE_LIMIT_MAX: '1000', JOB_FEED_URL: fake.feedUrl },
  });
  admin = await signedIn(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** Whether a path took the value: true, or the field (or reason) it was refused for. */
type Outcome = true | string;

async function bySubmission(change: Record<string, unknown>): Promise<Outcome> {
  const res = await injectWithProof(t.app, {
    method: 'POST',
    url: ENDPOINTS.submitJob.path,
    payload: { ...VALID_SUBMISSION, ...change },
  });
  if (res.statusCode === 201) return true;
  expect(res.statusCode, res.body).toBe(400);
  return String(res.json().field);
}

async function byAdmin(change: Record<string, unknown>): Promise<Outcome> {
  const res = await admin({
    method: 'POST',
    url: ENDPOINTS.createJob.path,
    payload: { ...ADMIN_JOB_FORM, ...change },
  });
  if (res.statusCode === 201) return true;
  expect(res.statusCode, res.body).toBe(400);
  return String(res.json().field);
}

let feedRecords = 0;
async function byFeed(change: Record<string, unknown>): Promise<Outcome> {
  feedRecords += 1;
  fake.feed = [
    {
      id: `record-${feedRecords}`,
      title: 'Feed Role',
      organization: `Feed Org ${feedRecords}`,
      location: 'Austin, TX',
      jobType: 'Part-time',
      description: 'Edits the newsletter and writes for the site.',
      postedDate: 'Today',
      applicationUrl: 'https://feed.example/apply',
      category: 'News and Audience',
      ...change,
    },
  ];
  const res = await admin({ url: ENDPOINTS.refreshJobs.path });
  expect(res.statusCode, res.body).toBe(200);
  const { skippedRecords } = res.json() as { skippedRecords: { reason: string }[] };
  return skippedRecords.length ? skippedRecords[0]!.reason : true;
}

const PATHS = { submission: bySubmission, admin: byAdmin, feed: byFeed } as const;

/** How many rows of `table.column` hold exactly `value`. */
async function rowsHolding(column: string, value: string): Promise<number> {
  const [table, name] = column.split('.') as [string, string];
  return Number((await t.db(table).where(name, value).count({ n: '*' }))[0]!.n);
}

describe(`a job's limits, one table for every path, on ${testDatabase}`, () => {
  it.each(Object.keys(JOB_LIMITS) as JobLimit[])(
    '%s: every path takes the limit, stores it whole, and refuses one more',
    async (limit) => {
      const max = JOB_LIMITS[limit];
      const field = FIELDS[limit];
      const paths = (Object.keys(PATHS) as (keyof typeof PATHS)[]).filter((p) => field[p]);
      expect(paths.length, `${limit}: some path writes it`).toBeGreaterThan(0);
      const fills = { submission: 's', admin: 'a', feed: 'f' } as const;

      const atLimit: Record<string, Outcome> = {};
      const pastLimit: Record<string, Outcome> = {};
      for (const path of paths) {
        const send = field[path]!;
        atLimit[path] = await PATHS[path](send(max, fills[path]));
        pastLimit[path] = await PATHS[path](send(max + 1, fills[path]));
      }
      // The same answer from every path: all take the limit, none takes one more.
      expect(atLimit).toEqual(Object.fromEntries(paths.map((p) => [p, true])));
      for (const path of paths) {
        const refusal = pastLimit[path];
        expect(refusal, `${limit} past its limit, by ${path}`).not.toBe(true);
        // The submission and the admin name the field; the sync's reason names the limit too.
        if (path === 'feed') expect(refusal).toContain(String(max));
      }
      // Stored whole, never cut: a row holds the very value each path sent.
      if (!field.storedWithin) {
        for (const path of paths) {
          const value =
            field.stored?.(max, fills[path]) ?? sentText(field[path]!(max, fills[path]));
          const held = await Promise.all(field.columns.map((c) => rowsHolding(c, value)));
          expect(
            held.some((n) => n > 0),
            `${limit} by ${path}: stored whole`,
          ).toBe(true);
        }
      }
      expect(await invalidRows(t.db)).toEqual([]);
    },
  );
});

/** The one text value of a change (nested in `company` for the feed's company fields). */
function sentText(change: Record<string, unknown>): string {
  const values = Object.values(change).flatMap((v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : [v],
  );
  const texts = values.flat().filter((v): v is string => typeof v === 'string');
  return texts.reduce((a, b) => (b.length > a.length ? b : a), '');
}

describe.runIf(testDatabase === 'postgres')('the columns behind the limits, on PostgreSQL', () => {
  const named = (Object.keys(JOB_LIMITS) as JobLimit[]).flatMap((limit) =>
    FIELDS[limit].columns.map((column) => [limit, column] as const),
  );

  it.each(named)(
    '%s: %s is at least as wide, and stores a value at the limit',
    async (limit, column) => {
      const [table, name] = column.split('.') as [string, string];
      const { rows } = await t.db.raw(
        `SELECT data_type, character_maximum_length FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ? AND column_name = ?`,
        [table, name],
      );
      expect(rows, column).toHaveLength(1);
      const width: number | null = rows[0].character_maximum_length;
      if (width !== null) expect(width, column).toBeGreaterThanOrEqual(JOB_LIMITS[limit]);
      // Written and read back (and undone): PostgreSQL refuses a value its column cannot hold.
      const value = 'w'.repeat(JOB_LIMITS[limit]);
      await t.db
        .transaction(async (trx) => {
          const row = await trx(table).first('id');
          expect(row, `${table} has a row`).toBeDefined();
          await trx(table)
            .where('id', row.id)
            .update({ [name]: value });
          expect((await trx(table).where('id', row.id).first(name))[name]).toBe(value);
          throw new RollBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RollBack)) throw error;
        });
    },
  );
});

class RollBack extends Error {}
