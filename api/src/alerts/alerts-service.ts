import { DAY_MS, emailKey } from '@jobboard/contract/common';
import {
  ALERT_FREQUENCIES,
  ALERT_LIMITS,
  ALERT_MESSAGES,
  describeSearch,
  normaliseAlertSearch,
  type AlertDataExport,
  type AlertFrequency,
  type AlertRecord,
  type KnownSearchLabels,
  type AlertSubscription,
  type AlertView,
  type MemberAlerts,
} from '@jobboard/contract/alerts';
import { filterFromQueryString } from '@jobboard/contract/jobs';
import type { Knex } from 'knex';
import { Gone, Invalid, NotFound, TooMany } from '../platform/domain-errors';
import type { PublicReads } from '../jobs';
import { ALERT_CONFIRM_TEMPLATE, alertConfirmationEmail, type Outbox } from '../mail';
import { windowMs, type RateLimit } from '../platform/rate-limits';
import { GLOBAL_LOCK, type AlertRow, type AlertsRepository } from './alerts-repository';
import {
  ALERT_LINK_DAYS,
  alertUrls,
  hashAlertToken,
  isAlertToken,
  newAlertToken,
} from './alert-tokens';

const HOUR_MS = 60 * 60_000;

/** How long after one digest the next is due. */
export const digestPeriodMs = (frequency: AlertFrequency): number =>
  ALERT_FREQUENCIES.find((f) => f.value === frequency)!.days * DAY_MS;

/** The board's address of a stored search ('' is every job: the board itself). */
export const searchUrl = (publicUrl: string, search: string): string => `${publicUrl}/${search}`;

/**
 * The words every alert e-mail and page gives a stored search: the board's own labels only, the
 * caller's query cut short and without links or line breaks (describeSearch of the contract).
 */
export const alertDescription = (search: string, known: KnownSearchLabels): string =>
  describeSearch(filterFromQueryString(search), known);

/**
 * A new manage and unsubscribe link of an alert, for the one e-mail that carries it (in that
 * e-mail's transaction): its token, of which only the hash is stored.
 */
export async function issueAlertLink(
  db: Knex,
  alerts: Pick<AlertsRepository, 'insertLink'>,
  alertId: number,
  now: Date,
): Promise<string> {
  const token = newAlertToken();
  await alerts.insertLink(db, alertId, hashAlertToken(token), now.getTime());
  return token;
}

/** The oldest a manage or unsubscribe link may be, at `now`, and still work. */
export const linksIssuedFrom = (now: Date): number => now.getTime() - ALERT_LINK_DAYS * DAY_MS;

const isoOrNull = (at: number | null) => (at === null ? null : new Date(at).toISOString());

export function alertView(row: AlertRow, known: KnownSearchLabels): AlertView {
  return {
    email: row.email,
    search: row.search,
    description: alertDescription(row.search, known),
    frequency: row.frequency,
    status: row.status,
    confirmedAt: isoOrNull(row.confirmed_at),
  };
}

/**
 * An alert as a data export holds it: what is stored about it, but its link tokens. Its view and
 * more, in the export's order (created before confirmed).
 */
export function alertRecord(row: AlertRow, known: KnownSearchLabels): AlertRecord {
  const { confirmedAt, ...view } = alertView(row, known);
  return {
    ...view,
    createdAt: new Date(row.created_at).toISOString(),
    confirmedAt,
    unsubscribedAt: isoOrNull(row.unsubscribed_at),
    lastDigestAt: isoOrNull(row.last_digest_at),
  };
}

/**
 * Job alerts (issue 17): any board search followed by e-mail, with double opt-in; each alert's own
 * links (confirm, manage, unsubscribe) work without signing in, and a signed-in member sees the
 * alerts of their address. The digests are sent by digest.ts.
 */
export class AlertsService {
  constructor(
    private readonly db: Knex,
    private readonly alerts: AlertsRepository,
    private readonly jobs: Pick<PublicReads, 'latestId' | 'searchLabels'>,
    private readonly outbox: Pick<Outbox, 'enqueue' | 'queuedSince'>,
    private readonly site: { publicUrl: string; boardName: string },
    /** Confirmation e-mails: per address and for the whole board (platform/rate-limits.ts). */
    private readonly limits: { perAddress: RateLimit; board: RateLimit },
    private readonly clock: () => Date,
  ) {}

  private async viewOf(row: AlertRow): Promise<AlertView> {
    return alertView(row, await this.jobs.searchLabels(this.clock()));
  }

