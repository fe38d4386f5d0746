import { createHash } from 'node:crypto';
import type { AdminJob } from '@jobboard/contract/admin';
import { parseQuestions } from '@jobboard/contract/applications';
import { DAY_MS, emailKey } from '@jobboard/contract/common';
import {
  EMPLOYER_LIMITS,
  EMPLOYER_MESSAGES,
  type CheckInState,
  type EmployerCloseReason,
  type EmployerListing,
  type EmployerListings,
  type EmployerReceipt,
} from '@jobboard/contract/employer';
import { JOB_STATS_DAYS, amountText, workplaceFromFlag } from '@jobboard/contract/jobs';
import {
  listingTier,
  type SubmissionForm,
  type SubmissionPayload,
} from '@jobboard/contract/submissions';
import type { Knex } from 'knex';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { hasInbox, withApplications, type InboxService } from '../applications';
import { Conflict, Gone, NotFound, TooMany } from '../platform/domain-errors';
import { payOfRow, type JobsService, type JobViews } from '../jobs';
import { statsOf, type JobStats } from '../job-stats';
import type { NewsletterService } from '../newsletter';
import { employerSignInEmail, type Outbox } from '../mail';
import type { PaymentsService } from '../payments';
import type { RenewalsService } from '../renewals';
import type { LinkChecks } from '../link-checks';
import type { ProposalsService } from '../proposals';
import type { ReviewRow, SubmissionsService } from '../submissions';
import type { OrganizationsService, TeamService } from '../organizations';
import { CLOSED_DETAIL, iso, listingOf } from './employer-listing';
import {
  employerUrls,
  hashEmployerToken,
  isEmployerToken,
  newEmployerToken,
} from './employer-tokens';
import type { EmployersRepository } from './employers-repository';

const MINUTE_MS = 60_000;

export interface EmployersCollaborators {
  db: Knex;
  links: EmployersRepository;
  submissions: Pick<
    SubmissionsService,
    | 'ofContact'
    | 'eventsOf'
    | 'load'
    | 'ofContactsJob'
    | 'editByEmployer'
    | 'creditsLeft'
    | 'creditsOfContact'
    | 'isOfContactsOrganization'
    | 'update'
  >;
  jobs: Pick<JobsService, 'closeByEmployer'>;
  jobViews: Pick<JobViews, 'getJob' | 'auditOf'>;
  payments: Pick<PaymentsService, 'ofSubmissions' | 'issueLink' | 'paymentUrl'>;
  outbox: Pick<Outbox, 'enqueue'>;
  renewals: Pick<RenewalsService, 'eligibilityOf' | 'linkFor' | 'paidOfJobs' | 'paidRenewal'>;
  jobStats: Pick<JobStats, 'daily'>;
  /** Each job's applications on the board, all and per day (applications/). */
  applications: Pick<InboxService, 'numbers'>;
  /** Each job's latest proposal of changes (proposals/). */
  proposals: Pick<ProposalsService, 'statesOf' | 'withdrawForClosedJob'>;
  /** The newsletter issues each job appeared in (newsletter/). */
  newsletter: Pick<NewsletterService, 'issuesOfJobs'>;
  /** Each job's last check of its application link (link-checks/). */
  linkChecks: Pick<LinkChecks, 'lastChecks'>;
  /** Sign-in links asked for one address (counted in the database, per address hash). */
  addressLimiter: RateLimiterAbstract;
  /** Whose listings an address sees (issue 47): its organisation's. */
  organizations: Pick<OrganizationsService, 'of'>;
  /** An invitation taken on the sign-in page, and joining by a verified domain. */
  team: Pick<TeamService, 'acceptInvite' | 'joinableByDomain' | 'joinByDomainOnSignIn'>;
}

/** Each job's latest still-hiring check-in, by job id (check-ins/ registers the reader). */
export type CheckInStates = (jobIds: number[]) => Promise<Map<number, CheckInState>>;

