import { randomUUID } from 'node:crypto';
import {
  SYNC_CONFLICT_MESSAGES,
  SYNC_LIMITS,
  type HeldJobs,
  refreshSummary,
  type RefreshResult,
  type SkippedRecord,
  type SyncConflict,
} from '@jobboard/contract/admin';
import { APPLY_JOB_FIELDS, PAY_JOB_FIELDS, type JobField } from '@jobboard/contract/jobs';
import { Conflict, NotFound, UpstreamFailed } from '../platform/domain-errors';
import {
  type AuditActor,
  payPatch,
  planPatch,
  type JobPatch,
  type StoredJob,
  type SyncedJob,
  type JobViews,
  type JobsService,
} from '../jobs';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { PeriodicRunner } from '../platform/periodic-runner';
import { mapRecord, type SyncedInput } from './field-mapping';
import { SourceError, type JobSourceReader, type SourceRecord } from './sources/source';
import type { SyncRepository, SyncRunRecord } from './sync-repository';

/** What the sync writes through the jobs' service (every change of a job goes through it). */
export type SyncJobWrites = Pick<JobsService, 'applySync' | 'restoreDeleted'>;

/** What the sync compares its records with: the jobs' views. */
export type SyncJobReads = Pick<
  JobViews,
  'syncedJobs' | 'deletedSynced' | 'storedJobs' | 'adminFieldsOf' | 'deletionsKept' | 'heldSynced'
>;

/** What one sync works with: the jobs, its own records, the source, its clock and log. */
export interface SyncContext {
  db: Knex;
  jobs: SyncJobWrites;
  views: SyncJobReads;
  syncRuns: SyncRepository;
  /** null when no source is configured. */
  jobSource: JobSourceReader | null;
  /** BOARD_CURRENCY: a record's pay without a currency is in it. */
  currency: string;
  /** When the sync started, on the app's clock. */
  now: Date;
  /** The app's clock, for the lease while the sync runs. */
  clock: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The sync domain's service: a sync (from an admin's refresh or the schedule), the dashboard's
 * report of the last one, and a deleted synced job's restore.
 */
export class SyncService {
  constructor(
    private readonly db: Knex,
    private readonly jobs: SyncJobWrites,
    private readonly views: SyncJobReads,
    private readonly syncRuns: SyncRepository,
    /** null when no source is configured. */
    private readonly jobSource: JobSourceReader | null,
    /** BOARD_CURRENCY: a record's pay without a currency is in it. */
    private readonly currency: string,
    /** The app's clock. */
    private readonly clock: () => Date,
  ) {}

  /** The configured source's name ('Airtable'), or null when none is configured. */
  get sourceName(): string | null {
    return this.jobSource?.name ?? null;
  }

  /** One sync, started by an admin or the schedule (see syncJobs). */
  run(
    trigger: SyncRunRecord['trigger'],
    now: Date,
    log: FastifyBaseLogger,
  ): Promise<RefreshResult> {
    return syncJobs({ ...this.parts(), now, log }, trigger);
  }

  /** The latest sync as the dashboard shows it (see lastSyncReport). */
  lastReport() {
    return lastSyncReport(this.parts());
  }

  /**
   * The configured source's jobs the pay rule holds back now (docs/product.md#pay): the sync
   * panel lists them, so a record without pay is never dropped silently.
   */
  async held(): Promise<HeldJobs> {
    return this.jobSource ? this.views.heldSynced(this.jobSource.source) : { count: 0, jobs: [] };
  }

  /** When the latest sync finished (null before the first). */
  async lastFinishedAt(): Promise<string | null> {
    return (await this.syncRuns.last(this.db))?.finishedAt ?? null;
  }

  /** A deleted synced job is no longer remembered as deleted (see restoreDeletedJob). */
  restoreDeleted(deletionId: number, admin: string | undefined, log: FastifyBaseLogger) {
    return restoreDeletedJob({ jobs: this.jobs, log }, deletionId, admin);
  }

  private parts() {
    const { db, jobs, views, syncRuns, jobSource, currency, clock } = this;
    return { db, jobs, views, syncRuns, jobSource, currency, clock };
  }
}

/**
 * How long a sync holds the lock without renewing it: a process that dies mid-sync frees it after
 * this. Renewed every third of it while the sync runs, so a long sync keeps it.
 */
export const SYNC_LEASE_MS = 2 * 60 * 1000;

