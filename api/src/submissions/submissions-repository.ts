import type { AdminSubmissionsQuery } from '@jobboard/contract/admin';
import type { ListingTierId } from '@jobboard/contract/submissions';
import type { Knex } from 'knex';
import type { Db, Dialect } from '../platform/db/knex';
import { containsPattern } from '../jobs';
import { chunks } from '../platform/db/chunks';
import { rowsByEmail, type EmailLookup, type EmailMatch } from '../platform/db/email-sql';
import type {
  PaidListing,
  ReviewRow,
  StoredEvent,
  SubmissionChange,
  SubmissionEvent,
} from './submission-row';

/**
 * What a rejected submission loses after RETAIN_REJECTED_CONTACT_DAYS: the fields that name or
 * reach a person. Its job details, review notes and history stay for the record; so do the
 * subjects and states of its e-mails, whose bodies, and the contact's address as their
 * recipient, are emptied (mail/outbox.ts).
 */
export const SUBMISSION_CONTACT_FIELDS = ['contact_name', 'contact_email'] as const;

/** An organization a contact address (lower case) was given for. */
export interface ContactOrganization extends EmailMatch {
  organization: string;
}

/**
 * The `submissions` and `submission_events` tables: the only code that reads or writes them.
 * Each method runs on the `db` it is given (the pool, or the caller's transaction).
 */
export class SubmissionsRepository {
  constructor(private readonly dialect: Dialect) {}

  /** One submission; locked for the rest of the transaction on PostgreSQL (SQLite has one writer). */
  async load(db: Db, id: number, lock = false): Promise<ReviewRow | undefined> {
    const query = db<ReviewRow>('submissions').where({ id });
    if (lock && this.dialect === 'postgres') query.forUpdate();
    return query.first();
  }

  /** Every submission, newest first (the review queue). */
  async listNewestFirst(db: Db): Promise<ReviewRow[]> {
    return db<ReviewRow>('submissions').orderBy('submitted_at', 'desc').orderBy('id', 'desc');
  }