/**
 * The employers' page (issue 30): a sign-in link instead of an account, then every listing of
 * the address, its receipt, an edit before approval and closing a live job. Every read and change
 * is of the signed-in address's listings alone: another address's id answers 404, as an id that
 * does not exist.
 */
export class EmployersService {
  private checkIns: CheckInStates = async () => new Map();

  constructor(
    private readonly c: EmployersCollaborators,
    private readonly site: { publicUrl: string; boardName: string },
  ) {}

  /** Show each listing's latest still-hiring check-in, as `read` answers (issue 45). */
  showCheckInsFrom(read: CheckInStates): void {
    this.checkIns = read;
  }

  // ---- the sign-in link --------------------------------------------------------------------

  /**
   * 'E-mail me a sign-in link': the same answer for any address. Only a member of an organisation
   * (issue 47: any member, listings or not), or an address that joins one by its verified domain,
   * gets a link (32 random bytes, only its hash stored, EMPLOYER_LIMITS.linkMinutes).
   * Limited per address (`addressLimiter`: employerSignInLinkPerAddress in platform/rate-limits.ts),
   * counted whether or not it has listings (so the limit tells nothing either).
   */
  async requestLink(given: string, now: Date): Promise<string> {
    const email = emailKey(given);
    await this.countAddress(email);
    const allowed =
      (await this.c.organizations.of(email)) !== undefined ||
      (await this.c.team.joinableByDomain(email));
    if (allowed) {
      const token = newEmployerToken();
      const urls = employerUrls(this.site.publicUrl);
      await this.c.db.transaction(async (trx) => {
        await this.c.links.deleteExpiredBefore(trx, now.getTime() - DAY_MS);
        await this.c.links.insertLink(trx, {
          tokenHash: hashEmployerToken(token),
          email,
          createdAt: now.getTime(),
          expiresAt: now.getTime() + EMPLOYER_LIMITS.linkMinutes * MINUTE_MS,
        });
        await this.c.outbox.enqueue(
          trx,
          employerSignInEmail({
            to: given.trim(),
            signInUrl: urls.signIn(token),
            startUrl: urls.start,
            boardName: this.site.boardName,
          }),
          now,
        );
      });
    }
    return EMPLOYER_MESSAGES.linkRequested(given.trim());
  }

  private async countAddress(email: string): Promise<void> {
    const key = createHash('sha256').update(email).digest('hex');
    try {
      await this.c.addressLimiter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new TooMany(EMPLOYER_MESSAGES.tooManyForAddress(Math.ceil(seconds / 60)), seconds);
    }
  }

  /**
   * The sign-in page's POST of a link's token: taken once, atomically. The address it was sent
   * to, or NotFound (no such link) / Gone (used, or expired) with what to do next.
   */
  async signIn(token: string, now: Date): Promise<string> {
    if (!isEmployerToken(token)) throw new NotFound(EMPLOYER_MESSAGES.linkInvalid);
    const hash = hashEmployerToken(token);
    const email = await this.c.links.consume(this.c.db, hash, now.getTime());
    if (email !== undefined) {
      // An address at a verified domain whose organisation lets it join, joins as it signs in.
      await this.c.team.joinByDomainOnSignIn(email, now);
      return email;
    }
    const link = await this.c.links.findLink(this.c.db, hash);
    if (!link) {
      // The same page takes an organisation's invitation: it signs in and joins (issue 47).
      const invited = await this.c.team.acceptInvite(token, now);
      if (invited !== undefined) return invited;
      throw new NotFound(EMPLOYER_MESSAGES.linkInvalid);
    }
    if (link.used_at != null) throw new Gone(EMPLOYER_MESSAGES.linkUsed);
    throw new Gone(EMPLOYER_MESSAGES.linkExpired);
  }

  // ---- the listings ------------------------------------------------------------------------

  async listings(email: string, page: number, now: Date): Promise<EmployerListings> {
    const pageSize = EMPLOYER_LIMITS.pageSize;
    const { rows, total } = await this.c.submissions.ofContact(email, page, pageSize);
    const creditsLeft = await this.c.submissions.creditsOfContact(email);
    const listings = await this.listingsOf(rows, now, creditsLeft);
    return { email, creditsLeft, listings, page, pageSize, total };
  }