export const NO_SOURCE_MESSAGE =
  'No external job source is configured, so there was nothing to refresh.';

/**
 * Re-sync jobs from the external source (docs/architecture.md, Re-sync). Every record is read
 * first: a source that cannot be read whole changes nothing (502, and the failure is recorded for
 * the dashboard). Then one transaction: new records become jobs, changed ones are rewritten (by
 * external id), jobs whose record left the source are switched off, never deleted; what an admin
 * decided about a synced job stands (see `write`). Only this source's jobs are looked at:
 * admins' jobs, paid submissions' and the demo's are never touched. A record that breaks a rule
 * is skipped with its reason (its job, if it had one, stays as it was). One sync at a time,
 * across processes: a second one is refused (409) while the first runs.
 */
export async function syncJobs(
  ctx: SyncContext,
  trigger: SyncRunRecord['trigger'],
): Promise<RefreshResult> {
  const reader = ctx.jobSource;
  if (!reader) return { ...emptyCounts(), held: 0, source: null, message: NO_SOURCE_MESSAGE };

  const { lease } = ctx.syncRuns;
  const holder = randomUUID();
  if (!(await lease.tryAcquire(ctx.db, holder, ctx.now.getTime(), SYNC_LEASE_MS))) {
    const since = await lease.heldSince(ctx.db, ctx.now.getTime());
    throw new Conflict(
      `A job sync is already running${since ? ` (started ${new Date(since).toISOString()})` : ''}. ` +
        'Try again when it has finished.',
    );
  }
  const renewal = new PeriodicRunner(
    {
      name: 'sync lease renewal',
      everyMs: SYNC_LEASE_MS / 3,
      run: () => lease.renew(ctx.db, holder, ctx.clock().getTime(), SYNC_LEASE_MS),
      failureLevel: 'warn',
    },
    ctx.log,
  );
  renewal.start();

  // On the app's clock (the tests move it); the duration is measured.
  const startedAt = ctx.now;
  const began = performance.now();
  const finishedAt = () => new Date(startedAt.getTime() + Math.round(performance.now() - began));
  const fail = async (error: string) =>
    ctx.syncRuns.record(ctx.db, {
      ...emptyCounts(),
      conflicts: [],
      source: reader.source,
      trigger,
      status: 'failed',
      startedAt,
      finishedAt: finishedAt(),
      error,
    });
  try {
    let records: SourceRecord[];
    try {
      records = await reader.readAll();
    } catch (error) {
      if (!(error instanceof SourceError)) throw error;
      const message = `Could not read the jobs from ${reader.name}: ${error.message}. Nothing was changed.`;
      await fail(message);
      ctx.log.warn({ source: reader.source, reason: error.message }, 'job sync failed');
      throw new UpstreamFailed(message);
    }
    const result = await write(ctx, reader, records, { trigger, startedAt, finishedAt });
    ctx.log.info({ source: reader.source, ...counts(result) }, 'jobs synced');
    return result;
  } catch (error) {
    if (!(error instanceof UpstreamFailed)) {
      await fail('The sync stopped on an error inside the server; nothing was changed.').catch(
        () => {},
      );
    }
    throw error;
  } finally {
    await renewal.stop();
    await lease.release(ctx.db, holder);
  }
}

/**
 * Everything the sync changes, in one transaction, with its record for the dashboard. An admin's
 * decisions outrank the source (docs/product.md#re-sync): the fields an admin changed on a synced job are
 * left as the admin set them (switched off included), a job an admin deleted is not created
 * again, and each such disagreement is reported as a conflict. Every change is in the jobs'
 * audit trail, by 'sync:<source>'.
 */
