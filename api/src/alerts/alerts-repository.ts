import { createHash } from 'node:crypto';
import type { AlertFrequency } from '@jobboard/contract/alerts';
import type { Db } from '../platform/db/knex';

export type AlertStatus = 'pending' | 'confirmed' | 'unsubscribed';

/**
 * A row of `job_alerts` (migrations/20261125050200_create_job_alerts.ts; its links' tokens are in
 * `job_alert_links`, hashed: 20261129131000_hash_alert_links.ts).
 */
export interface AlertRow {
  id: number;
  email: string;
  email_key: string;
  search: string;
  frequency: AlertFrequency;
  status: AlertStatus;
  confirm_token_hash: string | null;
  confirm_expires_at: number | null;
  last_job_id: number;
  next_digest_at: number | null;
  last_digest_at: number | null;
  lease_until: number | null;
  created_at: number;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
  /** Failed digests in a row (0 once one goes through): their backoff (alerts/digest.ts). */
  digest_failures: number;
}

/** The lock row of the board's daily cap of confirmation e-mails (no address hashes to it). */
export const GLOBAL_LOCK = 'all-addresses';

/** The lock row of one address: its key's SHA-256 (so any address fits the column). */
const lockKeyOf = (key: string): string => createHash('sha256').update(key).digest('hex');

/** bigint columns come back as strings from some drivers: numbers here. */
function fromDb(row: AlertRow | undefined): AlertRow | undefined {
  if (!row) return undefined;
  const n = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    ...row,
    id: Number(row.id),
    last_job_id: Number(row.last_job_id),
    confirm_expires_at: n(row.confirm_expires_at),
    next_digest_at: n(row.next_digest_at),
    last_digest_at: n(row.last_digest_at),
    lease_until: n(row.lease_until),
    created_at: Number(row.created_at),
    confirmed_at: n(row.confirmed_at),
    unsubscribed_at: n(row.unsubscribed_at),
    digest_failures: Number(row.digest_failures ?? 0),
  };
}

/**
 * The `job_alerts` table: the only code that reads or writes it. A digest run takes an alert with
 * a conditional update (a lease, like the outbox's), so several API processes never send the
 * same digest twice.
 */
export class AlertsRepository {
  /**
   * Hold the lock of one address (its key), or of GLOBAL_LOCK, until the transaction ends: an
   * upsert of its row in alert_subscribe_locks, which PostgreSQL locks until commit (a second
   * transaction waits, then sees what the first committed); SQLite has one writer anyway.
   */
  async lock(trx: Db, key: string, now: Date): Promise<void> {
    const lockKey = key === GLOBAL_LOCK ? key : lockKeyOf(key);
    await trx('alert_subscribe_locks')
      .insert({ lock_key: lockKey, taken_at: now.getTime() })
      .onConflict('lock_key')
      .merge(['taken_at']);
  }

  /** The address's alert of this search that is not unsubscribed, if any. */
  async findLive(db: Db, key: string, search: string): Promise<AlertRow | undefined> {
    const row = await db<AlertRow>('job_alerts')
      .where({ email_key: key, search })
      .whereIn('status', ['pending', 'confirmed'])
      .orderBy('id', 'desc')
      .first();
    return fromDb(row);
  }

  /** The address's alerts that are not unsubscribed, newest first (a signed-in member's list). */
  async liveForEmail(db: Db, key: string): Promise<AlertRow[]> {
    const rows = await db<AlertRow>('job_alerts')
      .where({ email_key: key })
      .whereIn('status', ['pending', 'confirmed'])
      .orderBy('id', 'desc');
    return rows.map((row) => fromDb(row)!);
  }

  async findById(db: Db, id: number): Promise<AlertRow | undefined> {
    return fromDb(await db<AlertRow>('job_alerts').where({ id }).first());
  }

  async findByConfirmHash(db: Db, hash: string): Promise<AlertRow | undefined> {
    return fromDb(await db<AlertRow>('job_alerts').where({ confirm_token_hash: hash }).first());
  }

  /**
   * The alert of a manage or unsubscribe link, by its token's hash, while the link works (queued
   * at or after `issuedFrom`, epoch ms).
   */
  async findByLinkHash(db: Db, hash: string, issuedFrom: number): Promise<AlertRow | undefined> {
    const row = await db<AlertRow>('job_alerts')
      .join('job_alert_links', 'job_alert_links.alert_id', 'job_alerts.id')
      .where('job_alert_links.token_hash', hash)
      .andWhere('job_alert_links.created_at', '>=', issuedFrom)
      .first('job_alerts.*');
    return fromDb(row);
  }

  /** A new manage and unsubscribe link of an alert (the hash of its token), for one e-mail. */
  async insertLink(db: Db, alertId: number, tokenHash: string, at: number): Promise<void> {
    await db('job_alert_links').insert({
      token_hash: tokenHash,
      alert_id: alertId,
      created_at: at,
    });
  }

