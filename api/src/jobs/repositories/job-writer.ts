import { isJobField, type FieldChange } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import { chunks } from '../../platform/db/chunks';
import type { Db, Dialect } from '../../platform/db/knex';
import { claimOf, companiesNamed, companyIds, writerOf } from './companies';
import type { AuditActor, JobAuditEntry } from '../job-audit';
import { recordJobAudit } from './job-audit-log';
import type { JobChanges } from '../job-changes';
import type { JobInput, JobSource } from '../job-input';
import { companyChangesKept, planPatch, type JobPatch } from '../job-patch';
import { LISTING_END_COLUMNS, endsOfRow, hasEnded } from '../listing-end';
import { INDEXED_FIELDS, type SearchIndex } from './search-index';
import type { PayRule } from '../pay-columns';
import { jobColumns, replaceLists } from './job-columns';
import { INSERT_BATCH, SYNC_SOURCES, parseAdminFields, pluckIds, storedJobs } from './job-rows';

/**
 * Every write of jobs: rows, their lists, their companies (through companies.ts), the full-text
 * index (kept in step in the same transaction) and the audit lines the jobs service gives it.
 * Queries only: what a change may do is the jobs service's (jobs-service.ts) to decide. Each
 * write tells `changes` inside its transaction (the public-read cache listens).
 */
export class JobWriter {
  constructor(
    private readonly db: Knex,
    private readonly dialect: Dialect,
    private readonly searchIndex: SearchIndex,
    private readonly changes: JobChanges,
    /** The board's currency and pay rule, as a write's transaction reads them (pay-columns.ts). */
    private readonly payRule: (db: Db) => Promise<PayRule>,
  ) {}

  /** Run `work` in one transaction of the writer (a change and its audit line together). */
  transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async create(input: JobInput, now: Date, db: Db = this.db): Promise<number> {
    const [id] = await this.createMany([input], now, db);
    return id!;
  }

  /**
   * Write many jobs in one transaction with batched statements (imports, syncs, the benchmark's
   * 100,000 jobs): companies, locations and categories are resolved once per distinct name, rows go
   * in a few hundred at a time, and the search index is rebuilt for the new ids at the end.
   * Returns the new ids in the order of the inputs.
   */
  async createMany(inputs: JobInput[], now: Date, db: Db = this.db): Promise<number[]> {
    if (!inputs.length) return [];
    return db.transaction(async (trx) => {
      const companies = await companyIds(trx, inputs.map(claimOf), now);
      const payRule = await this.payRule(trx);
      const ids: number[] = [];
      for (const part of chunks(inputs, INSERT_BATCH)) {
        const inserted: ({ id: number } | number)[] = await trx('jobs')
          .insert(
            part.map((input) => ({
              ...jobColumns(input, now, payRule),
              company_id: companies.get(input.organization.trim())!,
              created_at: now.getTime(),
            })),
          )
          .returning('id');
        ids.push(...inserted.map((row) => Number(typeof row === 'object' ? row.id : row)));
      }
      await replaceLists(
        trx,
        inputs.map((input, index) => ({
          jobId: ids[index]!,
          locations: input.locations,
          categories: input.categories,
        })),
      );
      await this.searchIndex.reindex(trx, ids);
      await this.changes.record(trx);
      return ids;
    });
  }

  /**
   * Change a job by a patch: the fields given are written (only those whose value differs), every
   * other stays as stored. Returns what changed (empty: nothing did), or null when there is no
   * such job.
   */
  async update(
    id: number,
    patch: JobPatch,
    now: Date,
    db: Db = this.db,
  ): Promise<FieldChange[] | null> {
    return (await this.updateMany([{ id, patch }], now, db)).get(id) ?? null;
  }

