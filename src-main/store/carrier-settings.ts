// Per-station carrier settings that override a rate card without editing it: today, the fuel surcharge.
import type { Db } from './database.ts';

export interface CarrierSettingsTable {
  fuelSurcharge(choiceCode: string): number | undefined;
  setFuelSurcharge(choiceCode: string, percent: number): void;
}

export function carrierSettingsTable(db: Db, now: () => string): CarrierSettingsTable {
  const select = db.prepare<[string], number>('SELECT fuel_surcharge_percent FROM carrier_settings WHERE choice_code = ?').pluck();
  const upsert = db.prepare(
    `INSERT INTO carrier_settings (choice_code, fuel_surcharge_percent, updated_at) VALUES (@choiceCode, @percent, @now)
     ON CONFLICT (choice_code) DO UPDATE SET fuel_surcharge_percent = excluded.fuel_surcharge_percent, updated_at = excluded.updated_at`,
  );
  return {
    fuelSurcharge: (choiceCode) => select.get(choiceCode),
    setFuelSurcharge: (choiceCode, percent) => {
      upsert.run({ choiceCode, percent, now: now() });
    },
  };
}
