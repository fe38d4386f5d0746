import { randomUUID } from 'node:crypto';
import {
  SYNC_LIMITS,
  refreshSummary,
  type RefreshResult,
  type SkippedRecord,
} from '@jobboard/contract';
import { Conflict, UpstreamFailed } from '../domain-errors';
import type { ServiceContext } from '../service-context';
import { mapRecord, type SyncedInput } from './field-mapping';
import { SourceError, type JobSourceReader, type SourceRecord } from './sources/source';
import type { SyncRepository, SyncRunRecord } from './sync-repository';

export type SyncContext = Pick<ServiceContext, 'db' | 'jobs' | 'now' | 'log'> & {
  syncRuns: SyncRepository;
  /** null when no source is configured. */
  jobSource: JobSourceReader | null;
};

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
 * external id), jobs whose record left the source are switched off, never deleted. Only this
 * source's jobs are looked at: admins' jobs, paid submissions' and the demo's are never touched. A
 * record that breaks a rule is skipped with its reason (its job, if it had one, stays as it was).
 * One sync at a time, across processes: a second one is refused (409) while the first runs.
 */
export async function syncJobs(
  ctx: SyncContext,
  trigger: SyncRunRecord['trigger'],
): Promise<RefreshResult> {
  const reader = ctx.jobSource;
  if (!reader) return { ...emptyCounts(), source: null, message: NO_SOURCE_MESSAGE };

  const holder = randomUUID();
  if (!(await ctx.syncRuns.tryAcquire(ctx.db, holder, Date.now(), SYNC_LEASE_MS))) {
    const since = await ctx.syncRuns.heldSince(ctx.db, Date.now());
    throw new Conflict(
      `A job sync is already running${since ? ` (started ${new Date(since).toISOString()})` : ''}. ` +
        'Try again when it has finished.',
    );
  }
  const renewal = setInterval(() => {
    ctx.syncRuns
      .renew(ctx.db, holder, Date.now(), SYNC_LEASE_MS)
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'sync lease renewal failed'));
  }, SYNC_LEASE_MS / 3);
  renewal.unref();

  // On the app's clock (the tests move it); the duration is measured.
  const startedAt = ctx.now;
  const began = performance.now();
  const finishedAt = () => new Date(startedAt.getTime() + Math.round(performance.now() - began));
  const fail = async (error: string) =>
    ctx.syncRuns.record(ctx.db, {
      ...emptyCounts(),
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
    clearInterval(renewal);
    await ctx.syncRuns.release(ctx.db, holder);
  }
}

/** Everything the sync changes, in one transaction, with its record for the dashboard. */
async function write(
  ctx: SyncContext,
  reader: JobSourceReader,
  records: SourceRecord[],
  run: Pick<SyncRunRecord, 'trigger' | 'startedAt'> & { finishedAt: () => Date },
): Promise<RefreshResult> {
  const { trigger, startedAt } = run;
  const { valid, skipped } = checkRecords(records, startedAt, reader);
  const source = reader.source;
  return ctx.db.transaction(async (trx) => {
    const existing = new Map(
      (await ctx.jobs.syncedJobs(source, trx)).map((job) => [job.externalId, job]),
    );
    const creates: SyncedInput[] = [];
    const updates: { id: number; input: SyncedInput }[] = [];
    let unchanged = 0;
    for (const input of valid.values()) {
      const job = existing.get(input.externalId);
      if (!job) creates.push(input);
      else if (job.syncHash === input.syncHash && job.active === input.active) unchanged += 1;
      else updates.push({ id: job.id, input });
    }
    // Jobs whose record is gone. A record that is still there but was skipped keeps its job.
    const kept = new Set([...valid.keys(), ...skipped.flatMap((s) => s.externalId ?? [])]);
    const gone = [...existing.values()]
      .filter((job) => job.active && !kept.has(job.externalId))
      .map((job) => job.id);

    await ctx.jobs.createMany(
      creates.map((input) => ({ ...input, source })),
      startedAt,
      trx,
    );
    await ctx.jobs.updateMany(
      updates.map(({ id, input }) => ({ id, input: { ...input, source } })),
      startedAt,
      trx,
    );
    const deactivated = await ctx.jobs.deactivate(gone, startedAt, trx);

    const result = {
      created: creates.length,
      updated: updates.length,
      unchanged,
      deactivated,
      skipped: skipped.length,
    };
    await ctx.syncRuns.record(trx, {
      ...result,
      skippedRecords: skipped,
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
      message: `Jobs refreshed from ${reader.name}: ${refreshSummary(result)}.`,
    };
  });
}

/** The records that map to jobs (by external id, the first of any repeats) and the rest. */
function checkRecords(records: SourceRecord[], now: Date, reader: JobSourceReader) {
  const valid = new Map<string, SyncedInput>();
  const skipped: SkippedRecord[] = [];
  for (const record of records) {
    const mapped = mapRecord(record, now, reader.fieldName);
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
  };
}

function counts(result: RefreshResult) {
  const { created, updated, unchanged, deactivated, skipped } = result;
  return { created, updated, unchanged, deactivated, skipped };
}
