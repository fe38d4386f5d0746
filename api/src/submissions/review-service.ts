import type {
  AdminPaymentIssue,
  AdminSubmission,
  AdminSubmissionPage,
  AdminSubmissionsQuery,
  CompanyField,
  IssuedPaymentLink,
  RevokedPaymentLinks,
  SubmissionStatus,
} from '@jobboard/contract';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { Conflict, NotFound } from '../domain-errors';
import { isoDate } from '../jobs/dates';
import {
  approvalEmail,
  copyableApprovalEmail,
  publishedWithCreditEmail,
  rejectionEmail,
} from '../mail/review-emails';
import type { PaymentLinkState } from '../payments/payments-repository';
import { issuePaymentToken, paymentUrl } from '../payments/payment-tokens';
import { markPaidAndPublish } from '../payments/publishing';
import { expireMarkedSessions } from '../payments/session-expiry';
import type { ServiceContext } from '../service-context';
import type { StoredCompany } from '../jobs/companies';
import { companiesOf, companyReview, takeCompanyDetails } from './company-review';
import type { SubmissionRow } from './submission-row';
import type { ReviewRow } from './submissions-repository';

export interface Reviewer {
  id: number;
  username: string;
}

/** The review's repositories and settings; `stripe` expires Checkout Sessions a change makes stale. */
export type ReviewContext = Omit<ServiceContext, 'adminEmail' | 'dialect'>;

/** What reading a submission needs. */
type ReadContext = Pick<
  ServiceContext,
  'submissions' | 'listingCredits' | 'payments' | 'jobs' | 'boardName' | 'now'
>;

/** The review queue, newest first, with each contact's credits and each unhandled payment issue. */
export async function listSubmissions(
  context: ReadContext & Pick<ServiceContext, 'db'>,
): Promise<AdminSubmission[]> {
  const { db } = context;
  const rows = await context.submissions.listNewestFirst(db);
  const credits = await context.listingCredits.leftByAddress(db);
  const issues = await context.payments.unhandledIssues(db);
  const links = await linkStatesOf(context, db, rows);
  const companies = await companiesOf(context, rows);
  return rows.map((row) =>
    toAdminSubmission(row, context.boardName, {
      listingCredits: credits.get(row.contact_email.toLowerCase()) ?? 0,
      paymentIssues: issues.get(Number(row.id)) ?? [],
      links: links.get(Number(row.id)) ?? NO_LINKS,
      company: companies.get(row.organization.trim()),
    }),
  );
}

/** One page of an admin view of the queue, and the flagged payments of the whole queue. */
export async function listSubmissionPage(
  context: ReadContext & Pick<ServiceContext, 'db'>,
  view: AdminSubmissionsQuery,
): Promise<AdminSubmissionPage> {
  const { db } = context;
  const { rows, total } = await context.submissions.page(db, view);
  const credits = await context.listingCredits.leftByAddress(db);
  const issues = await context.payments.unhandledIssues(db);
  const links = await linkStatesOf(context, db, rows);
  const companies = await companiesOf(context, rows);
  let flaggedPayments = 0;
  for (const list of issues.values()) flaggedPayments += list.length;
  return {
    submissions: rows.map((row) =>
      toAdminSubmission(row, context.boardName, {
        listingCredits: credits.get(row.contact_email.toLowerCase()) ?? 0,
        paymentIssues: issues.get(Number(row.id)) ?? [],
        links: links.get(Number(row.id)) ?? NO_LINKS,
        company: companies.get(row.organization.trim()),
      }),
    ),
    total,
    page: view.page,
    pageSize: view.pageSize,
    flaggedPayments,
  };
}

export async function getSubmission(context: ReadContext, db: Db, id: number) {
  const row = await context.submissions.load(db, id);
  if (!row) throw new NotFound('Submission not found');
  return toAdminSubmission(row, context.boardName, {
    listingCredits: await context.listingCredits.left(db, row.contact_email),
    paymentIssues: (await context.payments.unhandledIssues(db, id)).get(id) ?? [],
    links: (await context.payments.linkStates(db, [id], context.now)).get(id) ?? NO_LINKS,
    company: (await context.jobs.companies.named([row.organization], db)).get(
      row.organization.trim(),
    ),
  });
}

/** A submission that has no pay link (not approved yet, or published with a credit). */
const NO_LINKS: PaymentLinkState = { live: 0, newestExpiresAt: null };