async function write(
  ctx: SyncContext,
  reader: JobSourceReader,
  records: SourceRecord[],
  run: Pick<SyncRunRecord, 'trigger' | 'startedAt'> & { finishedAt: () => Date },
): Promise<RefreshResult> {
  const { trigger, startedAt } = run;
  const { valid, skipped } = checkRecords(records, startedAt, reader, ctx.currency);
  const source = reader.source;
  const by: AuditActor = { adminId: null, actor: `sync:${source}` };
  return ctx.db.transaction(async (trx) => {
    const existing = new Map(
      (await ctx.views.syncedJobs(source, trx)).map((job) => [job.externalId, job]),
    );
    const deleted = await ctx.views.deletedSynced(source, trx);
    const owned = await ctx.views.storedJobs(
      [...existing.values()].filter((job) => job.adminFields.length).map((job) => job.id),
      trx,
    );
    const creates: SyncedInput[] = [];
    const updates: { id: number; patch: JobPatch }[] = [];
    const conflicts: SyncConflict[] = [];
    for (const input of valid.values()) {
      const job = existing.get(input.externalId);
      if (!job) {
        const deletion = deleted.get(input.externalId);
        if (deletion) conflicts.push(deletedConflict(input.externalId, deletion));
        else creates.push(input);
        continue;
      }
      const stored = owned.get(job.id);
      const conflict = stored && ownedConflict(job, stored, input, ctx.currency);
      if (conflict) conflicts.push(conflict);
      const activeIsSources = !job.adminFields.includes('active');
      if (job.syncHash !== input.syncHash || (activeIsSources && job.active !== input.active)) {
        updates.push({ id: job.id, patch: sourcePatch(input, job.adminFields) });
      }
    }
    // Jobs whose record is gone (unless an admin decided whether they are on). A record that is
    // still there but was skipped keeps its job.
    const kept = new Set([...valid.keys(), ...skipped.flatMap((s) => s.externalId ?? [])]);
    const gone = [...existing.values()]
      .filter((job) => job.active && !kept.has(job.externalId))
      .filter((job) => !job.adminFields.includes('active'))
      .map((job) => job.id);

    const { changed, deactivated } = await ctx.jobs.applySync(
      {
        sourceName: reader.name,
        creates: creates.map((input) => ({ ...input, source })),
        updates,
        gone,
        logoCompanies: [...valid.values()]
          .filter((input) => input.logoUrl)
          .map((input) => input.organization),
      },
      by,
      startedAt,
      trx,
    );

    const held = await ctx.views.heldSynced(source, trx);
    const result = {
      created: creates.length,
      updated: changed.length,
      unchanged: valid.size - creates.length - changed.length - countDeleted(conflicts),
      deactivated: deactivated.length,
      skipped: skipped.length,
      conflicts: conflicts.length,
    };
    await ctx.syncRuns.record(trx, {
      ...result,
      skippedRecords: skipped,
      conflicts,
      source,
      trigger,
      status: 'succeeded',
      startedAt,
      finishedAt: run.finishedAt(),
      error: null,
    });
    return {
      ...result,
      source: reader.name,
      skippedRecords: skipped.slice(0, SYNC_LIMITS.reportedSkips),
      held: held.count,
      message: `Jobs refreshed from ${reader.name}: ${refreshSummary({ ...result, held: held.count })}.`,
    };
  });
}

/** What a record writes on its job: every field it has, but those an admin owns. */
function sourcePatch(input: SyncedInput, adminFields: readonly JobField[]): JobPatch {
  // The record's id names the job, and when a listing ends is not the source's to say.
  const { externalId: _id, expiresAt: _expires, pay, ...fields } = input;
  const patch: JobPatch = { ...fields, ...payPatch(pay) };
  const drop = new Set<string>(adminFields);
  // A company an admin named is theirs, and so are its details on this job.
  if (drop.has('organization')) {
    for (const field of ['companyDescription', 'websiteUrl', 'logoUrl']) drop.add(field);
  }
  // Pay is one thing (PAY_JOB_FIELDS), and so is how a job takes applications
  // (APPLY_JOB_FIELDS): an admin who changed any part of either owns all of it.
  // Where the job is done is one thing too (issue 47): its type, its places and the old flag.
  for (const group of [PAY_JOB_FIELDS, APPLY_JOB_FIELDS, WORKPLACE_JOB_FIELDS]) {
    if (group.some((field) => drop.has(field))) {
      for (const field of group) drop.add(field);
    }
  }
  for (const field of drop) delete patch[field as keyof JobPatch];
  return patch;
}

const WORKPLACE_JOB_FIELDS = ['workplaceType', 'remotePlaces', 'remote'] as const;

/** Fields a record does not speak of: an admin's value there is no disagreement with it. */
const NOT_THE_SOURCES: ReadonlySet<string> = new Set(['expiresAt']);

/**
 * Where a record has other values than an admin set on its job: a conflict, the admin's value
 * kept ('deactivated' when the admin switched the job off and the source has it on).
 */