  /**
   * 'Get these jobs by e-mail': store the alert unconfirmed and queue the confirmation e-mail
   * (double opt-in; nothing else is ever sent before it is confirmed). Asking again for the same
   * search while unconfirmed sends a fresh link (the old one stops working); for a search the
   * address already follows nothing is sent. The answer is the same either way, so it never tells
   * whether an address is subscribed. Confirmation e-mails are limited to one address
   * (alertConfirmationsPerAddress) and to all addresses together (alertConfirmations, set by
   * ALERT_CONFIRMATIONS_PER_DAY): TooMany, with when the next is allowed; nothing saved. Both are
   * counted under a lock (the address's, then the board's row of alert_subscribe_locks), so
   * requests at the same time, in any number of processes, cannot pass a cap together.
   */
  async subscribe(input: AlertSubscription, now: Date): Promise<string> {
    const { db, alerts, outbox } = this;
    const { publicUrl, boardName } = this.site;
    const email = input.email.trim();
    const search = normaliseAlertSearch(input.search);
    if (search.length > ALERT_LIMITS.search) throw new Invalid({ search: ALERT_MESSAGES.search });

    const known = await this.jobs.searchLabels(now);
    await db.transaction(async (trx) => {
      await alerts.lock(trx, emailKey(email), now);
      const { perAddress, board } = this.limits;
      const windowStart = new Date(now.getTime() - windowMs(perAddress));
      const sent = await outbox.queuedSince(trx, ALERT_CONFIRM_TEMPLATE, windowStart, email);
      if (sent.count >= perAddress.max) {
        const retryAfterMs = sent.oldest!.getTime() + windowMs(perAddress) - now.getTime();
        throw new TooMany(
          ALERT_MESSAGES.tooManyForAddress(Math.max(1, Math.ceil(retryAfterMs / 60_000))),
          retryAfterMs / 1000,
        );
      }
      const existing = await alerts.findLive(trx, emailKey(email), search);
      if (existing?.status === 'confirmed') return;

      // Always after the address's lock (one order: no deadlock), held to the commit.
      await alerts.lock(trx, GLOBAL_LOCK, now);
      const today = await outbox.queuedSince(
        trx,
        ALERT_CONFIRM_TEMPLATE,
        new Date(now.getTime() - windowMs(board)),
      );
      if (today.count >= board.max) {
        throw new TooMany(
          ALERT_MESSAGES.dailyCapReached,
          Math.max(1, (today.oldest!.getTime() + windowMs(board) - now.getTime()) / 1000),
        );
      }
      const token = newAlertToken();
      const confirmation = {
        confirm_token_hash: hashAlertToken(token),
        confirm_expires_at: now.getTime() + ALERT_LIMITS.confirmHours * HOUR_MS,
      };
      let alertId = existing?.id;
      if (existing) {
        await alerts.update(trx, existing.id, ['pending'], {
          ...confirmation,
          email,
          frequency: input.frequency,
        });
      } else {
        alertId = await alerts.insert(trx, {
          email,
          email_key: emailKey(email),
          search,
          frequency: input.frequency,
          status: 'pending',
          ...confirmation,
          last_job_id: 0,
          next_digest_at: null,
          last_digest_at: null,
          lease_until: null,
          created_at: now.getTime(),
          confirmed_at: null,
          unsubscribed_at: null,
          digest_failures: 0,
        });
      }
      // Its cancel link is the e-mail's own: one alert, and only while the link works.
      const manageToken = await issueAlertLink(trx, alerts, alertId!, now);
      await outbox.enqueue(
        trx,
        alertConfirmationEmail({
          to: email,
          description: alertDescription(search, known),
          frequency: input.frequency,
          confirmUrl: alertUrls(publicUrl).confirm(token),
          unsubscribeUrl: alertUrls(publicUrl).unsubscribe(manageToken),
          boardName,
        }),
        now,
      );
    });
    return ALERT_MESSAGES.checkInbox(email);
  }