  private async listingsOf(
    rows: ReviewRow[],
    now: Date,
    creditsLeft: number,
  ): Promise<EmployerListing[]> {
    const ids = rows.map((row) => Number(row.id));
    const events = await this.c.submissions.eventsOf(ids);
    const payments = await this.c.payments.ofSubmissions(this.c.db, ids);
    const jobIds = rows.flatMap((row) => (row.job_id == null ? [] : [Number(row.job_id)]));
    const [renewals, stats, proposals, newsletterIssues, checkIns, linkChecks] = await Promise.all([
      this.c.renewals.paidOfJobs(jobIds),
      this.c.jobStats.daily(jobIds, JOB_STATS_DAYS, now),
      this.c.proposals.statesOf(jobIds),
      this.c.newsletter.issuesOfJobs(jobIds),
      this.checkIns(jobIds),
      this.c.linkChecks.lastChecks(jobIds),
    ]);
    // The same days as the views and apply clicks (every job's are the same range).
    const range = [...stats.values()][0]?.map((d) => d.day) ?? [];
    const applications = await this.c.applications.numbers(jobIds, range);
    const listings: EmployerListing[] = [];
    for (const row of rows) {
      const job = row.job_id == null ? null : await this.jobOf(Number(row.job_id), now);
      const audit = job ? await this.c.jobViews.auditOf(Number(job.id)) : [];
      const canRenew =
        job !== null && 'renewable' in (await this.c.renewals.eligibilityOf(Number(job.id), now));
      const days = job ? stats.get(Number(job.id)) : undefined;
      const proposal = job ? (proposals.get(Number(job.id)) ?? null) : null;
      const applied = job ? applications.get(Number(job.id)) : undefined;
      const inbox = applied && hasInbox(job, applied) ? applied : undefined;
      listings.push(
        listingOf(
          row,
          {
            events: events.get(Number(row.id)) ?? [],
            payments,
            job,
            audit,
            renewals: job ? renewals.filter((r) => r.jobId === Number(job.id)) : [],
            stats: days ? (inbox ? withApplications(statsOf(days), inbox) : statsOf(days)) : null,
            canRenew,
            proposal,
            applications: inbox?.total,
            creditsLeft,
            newsletterIssues: job ? newsletterIssues.get(Number(job.id)) : undefined,
            checkIn: job ? checkIns.get(Number(job.id)) : undefined,
            // Told only while its job is flagged (the job's own answer, which its page shows).
            applyLinkCheck: job?.applyLinkFlagged ? linkChecks.get(Number(job.id)) : undefined,
          },
          now,
        ),
      );
    }
    return listings;
  }

  private async jobOf(id: number, now: Date): Promise<AdminJob | null> {
    try {
      return await this.c.jobViews.getJob(id, now);
    } catch (error) {
      if (error instanceof NotFound) return null;
      throw error;
    }
  }

  /**
   * A submission of this address's organisation (issue 47; locked reads are the edit's own), or
   * NotFound: another organisation's answers as one that does not exist.
   */
  private async ownSubmission(email: string, id: number): Promise<ReviewRow> {
    const row = await this.c.submissions.load(this.c.db, id);
    if (!row || !(await this.c.submissions.isOfContactsOrganization(email, row))) {
      throw new NotFound(EMPLOYER_MESSAGES.listingNotFound);
    }
    return row;
  }

  private async oneListing(row: ReviewRow, now: Date): Promise<EmployerListing> {
    const creditsLeft = await this.c.submissions.creditsLeft(this.c.db, row.organization_id);
    return (await this.listingsOf([row], now, creditsLeft))[0]!;
  }

  // ---- the actions -------------------------------------------------------------------------

  /** A submission as the submission form edits it. */
  async submissionForm(email: string, id: number): Promise<SubmissionForm> {
    return formOf(await this.ownSubmission(email, id));
  }

