import type { AdminSettings, AdminSettingsUpdate } from '@jobboard/contract/employer';
import type { Knex } from 'knex';
import type { Db } from '../platform/db/knex';
import type { SettingsRepository } from './settings-repository';

/**
 * What follows a change of the settings, in its transaction: a domain whose data depends on a
 * setting (the jobs domain holds back listings without pay when `requirePay` is on) registers one.
 */
export type SettingsListener = (
  trx: Knex.Transaction,
  change: { before: AdminSettings; after: AdminSettings; actor: string; now: Date },
) => Promise<void>;

/** The admins' settings as the other domains and the routes ask for them. */
export class Settings {
  private readonly listeners: SettingsListener[] = [];

  constructor(
    private readonly db: Knex,
    private readonly repository: SettingsRepository,
  ) {}

  /** Every setting (a setting never saved has its default); `db`: a transaction reads its own. */
  all(db: Db = this.db): Promise<AdminSettings> {
    return this.repository.all(db);
  }

  /** Run `listener` in the transaction of every change of the settings. */
  onChange(listener: SettingsListener): void {
    this.listeners.push(listener);
  }

  /**
   * Save the settings given, by `actor` ('admin:<username>'), with what follows from them (the
   * listeners), in one transaction; answers every setting.
   */
  update(update: AdminSettingsUpdate, actor: string, now: Date): Promise<AdminSettings> {
    return this.db.transaction(async (trx) => {
      const before = await this.repository.all(trx);
      const after = await this.repository.update(trx, update, actor, now);
      for (const listener of this.listeners) await listener(trx, { before, after, actor, now });
      return after;
    });
  }
}
