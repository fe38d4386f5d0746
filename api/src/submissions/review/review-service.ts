import { isoDate } from '@jobboard/contract/common';
import {
  ADMIN_MESSAGES,
  parsePaymentIssueId,
  type AdminSubmission,
  type AdminSubmissionPage,
  type AdminSubmissionsQuery,
  type CompanyField,
  type IssuedPaymentLink,
  type RevokedPaymentLinks,
  type SubmittingApiKey,
} from '@jobboard/contract/admin';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { Db } from '../../platform/db/knex';
import { Conflict, NotFound } from '../../platform/domain-errors';
import type { ApiKeysService } from '../../api-keys';
import type { Companies } from '../../jobs';
import {
  type Outbox,
  approvalEmail,
  copyableApprovalEmail,
  publishedWithCreditEmail,
  rejectionEmail,
} from '../../mail';
import type { PaymentLinkState, PaymentsService } from '../../payments';
import type { ReviewRow } from '../submission-row';
import type { SubmissionsService } from '../submissions-service';
import {
  NO_LINKS,
  editedAtOf,
  linksStillValid,
  revokedNote,
  toAdminSubmission,
} from './admin-submission';
import { takeCompanyDetails } from './company-review';
import { hintCard, type FraudHintFinder } from './fraud-hint-facts';
import {
  byReviewer,
  changeStatus,
  lockedSubmission,
  pendingSubmission,
  type Reviewer,
} from './review-steps';

export type { Reviewer } from './review-steps';

/**
 * The review queue (docs/product.md#states-and-transitions and docs/product.md#calls): the admins' list of submissions and each change of one,
 * only from the states the spec allows: approve (a pay link e-mailed, or published with a
 * Multiples credit), reject, a new amount, pay links issued and revoked, a flagged payment
 * handled, a payment marked by hand. The submission's company is reviewed with it
 * (company-review.ts).
 */
export class ReviewService {
  constructor(
    private readonly db: Knex,
    private readonly submissions: SubmissionsService,
    private readonly payments: Pick<
      PaymentsService,
      | 'unhandledIssues'
      | 'linkStates'
      | 'liveLinks'
      | 'issueLink'
      | 'paymentUrl'
      | 'revokeLinks'
      | 'markOpenSessionsToExpire'
      | 'expireMarkedSessions'
      | 'resolveIssue'
      | 'markPaidAndPublish'
      | 'unpaidInvoices'
    >,
    private readonly companies: Pick<Companies, 'named' | 'change'>,
    private readonly outbox: Pick<Outbox, 'enqueue'>,
    private readonly site: { publicUrl: string; boardName: string },
    private readonly hints: Pick<FraudHintFinder, 'hintsOf'>,
    private readonly apiKeys: Pick<ApiKeysService, 'submitters'>,
  ) {}

  /**
   * The review queue, newest first, with each contact's credits and each unhandled payment issue:
   * the whole queue, so without the fraud hints, which are worked out per page or card.
   */
  async list(now: Date): Promise<AdminSubmission[]> {
    const rows = await this.submissions.listNewestFirst(this.db);
    return this.asAdminSubmissions(rows, now, { withHints: false });
  }

  /** One page of an admin view of the queue, and the flagged payments of the whole queue. */
  async page(view: AdminSubmissionsQuery, now: Date): Promise<AdminSubmissionPage> {
    const { rows, total } = await this.submissions.page(this.db, view);
    const issues = await this.payments.unhandledIssues(this.db);
    let flaggedPayments = 0;
    for (const list of issues.values()) flaggedPayments += list.length;
    return {
      submissions: await this.asAdminSubmissions(rows, now, { issues, withHints: true }),
      total,
      page: view.page,
      pageSize: view.pageSize,
      flaggedPayments,
    };
  }

