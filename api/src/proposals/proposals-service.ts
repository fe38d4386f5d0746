import type { AdminJob } from '@jobboard/contract/admin';
import {
  EMPLOYER_MESSAGES,
  PROPOSAL_FIELDS,
  PROPOSAL_MESSAGES,
  isTypoFix,
  type AdminProposal,
  type JobProposalForm,
  type ProposalSaved,
  type ProposalState,
} from '@jobboard/contract/employer';
import type { Knex } from 'knex';
import { Conflict, Invalid, NotFound } from '../platform/domain-errors';
import {
  auditActor,
  type AuditActor,
  type JobEditor,
  type JobsService,
  type JobViews,
} from '../jobs';
import { proposalDecidedEmail, type Outbox } from '../mail';
import type { Settings } from '../settings';
import type { SubmissionsService } from '../submissions';
import { changesOf, formOfJob, updateOf, valueOf, withProposed } from './proposal-fields';
import {
  proposedValues,
  type ProposalRow,
  type ProposalsRepository,
  type ProposedValues,
} from './proposals-repository';
import {
  fingerprintOf,
  longTextsOf,
  reviewedTexts,
  withFix,
  withinTypoBudget,
  type TypoChain,
} from './typo-budget';

/** Who changes a job when a typo fix goes live at once (its history line's actor). */
const EMPLOYER_ACTOR: AuditActor = { adminId: null, actor: 'employer' };

/** How many times saves of one job's proposal at the same moment are tried (see `once`). */
const SAVE_ATTEMPTS = 5;

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

export interface ProposalsCollaborators {
  db: Knex;
  proposals: ProposalsRepository;
  settings: Pick<Settings, 'all'>;
  jobs: Pick<JobsService, 'applyProposal'>;
  jobViews: Pick<JobViews, 'getJob'>;
  submissions: Pick<SubmissionsService, 'ofContactsJob'>;
  outbox: Pick<Outbox, 'enqueue'>;
}

/**
 * Changes an employer proposes to their live job (issue 30). Only the job's contact address may
 * propose (another's job answers 404, as one that does not exist), and only to a job on the
 * board. What is stored is each field the employer changed; the admin approves it (written by
 * the admin's edit's own path, JobsService.applyProposal, so search, cache, feeds and history
 * follow and every other field stays as it is then) or rejects it with a reason, and the employer
 * is e-mailed either way. With the admin's setting on, a typo-sized change of long texts alone
 * goes live at once (isTypoFix), its history line saying so.
 */
export class ProposalsService {
  constructor(
    private readonly c: ProposalsCollaborators,
    private readonly site: { publicUrl: string; boardName: string },
  ) {}

  // ---- the employer's side -----------------------------------------------------------------

  /** The form: the pending proposal's values over the job's, or the job's as it is. */
  async form(email: string, jobId: number, now: Date): Promise<JobProposalForm> {
    const job = await this.ownLiveJob(email, jobId, now);
    const pending = await this.c.proposals.pendingOf(this.c.db, jobId);
    const form = formOfJob(job);
    return pending ? withProposed(form, proposedValues(pending)) : form;
  }

  async propose(
    email: string,
    jobId: number,
    form: JobProposalForm,
    now: Date,
  ): Promise<ProposalSaved> {
    const job = await this.ownLiveJob(email, jobId, now);
    const changes = changesOf(job, form);
    if (!changes.length) throw new Invalid({ title: PROPOSAL_MESSAGES.nothingChanged });
    const values = Object.fromEntries(changes.map((c) => [c.field, c.to])) as ProposedValues;
    const { employerTypoFixes } = await this.c.settings.all();
    const typoChain =
      employerTypoFixes && isTypoFix(changes) ? await this.typoChain(job, values) : null;
    const typoFix = typoChain !== null;
    const store = () =>
      this.c.db.transaction(async (trx) => {
        await this.withdrawPending(trx, jobId, now);
        if (!typoFix) {
          return this.c.proposals.insert(
            trx,
            { jobId, changes: values, email, status: 'pending' },
            null,
            now,
          );
        }
        await this.c.jobs.applyProposal(
          trx,
          job,
          updateOf(values),
          { editor: undefined, actor: EMPLOYER_ACTOR, detail: PROPOSAL_MESSAGES.typoFixLine },
          now,
        );
        return this.c.proposals.insert(
          trx,
          { jobId, changes: values, email, status: 'approved', typoChain },
          { decidedBy: EMPLOYER_ACTOR.actor, reason: null },
          now,
        );
      });
    const id = await this.once(jobId, store);
    const row = (await this.c.proposals.find(this.c.db, id))!;
    return {
      outcome: typoFix ? 'live' : 'pending',
      message: typoFix ? PROPOSAL_MESSAGES.typoFixed : PROPOSAL_MESSAGES.saved,
      proposal: proposalState(row),
    };
  }

