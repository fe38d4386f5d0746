import type { AdminSettings, AdminSettingsUpdate } from '@jobboard/contract/employer';
import type { Knex } from 'knex';
import type { SettingsRepository } from './settings-repository';

/** The admins' settings as the other domains and the routes ask for them. */
export class Settings {
  constructor(
    private readonly db: Knex,
    private readonly repository: SettingsRepository,
  ) {}

  /** Every setting (a setting never saved has its default). */
  all(): Promise<AdminSettings> {
    return this.repository.all(this.db);
  }

  /** Save the settings given, by `actor` ('admin:<username>'); answers every setting. */
  update(update: AdminSettingsUpdate, actor: string, now: Date): Promise<AdminSettings> {
    return this.repository.update(this.db, update, actor, now);
  }
}