  /** One submission as the review card shows it, with its fraud hints (NotFound when there is none). */
  async get(id: number, now: Date, db: Db = this.db): Promise<AdminSubmission> {
    const row = await this.submissions.load(db, id);
    if (!row) throw new NotFound('Submission not found');
    const company = (await this.companies.named([row.organization], db)).get(
      row.organization.trim(),
    );
    const hints = await this.hints.hintsOf(db, [hintCard(row, company)], now);
    return toAdminSubmission(row, this.site, {
      listingCredits: await this.submissions.creditsLeft(db, row.organization_id),
      paymentIssues: (await this.payments.unhandledIssues(db, id)).get(id) ?? [],
      links: (await this.payments.linkStates(db, [id], now)).get(id) ?? NO_LINKS,
      company,
      fraudHints: hints.get(Number(row.id)) ?? [],
      apiKey: (await this.submittersOf([row], db)).get(Number(row.id)) ?? null,
      unpaidInvoice: (await this.payments.unpaidInvoices(db, [row])).get(id) ?? null,
    });
  }

  /** The API keys these rows were submitted with, by submission id (issue 46). */
  private async submittersOf(
    rows: ReviewRow[],
    db: Db = this.db,
  ): Promise<Map<number, SubmittingApiKey>> {
    const keyIds = rows.flatMap((row) => (row.api_key_id == null ? [] : [Number(row.api_key_id)]));
    const keys = await this.apiKeys.submitters(keyIds, db);
    return new Map(
      rows.flatMap((row) => {
        const key = row.api_key_id == null ? undefined : keys.get(Number(row.api_key_id));
        return key ? [[Number(row.id), key] as const] : [];
      }),
    );
  }

  /**
   * pending_review -> approved (docs/product.md#states-and-transitions). The employer is e-mailed a payment link, in the same
   * transaction. The company on the board takes the submission's values for the details the admin
   * ticked (`updateCompany`; company-review.ts), and only those. Only when the admin chooses it
   * (`useCredit`), a contact with listings left on a Multiples Listing pays nothing: the job is
   * published at once and one listing is used up (409, changing nothing, when none is left).
   * `seenEditedAt` is the version the admin approves (the card's `editedAt`): when the employer
   * edited the submission since, 409 and nothing changes, so an edit is never published unseen.
   */
  async approve(
    id: number,
    options: {
      useCredit: boolean;
      updateCompany?: readonly CompanyField[];
      seenEditedAt?: string | null;
    },
    reviewer: Reviewer,
    now: Date,
  ) {
    const { publicUrl } = this.site;
    return this.db.transaction(async (trx) => {
      const submission = await pendingSubmission(this.submissions, trx, id, 'approved');
      if (options.seenEditedAt !== undefined && options.seenEditedAt !== editedAtOf(submission)) {
        throw new Conflict(ADMIN_MESSAGES.editedDuringReview);
      }
      await takeCompanyDetails(
        this.companies,
        trx,
        submission,
        options.updateCompany ?? [],
        reviewer,
        now,
      );
      await changeStatus(this.submissions, trx, submission, 'approved', reviewer, null, now);
      if (options.useCredit) {
        // Anyone can type a buyer's address into the public form: only the address's owner,
        // signed in by an e-mailed link, chooses to spend its credits (EmployersService.useCredit).
        if (submission.credit_requested_at == null) {
          throw new Conflict(ADMIN_MESSAGES.creditNotRequested);
        }
        // The organisation's credits (issue 47): any member's listing spends them.
        const credit =
          submission.organization_id == null
            ? null
            : await this.submissions.spendCredit(trx, Number(submission.organization_id));
        if (!credit) {
          throw new Conflict(
            `${submission.contact_email} has no Multiples Listing credits left. Approve without a credit to send a pay link.`,
          );
        }
        const published = await this.payments.markPaidAndPublish(
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
          now,
        );
        const jobId = published.outcome === 'published' ? published.jobId : null;
        await this.outbox.enqueue(
          trx,
          {
            ...publishedWithCreditEmail(
              submission,
              `${publicUrl}/jobs/${jobId}`,
              credit.left,
              this.site,
            ),
            submissionId: id,
          },
          now,
        );
        return {
          submission: await this.get(id, now, trx),
          paymentUrl: null,
          publishedWithCredit: true,
        };
      }
      const { token } = await this.payments.issueLink(trx, id, now, `admin:${reviewer.username}`);
      const url = this.payments.paymentUrl(token);
      await this.outbox.enqueue(
        trx,
        { ...approvalEmail(submission, url, this.site), submissionId: id },
        now,
      );
      return {
        submission: await this.get(id, now, trx),
        paymentUrl: url,
        publishedWithCredit: false,
      };
    });
  }