  /** The edit before approval (SubmissionsService.editByEmployer), answered as the listing. */
  async editSubmission(
    email: string,
    id: number,
    payload: SubmissionPayload,
    now: Date,
  ): Promise<EmployerListing> {
    const row = await this.c.submissions.editByEmployer(id, email, payload, now, {
      notFound: EMPLOYER_MESSAGES.listingNotFound,
      approved: EMPLOYER_MESSAGES.editAfterApproval,
      rejected: EMPLOYER_MESSAGES.editRejected,
      contactEmail: EMPLOYER_MESSAGES.contactEmailFixed,
    });
    return this.oneListing(row, now);
  }

  /**
   * 'Use a credit': the signed-in address asks to publish its listing in review with one of its
   * Multiples credits, which the admin's approval then spends (ReviewService.approve). The sign-in
   * link proved the address is theirs; the public form proves nothing, so only this asks.
   */
  async useCredit(email: string, id: number, now: Date): Promise<EmployerListing> {
    const row = await this.ownSubmission(email, id);
    if (row.status !== 'pending_review') throw new Conflict(EMPLOYER_MESSAGES.creditOnlyInReview);
    if ((await this.c.submissions.creditsLeft(this.c.db, row.organization_id)) < 1) {
      throw new Conflict(EMPLOYER_MESSAGES.noCreditsLeft);
    }
    if (row.credit_requested_at == null) {
      await this.c.submissions.update(this.c.db, id, {
        credit_requested_at: now.getTime(),
        updated_at: now.getTime(),
      });
    }
    return this.oneListing(await this.ownSubmission(email, id), now);
  }

  /** A fresh pay link for an approved listing (those sent before keep working). */
  async payLink(email: string, id: number, now: Date): Promise<string> {
    const row = await this.ownSubmission(email, id);
    if (row.status !== 'approved') throw new Conflict(EMPLOYER_MESSAGES.nothingToPay);
    const { token } = await this.c.db.transaction((trx) =>
      this.c.payments.issueLink(trx, id, now, 'employer'),
    );
    return this.c.payments.paymentUrl(token);
  }

  /** Mark a live job of this address filled or closed (JobsService.closeByEmployer). */
  async close(
    email: string,
    jobId: number,
    reason: EmployerCloseReason,
    now: Date,
  ): Promise<EmployerListing> {
    return this.closeListing(await this.ownJob(email, jobId), jobId, reason, now);
  }

  /**
   * Close a listing whose submission the caller has already found to be theirs: the signed-in
   * member's (close), or the one a still-hiring check-in's link names (check-ins/: the link is
   * the proof, whoever of the organisation received it; issue 47).
   */
  async closeListing(
    row: ReviewRow,
    jobId: number,
    reason: EmployerCloseReason,
    now: Date,
  ): Promise<EmployerListing> {
    const job = await this.jobOf(jobId, now);
    if (!job) throw new NotFound(EMPLOYER_MESSAGES.listingNotFound);
    if (!job.active) throw new Conflict(EMPLOYER_MESSAGES.alreadyClosed);
    if (job.expired) throw new Conflict(EMPLOYER_MESSAGES.notLive);
    await this.c.jobs.closeByEmployer(jobId, CLOSED_DETAIL[reason], now);
    await this.c.proposals.withdrawForClosedJob(jobId, now);
    return this.oneListing(row, now);
  }

  /**
   * A renewal link of one of this address's jobs (RenewalsService.linkFor), or Conflict with the
   * reason it cannot be renewed now (RENEWAL_MESSAGES).
   */
  async renewalLink(email: string, jobId: number): Promise<string> {
    await this.ownJob(email, jobId);
    const link = await this.c.renewals.linkFor(jobId);
    if ('refusal' in link) throw new Conflict(link.refusal);
    return link.url;
  }