  /**
   * Delete at most `limit` alert links queued before `before` (they stopped working then); how
   * many went. The retention run calls it until fewer than `limit` go.
   */
  async deleteLinksBefore(db: Db, before: number, limit: number): Promise<number> {
    return db('job_alert_links')
      .whereIn(
        'token_hash',
        db('job_alert_links')
          .select('token_hash')
          .where('created_at', '<', before)
          .orderBy('token_hash')
          .limit(limit),
      )
      .del();
  }

  // ---- data links (alert_data_links): download or delete an address's data ----------------

  async insertDataLink(
    db: Db,
    link: { tokenHash: string; emailKey: string; createdAt: number; expiresAt: number },
  ): Promise<void> {
    await db('alert_data_links').insert({
      token_hash: link.tokenHash,
      email_key: link.emailKey,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
    });
  }

  /**
   * Take a data link: it is deleted by the one request that gets it (so it works once), while it
   * has not expired. The address it was sent to, or, for a link not taken, whether it had
   * expired (else it was used already, or never existed).
   */
  async consumeDataLink(
    db: Db,
    tokenHash: string,
    now: number,
  ): Promise<{ emailKey: string } | { expired: boolean }> {
    const link: { email_key: string; expires_at: number | string } | undefined = await db(
      'alert_data_links',
    )
      .where({ token_hash: tokenHash })
      .first('email_key', 'expires_at');
    if (!link) return { expired: false };
    if (Number(link.expires_at) <= now) return { expired: true };
    const taken = await db('alert_data_links')
      .where({ token_hash: tokenHash })
      .andWhere('expires_at', '>', now)
      .del();
    return taken > 0 ? { emailKey: link.email_key } : { expired: false };
  }

  /** Data links that expired before `before` (their address with them): deleted; how many. */
  async deleteDataLinksExpiredBefore(db: Db, before: number): Promise<number> {
    return db('alert_data_links').where('expires_at', '<', before).del();
  }

  async insert(db: Db, row: Omit<AlertRow, 'id'>): Promise<number> {
    const [inserted] = await db('job_alerts').insert(row).returning('id');
    return Number(typeof inserted === 'object' ? inserted.id : inserted);
  }

  /** Change an alert, only while it has one of `statuses`: false when it no longer has. */
  async update(
    db: Db,
    id: number,
    statuses: AlertStatus[],
    changes: Partial<Omit<AlertRow, 'id'>>,
  ): Promise<boolean> {
    const changed = await db('job_alerts')
      .where({ id })
      .whereIn('status', statuses)
      .update(changes);
    return changed > 0;
  }

  /**
   * When the most overdue digest fell due (epoch ms): the earliest `next_digest_at` of a confirmed
   * alert at or before `now`; null when no digest is due. The metrics' digest lag.
   */
  async oldestDueDigest(db: Db, now: Date): Promise<number | null> {
    const row: { oldest: number | string | null } | undefined = await db('job_alerts')
      .where('status', 'confirmed')
      .andWhere('next_digest_at', '<=', now.getTime())
      .first(db.raw('min(next_digest_at) AS oldest'));
    return row?.oldest == null ? null : Number(row.oldest);
  }

  async countConfirmed(db: Db): Promise<number> {
    const [row] = await db('job_alerts').where({ status: 'confirmed' }).count({ n: '*' });
    return Number(row?.n ?? 0);
  }

  /**
   * Confirmed alerts whose digest is due by `now` (every confirmed alert when `all`), after the
   * alert `afterId`, in id order: a run reads them a batch at a time.
   */
  async dueForDigest(
    db: Db,
    now: Date,
    options: { all: boolean; afterId: number; limit: number },
  ): Promise<AlertRow[]> {
    const query = db<AlertRow>('job_alerts')
      .where('status', 'confirmed')
      .andWhere('id', '>', options.afterId)
      .orderBy('id')
      .limit(options.limit);
    if (!options.all) query.andWhere('next_digest_at', '<=', now.getTime());
    return (await query).map((row) => fromDb(row)!);
  }

  /**
   * Take the alert for one digest until `leaseUntil`; false when another run has it or has sent
   * its digest since it was read (the row no longer is as it was: its cursor or last digest
   * moved), or it was unsubscribed.
   */
  async claimForDigest(db: Db, row: AlertRow, now: Date, leaseUntil: number): Promise<boolean> {
    const query = db('job_alerts')
      .where({ id: row.id, status: 'confirmed', last_job_id: row.last_job_id })
      .andWhere((q) => q.whereNull('lease_until').orWhere('lease_until', '<=', now.getTime()));
    if (row.last_digest_at === null) query.whereNull('last_digest_at');
    else query.andWhere('last_digest_at', row.last_digest_at);
    return (await query.update({ lease_until: leaseUntil })) > 0;
  }