  /** pending_review -> rejected, with an optional reason that the employer is told. */
  async reject(id: number, notes: string | null, reviewer: Reviewer, now: Date) {
    return this.db.transaction(async (trx) => {
      const submission = await pendingSubmission(this.submissions, trx, id, 'rejected');
      const reason = notes?.trim() || null;
      await changeStatus(this.submissions, trx, submission, 'rejected', reviewer, reason, now);
      await this.submissions.update(trx, id, { review_notes: reason });
      await this.outbox.enqueue(
        trx,
        { ...rejectionEmail(submission, reason, this.site), submissionId: id },
        now,
      );
      return this.get(id, now, trx);
    });
  }

  /**
   * A new amount (cents) for anything not yet paid; recorded in the history. The submission's open
   * Checkout Sessions were made for the old amount: they are marked to expire with the change and
   * Stripe is asked once it has committed. Stripe being down never fails the change: what Stripe
   * could not expire now is retried (session-expiry.ts), and a session paid meanwhile no longer
   * matches the amount owed, so the webhook flags it instead of publishing.
   */
  async updateAmount(
    id: number,
    amountCents: number,
    reviewer: Reviewer,
    now: Date,
    log: FastifyBaseLogger,
  ) {
    await this.db.transaction(async (trx) => {
      const submission = await lockedSubmission(this.submissions, trx, id);
      if (submission.status === 'paid')
        throw new Conflict('The amount of a paid submission cannot change.');
      await this.submissions.update(trx, id, {
        amount_cents: amountCents,
        updated_at: now.getTime(),
      });
      await this.submissions.recordEvent(trx, {
        ...byReviewer(reviewer, submission, now),
        note: `Amount changed from ${submission.amount_cents} to ${amountCents} cents`,
      });
      await this.payments.markOpenSessionsToExpire(trx, id);
    });
    await this.payments.expireMarkedSessions(id, log);
    return this.get(id, now);
  }

  /**
   * A new pay link for an approved submission, working for PAYMENT_LINK_TTL_DAYS. Only a hash of
   * a link is kept, so an earlier link cannot be shown again; the earlier links keep working (the
   * employer may be paying through the e-mailed one right now) until they expire, the listing is
   * paid, or an admin revokes them (revokePaymentLinks). The answer says how many still work.
   */
  async paymentLinkFor(id: number, reviewer: Reviewer, now: Date): Promise<IssuedPaymentLink> {
    return this.db.transaction(async (trx) => {
      const submission = await lockedSubmission(this.submissions, trx, id);
      if (submission.status !== 'approved') {
        throw new Conflict('A payment link can only be generated for an approved submission.');
      }
      const earlierLinksValid = await this.payments.liveLinks(trx, id, now);
      const event = byReviewer(reviewer, submission, now);
      const { token, expiresAt } = await this.payments.issueLink(trx, id, now, event.actor);
      const url = this.payments.paymentUrl(token);
      await this.submissions.recordEvent(trx, {
        ...event,
        note: `New payment link issued, valid until ${isoDate(expiresAt)}; ${linksStillValid(earlierLinksValid)}`,
      });
      return {
        paymentUrl: url,
        expiresAt: expiresAt.toISOString(),
        earlierLinksValid,
        approvalEmail: copyableApprovalEmail(submission, url, this.site),
      };
    });
  }

  /**
   * 'Revoke links': every pay link of an approved listing stops working, the one e-mailed to the
   * employer too (a leaked link, an amount to agree first). Its open Checkout Sessions are expired
   * with it (Stripe is asked once the change has committed), and a session paid all the same does
   * not publish the listing (the webhook flags it). An admin then issues a new link when it is time.
   */
  async revokePaymentLinks(
    id: number,
    reviewer: Reviewer,
    now: Date,
    log: FastifyBaseLogger,
  ): Promise<RevokedPaymentLinks> {
    const revoked = await this.db.transaction(async (trx) => {
      const submission = await lockedSubmission(this.submissions, trx, id);
      if (submission.status !== 'approved') {
        throw new Conflict(
          `Only an approved submission's payment links can be revoked; this one is ${submission.status}.`,
        );
      }
      const event = byReviewer(reviewer, submission, now);
      const live = await this.payments.revokeLinks(trx, id, event.actor, now);
      await this.submissions.update(trx, id, {
        payment_token_hash: null,
        payment_token_expires_at: null,
        updated_at: now.getTime(),
      });
      const sessions = await this.payments.markOpenSessionsToExpire(trx, id);
      if (live > 0 || sessions > 0) {
        await this.submissions.recordEvent(trx, { ...event, note: revokedNote(live, sessions) });
      }
      return live;
    });
    await this.payments.expireMarkedSessions(id, log);
    return { revoked, submission: await this.get(id, now) };
  }

