import type { Knex } from 'knex';

/**
 * What follows a change of listings, in its transaction, with the jobs it touched (issue 44: the
 * channels queue a post for a listing that is live now, and the deletion of a closed one's).
 */
export type ListingsListener = (
  trx: Knex.Transaction,
  jobIds: number[],
  now: Date,
) => Promise<void>;

/**
 * The listeners of the jobs' changes (JobsService.onListingsChanged): told, in the transaction of
 * each change that has its lines in the jobs' history, which jobs it touched, once each.
 */
export class ListingListeners {
  private readonly listeners: ListingsListener[] = [];

  add(listener: ListingsListener): void {
    this.listeners.push(listener);
  }

  async notify(trx: Knex.Transaction, entries: { jobId: number }[], now: Date): Promise<void> {
    const jobIds = [...new Set(entries.map((entry) => entry.jobId))];
    if (!jobIds.length) return;
    for (const listener of this.listeners) await listener(trx, jobIds, now);
  }
}
