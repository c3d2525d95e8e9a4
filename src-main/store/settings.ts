// Station-wide settings as JSON values by name, e.g. the label printer and its format.
import type { Db } from './database.ts';

export interface SettingsTable {
  /** The value as stored: the caller knows its shape. */
  get(name: string): unknown;
  set(name: string, value: unknown): void;
}

export function settingsTable(db: Db, now: () => string): SettingsTable {
  const select = db.prepare<[string], string>('SELECT value FROM station_settings WHERE name = ?').pluck();
  const upsert = db.prepare(
    `INSERT INTO station_settings (name, value, updated_at) VALUES (@name, @value, @now)
     ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  return {
    get: (name) => {
      const value = select.get(name);
      return value === undefined ? undefined : (JSON.parse(value) as unknown);
    },
    set: (name, value) => {
      upsert.run({ name, value: JSON.stringify(value), now: now() });
    },
  };
}
