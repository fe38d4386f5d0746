import {
  SYNC_CONFLICT_MESSAGES,
  EXTEND_DAYS,
  type AdminJob,
  type AdminJobForm,
  type AdminJobUpdate,
  type BulkJobActionName,
  type BulkJobResult,
} from '@jobboard/contract/admin';
import { type FieldChange } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import type { Db } from '../platform/db/knex';
import { Conflict, NotFound } from '../platform/domain-errors';
import {
  carriedCompanyDetails,
  formInput,
  formPatch,
  companyWriter,
  type JobEditor,
} from './admin-form';
import type { Companies } from './repositories/companies';
import { auditActor, type AuditActor, type JobAuditEntry } from './job-audit';
import type { JobInput, JobPatch } from './job-input';
import { changedFieldsOf } from './job-patch';
import {
  BULK_DETAIL,
  bulkLines,
  bulkResult,
  noSuchJobs,
  editedLine,
  linkFlagLine,
  planBulk,
  publishedLine,
  returnedLine,
  syncLines,
  type ApplyLinkFlag,
} from './history-lines';
import {
  extendedDetail,
  extendedEnd,
  renewedDetail,
  lifecyclePatch,
  republished,
  type Lifecycle,
} from './lifecycle';
import type { JobViews } from './job-views';
import { ListingListeners, type ListingsListener } from './listing-listeners';
import type { JobWriter } from './repositories/job-writer';
import type { PublicJobsRepository } from './repositories/public-jobs';

export type { JobEditor } from './admin-form';

/** What a sync writes, all in its transaction: new records, changed ones, and those gone. */
export interface SyncWrite {
  /** The source as its history lines name it ('Airtable'). */
  sourceName: string;
  creates: JobInput[];
  updates: { id: number; patch: JobPatch }[];
  /** Jobs whose record left the source: switched off. */
  gone: number[];
  /** The companies every record read names with a logo (a failed fetch is tried again). */
  logoCompanies?: string[];
}

/**
 * The jobs' one rulebook: every change of a job goes through here, whoever makes it (an admin's
 * form, an extension or a republication, a bulk action, a sync, a publication after payment), and
 * gets its line in the job's history (`job_audit`) in the same transaction. The repositories
 * (repositories/) only read and write; what a change may do, and how its line reads, is decided
 * here (with lifecycle.ts and admin-form.ts). Jobs loaded as data (the demo, the bench, tests'
 * fixtures) are written as given.
 */
export class JobsService {
  private readonly listeners = new ListingListeners();

  constructor(
    private readonly writer: JobWriter,
    /** The admins' reads: a job as it is before and after a change. */
    private readonly views: Pick<JobViews, 'getJob'>,
    private readonly publicJobs: Pick<PublicJobsRepository, 'count'>,
    /** The companies' details and their history (companies.ts). */
    readonly companies: Companies,
    /** The pay columns the public reads filter on, kept with the board's setup (pay-index.ts). */
    private readonly payIndex: { refresh(): Promise<number> },
  ) {}

  /**
   * Run `listener` in the transaction of every change of jobs that has its line in their history:
   * whatever makes a listing live (a payment, an approval with a credit, an admin's form or
   * bulk action, a sync) or closes it (an employer, an admin, a sync, a deletion). Jobs loaded as
   * data (the demo, the bench, fixtures) have no line and call no listener.
   */
  onListingsChanged(listener: ListingsListener): void {
    this.listeners.add(listener);
  }

  // ---- jobs loaded as data ---------------------------------------------------------------------

  /** Write a job as given, with no line in its history (its timeline says where it came from). */
  create(input: JobInput, now: Date, db?: Db): Promise<number> {
    return this.writer.create(input, now, db);
  }

  /** Write many jobs as given, in one transaction (the demo, the bench's 100,000). */
  createMany(inputs: JobInput[], now: Date, db?: Db): Promise<number[]> {
    return this.writer.createMany(inputs, now, db);
  }

  /**
   * Once a start, after the migrations: the pay of jobs an earlier release wrote read into this
   * release's columns, and the annual figures in the board's currency (pay-index.ts). How many
   * jobs changed.
   */
  refreshPay(): Promise<number> {
    return this.payIndex.refresh();
  }

  /** How many jobs there are, public or not. */
  count(): Promise<number> {
    return this.publicJobs.count();
  }

  // ---- changes by the system (no admin's screen) ----------------------------------------------

  /**
   * Change a job by a patch (job-patch.ts: what it gives is written, the rest stays), recorded as
   * the system's edit. What changed, or null when there is no such job.
   */
  async update(id: number, patch: JobPatch, now: Date, db?: Db): Promise<FieldChange[] | null> {
    return this.patched(id, patch, undefined, now, db);
  }