/** The pay-link state of each of these submissions, by id. */
function linkStatesOf(
  context: Pick<ServiceContext, 'payments' | 'now'>,
  db: Db,
  rows: ReviewRow[],
): Promise<Map<number, PaymentLinkState>> {
  return context.payments.linkStates(
    db,
    rows.map((row) => Number(row.id)),
    context.now,
  );
}

/**
 * pending_review -> approved (SPEC.md 4). The employer is e-mailed a payment link, in the same
 * transaction. The company on the board takes the submission's values for the details the admin
 * ticked (`updateCompany`; company-review.ts), and only those. Only when the admin chooses it (`useCredit`), a contact with listings left on a
 * Multiples Listing pays nothing: the job is published at once and one listing is used up (409,
 * changing nothing, when none is left).
 */
export async function approve(
  id: number,
  options: { useCredit: boolean; updateCompany?: readonly CompanyField[] },
  reviewer: Reviewer,
  context: ReviewContext,
) {
  const { db, now } = context;
  return db.transaction(async (trx) => {
    const submission = await pendingSubmission(context, trx, id, 'approved');
    await takeCompanyDetails(context, trx, submission, options.updateCompany ?? [], reviewer);
    await changeStatus(context, trx, submission, 'approved', reviewer, null);
    if (options.useCredit) {
      const credit = await context.listingCredits.spend(trx, submission.contact_email);
      if (!credit) {
        throw new Conflict(
          `${submission.contact_email} has no Multiples Listing credits left. Approve without a credit to send a pay link.`,
        );
      }
      const published = await markPaidAndPublish(
        trx,
        id,
        {
          provider: 'credit',
          actor: `admin:${reviewer.username}`,
          adminId: reviewer.id,
          amountCents: 0,
          note: 'Included in a Multiples Listing',
          sendJobLiveEmail: false,
        },
        context,
      );
      const jobId = published.outcome === 'published' ? published.jobId : null;
      await context.outbox.enqueue(
        trx,
        {
          ...publishedWithCreditEmail(
            submission,
            `${context.publicUrl}/jobs/${jobId}`,
            credit.left,
            context.boardName,
          ),
          submissionId: id,
        },
        now,
      );
      return {
        submission: await getSubmission(context, trx, id),
        paymentUrl: null,
        publishedWithCredit: true,
      };
    }
    const { token } = await issuePaymentToken(context, trx, id, now, `admin:${reviewer.username}`);
    const url = paymentUrl(context.publicUrl, token);
    await context.outbox.enqueue(
      trx,
      { ...approvalEmail(submission, url, context.boardName), submissionId: id },
      now,
    );
    return {
      submission: await getSubmission(context, trx, id),
      paymentUrl: url,
      publishedWithCredit: false,
    };
  });
}

/** pending_review -> rejected, with an optional reason that the employer is told. */
export async function reject(
  id: number,
  notes: string | null,
  reviewer: Reviewer,
  context: ReviewContext,
) {
  const { db, now } = context;
  return db.transaction(async (trx) => {
    const submission = await pendingSubmission(context, trx, id, 'rejected');
    const reason = notes?.trim() || null;
    await changeStatus(context, trx, submission, 'rejected', reviewer, reason);
    await context.submissions.update(trx, id, { review_notes: reason });
    await context.outbox.enqueue(
      trx,
      { ...rejectionEmail(submission, reason, context.boardName), submissionId: id },
      now,
    );
    return getSubmission(context, trx, id);
  });
}

/**
 * A new amount (cents) for anything not yet paid; recorded in the history. The submission's open
 * Checkout Sessions were made for the old amount: they are marked to expire with the change and
 * Stripe is asked once it has committed. Stripe being down never fails the change: what Stripe
 * could not expire now is retried (session-expiry.ts), and a session paid meanwhile no longer
 * matches the amount owed, so the webhook flags it instead of publishing.
 */
export async function updateAmount(
  id: number,
  amountCents: number,
  reviewer: Reviewer,
  context: ReviewContext,
) {
  const { db, now, submissions } = context;
  await db.transaction(async (trx) => {
    const submission = await lockedSubmission(context, trx, id);
    if (submission.status === 'paid')
      throw new Conflict('The amount of a paid submission cannot change.');
    await submissions.update(trx, id, { amount_cents: amountCents, updated_at: now.getTime() });
    await submissions.recordEvent(trx, {
      ...byReviewer(reviewer, submission, now),
      note: `Amount changed from ${submission.amount_cents} to ${amountCents} cents`,
    });
    await context.payments.markOpenSessionsToExpire(trx, id);
  });
  await expireMarkedSessions(id, context);
  return getSubmission(context, db, id);
}

