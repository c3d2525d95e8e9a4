// Station-wide settings as JSON values by name (e.g. the label printer and its format), and per-station carrier
// settings that override a rate card without editing it (today, the fuel surcharge). Where desks share the
// database, a change tells every desk to forget what it kept of them (postgres/settings-cache.ts).
import type { NewStationEvent } from '../domain/event.ts';
import { appendEvent } from './events.ts';
import { CARRIER_SETTINGS } from './postgres/settings-channel.ts';
import type { Sql } from './sql/executor.ts';
import type { TableContext, TableGroup } from './table-group.ts';

export interface SettingReads {
  /** The value as stored: the caller knows its shape. */
  get(name: string): Promise<unknown>;
}

export interface SettingWrites {
  set(name: string, value: unknown): Promise<void>;
  /**
   * Saves a value and appends an event in one transaction: a note that the event was written (the watched orders
   * folder's announcement of a file) commits exactly when the event does.
   */
  setWithEvent(name: string, value: unknown, event: NewStationEvent): Promise<void>;
  /**
   * Compare-and-set: saves `value` only while the stored value is still `expected` (undefined: none is stored), so a
   * read-modify-write of a value that several requests or desks change loses no update. `written` says whether it
   * saved; when not, `now` is the value stored now (undefined: none), for the caller to apply its change to again.
   */
  setIf(name: string, expected: unknown, value: unknown): Promise<{ written: boolean; now?: unknown }>;
  /** Forgets a value; nothing when there is none. */
  remove(name: string): Promise<void>;
}

export interface CarrierSettingReads {
  /** Every fuel surcharge set, by choice code. */
  fuelSurcharges(): Promise<Map<string, number>>;
}

export interface CarrierSettingWrites {
  setFuelSurcharge(choiceCode: string, percent: number): Promise<void>;
}

/** Writes a change and tells the other desks of it when it commits. */
/**
 * Saves one value under its key in a table of settings (made at the first save), and tells the other desks of the
 * change (`what`) when it commits.
 */
const saved = (sql: Sql, place: { table: string; key: string; column: string }, key: string, value: unknown, at: string, what: string) =>
  sql.tx(async (tx) => {
    await tx.run(
      `INSERT INTO ${place.table} (${place.key}, ${place.column}, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (${place.key}) DO UPDATE SET ${place.column} = excluded.${place.column}, updated_at = excluded.updated_at`,
      [key, value, at],
    );
    if (tx.dialect.settingsChanged) await tx.run(tx.dialect.settingsChanged, [what]);
  });

export const settings: TableGroup<SettingReads, SettingWrites> = {
  reads: (sql) => ({
    get: async (name) => {
      const row = await sql.one<{ value: string }>('SELECT value FROM station_settings WHERE name = $1', [name]);
      return row === undefined ? undefined : (JSON.parse(row.value) as unknown);
    },
  }),
  writes: (sql, { now }: TableContext) => ({
    set: (name, value) => saved(sql, { table: 'station_settings', key: 'name', column: 'value' }, name, JSON.stringify(value), now(), name),
    setWithEvent: (name, value, event) =>
      sql.tx(async (tx) => {
        const at = now();
        appendEvent(tx, event, at);
        await saved(tx, { table: 'station_settings', key: 'name', column: 'value' }, name, JSON.stringify(value), at, name);
      }),
    setIf: (name, expected, value) =>
      sql.tx(async (tx) => {
        const [text, at] = [JSON.stringify(value), now()];
        // The stored text is what JSON.stringify made of the value read back from it, so equal values compare equal.
        const written =
          expected === undefined
            ? await tx.run('INSERT INTO station_settings (name, value, updated_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING', [
                name,
                text,
                at,
              ])
            : await tx.run('UPDATE station_settings SET value = $2, updated_at = $3 WHERE name = $1 AND value = $4', [
                name,
                text,
                at,
                JSON.stringify(expected),
              ]);
        if (written > 0) {
          if (tx.dialect.settingsChanged) await tx.run(tx.dialect.settingsChanged, [name]);
          return { written: true };
        }
        const row = await tx.one<{ value: string }>('SELECT value FROM station_settings WHERE name = $1', [name]);
        return { written: false, now: row === undefined ? undefined : (JSON.parse(row.value) as unknown) };
      }),
    remove: (name) =>
      sql.tx(async (tx) => {
        await tx.run('DELETE FROM station_settings WHERE name = $1', [name]);
        if (tx.dialect.settingsChanged) await tx.run(tx.dialect.settingsChanged, [name]);
      }),
  }),
};

export const carrierSettings: TableGroup<CarrierSettingReads, CarrierSettingWrites> = {
  reads: (sql) => ({
    fuelSurcharges: async () =>
      new Map(
        (
          await sql.all<{ choice_code: string; fuel_surcharge_percent: number }>(
            'SELECT choice_code, fuel_surcharge_percent FROM carrier_settings',
          )
        ).map((row) => [row.choice_code, row.fuel_surcharge_percent]),
      ),
  }),
  writes: (sql, { now }: TableContext) => ({
    setFuelSurcharge: (choiceCode, percent) =>
      saved(
        sql,
        { table: 'carrier_settings', key: 'choice_code', column: 'fuel_surcharge_percent' },
        choiceCode,
        percent,
        now(),
        CARRIER_SETTINGS,
      ),
  }),
};
