import type { Knex } from 'knex';
import type { Dialect } from '../platform/db/knex';
import { type Outbox, SUBMISSION_RECEIVED_TEMPLATE } from '../mail';

/**
 * How many "we received your submission" e-mails the public form may cause. Anyone can type any
 * address into the form, so without caps the board would mail whoever they like, as often as
 * they like, from its own domain. Past a cap the submission is still stored and the admins are
 * still told; only the acknowledgement is skipped (and logged).
 */
export const ACKNOWLEDGEMENT_CAPS = {
  /** Acknowledgements to one address (any letter case) in the window. */
  perRecipient: 3,
  /** Acknowledgements to all addresses together in the window. */
  total: 200,
  /** The window: the last 24 hours, counted back from each submission. */
  windowMs: 24 * 60 * 60_000,
} as const;

export type AcknowledgementDecision = { send: true } | { send: false; cap: 'recipient' | 'total' };

/** Any number, fixed: the PostgreSQL advisory lock that makes count-then-queue one step. */
const ACKNOWLEDGEMENT_LOCK = 20_261_123;

/**
 * Whether the acknowledgement to `to` may be queued now, counted from the outbox itself (every
 * acknowledgement queued in the window, sent or not). Call it in the submission's transaction:
 * on PostgreSQL an advisory lock held until commit makes concurrent submissions count one after
 * another (SQLite has one writer, so its transactions already do).
 */
export async function acknowledgementAllowed(
  trx: Knex.Transaction,
  { outbox, dialect }: { outbox: Pick<Outbox, 'countQueued'>; dialect: Dialect },
  to: string,
  now: Date,
): Promise<AcknowledgementDecision> {
  if (dialect === 'postgres') {
    await trx.raw('SELECT pg_advisory_xact_lock(?)', [ACKNOWLEDGEMENT_LOCK]);
  }
  const since = new Date(now.getTime() - ACKNOWLEDGEMENT_CAPS.windowMs);
  const total = await outbox.countQueued(trx, SUBMISSION_RECEIVED_TEMPLATE, since);
  if (total >= ACKNOWLEDGEMENT_CAPS.total) return { send: false, cap: 'total' };
  const mine = await outbox.countQueued(trx, SUBMISSION_RECEIVED_TEMPLATE, since, to);
  if (mine >= ACKNOWLEDGEMENT_CAPS.perRecipient) {
    return { send: false, cap: 'recipient' };
  }
  return { send: true };
}