  /** Switch a job on or off and set when it stops being public, as the system. */
  async setLifecycle(
    id: number,
    change: Lifecycle,
    now: Date,
    db?: Db,
  ): Promise<FieldChange[] | null> {
    return this.patched(id, lifecyclePatch(change), undefined, now, db);
  }

  /**
   * The link checker's verdict on a job's link: flagged (`at`) or answering (null), with its line
   * by 'system' saying why, in the caller's transaction. False when it already was so (no line).
   */
  async setApplyLinkFlag(trx: Knex.Transaction, id: number, flag: ApplyLinkFlag): Promise<boolean> {
    if (!(await this.writer.setApplyLinkFlag(id, flag.at?.getTime() ?? null, trx))) return false;
    await this.record([linkFlagLine(id, flag)], auditActor(undefined), flag.now, trx);
    return true;
  }

  /**
   * Delete a job with its lists; its history stays, and a synced job is remembered as deleted
   * (by `editor`, or the system) so a sync does not create it again. False when there is none.
   */
  async delete(id: number, editor?: JobEditor, now = new Date()): Promise<boolean> {
    return this.audited(editor, now, async (trx) => {
      const deleted = await this.writer.deleteMany([id], auditActor(editor), now, trx);
      return deleted ? [{ jobId: id, action: 'deleted' as const }] : [];
    }).then((entries) => entries.length > 0);
  }

  // ---- listings switched off for a reason, and back (employers/, reports/, check-ins/) ---------

  /**
   * The employer marks their job filled or closed: switched off at once (off the board, feeds and
   * sitemap: the write raises the public cache's version), the row kept for the record, and a
   * 'closed' line by 'employer' in its history saying which. False when the job was not live.
   */
  async closeByEmployer(id: number, detail: string, now: Date): Promise<boolean> {
    const by = { adminId: null, actor: 'employer' };
    return this.writer.transaction((trx) =>
      this.switchListing(trx, id, false, { action: 'closed', detail }, by, now),
    );
  }

  /**
   * Switch a listing off, or on again, for a reason its history line gives (`line`, by `by`), in
   * the caller's transaction: as the employer's close does, never deleted (off the board, feeds and
   * sitemap: the write raises the public cache's version). Whether it changed; NotFound when there
   * is no such job.
   */
  async switchListing(
    trx: Knex.Transaction,
    id: number,
    active: boolean,
    line: Pick<JobAuditEntry, 'action' | 'detail'>,
    by: AuditActor,
    now: Date,
  ): Promise<boolean> {
    const changes = await this.writer.update(id, { active }, now, trx);
    if (!changes) throw new NotFound('Job not found');
    if (!changes.length) return false;
    await this.record([{ jobId: id, ...line, changes }], by, now, trx);
    return true;
  }

  /**
   * Changes the employer proposed to their live job (proposals/), applied by the admin's edit's
   * own path (formPatch: only the fields given are written, every other kept as the job has it
   * now; the company details carried as on an admin's edit; on a synced job what changed becomes
   * the board's), in the caller's transaction. The history line is an 'edited' line by `by`
   * (the approving admin, or 'employer' for a typo fix that went live at once) whose detail says
   * so ('<detail>: Changed description'). `before` is the job as read before the transaction
   * (getJob reads outside it). The job's changes; NotFound when the job is gone.
   */
  async applyProposal(
    trx: Knex.Transaction,
    before: AdminJob,
    update: AdminJobUpdate,
    by: { editor: JobEditor | undefined; actor: AuditActor; detail: string },
    now: Date,
  ): Promise<FieldChange[]> {
    const id = Number(before.id);
    const patch: JobPatch = { ...formPatch(before, update), companyBy: companyWriter(by.editor) };
    const carried = await carriedCompanyDetails(this.companies, trx, before, patch);
    const changes = await this.writer.update(id, { ...patch, ...carried }, now, trx);
    if (!changes) throw new NotFound('Job not found');
    await this.writer.claimFields(new Map([[id, changedFieldsOf(changes)]]), trx);
    const line = editedLine(id, changes);
    await this.record(
      [{ ...line, detail: changes.length ? `${by.detail}: ${line.detail}` : by.detail }],
      by.actor,
      now,
      trx,
    );
    return changes;
  }

  // ---- the admin's screens ---------------------------------------------------------------------

  /** A job written with the admin's form (source 'admin'), with its 'created' line. */
  async createFromForm(
    form: AdminJobForm,
    editor: JobEditor | undefined,
    now: Date,
  ): Promise<AdminJob> {
    const [entry] = await this.audited(editor, now, async (trx) => [
      { jobId: await this.writer.create(formInput(form, editor), now, trx), action: 'created' },
    ]);
    return this.views.getJob(entry!.jobId, now);
  }

