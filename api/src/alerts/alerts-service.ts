import {
  ALERT_FREQUENCIES,
  ALERT_LIMITS,
  ALERT_MESSAGES,
  describeSearch,
  filterFromQueryString,
  normaliseAlertSearch,
  type AlertFrequency,
  type AlertSubscription,
  type AlertView,
  type MemberAlerts,
} from '@jobboard/contract';
import { Gone, Invalid, NotFound, TooMany } from '../domain-errors';
import { ALERT_CONFIRM_TEMPLATE, alertConfirmationEmail } from '../mail/alert-emails';
import type { ServiceContext } from '../service-context';
import { emailKey, type AlertRow } from './alerts-repository';
import { alertUrls, hashAlertToken, isAlertToken, newAlertToken } from './alert-tokens';

type AlertsContext = Pick<
  ServiceContext,
  'db' | 'alerts' | 'publicReads' | 'outbox' | 'now' | 'publicUrl' | 'boardName'
>;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** How long after one digest the next is due. */
export const digestPeriodMs = (frequency: AlertFrequency): number =>
  ALERT_FREQUENCIES.find((f) => f.value === frequency)!.days * DAY_MS;

/** The board's address of a stored search ('' is every job: the board itself). */
export const searchUrl = (publicUrl: string, search: string): string => `${publicUrl}/${search}`;

export function alertView(row: AlertRow): AlertView {
  return {
    email: row.email,
    search: row.search,
    description: describeSearch(filterFromQueryString(row.search)),
    frequency: row.frequency,
    status: row.status,
    confirmedAt: row.confirmed_at === null ? null : new Date(row.confirmed_at).toISOString(),
  };
}

/**
 * 'Get these jobs by e-mail': store the alert unconfirmed and queue the confirmation e-mail
 * (double opt-in; nothing else is ever sent before it is confirmed). Asking again for the same
 * search while unconfirmed sends a fresh link (the old one stops working); for a search the
 * address already follows nothing is sent. The answer is the same either way, so it never tells
 * whether an address is subscribed. At most ALERT_LIMITS.perAddressPerHour confirmation e-mails
 * go to one address in an hour (TooMany, with when the next is allowed).
 */
