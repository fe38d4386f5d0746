import type { Knex } from 'knex';
import { Conflict, NotFound } from '../../platform/domain-errors';
import type { AuditActor } from '../job-audit';
import type { JobChanges } from '../job-changes';
import { survivorOf } from './company-survivors';
import { recordJobAudit } from './job-audit-log';
import type { SearchIndex } from './search-index/search-index';

/**
 * Merging a duplicate company into another (issue 47, an admin's tool): every job of `from` now
 * names `to` (each job's history says so, the search index reads the new name, the public reads
 * follow), and `from` is kept with no jobs, so nothing that named it is lost. `within` runs in the
 * same transaction (the organisations tied to `from` move with it).
 *
 * `from` is marked merged into `to` (`companies.merged_into_id`): its page answers a permanent
 * redirect to the survivor's, the sitemap leaves it out, and a job naming its name is filed under
 * the survivor (companies.ts `companyIds`), so a later sync does not undo the merge. A `to` merged
 * already stands for the company it was merged into (the end of its chain): every chain ends at a
 * company not merged, and never loops.
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
    messages: { notFound: string; intoItself: string },
    within: (trx: Knex.Transaction, names: { from: string; to: string }) => Promise<void>,
  ): Promise<{ from: string; to: string; jobs: number }> {
    return this.db.transaction(async (trx) => {
      const source = await trx('companies').where({ id: from }).first('id', 'name');
      const survivor = await survivorOf(trx, to);
      const target =
        survivor && (await trx('companies').where({ id: survivor }).first('id', 'name'));
      if (!source || !target) throw new NotFound(messages.notFound);
      // `to` was merged into `from` (directly or down a chain): `from` would be merged into itself.
      if (Number(target.id) === from) throw new Conflict(messages.intoItself);
      to = Number(target.id);
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
      }
      await trx('companies')
        .where({ id: from })
        .update({ merged_into_id: to, updated_at: now.getTime() });
      // Recorded with or without jobs moved: the cached page of `from` now redirects.
      await this.changes.record(trx);
      await within(trx, names);
      return { ...names, jobs: jobIds.length };
    });
  }
}
