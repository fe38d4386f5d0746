import { randomUUID } from 'node:crypto';
import { APPLICATION_UPKEEP_LIMITS } from '@jobboard/contract/applications';
import { DAY_MS, isoDate, dayStartsAt } from '@jobboard/contract/common';
import type { Knex } from 'knex';
import type { JobEndings } from '../../jobs';
import { applicationDigestEmail, type DigestListing, type Outbox } from '../../mail';
import { chunks } from '../../platform/db/chunks';
import type { SubmissionsService } from '../../submissions';
import type { ApplicationsRepository } from '../applications-repository';
import type { ApplicationsUpkeepRepository } from '../applications-upkeep-repository';

const HOUR_MS = 60 * 60_000;

/** How long a run holds the lease without renewing it (renewed after each employer). */
export const DIGEST_LEASE_MS = 5 * 60_000;

/** Employers read at a time; a listing page of the employer's submissions. */
const BATCH = 100;

/** What one digests' run did. */
export interface ApplicationDigestReport {
  /** False when another process held the lease: this run did nothing. */
  ran: boolean;
  /** Employers whose digest of the day this run took (sent, or nothing new to name). */
  checked: number;
  /** Digests queued in the outbox. */
  sent: number;
  /** Applications they named. */
  named: number;
}

export interface DigestDeps {
  db: Knex;
  upkeep: ApplicationsUpkeepRepository;
  applications: Pick<ApplicationsRepository, 'markNotified'>;
  /** The employer's listings: their submissions, by their contact address. */
  submissions: Pick<SubmissionsService, 'ofContact'>;
  /** The jobs' titles as they are now. */
  jobs: Pick<JobEndings, 'ofMany'>;
  outbox: Pick<Outbox, 'enqueue'>;
  /** APPLICATION_DIGEST_HOUR: the hour (UTC) from which each day's digest goes. */
  hour: number;
  publicUrl: string;
  boardName: string;
  now: () => Date;
}

/**
 * When the digest day `now` is in began: today's APPLICATION_DIGEST_HOUR (UTC) once it has come,
 * else yesterday's. An employer whose last digest is older gets today's.
 */
export function digestDayStart(now: Date, hour: number): number {
  const today = dayStartsAt(isoDate(now)) + hour * HOUR_MS;
  return now.getTime() >= today ? today : today - DAY_MS;
}

/**
 * The employers' daily digests (docs/product.md#applying): every employer who chose one a day
 * rather than an e-mail per application gets, once per day from APPLICATION_DIGEST_HOUR (UTC),
 * one e-mail naming the applications to their listings that no e-mail named yet, and nothing on a
 * day with none. Applications relayed to an address were named as they were relayed, and those of
 * an employer who chose an e-mail each as they arrived, so neither is ever in a digest. The day's
 * digest is taken (its time written) in the transaction that queues it and marks what it names:
 * one run at a time under the lease, and even two would send it once.
 */
export async function sendApplicationDigests(deps: DigestDeps): Promise<ApplicationDigestReport> {
  const { db, upkeep } = deps;
  const now = deps.now();
  const lease = upkeep.digestLease;
  const holder = randomUUID();
  if (!(await lease.tryAcquire(db, holder, now.getTime(), DIGEST_LEASE_MS))) {
    return { ran: false, checked: 0, sent: 0, named: 0 };
  }
  const report: ApplicationDigestReport = { ran: true, checked: 0, sent: 0, named: 0 };
  let finished = false;
  try {
    const since = digestDayStart(now, deps.hour);
    let afterKey = '';
    for (;;) {
      const due = await upkeep.digestsDue(db, since, afterKey, BATCH);
      for (const employerKey of due) {
        afterKey = employerKey;
        const named = await digestOne(deps, employerKey, since, now);
        if (named === null) continue;
        report.checked += 1;
        if (named > 0) {
          report.sent += 1;
          report.named += named;
        }
        if (!(await lease.renew(db, holder, deps.now().getTime(), DIGEST_LEASE_MS))) return report;
      }
      if (due.length < BATCH) break;
    }
    finished = true;
    return report;
  } finally {
    await lease.release(db, holder, finished ? now.getTime() : null);
  }
}

/** One employer's digest of the day: how many it named (0: none new), null if it was taken. */
async function digestOne(
  deps: DigestDeps,
  employerKey: string,
  since: number,
  now: Date,
): Promise<number | null> {
  const { listings, contactName, contactEmail } = await listingsOf(deps, employerKey);
  return deps.db.transaction(async (trx) => {
    if (!(await deps.upkeep.takeDigest(trx, employerKey, since, now.getTime()))) return null;
    const unnamed = await deps.upkeep.unnamedOf(trx, [...listings.keys()]);
    if (!unnamed.length || !contactEmail) return 0;
    const titles = await deps.jobs.ofMany([...new Set(unnamed.map((a) => a.jobId))], trx);
    const byJob = new Map<number, DigestListing & { applicants: string[] }>();
    for (const application of unnamed) {
      let listing = byJob.get(application.jobId);
      if (!listing) {
        listing = {
          title: titles.get(application.jobId)?.title ?? listings.get(application.jobId)!,
          applicants: [],
          inboxUrl: `${deps.publicUrl}/employer/jobs/${application.jobId}/applications`,
        };
        byJob.set(application.jobId, listing);
      }
      listing.applicants.push(application.name);
    }
    await deps.outbox.enqueue(
      trx,
      applicationDigestEmail({
        to: contactEmail,
        contactName,
        listings: [...byJob.values()],
        namesPerListing: APPLICATION_UPKEEP_LIMITS.digestNamesPerListing,
        boardName: deps.boardName,
      }),
      now,
    );
    const ids = unnamed.map((a) => a.id);
    for (const part of chunks(ids)) {
      await deps.applications.markNotified(trx, part, now.getTime());
    }
    return ids.length;
  });
}

/**
 * An employer's listings that are jobs (job id → the title they submitted), and whom to write to:
 * the contact of their newest submission, as given.
 */
async function listingsOf(deps: DigestDeps, employerKey: string) {
  const listings = new Map<number, string>();
  let contactName: string | null = null;
  let contactEmail: string | null = null;
  for (let page = 1; ; page += 1) {
    const { rows, total } = await deps.submissions.ofContact(employerKey, page, BATCH);
    for (const row of rows) {
      contactEmail ??= row.contact_email;
      contactName ??= row.contact_name || null;
      if (row.job_id != null) listings.set(Number(row.job_id), row.title);
    }
    if (!rows.length || page * BATCH >= total) break;
  }
  return { listings, contactName, contactEmail };
}