  /**
   * The confirmation link: the alert starts, with the jobs posted from now on (the ones on the board
   * already are not news). A link works once and for ALERT_LIMITS.confirmHours: NotFound for a link
   * that names nothing, Gone for one used or expired.
   */
  async confirm(token: string, now: Date): Promise<AlertView> {
    const { db, alerts } = this;
    const row = isAlertToken(token)
      ? await alerts.findByConfirmHash(db, hashAlertToken(token))
      : undefined;
    if (!row) throw new NotFound(ALERT_MESSAGES.confirmInvalid);
    if (row.status !== 'pending') throw new Gone(ALERT_MESSAGES.confirmUsed);
    if (row.confirm_expires_at === null || now.getTime() >= row.confirm_expires_at) {
      throw new Gone(ALERT_MESSAGES.confirmExpired);
    }
    const changes = {
      status: 'confirmed' as const,
      confirmed_at: now.getTime(),
      last_job_id: await this.jobs.latestId(),
      next_digest_at: now.getTime() + digestPeriodMs(row.frequency),
    };
    // Conditional on 'pending': of two clicks at once, one confirms and the other is told it is used.
    if (!(await alerts.update(db, row.id, ['pending'], changes))) {
      throw new Gone(ALERT_MESSAGES.confirmUsed);
    }
    return this.viewOf({ ...row, ...changes });
  }

  /**
   * The alert of a manage / unsubscribe link (works without signing in: the link is the key, to
   * its one alert and nothing else), found by its token's hash while the link works.
   */
  private async byManageToken(token: string): Promise<AlertRow> {
    const row = isAlertToken(token)
      ? await this.alerts.findByLinkHash(
          this.db,
          hashAlertToken(token),
          linksIssuedFrom(this.clock()),
        )
      : undefined;
    if (!row) throw new NotFound(ALERT_MESSAGES.linkInvalid);
    return row;
  }

  async view(token: string): Promise<AlertView> {
    return this.viewOf(await this.byManageToken(token));
  }

  /**
   * A new frequency. The next digest is due one new period after the last one (or after the
   * confirmation). An unsubscribed alert stays so: following the search again starts from the board.
   */
  async changeFrequency(token: string, frequency: AlertFrequency): Promise<AlertView> {
    const row = await this.byManageToken(token);
    if (row.status === 'unsubscribed') throw new Gone(ALERT_MESSAGES.unsubscribed);
    const from = row.last_digest_at ?? row.confirmed_at;
    const changes = {
      frequency,
      ...(row.status === 'confirmed' && from !== null
        ? { next_digest_at: from + digestPeriodMs(frequency) }
        : {}),
    };
    await this.alerts.update(this.db, row.id, [row.status], changes);
    return this.viewOf({ ...row, ...changes });
  }

  /**
   * Unsubscribe (the page's button, or a mail client's one-click POST): nothing more is sent, at
   * once, even a digest being composed (its run checks the status in its own transaction). Doing it
   * twice is fine.
   */
  async unsubscribe(token: string, now: Date): Promise<AlertView> {
    const row = await this.byManageToken(token);
    if (row.status === 'unsubscribed') return this.viewOf(row);
    const changes = {
      status: 'unsubscribed' as const,
      unsubscribed_at: now.getTime(),
    };
    await this.alerts.update(this.db, row.id, ['pending', 'confirmed'], changes);
    return this.viewOf({ ...row, ...changes });
  }

  /**
   * The alerts a signed-in member receives: those of the address their membership is for (the
   * membership site has checked they own it, as a confirmation link would), however it was typed.
   */
  async memberAlerts(email: string): Promise<MemberAlerts> {
    const rows = await this.alerts.liveForEmail(this.db, emailKey(email));
    const known = await this.jobs.searchLabels(this.clock());
    return { alerts: rows.map((row) => ({ ...alertView(row, known), id: String(row.id) })) };
  }

  /**
   * A signed-in member removes one of their alerts: it is unsubscribed, as by its e-mail's link.
   * NotFound for an alert of another address (never said to exist) or one already removed.
   */
  async removeMemberAlert(email: string, id: number, now: Date): Promise<void> {
    const row = await this.alerts.findById(this.db, id);
    if (!row || row.email_key !== emailKey(email) || row.status === 'unsubscribed') {
      throw new NotFound(ALERT_MESSAGES.memberAlertNotFound);
    }
    const removed = await this.alerts.update(this.db, row.id, ['pending', 'confirmed'], {
      status: 'unsubscribed',
      unsubscribed_at: now.getTime(),
    });
    if (!removed) throw new NotFound(ALERT_MESSAGES.memberAlertNotFound);
  }

  // ---- Download and delete your data (docs/product.md#privacy) ---------------------------------

  /** Every alert of an address, in any state, as a data export holds it. */
  async recordsForEmail(email: string): Promise<AlertRecord[]> {
    const rows = await this.alerts.allForEmail(this.db, emailKey(email));
    const known = await this.jobs.searchLabels(this.clock());
    return rows.map((row) => alertRecord(row, known));
  }

