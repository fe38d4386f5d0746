import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { isoDate } from '@jobboard/contract/common';
import { linkCheckAnswer } from '@jobboard/contract/jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { JobsService, LiveListings } from '../jobs';
import { applyLinkFlaggedEmail, type Outbox } from '../mail';
import type { LinkCheckConfig } from '../platform/config';
import type { SubmissionsService } from '../submissions';
import { HostPacer, type PacerClock } from './host-pacer';
import type { DueListing, LinkChecksRepository } from './link-checks-repository';
import { ProbeStopped, probeLink, type ProbeAnswer, type ProbeOptions } from './link-probe';
import { verdictOf, type Verdict } from './verdict';

/** What the checker works with (its plugin wires them once). */
export interface LinkCheckContext {
  db: Knex;
  repository: LinkChecksRepository;
  listings: Pick<LiveListings, 'linkApplyListings'>;
  jobs: Pick<JobsService, 'setApplyLinkFlag'>;
  submissions: Pick<SubmissionsService, 'ofJob'>;
  outbox: Pick<Outbox, 'enqueue'>;
  config: LinkCheckConfig;
  /** How a link is asked, but its host's turns and the run's stop (the run's own). */
  probe: Omit<ProbeOptions, 'turn' | 'signal'>;
  clock: PacerClock;
  site: { publicUrl: string; boardName: string };
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/** What one run did. */
export interface LinkCheckReport {
  /** False when another process held the lease: this run did nothing. */
  ran: boolean;
  /** Listings checked (their answers recorded). */
  checked: number;
  /** Listings this run flagged, and those it found answering again. */
  flagged: number;
  cleared: number;
  /** Requests made, and how many of them waited for their host's turn. */
  requests: number;
  waits: number;
  /** Hosts asked. */
  hosts: number;
  /** The process closed before every listing due was checked (the rest wait for a later run). */
  stopped: boolean;
}

/**
 * How long a run holds the lease between renewals: one whose process dies frees it after this.
 * A run renews it as it goes, so a run of many listings on one host keeps it.
 */
export const LINK_CHECK_LEASE_MS = 2 * 60_000;

/**
 * One run of the checker (docs/operations.md#application-link-checks): under the lease (a run that
 * finds it taken does nothing), the live listings due (at most LINK_CHECK_BATCH, those never
 * checked first, then the longest due), each link asked (link-probe.ts) with at most one request
 * per LINK_CHECK_HOST_GAP_SECONDS to a host across the run (host-pacer.ts), LINK_CHECK_CONCURRENCY
 * hosts at once, each host's listings one after another; each answer recorded with what it
 * changes (verdict.ts) in its own transaction. `signal` stops it (the process closing): what is in
 * flight is left unrecorded.
 */
export async function runLinkChecks(
  c: LinkCheckContext,
  signal: AbortSignal,
): Promise<LinkCheckReport> {
  const holder = randomUUID();
  const started = c.clock.now();
  const report: LinkCheckReport = {
    ran: false,
    checked: 0,
    flagged: 0,
    cleared: 0,
    requests: 0,
    waits: 0,
    hosts: 0,
    stopped: false,
  };
  // Each worker's request and wait listens to it for a moment: no warning at many workers.
  setMaxListeners(4 * c.config.concurrency + 10, signal);
  const { lease } = c.repository;
  if (!(await lease.tryAcquire(c.db, holder, started, LINK_CHECK_LEASE_MS))) return report;
  report.ran = true;
  const pacer = new HostPacer(c.config.hostGapMs, c.clock);
  let renewedAt = started;
  let kept = true;
  /** Renewed once a third of it has passed; a lease lost (another took it) ends the run. */
  const keepLease = async () => {
    const now = c.clock.now();
    if (now - renewedAt < LINK_CHECK_LEASE_MS / 3) return;
    renewedAt = now;
    kept = await lease.renew(c.db, holder, now, LINK_CHECK_LEASE_MS);
    if (!kept) c.log.warn('link checks: the lease ran out and another process took it; run ended');
  };
  try {
    const due = await c.repository.due(
      c.db,
      c.listings.linkApplyListings(new Date(started)),
      started,
      c.config.batch,
    );
    const hosts = byHost(due);
    const worker = async () => {
      for (let host = hosts.shift(); host; host = hosts.shift()) {
        for (const listing of host) {
          if (signal.aborted || !kept) return;
          const answer = await probeLink(listing.url, {
            ...c.probe,
            turn: (name, stop) => pacer.turn(name, stop),
            signal,
          });
          report.requests += answer.requests;
          const verdict = await record(c, listing, answer);
          report.checked += 1;
          if (verdict.flag === 'flag') report.flagged += 1;
          if (verdict.flag === 'clear') report.cleared += 1;
          await keepLease();
        }
      }
    };
    const workers = Array.from({ length: c.config.concurrency }, () =>
      worker().catch((error: unknown) => {
        if (!(error instanceof ProbeStopped)) throw error;
      }),
    );
    await Promise.all(workers);
    report.stopped = signal.aborted;
  } finally {
    report.waits = pacer.waits;
    report.hosts = pacer.hosts;
    await lease.release(c.db, holder, kept ? c.clock.now() : null);
  }
  return report;
}

/**
 * The listings grouped by their link's host (name and port), in the order they came: a worker
 * takes one host's listings and asks them one after another, so workers do not wait on one host.
 */
function byHost(listings: DueListing[]): DueListing[][] {
  const groups = new Map<string, DueListing[]>();
  for (const listing of listings) {
    const host = hostOf(listing.url);
    const group = groups.get(host);
    if (group) group.push(listing);
    else groups.set(host, [listing]);
  }
  return [...groups.values()];
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/**
 * One answer recorded, with what it changes, in one transaction: the check's row, the job's flag
 * (set or cleared with its history line, only while the job is still live with this link: one
 * changed while it was asked keeps its own state) and, the first time this link is flagged, the
 * employer's e-mail through the outbox.
 */
async function record(c: LinkCheckContext, listing: DueListing, answer: ProbeAnswer) {
  const now = c.clock.now();
  const timing = {
    recheckMs: c.config.recheckHours * 3_600_000,
    retryMs: c.config.retryMinutes * 60_000,
  };
  const verdict = verdictOf(listing.check, listing, answer, now, timing);
  await c.db.transaction(async (trx) => {
    await c.repository.save(trx, verdict.row);
    if (!verdict.flag) return;
    const at = new Date(now);
    const still = await c.listings
      .linkApplyListings(at, trx)
      .andWhere('jobs.id', listing.jobId)
      .andWhere('jobs.application_url', listing.url)
      .first('jobs.id');
    if (!still) return;
    const words = linkCheckAnswer(answer.result, answer.status);
    await c.jobs.setApplyLinkFlag(
      trx,
      listing.jobId,
      verdict.flag === 'flag'
        ? { at, detail: `${words} (${verdict.row.deadInARow} checks in a row)`, now: at }
        : { at: null, detail: words, now: at },
    );
    if (verdict.mail) await mailEmployer(c, trx, listing, verdict, words, at);
  });
  return verdict;
}

/** The employer's e-mail, when the job came from a submission with a contact address. */
async function mailEmployer(
  c: LinkCheckContext,
  trx: Knex.Transaction,
  listing: DueListing,
  verdict: Verdict,
  answer: string,
  at: Date,
) {
  const submission = await c.submissions.ofJob(trx, listing.jobId);
  if (!submission?.contact_email) return;
  await c.outbox.enqueue(
    trx,
    {
      ...applyLinkFlaggedEmail({
        to: submission.contact_email,
        contactName: submission.contact_name,
        title: submission.title,
        organization: submission.organization,
        url: listing.url,
        answer,
        checkedOn: isoDate(new Date(verdict.row.checkedAt)),
        recheckHours: c.config.recheckHours,
        publicUrl: c.site.publicUrl,
        boardName: c.site.boardName,
      }),
      submissionId: submission.id,
    },
    at,
  );
}