/**
 * A new pay link for an approved submission, working for PAYMENT_LINK_TTL_DAYS. Only a hash of a
 * link is kept, so an earlier link cannot be shown again; the earlier links keep working (the
 * employer may be paying through the e-mailed one right now) until they expire, the listing is
 * paid, or an admin revokes them (revokePaymentLinks). The answer says how many still work.
 */
export async function paymentLinkFor(
  id: number,
  reviewer: Reviewer,
  context: ReviewContext,
): Promise<IssuedPaymentLink> {
  const { now } = context;
  return context.db.transaction(async (trx) => {
    const submission = await lockedSubmission(context, trx, id);
    if (submission.status !== 'approved') {
      throw new Conflict('A payment link can only be generated for an approved submission.');
    }
    const earlierLinksValid = await context.payments.liveLinks(trx, id, now);
    const event = byReviewer(reviewer, submission, now);
    const { token, expiresAt } = await issuePaymentToken(context, trx, id, now, event.actor);
    const url = paymentUrl(context.publicUrl, token);
    await context.submissions.recordEvent(trx, {
      ...event,
      note: `New payment link issued, valid until ${isoDate(expiresAt)}; ${linksStillValid(earlierLinksValid)}`,
    });
    return {
      paymentUrl: url,
      expiresAt: expiresAt.toISOString(),
      earlierLinksValid,
      approvalEmail: copyableApprovalEmail(submission, url, context.boardName),
    };
  });
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** The timeline's line of 'Revoke links'. */
const revokedNote = (live: number, sessions: number) =>
  `Payment links revoked: ${plural(live, 'link')} that still worked (the e-mailed one included) no longer work` +
  (sessions ? `; ${plural(sessions, 'open Stripe checkout')} expired` : '');

const linksStillValid = (count: number) =>
  count === 0
    ? 'no earlier link was still valid'
    : `${count} earlier link${count === 1 ? ' stays' : 's stay'} valid`;

/**
 * 'Revoke links': every pay link of an approved listing stops working, the one e-mailed to the
 * employer too (a leaked link, an amount to agree first). Its open Checkout Sessions are expired
 * with it (Stripe is asked once the change has committed), and a session paid all the same does
 * not publish the listing (the webhook flags it). An admin then issues a new link when it is time.
 */
export async function revokePaymentLinks(
  id: number,
  reviewer: Reviewer,
  context: ReviewContext,
): Promise<RevokedPaymentLinks> {
  const { now } = context;
  const revoked = await context.db.transaction(async (trx) => {
    const submission = await lockedSubmission(context, trx, id);
    if (submission.status !== 'approved') {
      throw new Conflict(
        `Only an approved submission's payment links can be revoked; this one is ${submission.status}.`,
      );
    }
    const event = byReviewer(reviewer, submission, now);
    const live = await context.payments.revokeLinks(trx, id, event.actor, now);
    await context.submissions.update(trx, id, {
      payment_token_hash: null,
      payment_token_expires_at: null,
      updated_at: now.getTime(),
    });
    const sessions = await context.payments.markOpenSessionsToExpire(trx, id);
    if (live > 0 || sessions > 0) {
      await context.submissions.recordEvent(trx, { ...event, note: revokedNote(live, sessions) });
    }
    return live;
  });
  await expireMarkedSessions(id, context);
  return { revoked, submission: await getSubmission(context, context.db, id) };
}

/**
 * An admin has dealt with a flagged payment (refunded it in Stripe, or accepted it): it leaves
 * the review queue's warnings, with who and when recorded on it and in the submission's history.
 */
export async function resolvePaymentIssue(
  submissionId: number,
  paymentId: number,
  reviewer: Reviewer,
  context: ReviewContext,
): Promise<AdminSubmission> {
  const { now } = context;
  return context.db.transaction(async (trx) => {
    const submission = await lockedSubmission(context, trx, submissionId);
    const payment = await context.payments.findFlagged(trx, submissionId, paymentId);
    if (!payment) throw new NotFound('No flagged payment with this id on this submission');
    if (payment.resolved_at == null) {
      const event = byReviewer(reviewer, submission, now);
      await context.payments.resolve(trx, paymentId, event.actor, now);
      await context.submissions.recordEvent(trx, {
        ...event,
        note: `Flagged payment ${payment.checkout_session_id ?? paymentId} marked as handled`,
      });
    }
    return getSubmission(context, trx, submissionId);
  });
}

/** Without Stripe, an admin records a payment received another way. */
export async function markPaidByHand(id: number, reviewer: Reviewer, context: ReviewContext) {
  return context.db.transaction(async (trx) => {
    const submission = await lockedSubmission(context, trx, id);
    const result = await markPaidAndPublish(
      trx,
      id,
      {
        provider: 'manual',
        actor: `admin:${reviewer.username}`,
        adminId: reviewer.id,
        amountCents: submission.amount_cents,
        note: 'Marked as paid by hand',
      },
      context,
    );
    if (result.outcome === 'not-payable') {
      throw new Conflict('Only an approved submission can be marked as paid.');
    }
    if (result.outcome === 'already-paid') throw new Conflict('This submission is already paid.');
    return getSubmission(context, trx, id);
  });
}

/** The submission, locked for the rest of the transaction (NotFound when there is none). */
async function lockedSubmission(
  context: Pick<ServiceContext, 'submissions'>,
  trx: Knex.Transaction,
  id: number,
): Promise<ReviewRow> {
  const submission = await context.submissions.load(trx, id, true);
  if (!submission) throw new NotFound('Submission not found');
  return submission;
}

/** A history line by this reviewer that leaves the status as it is (the caller adds the note). */
function byReviewer(reviewer: Reviewer, submission: SubmissionRow, now: Date) {
  return {
    submissionId: submission.id,
    from: submission.status,
    to: submission.status,
    adminId: reviewer.id,
    actor: `admin:${reviewer.username}`,
    at: now,
  };
}

async function pendingSubmission(
  context: Pick<ServiceContext, 'submissions'>,
  trx: Knex.Transaction,
  id: number,
  to: SubmissionStatus,
): Promise<SubmissionRow> {
  const submission = await lockedSubmission(context, trx, id);
  if (submission.status !== 'pending_review') {
    throw new Conflict(
      `Only a submission pending review can be ${to}; this one is ${submission.status}.`,
    );
  }
  return submission;
}

async function changeStatus(
  { submissions, now }: Pick<ServiceContext, 'submissions' | 'now'>,
  trx: Knex.Transaction,
  submission: SubmissionRow,
  to: SubmissionStatus,
  reviewer: Reviewer,
  note: string | null,
) {
  await submissions.update(trx, submission.id, {
    status: to,
    status_changed_at: now.getTime(),
    status_changed_by: reviewer.id,
    updated_at: now.getTime(),
  });
  await submissions.recordEvent(trx, {
    ...byReviewer(reviewer, submission, now),
    to,
    note,
  });
}

function toAdminSubmission(
  row: ReviewRow,
  boardName: string,
  extra: {
    listingCredits: number;
    paymentIssues: AdminPaymentIssue[];
    links: PaymentLinkState;
    /** The company of that name on the board, if there is one. */
    company: StoredCompany | undefined;
  },
): AdminSubmission {
  const categories: unknown = JSON.parse(String(row.categories ?? '[]'));
  const iso = (ms: unknown) => (ms == null ? null : new Date(Number(ms)).toISOString());
  return {
    id: String(row.id),
    title: String(row.title),
    organization: String(row.organization),
    location: String(row.location),
    category: Array.isArray(categories) ? categories.map(String) : [],
    jobType: String(row.job_type),
    experienceLevel: String(row.experience_level),
    salaryMin: row.salary_min == null ? null : Number(row.salary_min),
    salaryMax: row.salary_max == null ? null : Number(row.salary_max),
    contactName: String(row.contact_name),
    contactEmail: String(row.contact_email),
    promoCode: row.promo_code == null ? null : String(row.promo_code),
    submittedAt: iso(row.submitted_at)!,
    description: String(row.description),
    applicationUrl: String(row.application_url),
    deadline: row.deadline == null ? null : String(row.deadline),
    listingType: row.listing_type === 'featured' ? 'featured' : 'basic',
    amount: Number(row.amount_cents),
    submissionStatus: String(row.status) as SubmissionStatus,
    reviewNotes: row.review_notes == null ? null : String(row.review_notes),
    jobId: row.job_id == null ? null : String(row.job_id),
    paidAt: iso(row.paid_at),
    paymentLinkExpiresAt: iso(extra.links.newestExpiresAt),
    livePaymentLinks: extra.links.live,
    listingCredits: extra.listingCredits,
    promoRedemption: row.promo_redemption ?? null,
    paymentIssues: extra.paymentIssues,
    company: companyReview(row, extra.company),
    approvalEmail:
      row.status === 'pending_review' ? copyableApprovalEmail(row, null, boardName) : null,
  };
}
