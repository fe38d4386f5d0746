import type { Knex } from 'knex';
import { NotFound } from '../../platform/domain-errors';
import type { AuditActor } from '../job-audit';
import type { JobChanges } from '../job-changes';
import { recordJobAudit } from './job-audit-log';
import type { SearchIndex } from './search-index/search-index';

/**
 * Merging a duplicate company into another (issue 47, an admin's tool): every job of `from` now
 * names `to` (each job's history says so, the search index reads the new name, the public reads
 * follow), and `from` is kept with no jobs, so nothing that named it is lost. `within` runs in the
 * same transaction (the organisations tied to `from` move with it).
 */
export class CompanyMerge {
  constructor(
    private readonly db: Knex,
    private readonly searchIndex: SearchIndex,
    private readonly changes: JobChanges,
  ) {}

  async merge(
    from: number,
    to: number,
    by: AuditActor,
    now: Date,
    messages: { notFound: string },
    within: (trx: Knex.Transaction, names: { from: string; to: string }) => Promise<void>,
  ): Promise<{ from: string; to: string; jobs: number }> {
    return this.db.transaction(async (trx) => {
      const source = await trx('companies').where({ id: from }).first('id', 'name');
      const target = await trx('companies').where({ id: to }).first('id', 'name');
      if (!source || !target) throw new NotFound(messages.notFound);
      const names = { from: String(source.name), to: String(target.name) };
      const jobIds = (await trx('jobs').where({ company_id: from }).select('id')).map((row) =>
        Number(row.id),
      );
      if (jobIds.length) {
        await trx('jobs').where({ company_id: from }).update({ company_id: to });
        await recordJobAudit(
          trx,
          jobIds.map((jobId) => ({
            jobId,
            action: 'edited' as const,
            detail: `Company ${names.from} (#${from}) merged into ${names.to} (#${to})`,
          })),
          by,
          now,
        );
        await this.searchIndex.reindex(trx, jobIds);
        await this.changes.record(trx);
      }
      await within(trx, names);
      return { ...names, jobs: jobIds.length };
    });
  }
}
