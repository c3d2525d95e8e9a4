// Station-wide settings as JSON values by name (e.g. the label printer and its format), and per-station carrier
// settings that override a rate card without editing it (today, the fuel surcharge). Where desks share the
// database, a change tells every desk to forget what it kept of them (postgres/settings-cache.ts).
import { CARRIER_SETTINGS } from './postgres/settings-channel.ts';
import type { Sql } from './sql/executor.ts';
import type { TableContext, TableGroup } from './table-group.ts';

export interface SettingReads {
  /** The value as stored: the caller knows its shape. */
  get(name: string): Promise<unknown>;
}

export interface SettingWrites {
  set(name: string, value: unknown): Promise<void>;
}

export interface CarrierSettingReads {
  /** Every fuel surcharge set, by choice code. */
  fuelSurcharges(): Promise<Map<string, number>>;
}

export interface CarrierSettingWrites {
  setFuelSurcharge(choiceCode: string, percent: number): Promise<void>;
}


/** Writes a change and tells the other desks of it when it commits. */
const announced = (sql: Sql, what: string, write: (tx: Sql) => Promise<unknown>) =>
  sql.tx(async (tx) => {
    await write(tx);
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
    set: (name, value) =>
      announced(sql, name, (tx) =>
        tx.run(
          `INSERT INTO station_settings (name, value, updated_at) VALUES ($1, $2, $3)
           ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
          [name, JSON.stringify(value), now()],
        ),
      ),
  }),
};

export const carrierSettings: TableGroup<CarrierSettingReads, CarrierSettingWrites> = {
  reads: (sql) => ({
    fuelSurcharges: async () =>
      new Map((await sql.all<{ choice_code: string; fuel_surcharge_percent: number }>('SELECT choice_code, fuel_surcharge_percent FROM carrier_settings')).map((row) => [row.choice_code, row.fuel_surcharge_percent])),
  }),
  writes: (sql, { now }: TableContext) => ({
    setFuelSurcharge: (choiceCode, percent) =>
      announced(sql, CARRIER_SETTINGS, (tx) =>
        tx.run(
          `INSERT INTO carrier_settings (choice_code, fuel_surcharge_percent, updated_at) VALUES ($1, $2, $3)
           ON CONFLICT (choice_code) DO UPDATE SET fuel_surcharge_percent = excluded.fuel_surcharge_percent, updated_at = excluded.updated_at`,
          [choiceCode, percent, now()],
        ),
      ),
  }),
};
