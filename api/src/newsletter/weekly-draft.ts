import { randomUUID } from 'node:crypto';
import { NEWSLETTER_MESSAGES } from '@jobboard/contract/admin';
import type { Knex } from 'knex';
import { DomainError } from '../platform/domain-errors';
import type { NewsletterRepository } from './newsletter-repository';
import type { NewsletterService } from './newsletter-service';
import { slotAtOrBefore } from './weekly-slots';

/**
 * How long a run holds the lease: one Ghost call (NEWSLETTER_LIMITS.ghostTimeoutSeconds at most)
 * and a few reads; a process that dies mid-run frees it after this.
 */
export const WEEKLY_DRAFT_LEASE_MS = 5 * 60_000;

/** What one look at the schedule did. */
export interface WeeklyDraftReport {
  /**
   * 'made' a draft; took the week's slot but had 'nothing' to send, or 'failed' (Ghost refused:
   * `message`); or did nothing: the schedule is 'off', its slot 'not due', another run 'busy'.
   */
  outcome: 'made' | 'nothing' | 'failed' | 'off' | 'not due' | 'busy';
  issueId?: string;
  message?: string;
}

export interface WeeklyDraftDeps {
  db: Knex;
  repository: NewsletterRepository;
  newsletter: Pick<NewsletterService, 'send'>;
}

/**
 * The weekly draft (docs/product.md#newsletter): when the schedule is on and its hour of the week
 * has come since the last slot taken, one process (under the lease) takes the slot, once, and
 * sends the default block (the last 7 days) to Ghost as a draft, as the editor's button does.
 * Any number of processes may look as often as they like: a slot makes at most one draft (taken
 * before Ghost is called, so a run that dies mid-call is not repeated), and what came of it (the
 * issue, or why none) is kept for the newsletter page.
 */
export async function runWeeklyDraft(deps: WeeklyDraftDeps, now: Date): Promise<WeeklyDraftReport> {
  const { db, repository } = deps;
  const schedule = await repository.schedule(db);
  if (!schedule.enabled) return { outcome: 'off' };
  const slot = slotAtOrBefore(now, schedule.weekday, schedule.hour);
  if (schedule.lastSlotAt !== null && schedule.lastSlotAt >= slot) return { outcome: 'not due' };
  const holder = randomUUID();
  if (!(await repository.lease.tryAcquire(db, holder, now.getTime(), WEEKLY_DRAFT_LEASE_MS))) {
    return { outcome: 'busy' };
  }
  try {
    if (!(await repository.takeSlot(db, slot))) return { outcome: 'not due' };
    try {
      const issue = await deps.newsletter.send({}, 'schedule', now);
      await repository.recordRun(db, {
        at: now.getTime(),
        issueId: Number(issue.id),
        message: null,
      });
      return { outcome: 'made', issueId: issue.id };
    } catch (error) {
      // Nothing to send is no failure of the schedule: the page says so in its own words. What
      // is no refusal of Ghost's or ours is the server log's to tell (the runner logs it).
      const message = !(error instanceof DomainError)
        ? NEWSLETTER_MESSAGES.scheduleFailed
        : error.message === NEWSLETTER_MESSAGES.noJobs
          ? NEWSLETTER_MESSAGES.scheduledNothing
          : error.message;
      await repository.recordRun(db, { at: now.getTime(), issueId: null, message });
      if (!(error instanceof DomainError)) throw error;
      return {
        outcome: message === NEWSLETTER_MESSAGES.scheduledNothing ? 'nothing' : 'failed',
        message,
      };
    }
  } finally {
    await repository.lease.release(db, holder, now.getTime());
  }
}