  /** One page of an admin view of the queue (search, status, sort) and how many the view holds. */
  async page(db: Db, view: AdminSubmissionsQuery): Promise<{ rows: ReviewRow[]; total: number }> {
    const [count] = await this.viewScope(db, view).count({ n: '*' });
    const rows = await this.ordered(this.viewScope(db, view).select('*'), view)
      .limit(view.pageSize)
      .offset((view.page - 1) * view.pageSize);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** Every submission of a view in its order (the CSV export), at most `limit`. */
  async view(db: Db, view: AdminSubmissionsQuery, limit: number): Promise<ReviewRow[]> {
    return this.ordered(this.viewScope(db, view).select('*'), view).limit(limit);
  }

  /** Submissions waiting for review. */
  /** Which of these company logo values some submission names (an uploaded logo's path). */
  async logoUrlsNamed(db: Db, urls: string[]): Promise<Set<string>> {
    if (!urls.length) return new Set();
    const rows: { company_logo_url: string }[] = await db('submissions')
      .whereIn('company_logo_url', urls)
      .distinct('company_logo_url');
    return new Set(rows.map((row) => row.company_logo_url));
  }

  /**
   * The organizations submissions named with these contact addresses, or with addresses at these
   * domains: each address, domain and organization once (the review card's fraud hints, issue 45;
   * an index range each, migration 20261129150300).
   */
  async contactOrganizations(db: Db, lookup: EmailLookup): Promise<ContactOrganization[]> {
    return rowsByEmail(db, this.dialect, 'contact_email', lookup, () =>
      db('submissions').distinct('organization'),
    );
  }

  async countPending(db: Db): Promise<number> {
    const [row] = await db('submissions').where({ status: 'pending_review' }).count({ n: '*' });
    return Number(row?.n ?? 0);
  }

  /** A submission's history lines, oldest first. */
  async events(db: Db, submissionId: number): Promise<StoredEvent[]> {
    return db('submission_events')
      .where({ submission_id: submissionId })
      .orderBy('created_at')
      .orderBy('id');
  }

  private viewScope(db: Db, view: AdminSubmissionsQuery): Knex.QueryBuilder {
    const query = db('submissions');
    const q = view.q?.trim();
    if (q) {
      const pattern = containsPattern(q);
      query.where((w) =>
        w
          .whereRaw(`lower(title) LIKE ? ESCAPE '\\'`, [pattern])
          .orWhereRaw(`lower(organization) LIKE ? ESCAPE '\\'`, [pattern])
          .orWhereRaw(`lower(contact_email) LIKE ? ESCAPE '\\'`, [pattern])
          .orWhereRaw(`lower(contact_name) LIKE ? ESCAPE '\\'`, [pattern]),
      );
    }
    if (view.status) query.where({ status: view.status });
    return query;
  }

  private ordered(query: Knex.QueryBuilder, view: AdminSubmissionsQuery): Knex.QueryBuilder {
    const column = {
      submitted: 'submitted_at',
      title: 'lower(title)',
      organization: 'lower(organization)',
      amount: 'amount_cents',
      status: 'status',
    }[view.sort ?? 'submitted'];
    const dir = view.dir === 'asc' ? 'asc' : 'desc';
    return query.orderByRaw(`${column} ${dir}, id ${dir}`);
  }

  /**
   * The jobs of the paid listings (status 'paid', with a job), each with the tier it was bought
   * in, oldest first: what the newsletter owes (issue 44). Two short columns a row.
   */
  async paidListings(db: Db): Promise<PaidListing[]> {
    const rows: { job_id: number | string; listing_type: string }[] = await db('submissions')
      .where({ status: 'paid' })
      .whereNotNull('job_id')
      .orderBy('id')
      .select('job_id', 'listing_type');
    return rows.map((row) => ({
      jobId: Number(row.job_id),
      tier: row.listing_type as ListingTierId,
    }));
  }

  /** The submission each of these jobs was published from, by job id (jobs made otherwise: none). */
  async idsByJob(db: Db, jobIds: number[]): Promise<Map<number, number>> {
    const byJob = new Map<number, number>();
    for (const part of chunks(jobIds)) {
      const rows: { id: number; job_id: number }[] = await db('submissions')
        .whereIn('job_id', part)
        .select('id', 'job_id');
      for (const { id, job_id } of rows) byJob.set(Number(job_id), Number(id));
    }
    return byJob;
  }

  /**
   * One page of an organisation's submissions (issue 47: its members share them), newest first,
   * and how many there are (the employer's page, the admins' view of an organisation).
   */
  async ofOrganization(
    db: Db,
    organizationId: number,
    page: number,
    pageSize: number,
  ): Promise<{ rows: ReviewRow[]; total: number }> {
    const scope = () => db('submissions').where({ organization_id: organizationId });
    const [count] = await scope().count({ n: '*' });
    const rows: ReviewRow[] = await scope()
      .select('*')
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** Submissions with a contact and no organisation (an earlier release wrote them), oldest first. */
  async withoutOrganization(
    db: Db,
    limit: number,
  ): Promise<{ id: number; contact_email: string; organization: string }[]> {
    const rows: { id: number; contact_email: string; organization: string }[] = await db(
      'submissions',
    )
      .whereNull('organization_id')
      .andWhereNot('contact_email', '')
      .orderBy('id')
      .limit(limit)
      .select('id', 'contact_email', 'organization');
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  /** Point one submission, or all of an organisation's, at another organisation; how many. */
  async moveToOrganization(
    db: Db,
    from: { submissionId: number } | { organizationId: number },
    to: number,
  ): Promise<number> {
    const scope =
      'submissionId' in from
        ? db('submissions').where({ id: from.submissionId })
        : db('submissions').where({ organization_id: from.organizationId });
    return scope.update({ organization_id: to });
  }

  /** Every history line of these submissions, oldest first each, by submission id. */
  async eventsOf(db: Db, submissionIds: number[]): Promise<Map<number, StoredEvent[]>> {
    const byId = new Map<number, StoredEvent[]>(submissionIds.map((id) => [id, []]));
    for (const part of chunks(submissionIds)) {
      const rows: (StoredEvent & { submission_id: number })[] = await db('submission_events')
        .whereIn('submission_id', part)
        .orderBy('created_at')
        .orderBy('id');
      for (const row of rows) byId.get(Number(row.submission_id))?.push(row);
    }
    return byId;
  }

  /** Write an employer's edit of the form's columns. */
  async rewrite(db: Db, id: number, columns: Record<string, unknown>): Promise<void> {
    await db('submissions').where({ id }).update(columns);
  }

  /** Store a new submission; its id. */
  async insert(trx: Knex.Transaction, columns: Record<string, unknown>): Promise<number> {
    const [row] = await trx('submissions').insert(columns).returning('id');
    return Number(typeof row === 'object' ? row.id : row);
  }

  async update(db: Db, id: number, change: SubmissionChange): Promise<void> {
    await db('submissions').where({ id }).update(change);
  }

  /** Add a line to the submission's history: every change of status, amount, link or payment. */
  async recordEvent(db: Db, event: SubmissionEvent): Promise<void> {
    await db('submission_events').insert({
      submission_id: event.submissionId,
      from_status: event.from,
      to_status: event.to,
      admin_id: event.adminId ?? null,
      actor: event.actor,
      note: event.note ?? null,
      created_at: event.at.getTime(),
    });
  }

  /** The id of the submission's newest history line (0 without any): names its last change. */
  async lastEventId(db: Db, submissionId: number): Promise<number> {
    const [latest] = await db('submission_events')
      .where({ submission_id: submissionId })
      .max({ id: 'id' });
    return Number(latest?.id ?? 0);
  }

  /**
   * Rejected submissions, rejected before `before` (epoch ms), whose contact details are still
   * kept: at most `limit`, oldest first, locked on PostgreSQL until the transaction ends.
   */
  async rejectedWithContactBefore(
    db: Db,
    before: number,
    limit: number,
  ): Promise<{ id: number; contact_email: string }[]> {
    const query = db('submissions')
      .where('status', 'rejected')
      .andWhere('status_changed_at', '<', before)
      .andWhere((q) => q.whereNot('contact_email', '').orWhereNot('contact_name', ''))
      .orderBy('id')
      .limit(limit)
      .select('id', 'contact_email');
    if (this.dialect === 'postgres') query.forUpdate();
    const rows: { id: number | string; contact_email: string }[] = await query;
    return rows.map((row) => ({ id: Number(row.id), contact_email: row.contact_email }));
  }

  /**
   * At most `limit` junk submissions that still name a logo, junk since before `before` (epoch
   * ms): rejected then, or approved and never paid with every pay link ended then (the newest
   * link's end is the submission's `payment_token_expires_at`; none issued: its approval).
   */
  async junkWithLogoBefore(db: Db, before: number, limit: number): Promise<number[]> {
    const rows: { id: number | string }[] = await db('submissions')
      .whereNotNull('company_logo_url')
      .andWhereNot('company_logo_url', '')
      .andWhere((junk) =>
        junk
          .where((rejected) =>
            rejected.where('status', 'rejected').andWhere('status_changed_at', '<', before),
          )
          .orWhere((unpaid) =>
            unpaid
              .where('status', 'approved')
              .andWhere('status_changed_at', '<', before)
              .andWhere((ended) =>
                ended
                  .whereNull('payment_token_expires_at')
                  .orWhere('payment_token_expires_at', '<', before),
              ),
          ),
      )
      .orderBy('id')
      .limit(limit)
      .select('id');
    return rows.map((row) => Number(row.id));
  }

  /** These submissions name no logo any more (their upload may then go: logos/). */
  async forgetLogos(db: Db, ids: number[], now: number): Promise<number> {
    if (!ids.length) return 0;
    return db('submissions').whereIn('id', ids).update({ company_logo_url: null, updated_at: now });
  }

  /** Blank the contact details (SUBMISSION_CONTACT_FIELDS) of these submissions. */
  async blankContacts(db: Db, ids: number[], now: number): Promise<void> {
    if (!ids.length) return;
    await db('submissions')
      .whereIn('id', ids)
      .update({
        ...Object.fromEntries(SUBMISSION_CONTACT_FIELDS.map((field) => [field, ''])),
        updated_at: now,
      });
  }
}