  /**
   * Write the fields the admin sent, and only those: a field the update leaves out stays as the job
   * has it, and so do where the job came from and when it expires, which the form does not edit
   * (blank company links keep the company's own). The company details the form gives are passed
   * along to the shared company as the admin's (companies.ts; carriedCompanyDetails for a job
   * moved to a company new to the board). The history line names each field that changed, from
   * what to what; on a synced job those fields become the admin's (a sync leaves them).
   */
  async updateFromForm(
    id: number,
    update: AdminJobUpdate,
    editor: JobEditor | undefined,
    now: Date,
  ): Promise<AdminJob> {
    const before = await this.views.getJob(id, now);
    const patch: JobPatch = { ...formPatch(before, update), companyBy: companyWriter(editor) };
    await this.audited(editor, now, async (trx) => {
      const carried = await carriedCompanyDetails(this.companies, trx, before, patch);
      const changes = await this.writer.update(id, { ...patch, ...carried }, now, trx);
      if (!changes) throw new NotFound('Job not found');
      await this.writer.claimFields(new Map([[id, changedFieldsOf(changes)]]), trx);
      return [editedLine(id, changes)];
    });
    return this.views.getJob(id, now);
  }

  /** The admin deletes a job (NotFound when there is none). */
  async remove(id: number, editor: JobEditor | undefined, now: Date): Promise<{ message: string }> {
    if (!(await this.delete(id, editor, now))) throw new NotFound('Job not found');
    return { message: 'Job deleted successfully' };
  }

  /**
   * Keep a listing up longer: from its current end (or today, if it has ended) plus EXTEND_DAYS,
   * the days a bulk extend adds too; the admin does not choose them (issue 41, R2).
   */
  async extend(id: number, editor: JobEditor | undefined, now: Date): Promise<AdminJob> {
    const job = await this.views.getJob(id, now);
    const expiresAt = extendedEnd(endOf(job), EXTEND_DAYS, now);
    return this.putLive(id, { expiresAt }, editor, now, {
      action: 'extended',
      detail: extendedDetail(EXTEND_DAYS, expiresAt),
    });
  }

  /**
   * A renewal the employer paid for (renewals/): the listing is live until `expiresAt`, with its
   * 'Renewed until <date>' line, in the caller's transaction (the webhook's). NotFound when the
   * job is gone.
   */
  async renew(
    trx: Knex.Transaction,
    id: number,
    expiresAt: Date,
    actor: AuditActor,
    now: Date,
  ): Promise<void> {
    const changes = await this.writer.update(
      id,
      lifecyclePatch({ active: true, expiresAt }),
      now,
      trx,
    );
    if (!changes) throw new NotFound('Job not found');
    await this.record(
      [{ jobId: id, action: 'renewed', detail: renewedDetail(expiresAt), changes }],
      actor,
      now,
      trx,
    );
  }

  /** Put an ended or switched-off listing back: dated today, live for a Featured Listing's term. */
  async republish(id: number, editor: JobEditor | undefined, now: Date): Promise<AdminJob> {
    const job = await this.views.getJob(id, now);
    return this.putLive(id, republished(endOf(job), now), editor, now, { action: 'republished' });
  }

  /**
   * A synced job goes back to its source: what an admin changed here stops outranking the source,
   * and the next sync writes the source's values (Conflict for a job that came from no source).
   */
  async returnToSource(id: number, editor: JobEditor | undefined, now: Date): Promise<AdminJob> {
    await this.views.getJob(id, now);
    await this.audited(editor, now, async (trx) => {
      const fields = await this.writer.returnToSource(id, trx);
      if (fields === null) throw new Conflict(SYNC_CONFLICT_MESSAGES.notSynced);
      return [returnedLine(id, fields)];
    });
    return this.views.getJob(id, now);
  }

  /**
   * One action on many jobs, in one transaction, by the same rules as on one job: every id must
   * name a job, or nothing changes (NotFound naming the missing ones). Jobs already in the asked
   * state are left as they are and counted as unchanged; each changed job gets its history line,
   * and on a synced job what changed becomes the admin's.
   */
  async bulk(
    action: BulkJobActionName,
    requestedIds: number[],
    editor: JobEditor | undefined,
    now: Date,
  ): Promise<BulkJobResult> {
    const ids = [...new Set(requestedIds)];
    const audit = await this.audited(editor, now, async (trx) => {
      const states = await this.writer.states(trx, ids);
      const missing = ids.filter((id) => !states.has(id));
      if (missing.length) throw new NotFound(noSuchJobs(missing));
      if (action === 'delete') {
        await this.writer.deleteMany(ids, auditActor(editor), now, trx);
        return ids.map((jobId) => ({ jobId, action: 'deleted' as const, detail: BULK_DETAIL }));
      }
      const ends = new Map([...states].map(([id, state]) => [id, state.expiresAt]));
      const planned = planBulk(action, ids, ends, now);
      const entries = bulkLines(planned, await this.writer.updateMany(planned, now, trx));
      await this.writer.claimFields(
        new Map(entries.map((e) => [e.jobId, changedFieldsOf(e.changes ?? [])])),
        trx,
      );
      return entries;
    });
    return bulkResult(action, ids.length, audit.length);
  }