  /**
   * Patch many jobs in one transaction (a sync rewriting its changed records, a bulk action): each
   * job's stored values are read first (locked on PostgreSQL), each patch writes only what
   * differs, and companies, lists and the search index are written in batches. Returns each
   * existing job's changes (jobs that do not exist are left out).
   */
  async updateMany(
    patches: { id: number; patch: JobPatch }[],
    now: Date,
    db: Db = this.db,
  ): Promise<Map<number, FieldChange[]>> {
    const result = new Map<number, FieldChange[]>();
    if (!patches.length) return result;
    return db.transaction(async (trx) => {
      const ids = patches.map((p) => p.id);
      await this.lock(trx, ids);
      const stored = await storedJobs(trx, this.dialect, ids);
      const named = patches.flatMap(({ patch }) => patch.organization?.trim() || []);
      const before = await companiesNamed(trx, [...new Set(named)]);
      const payRule = await this.payRule(trx);
      const plans = patches.flatMap(({ id, patch }) => {
        const job = stored.get(id);
        return job ? [{ id, job, patch, plan: planPatch(job, patch, before, payRule) }] : [];
      });
      const asked = plans.filter(
        ({ plan }) => plan.changes.length || Object.keys(plan.columns).length,
      );
      // The company details go to companies.ts, which decides what they change (a sync does not
      // replace what an admin set): a detail the company did not take is no change of the job.
      // A patch that names no other company and gives no detail (an extend, a switch-off) keeps
      // the job's company as it is: nothing to look up or write.
      const claiming = asked.filter(
        ({ job, plan }) =>
          plan.company.name !== job.row.company_name || Object.keys(plan.company.details).length,
      );
      const companies = claiming.length
        ? await companyIds(
            trx,
            claiming.map(({ job, patch, plan }) => ({
              ...plan.company,
              writer: patch.companyBy ?? writerOf({ source: job.row.source as JobSource }),
            })),
            now,
          )
        : new Map<string, number>();
      const after = claiming.length
        ? await companiesNamed(trx, [...new Set(claiming.map(({ plan }) => plan.company.name))])
        : new Map();
      for (const { plan } of claiming) {
        plan.changes = companyChangesKept(plan.changes, after.get(plan.company.name));
      }
      for (const { id, plan } of plans) result.set(id, plan.changes);

      const writing = asked.flatMap(({ id, job, plan }) => {
        const companyId = companies.get(plan.company.name) ?? Number(job.row.company_id);
        const row = {
          ...plan.columns,
          ...archivedAfter(job.row, plan.columns, now),
          ...(companyId !== Number(job.row.company_id) ? { company_id: companyId } : {}),
          // A new fingerprint alone is no change the public sees (the sitemap's last change).
          ...(plan.changes.length ? { updated_at: now.getTime() } : {}),
        };
        return Object.keys(row).length ? [{ id, plan, row }] : [];
      });
      if (!writing.length) return result;
      for (const { id, row } of writing) await trx('jobs').where({ id }).update(row);
      const lists = writing.map(({ id, plan }) => ({
        jobId: id,
        locations: plan.locations,
        categories: plan.categories,
      }));
      await replaceLists(trx, lists);
      const changed = writing.filter(({ plan }) => plan.changes.length);
      // Only a change of indexed text is worth re-indexing (an extend changes none), or a job
      // entering or leaving the archive: SQLite's index holds the live jobs only (archive.ts).
      const reindexed = writing.filter(
        ({ plan, row, id }) =>
          plan.changes.some((change) => INDEXED_FIELDS.has(change.field)) ||
          (row.archived !== undefined && row.archived !== wasArchived(stored.get(id)!.row)),
      );
      if (reindexed.length)
        await this.searchIndex.reindex(
          trx,
          reindexed.map(({ id }) => id),
        );
      if (changed.length) await this.changes.record(trx);
      return result;
    });
  }

  /**
   * Whether each of these jobs is on and when it ends, by id (ids that name no job are left out),
   * their rows locked for the rest of the transaction on PostgreSQL (SQLite has one writer): a
   * change of many jobs that must find them all.
   */
  async states(
    trx: Knex.Transaction,
    ids: number[],
  ): Promise<Map<number, { active: boolean; expiresAt: Date | null }>> {
    const found = new Map<number, { active: boolean; expiresAt: Date | null }>();
    for (const part of chunks(ids)) {
      const query = trx('jobs').whereIn('id', part).select('id', 'active', 'expires_at');
      if (this.dialect === 'postgres') query.forUpdate();
      const rows: { id: unknown; active: unknown; expires_at: unknown }[] = await query;
      for (const row of rows) {
        found.set(Number(row.id), {
          active: Boolean(row.active),
          expiresAt: row.expires_at == null ? null : new Date(Number(row.expires_at)),
        });
      }
    }
    return found;
  }

  /**
   * Delete jobs with their lists. The synced ones are remembered as deleted by their source and
   * external id (`by` names who deleted them), so a sync does not create them again. Returns how
   * many there were.
   */
  async deleteMany(ids: number[], by: AuditActor, now: Date, db: Db = this.db): Promise<number> {
    if (!ids.length) return 0;
    return db.transaction(async (trx) => {
      await rememberDeletedSynced(trx, ids, by, now);
      let deleted = 0;
      for (const part of chunks(ids)) {
        await this.searchIndex.remove(trx, part);
        deleted += await trx('jobs').whereIn('id', part).delete();
      }
      if (deleted) await this.changes.record(trx);
      return deleted;
    });
  }

  /**
   * Switch these jobs off (a synced job whose record left its source): kept, with their URLs,
   * so a record that comes back is the same job again. Returns the ids switched off.
   */
  async deactivate(ids: number[], now: Date, db: Db = this.db): Promise<number[]> {
    if (!ids.length) return [];
    return db.transaction(async (trx) => {
      const changed: number[] = [];
      for (const part of chunks(ids, INSERT_BATCH)) {
        const live = await pluckIds(
          trx('jobs').whereIn('id', part).where({ active: true }).select('id'),
        );
        if (!live.length) continue;
        await trx('jobs').whereIn('id', live).update({ active: false, updated_at: now.getTime() });
        changed.push(...live);
      }
      if (changed.length) await this.changes.record(trx);
      return changed;
    });
  }