  /**
   * An admin has dealt with a flagged payment (refunded it in Stripe, or accepted it): it leaves
   * the review queue's warnings, with who and when recorded on it and in the submission's history.
   */
  async resolvePaymentIssue(
    submissionId: number,
    issueId: string,
    reviewer: Reviewer,
    now: Date,
  ): Promise<AdminSubmission> {
    return this.db.transaction(async (trx) => {
      const submission = await lockedSubmission(this.submissions, trx, submissionId);
      const event = byReviewer(reviewer, submission, now);
      const resolved = await this.payments.resolveIssue(
        trx,
        submissionId,
        issueId,
        event.actor,
        now,
      );
      if (!resolved) throw new NotFound('No flagged payment with this id on this submission');
      if (resolved.resolvedNow) {
        const what =
          parsePaymentIssueId(issueId)?.kind === 'renewal' ? 'renewal payment' : 'payment';
        await this.submissions.recordEvent(trx, {
          ...event,
          note: `Flagged ${what} ${resolved.sessionId ?? issueId} marked as handled`,
        });
      }
      return this.get(submissionId, now, trx);
    });
  }

  /** Without Stripe, an admin records a payment received another way. */
  async markPaidByHand(id: number, reviewer: Reviewer, now: Date) {
    return this.db.transaction(async (trx) => {
      const submission = await lockedSubmission(this.submissions, trx, id);
      const result = await this.payments.markPaidAndPublish(
        trx,
        id,
        {
          provider: 'manual',
          actor: `admin:${reviewer.username}`,
          adminId: reviewer.id,
          amountCents: submission.amount_cents,
          note: 'Marked as paid by hand',
        },
        now,
      );
      if (result.outcome === 'not-payable') {
        throw new Conflict('Only an approved submission can be marked as paid.');
      }
      if (result.outcome === 'already-paid') throw new Conflict('This submission is already paid.');
      return this.get(id, now, trx);
    });
  }

  /**
   * The review cards of these rows: credits, flagged payments, pay links and company of each, and
   * (`withHints`) their fraud hints.
   */
  private async asAdminSubmissions(
    rows: ReviewRow[],
    now: Date,
    options: {
      issues?: Awaited<ReturnType<PaymentsService['unhandledIssues']>>;
      withHints: boolean;
    },
  ): Promise<AdminSubmission[]> {
    const { db } = this;
    const credits = await this.submissions.creditsByOrganization(db);
    const flagged = options.issues ?? (await this.payments.unhandledIssues(db));
    const links: Map<number, PaymentLinkState> = await this.payments.linkStates(
      db,
      rows.map((row) => Number(row.id)),
      now,
    );
    const companies = await this.companies.named(rows.map((row) => row.organization));
    const companyOf = (row: ReviewRow) => companies.get(row.organization.trim());
    const hints = options.withHints
      ? await this.hints.hintsOf(
          db,
          rows.map((row) => hintCard(row, companyOf(row))),
          now,
        )
      : undefined;
    const submitters = await this.submittersOf(rows);
    const unpaid = await this.payments.unpaidInvoices(db, rows);
    return rows.map((row) =>
      toAdminSubmission(row, this.site, {
        listingCredits: credits.get(Number(row.organization_id)) ?? 0,
        paymentIssues: flagged.get(Number(row.id)) ?? [],
        links: links.get(Number(row.id)) ?? NO_LINKS,
        company: companyOf(row),
        ...(hints ? { fraudHints: hints.get(Number(row.id)) ?? [] } : {}),
        apiKey: submitters.get(Number(row.id)) ?? null,
        unpaidInvoice: unpaid.get(Number(row.id)) ?? null,
      }),
    );
  }
}