  /** Delete every alert of an address (any state) and its lock; how many alerts went. */
  deleteForEmail(email: string): Promise<number> {
    return this.db.transaction((trx) => this.alerts.deleteAllForEmail(trx, emailKey(email)));
  }

  /**
   * 'Download my data' from an alert's link (deprecated: the data of an address needs a data link
   * e-mailed to it, data-links.ts): the link's one alert, as a data export holds it, and nothing
   * else of its address. A link forwarded with an e-mail reaches that alert and no further.
   */
  async exportByToken(token: string, now: Date): Promise<AlertDataExport> {
    const row = await this.byManageToken(token);
    return {
      exportedAt: now.toISOString(),
      email: row.email,
      alerts: [alertRecord(row, await this.jobs.searchLabels(now))],
      applications: [],
    };
  }

  /**
   * 'Delete my data' from an alert's link (deprecated, as exportByToken): the link's one alert is
   * deleted, with its links; the address's other alerts and applications stay.
   */
  async deleteByToken(token: string): Promise<{ alerts: number; applications: number }> {
    const row = await this.byManageToken(token);
    return { alerts: (await this.alerts.deleteOne(this.db, row.id)) ? 1 : 0, applications: 0 };
  }

  /** The confirmed alerts (the ones that send): the dashboard's number. */
  countConfirmed(): Promise<number> {
    return this.alerts.countConfirmed(this.db);
  }

  /**
   * How long the most overdue digest has been due (ms; 0 when none is): the digest lag of the
   * metrics. It grows when no digest run happens (scheduler off, `alerts:send` not in cron) or runs
   * fail, in any process, since it is read from the alerts themselves.
   */
  async digestLagMs(now: Date): Promise<number> {
    const oldest = await this.alerts.oldestDueDigest(this.db, now);
    return oldest === null ? 0 : Math.max(0, now.getTime() - oldest);
  }

  /**
   * Retention: delete the alerts never confirmed that were asked for before `before`, at most
   * `batch` per statement until none is left; how many went.
   */
  async deleteUnconfirmedBefore(before: Date, batch: number, keep: () => Promise<boolean>) {
    let deleted = 0;
    for (;;) {
      const n = await this.alerts.deletePendingBefore(this.db, before.getTime(), batch);
      deleted += n;
      if (n < batch || !(await keep())) return deleted;
    }
  }

  /**
   * Retention: delete the alerts unsubscribed before `before` (with their links), at most `batch`
   * per statement until none is left; how many went (docs/product.md#privacy: an alert is kept
   * until it is unsubscribed).
   */
  async deleteUnsubscribedBefore(before: Date, batch: number, keep: () => Promise<boolean>) {
    let deleted = 0;
    for (;;) {
      const n = await this.alerts.deleteUnsubscribedBefore(this.db, before.getTime(), batch);
      deleted += n;
      if (n < batch || !(await keep())) return deleted;
    }
  }

  /**
   * Retention: delete the alert links that no longer work (ALERT_LINK_DAYS after their e-mail)
   * and the data links expired before `now`; how many went.
   */
  async deleteExpiredLinks(now: Date, batch: number, keep: () => Promise<boolean>) {
    let deleted = await this.alerts.deleteDataLinksExpiredBefore(this.db, now.getTime());
    for (;;) {
      const n = await this.alerts.deleteLinksBefore(this.db, linksIssuedFrom(now), batch);
      deleted += n;
      if (n < batch || !(await keep())) return deleted;
    }
  }

  /**
   * Retention: delete the address locks (alert_subscribe_locks) of addresses that have no alert
   * left, untouched since `before` (a lock a subscription takes is written again); how many went.
   * The board's own row (its daily cap) stays.
   */
  async deleteIdleLocks(before: Date, batch: number, keep: () => Promise<boolean>) {
    const withAlerts = await this.alerts.lockKeysWithAlerts(this.db);
    let deleted = 0;
    let afterKey = '';
    for (;;) {
      const keys = await this.alerts.idleLocks(this.db, before.getTime(), afterKey, batch);
      afterKey = keys.at(-1) ?? afterKey;
      const orphans = keys.filter((key) => !withAlerts.has(key));
      deleted += await this.alerts.deleteLocks(this.db, orphans, before.getTime());
      if (keys.length < batch || !(await keep())) return deleted;
    }
  }
}