  // ---- publication after payment -------------------------------------------------------------

  /**
   * A paid submission's job goes on the board, with its 'created' line, in the caller's
   * transaction (the payment's): written with `create`, like any job given whole.
   */
  async publish(
    input: JobInput,
    from: { submissionId: number; withCredit: boolean },
    by: AuditActor,
    now: Date,
    trx: Knex.Transaction,
  ): Promise<number> {
    const jobId = await this.create(input, now, trx);
    await this.record([publishedLine(jobId, from)], by, now, trx);
    return jobId;
  }

  // ---- the re-sync (sync/) ---------------------------------------------------------------------

  /** Forget a deleted synced job as deleted (the next sync creates it again); false: none. */
  restoreDeleted(deletionId: number): Promise<boolean> {
    return this.writer.restoreDeleted(deletionId);
  }

  /**
   * What a sync writes, in its transaction: its new records become jobs, its changed ones are
   * patched (by what the source owns: the sync leaves out the admin's fields), and the jobs whose
   * record is gone are switched off. Each change is in the history, by `by` ('sync:<source>').
   */
  async applySync(
    write: SyncWrite,
    by: AuditActor,
    at: Date,
    trx: Knex.Transaction,
  ): Promise<{ created: number[]; changed: [number, FieldChange[]][]; deactivated: number[] }> {
    const created = await this.writer.createMany(write.creates, at, trx);
    const changed = [...(await this.writer.updateMany(write.updates, at, trx))].filter(
      ([, changes]) => changes.length,
    );
    const deactivated = await this.writer.deactivate(write.gone, at, trx);
    await this.companies.retryLogosOf(trx, write.logoCompanies ?? []);
    const written = { created, changed, deactivated };
    await this.record(syncLines(write.sourceName, written), by, at, trx);
    return written;
  }

  // ---- helpers ---------------------------------------------------------------------------------

  /** Record the history lines of a change, then what follows it (the listeners), in its transaction. */
  private async record(
    entries: JobAuditEntry[],
    by: AuditActor,
    now: Date,
    trx: Knex.Transaction,
  ): Promise<void> {
    await this.writer.recordAudit(entries, by, now, trx);
    await this.listeners.notify(trx, entries, now);
  }

  /**
   * Switch a job on with the end (and posted date) given, recording the line `entry` describes
   * (extend, republish). On a synced job, what changed is the admin's: a sync does not switch it
   * off again.
   */
  private async putLive(
    id: number,
    lifecycle: Omit<Lifecycle, 'active'>,
    editor: JobEditor | undefined,
    now: Date,
    entry: Pick<JobAuditEntry, 'action' | 'detail'>,
  ): Promise<AdminJob> {
    await this.audited(editor, now, async (trx) => {
      const changes = await this.writer.update(
        id,
        lifecyclePatch({ active: true, ...lifecycle }),
        now,
        trx,
      );
      if (!changes) throw new NotFound('Job not found');
      await this.writer.claimFields(new Map([[id, changedFieldsOf(changes)]]), trx);
      return [{ jobId: id, ...entry, changes }];
    });
    return this.views.getJob(id, now);
  }

  /** A patch by the system, with its 'edited' line when it changed anything. */
  private async patched(
    id: number,
    patch: JobPatch,
    editor: JobEditor | undefined,
    now: Date,
    db?: Db,
  ): Promise<FieldChange[] | null> {
    let result: FieldChange[] | null = null;
    await this.audited(
      editor,
      now,
      async (trx) => {
        result = await this.writer.update(id, patch, now, trx);
        return result?.length ? [editedLine(id, result)] : [];
      },
      db,
    );
    return result;
  }

  /**
   * Run a change and record the history lines it returns, in one transaction (the caller's, when
   * given one).
   */
  private async audited(
    editor: JobEditor | undefined,
    now: Date,
    change: (trx: Knex.Transaction) => Promise<JobAuditEntry[]>,
    db?: Db,
  ): Promise<JobAuditEntry[]> {
    const run = async (trx: Knex.Transaction) => {
      const entries = await change(trx);
      await this.record(entries, auditActor(editor), now, trx);
      return entries;
    };
    return db ? db.transaction(run) : this.writer.transaction(run);
  }
}

/** When a job's listing ends, if it does. */
const endOf = (job: AdminJob): Date | null => (job.expiresAt ? new Date(job.expiresAt) : null);