  /**
   * Record a digest (sent or, with no new jobs, not needed) and let go of the alert, in the
   * transaction that queues its e-mail; false when the lease was lost or the alert unsubscribed
   * meanwhile (then nothing must be sent).
   */
  async completeDigest(
    db: Db,
    id: number,
    leaseUntil: number,
    changes: { last_job_id: number; last_digest_at: number; next_digest_at: number },
  ): Promise<boolean> {
    const changed = await db('job_alerts')
      .where({ id, status: 'confirmed', lease_until: leaseUntil })
      .update({ ...changes, lease_until: null, digest_failures: 0 });
    return changed > 0;
  }

  /**
   * A digest failed: the alert is let go, due again at `retryAt`, with one more failure counted
   * (its cursor stays, so the next attempt sends the same jobs and any newer).
   */
  async failDigest(db: Db, id: number, leaseUntil: number, retryAt: number): Promise<void> {
    await db('job_alerts')
      .where({ id, lease_until: leaseUntil })
      .update({
        lease_until: null,
        next_digest_at: retryAt,
        digest_failures: db.raw('digest_failures + 1'),
      });
  }

  /**
   * Delete at most `limit` alerts still pending (never confirmed) that were asked for before
   * `before` (epoch ms); how many went. The retention run calls it until fewer than `limit` go.
   */
  deletePendingBefore(db: Db, before: number, limit: number): Promise<number> {
    return this.deleteInStateBefore(db, 'pending', 'created_at', before, limit);
  }

  /**
   * Delete at most `limit` alerts unsubscribed before `before` (epoch ms), with their links; how
   * many went. An unsubscribed alert sends nothing and is kept for nothing.
   */
  deleteUnsubscribedBefore(db: Db, before: number, limit: number): Promise<number> {
    return this.deleteInStateBefore(db, 'unsubscribed', 'unsubscribed_at', before, limit);
  }

  private async deleteInStateBefore(
    db: Db,
    status: AlertStatus,
    since: 'created_at' | 'unsubscribed_at',
    before: number,
    limit: number,
  ): Promise<number> {
    return db('job_alerts')
      .whereIn(
        'id',
        db('job_alerts')
          .select('id')
          .where('status', status)
          .andWhere(since, '<', before)
          .orderBy('id')
          .limit(limit),
      )
      .del();
  }

  /** Every address that has an alert (in any state), as its lock key (what `lock` writes). */
  async lockKeysWithAlerts(db: Db): Promise<Set<string>> {
    const rows: { email_key: string }[] = await db('job_alerts').distinct('email_key');
    return new Set(rows.map((row) => lockKeyOf(row.email_key)));
  }

  /**
   * Of the address locks last taken before `before` and after `afterKey` (in key order), at most
   * `limit`: the retention run reads them a batch at a time. GLOBAL_LOCK is never among them.
   */
  async idleLocks(db: Db, before: number, afterKey: string, limit: number): Promise<string[]> {
    const rows: { lock_key: string }[] = await db('alert_subscribe_locks')
      .where('taken_at', '<', before)
      .andWhere('lock_key', '>', afterKey)
      .andWhereNot('lock_key', GLOBAL_LOCK)
      .orderBy('lock_key')
      .limit(limit)
      .select('lock_key');
    return rows.map((row) => row.lock_key);
  }

  /**
   * Delete these address locks, each only while it is still idle (not taken since `before`: a
   * subscription that took it meanwhile keeps it); how many went.
   */
  async deleteLocks(db: Db, keys: string[], before: number): Promise<number> {
    if (!keys.length) return 0;
    return db('alert_subscribe_locks')
      .whereIn('lock_key', keys)
      .andWhere('taken_at', '<', before)
      .andWhereNot('lock_key', GLOBAL_LOCK)
      .del();
  }

  /** Every alert of an address (any state), oldest first: what a subscriber's data export holds. */
  async allForEmail(db: Db, key: string): Promise<AlertRow[]> {
    const rows = await db<AlertRow>('job_alerts').where({ email_key: key }).orderBy('id');
    return rows.map((row) => fromDb(row)!);
  }

  /** Delete one alert (its links go with it); whether it was there. */
  async deleteOne(db: Db, id: number): Promise<boolean> {
    return (await db('job_alerts').where({ id }).del()) > 0;
  }

  /** Delete every alert of an address (their links go with them), and its lock; how many alerts went. */
  async deleteAllForEmail(db: Db, key: string): Promise<number> {
    const deleted = await db('job_alerts').where({ email_key: key }).del();
    await db('alert_subscribe_locks')
      .where({ lock_key: lockKeyOf(key) })
      .del();
    return deleted;
  }
}