  /** The printable receipt of one of this address's paid renewals. */
  async renewalReceipt(email: string, renewalId: number): Promise<EmployerReceipt> {
    const renewal = await this.c.renewals.paidRenewal(renewalId);
    const row =
      renewal?.submissionId == null
        ? undefined
        : await this.c.submissions.load(this.c.db, renewal.submissionId);
    if (!renewal || !row || !(await this.c.submissions.isOfContactsOrganization(email, row))) {
      throw new NotFound(EMPLOYER_MESSAGES.receiptNotFound);
    }
    const tier = listingTier(row.listing_type);
    return {
      // 'R3': a renewal's receipts are numbered apart from the first payments' ('Receipt #3').
      id: `R${renewal.id}`,
      boardName: this.site.boardName,
      title: row.title,
      organization: row.organization,
      tierName: `${tier.name} (renewal)`,
      listPriceCents: tier.priceCents,
      amountCents: renewal.amountCents,
      currency: renewal.currency,
      promoCode: null,
      discountCents: Math.max(0, tier.priceCents - renewal.amountCents),
      paidAt: renewal.paidAt.toISOString(),
      provider: 'stripe',
      reference: renewal.checkoutSessionId,
      billedTo: row.contact_name ? `${row.contact_name} <${row.contact_email}>` : row.contact_email,
    };
  }

  /** The submission of one of this address's jobs, or NotFound (another address's: the same). */
  private async ownJob(email: string, jobId: number): Promise<ReviewRow> {
    const row = await this.c.submissions.ofContactsJob(email, jobId);
    if (!row) throw new NotFound(EMPLOYER_MESSAGES.listingNotFound);
    return row;
  }

  /** The printable receipt of one of this address's payments. */
  async receipt(email: string, paymentId: number): Promise<EmployerReceipt> {
    const row = await this.c.links.receipt(this.c.db, paymentId);
    const submission = row && (await this.c.submissions.load(this.c.db, row.submission_id));
    if (
      !row ||
      row.paid_at == null ||
      !(await this.c.submissions.isOfContactsOrganization(email, submission))
    ) {
      throw new NotFound(EMPLOYER_MESSAGES.receiptNotFound);
    }
    const tier = listingTier(row.listing_type);
    const amountCents = Number(row.amount_cents);
    return {
      id: String(row.id),
      boardName: this.site.boardName,
      title: row.title,
      organization: row.organization,
      tierName: tier.name,
      listPriceCents: tier.priceCents,
      amountCents,
      currency: row.currency,
      promoCode: row.promo_code,
      discountCents: Math.max(0, tier.priceCents - amountCents),
      paidAt: iso(row.paid_at),
      provider: row.provider,
      reference: row.checkout_session_id,
      billedTo: row.contact_name ? `${row.contact_name} <${row.contact_email}>` : row.contact_email,
    };
  }
}

/** A stored submission as the form edits it (every field a string, as the form holds them). */
function formOf(row: ReviewRow): SubmissionForm {
  const categories: unknown = JSON.parse(String(row.categories ?? '[]'));
  const text = (value: string | number | null | undefined) => (value == null ? '' : String(value));
  const pay = payOfRow(row);
  return {
    title: row.title,
    organization: row.organization,
    description: row.description,
    location: row.location,
    workplaceType: row.workplace_type ?? workplaceFromFlag({ locations: [row.location] }),
    remotePlaces: row.remote_places ?? '',
    category: Array.isArray(categories) ? categories.map(String) : [],
    jobType: row.job_type,
    experienceLevel: row.experience_level,
    salaryMin: amountText(pay.min),
    salaryMax: amountText(pay.max),
    salaryPeriod: pay.period,
    salaryCurrency: pay.currency,
    benefitsSummary: pay.benefits ?? '',
    ...(row.apply_method ? { applyMethod: row.apply_method } : {}),
    applicationUrl: row.application_url,
    applicationEmail: text(row.application_email),
    howToApply: text(row.how_to_apply),
    screeningQuestions: parseQuestions(row.screening_questions),
    deadline: text(row.deadline),
    contactName: row.contact_name,
    contactEmail: row.contact_email,
    listingType: row.listing_type,
    companyWebsite: text(row.company_website_url),
    logoUrl: text(row.company_logo_url),
    companyDescription: text(row.company_description),
    promoCode: text(row.promo_code),
  };
}
