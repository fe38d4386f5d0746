import {
  AdminSettings,
  DEFAULT_SETTINGS,
  type AdminSettingsUpdate,
} from '@jobboard/contract/employer';
import type { Struct } from 'superstruct';
import type { Db } from '../platform/db/knex';

interface SettingRow {
  key: string;
  value: string;
  updated_by: string;
  updated_at: number | string;
}

type SettingKey = keyof AdminSettings;
const KEYS = Object.keys(DEFAULT_SETTINGS) as SettingKey[];

/**
 * The admins' settings (`settings`: one row per key, its value as JSON). A key never saved, or
 * saved by a release whose value this one cannot read, has its default (DEFAULT_SETTINGS).
 */
export class SettingsRepository {
  async all(db: Db): Promise<AdminSettings> {
    const rows = await db<SettingRow>('settings').whereIn('key', KEYS);
    const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
    for (const row of rows) {
      const key = row.key as SettingKey;
      const value: unknown = parseJson(row.value);
      // Only a value this release's check takes (a list of ages as much as a switch).
      if ((AdminSettings.schema[key] as Struct<unknown>).is(value)) settings[key] = value;
    }
    return settings as AdminSettings;
  }

  /** Save the settings given (the others stay), by `actor`; answers every setting. */
  async update(
    db: Db,
    update: AdminSettingsUpdate,
    actor: string,
    now: Date,
  ): Promise<AdminSettings> {
    for (const key of KEYS) {
      const value = update[key];
      if (value === undefined) continue;
      await db<SettingRow>('settings')
        .insert({ key, value: JSON.stringify(value), updated_by: actor, updated_at: now.getTime() })
        .onConflict('key')
        .merge(['value', 'updated_by', 'updated_at']);
    }
    return this.all(db);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
