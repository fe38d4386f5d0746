import { randomUUID } from 'node:crypto';
import { SOCIAL_MESSAGES, type WebhookFormat } from '@jobboard/contract/admin';
import type { SocialChannel } from '@jobboard/contract/jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveListings } from '../jobs';
import { NetworkError, type Network } from './networks/network';
import { composeFor } from './post-text';
import type { PostRow, SocialRepository } from './social-repository';

/** How long a run holds the lease without renewing it (renewed after each post). */
export const SENDER_LEASE_MS = 5 * 60_000;
/** A post being sent is its sender's this long; a sender that died meanwhile loses it to another. */
export const POST_LEASE_MS = 2 * 60_000;
/**
 * A post (or a deletion) that keeps failing is given up after this many attempts, about five
 * hours of retries; /admin/channels shows it with 'Retry'. A refusal that trying again cannot
 * change (a bad token, a post the network refuses) is given up at once.
 */
export const MAX_ATTEMPTS = 10;
/** Posts read at a time, and open posts whose listings are checked at a time. */
const BATCH = 20;
const CHECK_BATCH = 200;

/** 30 s, 1 min, 2 min ... doubling up to an hour between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/** What one run did. */
export interface SocialRunReport {
  /** False when another process held the lease: this run did nothing. */
  ran: boolean;
  posted: number;
  removed: number;
  retrying: number;
  failed: number;
  /** Not posted: the listing closed or the channel was turned off first. */
  cancelled: number;
  /** Posts of listings that ended with no change (their end came) marked to be deleted. */
  ended: number;
}

export interface SenderDeps {
  repository: SocialRepository;
  /** The networks set up on the server, by channel (a channel without credentials is absent). */
  networks: Partial<Record<SocialChannel, Network>>;
  listings: Pick<LiveListings, 'states' | 'liveJobs'>;
  publicUrl: string;
  webhookFormat: WebhookFormat;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  now: () => Date;
}

/**
 * Sends the queue of posts (docs/product.md#social-posting): one run at a time in any number of
 * processes (the lease), each post claimed with a conditional update before it goes out (so even
 * two runs would not send one twice), sent as the channel's template says with the job as it is
 * now, and retried with back-off. A listing that is no longer live is not posted; one that ended
 * with no change of its own (its term or deadline came) has its posts deleted like a closed one.
 */
export class SocialSender {
  private stopping = false;

  constructor(private readonly deps: SenderDeps) {}

  /** Finish the post being sent and send no more (the app is closing). */
  stop(): void {
    this.stopping = true;
  }

  async run(): Promise<SocialRunReport> {
    const { repository } = this.deps;
    const report: SocialRunReport = {
      ran: false,
      posted: 0,
      removed: 0,
      retrying: 0,
      failed: 0,
      cancelled: 0,
      ended: 0,
    };
    const holder = randomUUID();
    const db = repository.db;
    if (
      !(await repository.lease.tryAcquire(db, holder, this.deps.now().getTime(), SENDER_LEASE_MS))
    ) {
      return report;
    }
    report.ran = true;
    let finished = false;
    try {
      report.ended = await this.closeEnded();
      const channels = Object.keys(this.deps.networks) as SocialChannel[];
      for (;;) {
        const due = await repository.due(this.deps.now(), channels, BATCH);
        for (const row of due) {
          if (this.stopping) return report;
          await this.attempt(row, report);
          if (
            !(await repository.lease.renew(db, holder, this.deps.now().getTime(), SENDER_LEASE_MS))
          ) {
            return report;
          }
        }
        if (due.length < BATCH) break;
      }
      finished = true;
      return report;
    } finally {
      await repository.lease.release(db, holder, finished ? this.deps.now().getTime() : null);
    }
  }

  /** The open posts whose listings ended with no change (nothing told the queue): to be deleted. */
  private async closeEnded(): Promise<number> {
    const { repository, listings } = this.deps;
    let ended = 0;
    for (let afterId = 0; ;) {
      const open = await repository.openPosts(afterId, CHECK_BATCH);
      if (!open.length) return ended;
      afterId = open[open.length - 1]!.id;
      const now = this.deps.now();
      const states = await listings.states([...new Set(open.map((post) => post.jobId))], now);
      const over = [...new Set(open.map((post) => post.jobId))].filter(
        (id) => !states.get(id)?.live,
      );
      if (over.length)
        ended += await repository.close(repository.db, over, now, SOCIAL_MESSAGES.closedFirst);
      if (open.length < CHECK_BATCH) return ended;
    }
  }

  /** One post or deletion: claimed, sent, and how it went recorded. */
  private async attempt(row: PostRow, report: SocialRunReport): Promise<void> {
    const { repository } = this.deps;
    const network = this.deps.networks[row.channel];
    if (!network) return;
    const now = this.deps.now();
    if (!(await repository.claim(row, now.getTime() + POST_LEASE_MS))) return; // another has it
    let text: string | undefined;
    try {
      if (row.status === 'removing') {
        if (network.remove && row.remote_id) await network.remove(row.remote_id);
        await repository.markRemoved(row.id, this.deps.now());
        report.removed += 1;
        return;
      }
      const job = (await this.deps.listings.liveJobs([row.job_id], now)).get(row.job_id);
      const setting = (await repository.channels()).get(row.channel);
      if (!job || !setting?.enabled) {
        await repository.markCancelled(
          row.id,
          this.deps.now(),
          job ? SOCIAL_MESSAGES.turnedOff : SOCIAL_MESSAGES.closedFirst,
        );
        report.cancelled += 1;
        return;
      }
      const { composed, link, card } = composeFor(job, row.channel, setting.template, this.deps);
      text = composed.text;
      if (!composed.fits) {
        throw new NetworkError(SOCIAL_MESSAGES.stillTooLong(composed.length, composed.max), false);
      }
      const posted = await network.post({
        text,
        link,
        ...card,
        key: { id: row.id, createdAt: row.created_at },
        tried: row.attempts > 0,
      });
      await repository.markPosted(row.id, { text, ...posted }, this.deps.now());
      report.posted += 1;
    } catch (error) {
      await this.failed(row, error, text, report);
    }
  }

  private async failed(
    row: PostRow,
    error: unknown,
    text: string | undefined,
    report: SocialRunReport,
  ): Promise<void> {
    const failure =
      error instanceof NetworkError
        ? error
        : new NetworkError(error instanceof Error ? error.message : String(error), true);
    // A network that asked to be left alone has not refused the post: no attempt is counted.
    const attempts = failure.rateLimited ? row.attempts : row.attempts + 1;
    const givenUp = !failure.retry || attempts >= MAX_ATTEMPTS;
    const waitMs = Math.max(failure.waitMs ?? 0, retryDelayMs(attempts));
    await this.deps.repository.markAttemptFailed(row, {
      givenUp,
      nextAttemptAt: this.deps.now().getTime() + waitMs,
      error: failure.message.slice(0, 1000),
      attempts,
      ...(text !== undefined ? { text } : {}),
    });
    const what = { postId: row.id, channel: row.channel, jobId: row.job_id, attempts };
    if (givenUp) {
      report.failed += 1;
      this.deps.log.error(what, `social post given up: ${failure.message}`);
    } else {
      report.retrying += 1;
      this.deps.log.warn(what, `social post not sent, will retry: ${failure.message}`);
    }
  }
}
