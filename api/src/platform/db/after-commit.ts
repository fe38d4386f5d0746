import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** Knex's transaction object carries these (set by its Transaction class), though it does not type them. */
interface TransactionInternals {
  executionPromise?: Promise<unknown>;
  parentTransaction?: TransactionInternals;
}

/**
 * Run `effect` once the work done through `db` is visible to everyone: at once when `db` is not a
 * transaction, else after the outermost transaction around it has committed (or rolled back, when
 * running it is harmless). Caches invalidate and background senders wake this way, so that nobody
 * reads the state from before the commit and keeps it.
 */
export function afterCommit(db: Db, effect: () => void): void {
  if (!('isTransaction' in db) || !db.isTransaction) {
    effect();
    return;
  }
  let outermost = db as unknown as TransactionInternals;
  while (outermost.parentTransaction) outermost = outermost.parentTransaction;
  if (!outermost.executionPromise) {
    effect();
    return;
  }
  outermost.executionPromise.then(effect, effect);
}