  /**
   * Flag a job's application link as dead (`flaggedAt`, epoch ms) or clear the flag (null), only
   * when it is not so already; the jobs version is raised, since the job's public page says it.
   * Whether it changed (false too when there is no such job).
   */
  async setApplyLinkFlag(id: number, flaggedAt: number | null, db: Db): Promise<boolean> {
    const query = db('jobs').where({ id });
    if (flaggedAt === null) query.whereNotNull('apply_link_flagged_at');
    else query.whereNull('apply_link_flagged_at');
    const changed = await query.update({ apply_link_flagged_at: flaggedAt });
    if (changed) await this.changes.record(db);
    return changed > 0;
  }

  /** Record changes of jobs in their audit trail (in the transaction of the change). */
  async recordAudit(
    entries: JobAuditEntry[],
    by: AuditActor,
    now: Date,
    db: Db = this.db,
  ): Promise<void> {
    await recordJobAudit(db, entries, by, now);
  }

  // ---- what an admin decided about synced jobs -------------------------------------------------

  /**
   * The fields of these jobs an admin changed (`changes` by job id) become the admin's: a sync
   * leaves them as the admin set them. Only jobs from a sync source have a source to outrank.
   */
  async claimFields(changed: Map<number, readonly string[]>, db: Db = this.db): Promise<void> {
    const ids = [...changed.keys()].filter((id) => changed.get(id)!.length);
    for (const part of chunks(ids)) {
      const rows: { id: number; admin_fields: string | null }[] = await db('jobs')
        .whereIn('id', part)
        .whereIn('source', SYNC_SOURCES)
        .whereNotNull('external_id')
        .select('id', 'admin_fields');
      for (const row of rows) {
        const owned = parseAdminFields(row.admin_fields);
        const fields = [...new Set([...owned, ...changed.get(Number(row.id))!])].filter(isJobField);
        if (fields.length === owned.length) continue;
        await db('jobs')
          .where({ id: row.id })
          .update({ admin_fields: JSON.stringify(fields) });
      }
    }
  }

  /**
   * A synced job goes back to its source: the admin's fields are no longer the admin's, and its
   * fingerprint is dropped so the next sync writes the source's values. The fields that were the
   * admin's, or null when the job did not come from a sync source (or does not exist).
   */
  async returnToSource(id: number, db: Db = this.db): Promise<string[] | null> {
    const row: { admin_fields: string | null } | undefined = await db('jobs')
      .where({ id })
      .whereIn('source', SYNC_SOURCES)
      .whereNotNull('external_id')
      .first('admin_fields');
    if (!row) return null;
    await db('jobs').where({ id }).update({ admin_fields: null, sync_hash: null });
    return parseAdminFields(row.admin_fields);
  }

  /** Forget a deleted synced job as deleted: the next sync creates it again. */
  async restoreDeleted(id: number, db: Db = this.db): Promise<boolean> {
    return (await db('deleted_synced_jobs').where({ id }).delete()) > 0;
  }

  /** Lock these jobs' rows for the rest of the transaction (PostgreSQL; SQLite has one writer). */
  private async lock(trx: Knex.Transaction, ids: number[]): Promise<void> {
    if (this.dialect !== 'postgres') return;
    for (const part of chunks(ids)) await trx('jobs').whereIn('id', part).select('id').forUpdate();
  }
}

/**
 * Remember the synced jobs among these as deleted, by their source and external id, so a sync
 * does not create them again until an admin restores them.
 */
async function rememberDeletedSynced(
  trx: Knex.Transaction,
  ids: number[],
  by: AuditActor,
  now: Date,
): Promise<void> {
  for (const part of chunks(ids)) {
    const rows: { id: number; source: string; external_id: string; title: string }[] = await trx(
      'jobs',
    )
      .whereIn('id', part)
      .whereIn('source', SYNC_SOURCES)
      .whereNotNull('external_id')
      .select('id', 'source', 'external_id', 'title');
    if (!rows.length) continue;
    await trx('deleted_synced_jobs')
      .insert(
        rows.map((row) => ({
          source: row.source,
          external_id: row.external_id,
          job_id: row.id,
          title: row.title,
          actor: by.actor.slice(0, 120),
          deleted_at: now.getTime(),
        })),
      )
      .onConflict(['source', 'external_id'])
      .ignore();
  }
}

/** Whether a stored job row (`jobs.*`; SQLite gives 0 or 1) is archived. */
function wasArchived(row: object): boolean {
  return 'archived' in row && Boolean(row.archived);
}

/**
 * A write that moves a job's end (its expiry or its deadline) archives it when the job has then
 * ended, and un-archives it when it has not (a renewal, an extend): archive.ts.
 */
function archivedAfter(
  stored: { expires_at: number | string | null; deadline_ends_at: number | string | null },
  columns: Record<string, unknown>,
  now: Date,
): { archived?: boolean } {
  if (!LISTING_END_COLUMNS.some((column) => Object.hasOwn(columns, column))) return {};
  const after = { ...stored, ...columns } as typeof stored;
  return { archived: hasEnded(endsOfRow(after), now) };
}
