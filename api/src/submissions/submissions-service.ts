import { type AdminSubmissionsQuery } from '@jobboard/contract/admin';
import { emailKey } from '@jobboard/contract/common';
import {
  DEFAULT_LISTING_TIER,
  LOGO_UPLOAD_MESSAGES,
  listingTier,
  uploadedLogoHash,
  type SubmissionPayload,
} from '@jobboard/contract/submissions';
import type { Knex } from 'knex';
import type { Db, Dialect } from '../platform/db/knex';
import { Conflict, Invalid, NotFound } from '../platform/domain-errors';
import { type Outbox, newSubmissionEmail, submissionReceivedEmail } from '../mail';
import { discountedCents, type PromoCodes } from '../promo-codes';
import { acknowledgementAllowed, type AcknowledgementDecision } from './acknowledgement-caps';
import type { CreditGrant, ListingCreditsRepository } from './listing-credits-repository';
import { payColumns, questionsColumn } from '../jobs';
import { normaliseSubmission, type NormalisedSubmission } from './normalise';
import type {
  PaidListing,
  ReviewRow,
  StoredEvent,
  SubmissionChange,
  SubmissionEvent,
} from './submission-row';
import type { ContactOrganization, SubmissionsRepository } from './submissions-repository';
import type { EmailLookup } from '../platform/db/email-sql';
import type { OrganizationsService } from '../organizations';

/** The logos domain's answer to whether an uploaded logo a submission names is stored. */
export interface UploadedLogos {
  has(hash: string, db: Knex.Transaction): Promise<boolean>;
}

/** What the e-mails of a submission say about the site. */
export interface SubmissionSite {
  boardName: string;
  publicUrl: string;
  /** Where the admins are told about new submissions. */
  adminEmail: string;
  /** BOARD_CURRENCY: the pay's currency when the form gives none. */
  currency: string;
}

/**
 * The submissions domain: the employer's free submission, the submissions' records and history
 * as the review (review/) and the payments (payments/) change them, and Multiples Listing credits.
 * The only way to the `submissions`, `submission_events` and `listing_credits` tables from
 * outside this folder.
 */