export async function subscribe(input: AlertSubscription, context: AlertsContext): Promise<string> {
  const { db, alerts, outbox, now } = context;
  const email = input.email.trim();
  const search = normaliseAlertSearch(input.search);
  if (search.length > ALERT_LIMITS.search) throw new Invalid({ search: ALERT_MESSAGES.search });

  await db.transaction(async (trx) => {
    const windowStart = new Date(now.getTime() - HOUR_MS);
    const sent = await outbox.queuedSince(trx, ALERT_CONFIRM_TEMPLATE, windowStart, email);
    if (sent.count >= ALERT_LIMITS.perAddressPerHour) {
      const retryAfterMs = sent.oldest!.getTime() + HOUR_MS - now.getTime();
      throw new TooMany(
        ALERT_MESSAGES.tooManyForAddress(Math.max(1, Math.ceil(retryAfterMs / 60_000))),
        retryAfterMs / 1000,
      );
    }
    const existing = await alerts.findLive(trx, emailKey(email), search);
    if (existing?.status === 'confirmed') return;

    const token = newAlertToken();
    const confirmation = {
      confirm_token_hash: hashAlertToken(token),
      confirm_expires_at: now.getTime() + ALERT_LIMITS.confirmHours * HOUR_MS,
    };
    const manageToken = existing?.manage_token ?? newAlertToken();
    if (existing) {
      await alerts.update(trx, existing.id, ['pending'], {
        ...confirmation,
        email,
        frequency: input.frequency,
      });
    } else {
      await alerts.insert(trx, {
        email,
        email_key: emailKey(email),
        search,
        frequency: input.frequency,
        status: 'pending',
        ...confirmation,
        manage_token: manageToken,
        last_job_id: 0,
        next_digest_at: null,
        last_digest_at: null,
        lease_until: null,
        created_at: now.getTime(),
        confirmed_at: null,
        unsubscribed_at: null,
      });
    }
    await outbox.enqueue(
      trx,
      alertConfirmationEmail({
        to: email,
        description: describeSearch(filterFromQueryString(search)),
        frequency: input.frequency,
        searchUrl: searchUrl(context.publicUrl, search),
        confirmUrl: alertUrls(context.publicUrl).confirm(token),
        unsubscribeUrl: alertUrls(context.publicUrl).unsubscribe(manageToken),
        boardName: context.boardName,
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
export async function confirm(token: string, context: AlertsContext): Promise<AlertView> {
  const { db, alerts, publicReads, now } = context;
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
    last_job_id: await publicReads.latestId(),
    next_digest_at: now.getTime() + digestPeriodMs(row.frequency),
  };
  // Conditional on 'pending': of two clicks at once, one confirms and the other is told it is used.
  if (!(await alerts.update(db, row.id, ['pending'], changes))) {
    throw new Gone(ALERT_MESSAGES.confirmUsed);
  }
  return alertView({ ...row, ...changes });
}

/** The alert of a manage / unsubscribe link (works without signing in: the link is the key). */
async function byManageToken(token: string, context: AlertsContext): Promise<AlertRow> {
  const row = isAlertToken(token)
    ? await context.alerts.findByManageToken(context.db, token)
    : undefined;
  if (!row) throw new NotFound(ALERT_MESSAGES.linkInvalid);
  return row;
}

export async function viewAlert(token: string, context: AlertsContext): Promise<AlertView> {
  return alertView(await byManageToken(token, context));
}

/**
 * A new frequency. The next digest is due one new period after the last one (or after the
 * confirmation). An unsubscribed alert stays so: following the search again starts from the board.
 */
export async function changeFrequency(
  token: string,
  frequency: AlertFrequency,
  context: AlertsContext,
): Promise<AlertView> {
  const row = await byManageToken(token, context);
  if (row.status === 'unsubscribed') throw new Gone(ALERT_MESSAGES.unsubscribed);
  const from = row.last_digest_at ?? row.confirmed_at;
  const changes = {
    frequency,
    ...(row.status === 'confirmed' && from !== null
      ? { next_digest_at: from + digestPeriodMs(frequency) }
      : {}),
  };
  await context.alerts.update(context.db, row.id, [row.status], changes);
  return alertView({ ...row, ...changes });
}

/**
 * Unsubscribe (the page's button, or a mail client's one-click POST): nothing more is sent, at
 * once, even a digest being composed (its run checks the status in its own transaction). Doing it
 * twice is fine.
 */
export async function unsubscribe(token: string, context: AlertsContext): Promise<AlertView> {
  const row = await byManageToken(token, context);
  if (row.status === 'unsubscribed') return alertView(row);
  const changes = {
    status: 'unsubscribed' as const,
    unsubscribed_at: context.now.getTime(),
  };
  await context.alerts.update(context.db, row.id, ['pending', 'confirmed'], changes);
  return alertView({ ...row, ...changes });
}

/**
 * The alerts a signed-in member receives: those of the address their membership is for (the
 * membership site has checked they own it, as a confirmation link would), however it was typed.
 */
export async function memberAlerts(email: string, context: AlertsContext): Promise<MemberAlerts> {
  const rows = await context.alerts.liveForEmail(context.db, emailKey(email));
  return { alerts: rows.map((row) => ({ ...alertView(row), id: String(row.id) })) };
}

/**
 * A signed-in member removes one of their alerts: it is unsubscribed, as by its e-mail's link.
 * NotFound for an alert of another address (never said to exist) or one already removed.
 */
export async function removeMemberAlert(
  email: string,
  id: number,
  context: AlertsContext,
): Promise<void> {
  const row = await context.alerts.findById(context.db, id);
  if (!row || row.email_key !== emailKey(email) || row.status === 'unsubscribed') {
    throw new NotFound(ALERT_MESSAGES.memberAlertNotFound);
  }
  const removed = await context.alerts.update(context.db, row.id, ['pending', 'confirmed'], {
    status: 'unsubscribed',
    unsubscribed_at: context.now.getTime(),
  });
  if (!removed) throw new NotFound(ALERT_MESSAGES.memberAlertNotFound);
}