  /**
   * The chain a typo fix would extend, when the texts it leaves are still typo-sized against the
   * texts as last reviewed (typo-budget.ts: one budget per listing between reviews); null when
   * they are not, and the fix goes to review.
   */
  private async typoChain(job: AdminJob, values: ProposedValues): Promise<TypoChain | null> {
    const current = longTextsOf(job);
    const reviewed = reviewedTexts(
      current,
      await this.c.proposals.lastTypoChain(this.c.db, Number(job.id)),
    );
    const next = withFix(current, values);
    return withinTypoBudget(reviewed, next) ? { reviewed, after: fingerprintOf(next) } : null;
  }

  /**
   * Store a proposal; when it fails while another proposal for the job is pending (saves at once:
   * the one-pending index refused this one), again, replacing that one: up to SAVE_ATTEMPTS times.
   */
  private async once<T>(jobId: number, store: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await store();
      } catch (error) {
        const pending = await this.c.proposals.pendingOf(this.c.db, jobId);
        if (!pending || attempt >= SAVE_ATTEMPTS) throw error;
      }
    }
  }

  /** Withdraw the job's pending proposal (NotFound when none is pending). */
  async withdraw(email: string, jobId: number, now: Date): Promise<{ message: string }> {
    await this.ownJob(email, jobId, now);
    const withdrawn = await this.c.db.transaction((trx) => this.withdrawPending(trx, jobId, now));
    if (!withdrawn) throw new NotFound(PROPOSAL_MESSAGES.noPending);
    return { message: PROPOSAL_MESSAGES.withdrawn };
  }

  /**
   * The employer closed the job (filled or closed): a proposal still waiting is withdrawn with
   * it, so the admins' list does not offer changes to a job that is off the board.
   */
  async withdrawForClosedJob(jobId: number, now: Date): Promise<void> {
    await this.c.db.transaction((trx) => this.withdrawPending(trx, jobId, now));
  }

  /** Each job's latest proposal as the employer's page shows it. */
  async statesOf(jobIds: number[]): Promise<Map<number, ProposalState>> {
    const latest = await this.c.proposals.latestOf(this.c.db, jobIds);
    return new Map([...latest].map(([jobId, row]) => [jobId, proposalState(row)]));
  }

  private async withdrawPending(trx: Knex.Transaction, jobId: number, now: Date) {
    const pending = await this.c.proposals.pendingOf(trx, jobId);
    if (!pending) return false;
    return this.c.proposals.decide(
      trx,
      Number(pending.id),
      { status: 'withdrawn', decidedBy: EMPLOYER_ACTOR.actor, reason: null },
      now,
    );
  }

  /** A job of this address (its submission's contact), or NotFound. */
  private async ownJob(email: string, jobId: number, now: Date): Promise<AdminJob> {
    if (!(await this.c.submissions.ofContactsJob(email, jobId))) {
      throw new NotFound(EMPLOYER_MESSAGES.listingNotFound);
    }
    try {
      return await this.c.jobViews.getJob(jobId, now);
    } catch (error) {
      if (error instanceof NotFound) throw new NotFound(EMPLOYER_MESSAGES.listingNotFound);
      throw error;
    }
  }

  private async ownLiveJob(email: string, jobId: number, now: Date): Promise<AdminJob> {
    const job = await this.ownJob(email, jobId, now);
    if (!job.active || job.expired) throw new Conflict(PROPOSAL_MESSAGES.notLive);
    return job;
  }

  // ---- the admin's side --------------------------------------------------------------------

  /** Every pending proposal, each field from the job's value now to the proposed one. */
  async pending(now: Date): Promise<AdminProposal[]> {
    const rows = await this.c.proposals.pending(this.c.db);
    const list: AdminProposal[] = [];
    for (const row of rows) {
      const job = await this.c.jobViews.getJob(Number(row.job_id), now);
      const values = proposedValues(row);
      list.push({
        id: String(row.id),
        jobId: String(row.job_id),
        title: job.title,
        organization: job.organization,
        email: row.email,
        createdAt: iso(row.created_at),
        changes: PROPOSAL_FIELDS.filter((f) => Object.hasOwn(values, f)).map((field) => ({
          field,
          from: valueOf(job, field),
          to: values[field] ?? null,
        })),
      });
    }
    return list;
  }

  /** Approve: the proposed fields written as the admin's edit, the employer e-mailed. */
  async approve(id: number, admin: JobEditor | undefined, now: Date): Promise<{ message: string }> {
    const actor = auditActor(admin);
    const { row, job } = await this.pendingWithJob(id, now);
    // Taken off the board since it was proposed (by an admin, its end or its deadline): applying
    // it would change a job nobody sees; rejecting it tells the employer why.
    if (!job.active || job.expired) throw new Conflict(PROPOSAL_MESSAGES.jobNotLive);
    const values = proposedValues(row);
    await this.c.db.transaction(async (trx) => {
      await this.claim(trx, id, { status: 'approved', decidedBy: actor.actor }, now);
      await this.c.jobs.applyProposal(
        trx,
        job,
        updateOf(values),
        {
          editor: admin,
          actor,
          detail: PROPOSAL_MESSAGES.approvedLine(admin?.username ?? actor.actor),
        },
        now,
      );
      const title = typeof values.title === 'string' ? values.title : job.title;
      const organization =
        typeof values.organization === 'string' ? values.organization : job.organization;
      await this.tell(trx, row, { title, organization }, true, null, now);
    });
    return { message: PROPOSAL_MESSAGES.approvedNotice };
  }

  /** Reject with a reason, e-mailed to the employer; the job stays as it is. */
  async reject(
    id: number,
    reason: string,
    admin: JobEditor | undefined,
    now: Date,
  ): Promise<{ message: string }> {
    const actor = auditActor(admin);
    const why = reason.trim();
    const { row, job } = await this.pendingWithJob(id, now);
    await this.c.db.transaction(async (trx) => {
      await this.claim(trx, id, { status: 'rejected', decidedBy: actor.actor, reason: why }, now);
      await this.tell(trx, row, job, false, why, now);
    });
    return { message: PROPOSAL_MESSAGES.rejectedNotice };
  }

  /** A pending proposal and its job as they are now (read before the decision's transaction). */
  private async pendingWithJob(id: number, now: Date) {
    const row = await this.c.proposals.find(this.c.db, id);
    if (!row) throw new NotFound(PROPOSAL_MESSAGES.proposalNotFound);
    if (row.status !== 'pending') throw new Conflict(PROPOSAL_MESSAGES.alreadyDecided);
    return { row, job: await this.c.jobViews.getJob(Number(row.job_id), now) };
  }

  /** Decide the pending proposal first (so two admins cannot both), or Conflict. */
  private async claim(
    trx: Knex.Transaction,
    id: number,
    decision: { status: 'approved' | 'rejected'; decidedBy: string; reason?: string },
    now: Date,
  ): Promise<void> {
    const claimed = await this.c.proposals.decide(
      trx,
      id,
      { ...decision, reason: decision.reason ?? null },
      now,
    );
    if (!claimed) throw new Conflict(PROPOSAL_MESSAGES.alreadyDecided);
  }

  private async tell(
    trx: Knex.Transaction,
    row: ProposalRow,
    job: { title: string; organization: string },
    approved: boolean,
    reason: string | null,
    now: Date,
  ) {
    await this.c.outbox.enqueue(
      trx,
      proposalDecidedEmail({
        to: row.email,
        title: job.title,
        organization: job.organization,
        approved,
        reason,
        ...this.site,
      }),
      now,
    );
  }
}

/** The latest proposal of a job as the employer's page shows it. */
export function proposalState(row: ProposalRow): ProposalState {
  return {
    id: String(row.id),
    status: row.status,
    createdAt: iso(row.created_at),
    decidedAt: row.decided_at == null ? null : iso(row.decided_at),
    reason: row.reason,
  };
}