function ownedConflict(
  job: SyncedJob,
  stored: StoredJob,
  input: SyncedInput,
  currency: string,
): SyncConflict | null {
  const record: Record<string, unknown> = { ...input, ...payPatch(input.pay) };
  const theirs: JobPatch = {};
  for (const field of job.adminFields) {
    if (NOT_THE_SOURCES.has(field) || !Object.hasOwn(record, field)) continue;
    Object.assign(theirs, { [field]: record[field] });
  }
  // Only the fields' values are compared: the pay rule's hold is no field of the record.
  const rule = { currency, requirePay: false };
  const fields = planPatch(stored, theirs, new Map(), rule).changes.map((c) => c.field);
  if (!fields.length) return null;
  const switchedOff = fields.includes('active') && !job.active;
  return {
    kind: switchedOff ? 'deactivated' : 'edited',
    externalId: job.externalId,
    // The title the job has once this sync is written.
    title: job.adminFields.includes('title') ? stored.row.title : input.title,
    jobId: String(job.id),
    deletionId: null,
    fields,
  };
}

function deletedConflict(
  externalId: string,
  deletion: { id: number; title: string },
): SyncConflict {
  return {
    kind: 'deleted',
    externalId,
    title: deletion.title,
    jobId: null,
    deletionId: String(deletion.id),
    fields: [],
  };
}

const countDeleted = (conflicts: SyncConflict[]) =>
  conflicts.filter((c) => c.kind === 'deleted').length;

/**
 * The latest sync as the dashboard shows it, its conflicts those the admins have not settled
 * since: a job returned to its source, or a deletion restored, is no longer listed.
 */
export async function lastSyncReport(ctx: Pick<SyncContext, 'db' | 'views' | 'syncRuns'>) {
  const last = await ctx.syncRuns.last(ctx.db);
  if (!last) return null;
  const jobIds = last.conflictRecords.flatMap((c) => (c.jobId ? [Number(c.jobId)] : []));
  const deletionIds = last.conflictRecords.flatMap((c) =>
    c.deletionId ? [Number(c.deletionId)] : [],
  );
  const owned = await ctx.views.adminFieldsOf(jobIds);
  const kept = await ctx.views.deletionsKept(deletionIds);
  const conflictRecords = last.conflictRecords.flatMap((conflict): SyncConflict[] => {
    if (conflict.deletionId) return kept.has(Number(conflict.deletionId)) ? [conflict] : [];
    const fields = owned.get(Number(conflict.jobId));
    const still = conflict.fields.filter((f) => fields?.includes(f));
    return still.length ? [{ ...conflict, fields: still }] : [];
  });
  return { ...last, conflictRecords };
}

/** A deleted synced job is no longer remembered as deleted: the next sync creates it again. */
export async function restoreDeletedJob(
  ctx: Pick<SyncContext, 'jobs' | 'log'>,
  deletionId: number,
  admin: string | undefined,
): Promise<{ message: string }> {
  if (!(await ctx.jobs.restoreDeleted(deletionId))) {
    throw new NotFound(SYNC_CONFLICT_MESSAGES.deletionNotFound);
  }
  ctx.log.info({ deletionId, admin }, 'deleted synced job restored');
  return { message: SYNC_CONFLICT_MESSAGES.restored };
}

/** The records that map to jobs (by external id, the first of any repeats) and the rest. */
function checkRecords(
  records: SourceRecord[],
  now: Date,
  reader: JobSourceReader,
  currency: string,
) {
  const valid = new Map<string, SyncedInput>();
  const skipped: SkippedRecord[] = [];
  for (const record of records) {
    const mapped = mapRecord(record, now, reader.fieldName, currency);
    if (!mapped.ok) skipped.push({ externalId: mapped.externalId, reason: mapped.reason });
    else if (valid.has(mapped.input.externalId)) {
      skipped.push({
        externalId: mapped.input.externalId,
        reason: 'Another record earlier in the source has the same id',
      });
    } else valid.set(mapped.input.externalId, mapped.input);
  }
  return { valid, skipped };
}

function emptyCounts() {
  return {
    created: 0,
    updated: 0,
    unchanged: 0,
    deactivated: 0,
    skipped: 0,
    skippedRecords: [] as SkippedRecord[],
    conflicts: 0,
  };
}

function counts(result: RefreshResult) {
  const { created, updated, unchanged, deactivated, skipped, conflicts } = result;
  return { created, updated, unchanged, deactivated, skipped, conflicts };
}