export class SubmissionsService {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
    private readonly submissions: SubmissionsRepository,
    private readonly credits: ListingCreditsRepository,
    private readonly promoCodes: Pick<PromoCodes, 'usable'>,
    private readonly outbox: Pick<Outbox, 'enqueue' | 'countQueued' | 'forgetSubmissionRecipients'>,
    private readonly logos: UploadedLogos,
    private readonly site: SubmissionSite,
    /** Whose a listing is (issue 47): the contact address's organisation. */
    private readonly organizations: Pick<OrganizationsService, 'ensureFor' | 'idOf'>,
  ) {}

  /**
   * Store a checked submission for review, priced from its tier and promo code, and queue the two
   * e-mails (to the contact, to the admins) in the same transaction: the submission and its
   * messages exist together or not at all. The acknowledgement to the contact is skipped (the
   * answer says which cap, and the admins are told) past the caps of ACKNOWLEDGEMENT_CAPS.
   * `via.apiKeyId`: an integrator's API key sent it (issue 46); the review card names the key.
   */
  async submitForReview(
    payload: SubmissionPayload,
    now: Date,
    via: { apiKeyId: number | null } = { apiKeyId: null },
  ): Promise<{ id: number; status: 'pending_review'; skipped: SkippedCap }> {
    const { submissions, outbox } = this;
    const submission = normaliseSubmission(payload, this.site.currency);
    return this.db.transaction(async (trx) => {
      const { columns, amountCents } = await this.formColumns(trx, submission, now);
      const id = await submissions.insert(trx, {
        ...columns,
        organization_id: await this.organizations.ensureFor(
          trx,
          submission.contactEmail,
          submission.organization,
          now,
        ),
        status: 'pending_review',
        api_key_id: via.apiKeyId,
        submitted_at: now.getTime(),
        updated_at: now.getTime(),
      });
      await submissions.recordEvent(trx, {
        submissionId: id,
        from: null,
        to: 'pending_review',
        actor: 'employer',
        at: now,
      });
      const email = {
        id,
        submission,
        amountCents,
        boardName: this.site.boardName,
        publicUrl: this.site.publicUrl,
      };
      const acknowledgement = await acknowledgementAllowed(
        trx,
        { outbox, dialect: this.dialect },
        submission.contactEmail,
        now,
      );
      if (acknowledgement.send) {
        await outbox.enqueue(trx, { ...submissionReceivedEmail(email), submissionId: id }, now);
      }
      const skipped = acknowledgement.send ? null : acknowledgement.cap;
      await outbox.enqueue(
        trx,
        { ...newSubmissionEmail(email, this.site.adminEmail, skipped), submissionId: id },
        now,
      );
      return { id, status: 'pending_review' as const, skipped };
    });
  }

  /**
   * The demo's employer of a demo job (seed/): the paid submission it would have come from, so
   * the quick start shows a listing whose applications reach an employer's inbox. Nothing is
   * sent: the demo's employer signs in with a link like any other.
   */
  async recordDemoListing(
    trx: Knex.Transaction,
    listing: { jobId: number; title: string; organization: string; contactEmail: string },
    now: Date,
  ): Promise<number> {
    const id = await this.submissions.insert(trx, {
      title: listing.title,
      organization: listing.organization,
      description: `${listing.title} at ${listing.organization} (demo listing).`,
      location: 'Remote',
      workplace_type: 'remote',
      categories: JSON.stringify([]),
      job_type: 'Full-time',
      experience_level: 'Not specified',
      application_url: '',
      apply_method: 'form',
      contact_name: 'Demo Employer',
      contact_email: listing.contactEmail,
      organization_id: await this.organizations.ensureFor(
        trx,
        listing.contactEmail,
        listing.organization,
        now,
      ),
      listing_type: DEFAULT_LISTING_TIER,
      amount_cents: listingTier(DEFAULT_LISTING_TIER).priceCents,
      status: 'paid',
      job_id: listing.jobId,
      submitted_at: now.getTime(),
      updated_at: now.getTime(),
    });
    await this.submissions.recordEvent(trx, {
      submissionId: id,
      from: null,
      to: 'paid',
      actor: 'employer',
      at: now,
    });
    return id;
  }

  // ---- the records, as the review and the payments change them ---------------------------------

  /** One submission; locked for the rest of the transaction on PostgreSQL (SQLite has one writer). */
  /**
   * The columns a checked form writes, priced from its tier and promo code (Invalid for a code that
   * cannot be used): the same for a new submission and an employer's edit.
   */
  private async formColumns(
    trx: Knex.Transaction,
    submission: NormalisedSubmission,
    now: Date,
  ): Promise<{ columns: Record<string, unknown>; amountCents: number }> {
    let promoId: number | null = null;
    let amountCents: number = listingTier(submission.listingType).priceCents;
    if (submission.promoCode) {
      const lookup = await this.promoCodes.usable(trx, submission.promoCode, now);
      if (!lookup.ok) throw new Invalid({ promoCode: lookup.message });
      promoId = lookup.promo.id;
      amountCents = discountedCents(amountCents, lookup.promo);
    }
    // A logo uploaded with the form (POST /api/logos) is named by its path: it must be stored.
    const uploaded = uploadedLogoHash(submission.logoUrl);
    if (uploaded && !(await this.logos.has(uploaded, trx))) {
      throw new Invalid({ logoUrl: LOGO_UPLOAD_MESSAGES.unknown });
    }
    const columns = {
      title: submission.title,
      organization: submission.organization,
      description: submission.description,
      location: submission.location,
      workplace_type: submission.workplaceType,
      remote_places: submission.remotePlaces,
      categories: JSON.stringify(submission.categories),
      job_type: submission.jobType,
      experience_level: submission.experienceLevel,
      ...payColumns(submission.pay),
      application_url: submission.applicationUrl,
      apply_method: submission.apply.applyMethod,
      application_email: submission.apply.applicationEmail,
      how_to_apply: submission.apply.howToApply,
      screening_questions: questionsColumn(submission.apply.screeningQuestions),
      deadline: submission.deadline,
      contact_name: submission.contactName,
      contact_email: submission.contactEmail,
      listing_type: submission.listingType,
      promo_code: submission.promoCode,
      promo_code_id: promoId,
      company_website_url: submission.companyWebsite,
      company_logo_url: submission.logoUrl,
      company_description: submission.companyDescription,
      amount_cents: amountCents,
    };
    return { columns, amountCents };
  }

  /**
   * The employer's edit of their submission before approval (employers/): checked and priced
   * exactly like a new one, it returns to the review queue (pending_review) marked edited
   * (`edited_at`), with a line in its history. NotFound for a submission of another address
   * (its id tells nothing), Conflict once it has been reviewed. The contact address stays the
   * signed-in one: a listing moves to another address only through the board's team.
   */
  async editByEmployer(
    id: number,
    email: string,
    payload: SubmissionPayload,
    now: Date,
    messages: { notFound: string; approved: string; rejected: string; contactEmail: string },
  ): Promise<ReviewRow> {
    const submission = normaliseSubmission(payload, this.site.currency);
    return this.db.transaction(async (trx) => {
      const row = await this.submissions.load(trx, id, true);
      const organizationId = await this.organizations.idOf(email, trx);
      if (!row || organizationId === undefined || row.organization_id !== organizationId) {
        throw new NotFound(messages.notFound);
      }
      if (row.status === 'rejected') throw new Conflict(messages.rejected);
      if (row.status !== 'pending_review') throw new Conflict(messages.approved);
      if (emailKey(submission.contactEmail) !== emailKey(row.contact_email)) {
        throw new Invalid({ contactEmail: messages.contactEmail });
      }
      const { columns } = await this.formColumns(trx, submission, now);
      await this.submissions.rewrite(trx, id, {
        ...columns,
        edited_at: now.getTime(),
        updated_at: now.getTime(),
      });
      await this.submissions.recordEvent(trx, {
        submissionId: id,
        from: 'pending_review',
        to: 'pending_review',
        actor: 'employer',
        note: 'Edited by the employer',
        at: now,
      });
      return (await this.submissions.load(trx, id))!;
    });
  }

  /** Which of these uploaded logos' paths some submission names (logo retention asks). */
  logoUrlsNamed(urls: string[]): Promise<Set<string>> {
    return this.submissions.logoUrlsNamed(this.db, urls);
  }

  /**
   * One page of the submissions of an address's organisation (issue 47: shared by its members),
   * newest first (the employer's page); none for an address in no organisation.
   */
  async ofContact(
    email: string,
    page: number,
    pageSize: number,
  ): Promise<{ rows: ReviewRow[]; total: number }> {
    const organizationId = await this.organizations.idOf(email);
    if (organizationId === undefined) return { rows: [], total: 0 };
    return this.submissions.ofOrganization(this.db, organizationId, page, pageSize);
  }

  /** One page of an organisation's submissions, newest first (the admins' view of it). */
  ofOrganization(organizationId: number, page: number, pageSize: number, db: Db = this.db) {
    return this.submissions.ofOrganization(db, organizationId, page, pageSize);
  }

  /** Move one submission, or every submission of an organisation, to another organisation. */
  moveToOrganization(
    trx: Knex.Transaction,
    from: { submissionId: number } | { organizationId: number },
    to: number,
  ): Promise<number> {
    return this.submissions.moveToOrganization(trx, from, to);
  }

  /** The history lines of these submissions, by id. */
  eventsOf(submissionIds: number[]): Promise<Map<number, StoredEvent[]>> {
    return this.submissions.eventsOf(this.db, submissionIds);
  }

  /** The organizations submissions named with these addresses or at these domains (fraud hints). */
  contactOrganizations(db: Db, lookup: EmailLookup): Promise<ContactOrganization[]> {
    return this.submissions.contactOrganizations(db, lookup);
  }

  load(db: Db, id: number, lock = false): Promise<ReviewRow | undefined> {
    return this.submissions.load(db, id, lock);
  }

  update(db: Db, id: number, change: SubmissionChange): Promise<void> {
    return this.submissions.update(db, id, change);
  }

  /** Add a line to the submission's history: every change of status, amount, link or payment. */
  recordEvent(db: Db, event: SubmissionEvent): Promise<void> {
    return this.submissions.recordEvent(db, event);
  }

  /** The id of the submission's newest history line (0 without any): names its last change. */
  lastEventId(db: Db, submissionId: number): Promise<number> {
    return this.submissions.lastEventId(db, submissionId);
  }

  /** A submission's history lines, oldest first. */
  events(db: Db, submissionId: number): Promise<StoredEvent[]> {
    return this.submissions.events(db, submissionId);
  }

  /** Every submission, newest first (the review queue). */
  listNewestFirst(db: Db): Promise<ReviewRow[]> {
    return this.submissions.listNewestFirst(db);
  }

  /** One page of an admin view of the queue, and how many the view holds. */
  page(db: Db, view: AdminSubmissionsQuery): Promise<{ rows: ReviewRow[]; total: number }> {
    return this.submissions.page(db, view);
  }

  /** Every submission of a view in its order (the CSV export), at most `limit`. */
  view(db: Db, view: AdminSubmissionsQuery, limit: number): Promise<ReviewRow[]> {
    return this.submissions.view(db, view, limit);
  }

  countPending(db: Db): Promise<number> {
    return this.submissions.countPending(db);
  }

  /** The jobs of the paid listings with their tiers, oldest first (the newsletter's promise). */
  paidListings(db: Db = this.db): Promise<PaidListing[]> {
    return this.submissions.paidListings(db);
  }

  /** The submission each of these jobs was published from, by job id. */
  idsByJob(db: Db, jobIds: number[]): Promise<Map<number, number>> {
    return this.submissions.idsByJob(db, jobIds);
  }

  /** The submission a job was published from; undefined for a job no submission made. */
  async ofJob(db: Db, jobId: number): Promise<ReviewRow | undefined> {
    const submissionId = (await this.submissions.idsByJob(db, [jobId])).get(jobId);
    return submissionId === undefined ? undefined : this.submissions.load(db, submissionId);
  }

  /**
   * The submission of a job of this address's organisation, else undefined: the one test of
   * whether a job is an employer's (issue 30; issue 47: any member's), for their page, their
   * proposals, renewals and applications.
   */
  async ofContactsJob(email: string, jobId: number): Promise<ReviewRow | undefined> {
    const row = await this.ofJob(this.db, jobId);
    if (!row || row.organization_id == null) return undefined;
    return Number(row.organization_id) === (await this.organizations.idOf(email)) ? row : undefined;
  }

  /** Whether a submission is of this address's organisation (the employer's every check). */
  async isOfContactsOrganization(email: string, row: ReviewRow | undefined): Promise<boolean> {
    if (!row || row.organization_id == null) return false;
    return Number(row.organization_id) === (await this.organizations.idOf(email));
  }

  // ---- Multiples Listing credits: the organisation's (issue 47) --------------------------------

  /** Spend one of the organisation's credits (null: none left); ListingCreditsRepository.spend. */
  spendCredit(trx: Knex.Transaction, organizationId: number): Promise<{ left: number } | null> {
    return this.credits.spend(trx, organizationId);
  }

  /** The credits an organisation has left (0 for none: a submission of no organisation). */
  creditsLeft(db: Db, organizationId: number | null): Promise<number> {
    return organizationId == null ? Promise.resolve(0) : this.credits.left(db, organizationId);
  }

  /** The credits an address's organisation has left. */
  async creditsOfContact(email: string): Promise<number> {
    return this.creditsLeft(this.db, (await this.organizations.idOf(email)) ?? null);
  }

  /** Credits left per organisation, for every organisation that has some. */
  creditsByOrganization(db: Db): Promise<Map<number, number>> {
    return this.credits.leftByOrganization(db);
  }

  /** Give the organisation `count` further listings, bought with this submission. */
  grantCredits(trx: Knex.Transaction, credit: CreditGrant): Promise<void> {
    return this.credits.grant(trx, credit);
  }

  /** Move an organisation's credits left to another; how many listings they were worth. */
  moveCredits(trx: Knex.Transaction, from: number, to: number): Promise<number> {
    return this.credits.move(trx, from, to);
  }

  // ---- Retention -------------------------------------------------------------------------------

  /**
   * Retention of junk submissions' logos (issue 43, finding 15): a submission rejected before
   * `before`, or approved before it and never paid with every pay link ended before it, names its
   * uploaded logo no more, so the retention's next step deletes the upload (unless a company
   * shows the same image or another submission names it) and /logos/<hash>.png answers 404. At
   * most `batch` per statement until none is left; how many submissions let go of their logo.
   */
  async forgetJunkLogosBefore(
    before: Date,
    batch: number,
    now: Date,
    keep: () => Promise<boolean>,
  ): Promise<number> {
    let forgotten = 0;
    for (;;) {
      const ids = await this.submissions.junkWithLogoBefore(this.db, before.getTime(), batch);
      forgotten += await this.submissions.forgetLogos(this.db, ids, now.getTime());
      if (ids.length < batch || !(await keep())) return forgotten;
    }
  }

  /**
   * Retention: blank the contact details of the submissions rejected before `before`
   * (SUBMISSION_CONTACT_FIELDS of the repository; the submission itself is kept for the record), at most `batch` a
   * transaction, with a line in each one's history; the e-mails about them lose the contact's
   * address and every body. How many submissions were blanked.
   */
  async blankRejectedContactsBefore(
    before: Date,
    batch: number,
    now: Date,
    keep: () => Promise<boolean>,
  ): Promise<number> {
    let blanked = 0;
    for (;;) {
      const n = await this.db.transaction(async (trx) => {
        const rows = await this.submissions.rejectedWithContactBefore(trx, before.getTime(), batch);
        const ids = rows.map((row) => row.id);
        await this.submissions.blankContacts(trx, ids, now.getTime());
        await this.outbox.forgetSubmissionRecipients(
          trx,
          ids,
          rows.map((row) => row.contact_email),
        );
        for (const id of ids) {
          await this.submissions.recordEvent(trx, {
            submissionId: id,
            from: 'rejected',
            to: 'rejected',
            actor: 'system',
            note: CONTACT_REMOVED_NOTE,
            at: now,
          });
        }
        return ids.length;
      });
      blanked += n;
      if (n < batch || !(await keep())) return blanked;
    }
  }
}

/** The history line of a submission whose contact details were removed. */
export const CONTACT_REMOVED_NOTE =
  'Contact details removed (the retention period after rejection ended)';

/** The cap that kept a submission's acknowledgement from being sent, if one did. */
export type SkippedCap = Extract<AcknowledgementDecision, { send: false }>['cap'] | null;
