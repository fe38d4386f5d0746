import { randomUUID } from 'node:crypto';
import { addDays, isoDate } from '@jobboard/contract/common';
import { RENEWAL_WINDOW } from '@jobboard/contract/payments';
import { listingTier } from '@jobboard/contract/submissions';
import { renewalReminderEmail } from '../mail';
import { renewalUrl } from './renewal-tokens';
import { issueRenewalLink, priceText } from './renewal-links';
import type { RenewalsContext } from './renewals-service';

/** What one reminders' run did. */
export interface ReminderReport {
  /** False when another process held the lease: this run did nothing. */
  ran: boolean;
  /** Listings ending within the reminder's days that were looked at. */
  checked: number;
  /** Reminders queued in the outbox by this run. */
  sent: number;
}

/**
 * How long a run holds the lease: one that dies mid-run frees it after this. A run is one read
 * and a short transaction per listing ending within the reminder's days.
 */
export const REMINDER_LEASE_MS = 5 * 60_000;

/** Listings one run reads at most (those ending within 5 days: far fewer on any board). */
export const REMINDER_BATCH = 1_000;

/**
 * The renewal reminders due at `now` (docs/product.md#renewals): every live listing paid through the
 * board that ends within RENEWAL_WINDOW.reminderDaysBeforeEnd days gets one e-mail through the
 * outbox, to its contact, with a new renewal link and the employer's page, once per end date (the
 * `renewal_reminders` row is written in the e-mail's transaction, and one already there means it
 * went). One run at a time in any number of processes (a lease; a run that finds it taken does
 * nothing), and even two runs at once would send each reminder once.
 */
export async function sendReminders(context: RenewalsContext, now: Date): Promise<ReminderReport> {
  const { db, renewals } = context;
  const lease = renewals.reminderLease;
  const holder = randomUUID();
  if (!(await lease.tryAcquire(db, holder, now.getTime(), REMINDER_LEASE_MS))) {
    return { ran: false, checked: 0, sent: 0 };
  }
  const report: ReminderReport = { ran: true, checked: 0, sent: 0 };
  try {
    const until = addDays(now, RENEWAL_WINDOW.reminderDaysBeforeEnd);
    const ending = await context.jobEndings.endingBetween(now, until, REMINDER_BATCH);
    const submissionIds = await context.submissions.idsByJob(
      db,
      ending.map((job) => job.id),
    );
    for (const job of ending) {
      report.checked += 1;
      const submissionId = submissionIds.get(job.id);
      if (submissionId === undefined || job.expiresAt === null) continue;
      const endsAt = job.expiresAt;
      const sent = await db.transaction(async (trx) => {
        const submission = await context.submissions.load(trx, submissionId);
        // A listing with nobody to write to (no contact, or one blanked) gets none.
        if (!submission?.contact_email || submission.status !== 'paid') return false;
        const tier = listingTier(submission.listing_type);
        if (tier.durationDays === null) return false;
        if (!(await renewals.recordReminder(trx, job.id, endsAt, now))) return false;
        const { token } = await issueRenewalLink(context, trx, job.id, now);
        await context.outbox.enqueue(
          trx,
          {
            ...renewalReminderEmail({
              to: submission.contact_email,
              contactName: submission.contact_name,
              title: job.title,
              organization: job.organization,
              endsOn: isoDate(endsAt),
              renewUrl: renewalUrl(context.publicUrl, token),
              employerUrl: `${context.publicUrl}/employer`,
              price: priceText(tier.priceCents),
              durationDays: tier.durationDays,
              boardName: context.boardName,
            }),
            submissionId: submission.id,
          },
          now,
        );
        return true;
      });
      if (sent) report.sent += 1;
    }
  } finally {
    await lease.release(db, holder, now.getTime());
  }
  return report;
}
