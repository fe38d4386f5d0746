import { createHash } from 'node:crypto';
import { emailKey } from '@jobboard/contract/common';
import { ALERT_LIMITS, ALERT_MESSAGES, type AlertDataExport } from '@jobboard/contract/alerts';
import type { Knex } from 'knex';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ApplicationsUpkeep } from '../applications';
import { dataLinkEmail, type Outbox } from '../mail';
import type { ReporterData } from '../reports';
import { Gone, NotFound, TooMany } from '../platform/domain-errors';
import type { AlertsRepository } from './alerts-repository';
import type { AlertsService } from './alerts-service';
import { alertUrls, hashAlertToken, isAlertToken, newAlertToken } from './alert-tokens';

const MINUTE_MS = 60_000;

export interface DataLinksCollaborators {
  db: Knex;
  alerts: AlertsRepository;
  /** An address's alerts, as a data export holds them, and their deletion. */
  addressAlerts: Pick<AlertsService, 'recordsForEmail' | 'deleteForEmail'>;
  /** The applications sent from an address: in its data export, and deleted with its alerts. */
  applications: Pick<ApplicationsUpkeep, 'recordsForEmail' | 'deleteForEmail'>;
  /** The reports of listings sent with an address: in its export; its deletion forgets them. */
  reports: Pick<ReporterData, 'recordsForEmail' | 'forgetEmail'>;
  outbox: Pick<Outbox, 'enqueue'>;
  site: { publicUrl: string; boardName: string };
  /** Data links asked for one address (dataLinksPerAddress, counted per address hash). */
  addressLimiter: RateLimiterAbstract;
}

/**
 * Download and delete everything the board keeps about an e-mail address without an account
 * (docs/product.md#privacy; issue 43, finding 7): the address is e-mailed a link, which works
 * once, for ALERT_LIMITS.dataLinkMinutes. Before, any alert's manage link did it, so whoever got
 * one digest forwarded could read and delete every alert and application of its reader. A
 * signed-in member has their own (members/), by their session.
 */
export class DataLinks {
  constructor(private readonly c: DataLinksCollaborators) {}

  /**
   * 'E-mail me a link': the same answer for any address. Only an address the board keeps
   * something about (an alert in any state, an application, a report of a listing) is sent one; the others get
   * nothing, so the board cannot be used to mail strangers. Limited per address
   * (dataLinksPerAddress), counted whether or not it has data (so the limit tells nothing either).
   */
  async request(given: string, now: Date): Promise<string> {
    const email = given.trim();
    const key = emailKey(email);
    await this.countAddress(key);
    const known =
      (await this.c.addressAlerts.recordsForEmail(key)).length > 0 ||
      (await this.c.applications.recordsForEmail(key)).length > 0 ||
      (await this.c.reports.recordsForEmail(key, now)).length > 0;
    if (known) {
      const token = newAlertToken();
      await this.c.db.transaction(async (trx) => {
        await this.c.alerts.insertDataLink(trx, {
          tokenHash: hashAlertToken(token),
          emailKey: key,
          createdAt: now.getTime(),
          expiresAt: now.getTime() + ALERT_LIMITS.dataLinkMinutes * MINUTE_MS,
        });
        await this.c.outbox.enqueue(
          trx,
          dataLinkEmail({
            to: email,
            dataUrl: alertUrls(this.c.site.publicUrl).data(token),
            boardName: this.c.site.boardName,
          }),
          now,
        );
      });
    }
    return ALERT_MESSAGES.dataLinkRequested(email);
  }

  private async countAddress(key: string): Promise<void> {
    try {
      await this.c.addressLimiter.consume(createHash('sha256').update(key).digest('hex'));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new TooMany(ALERT_MESSAGES.tooManyDataLinks(Math.ceil(seconds / 60)), seconds);
    }
  }

  /**
   * The address of a data link, which is spent by this one call: NotFound for one used or
   * unknown, Gone for one expired.
   */
  private async spend(token: string, now: Date): Promise<string> {
    if (!isAlertToken(token)) throw new NotFound(ALERT_MESSAGES.dataLinkInvalid);
    const taken = await this.c.alerts.consumeDataLink(
      this.c.db,
      hashAlertToken(token),
      now.getTime(),
    );
    if ('emailKey' in taken) return taken.emailKey;
    if (taken.expired) throw new Gone(ALERT_MESSAGES.dataLinkExpired);
    throw new NotFound(ALERT_MESSAGES.dataLinkInvalid);
  }

  /**
   * 'Download my data' from a data link: every alert of its address (any state), its
   * applications, its reports of listings.
   */
  async export(token: string, now: Date): Promise<AlertDataExport> {
    const key = await this.spend(token, now);
    return {
      exportedAt: now.toISOString(),
      email: key,
      alerts: await this.c.addressAlerts.recordsForEmail(key),
      applications: await this.c.applications.recordsForEmail(key),
      reports: await this.c.reports.recordsForEmail(key, now),
    };
  }

  /**
   * 'Delete my data' from a data link: every application sent from its address, the address and
   * note of its reports of listings (the reports stay), then every alert of it; how many of each.
   */
  async delete(
    token: string,
    now: Date,
  ): Promise<{ alerts: number; applications: number; reports: number }> {
    const key = await this.spend(token, now);
    const applications = await this.c.applications.deleteForEmail(key);
    const reports = await this.c.reports.forgetEmail(key);
    return { alerts: await this.c.addressAlerts.deleteForEmail(key), applications, reports };
  }
}
