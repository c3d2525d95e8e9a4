// Per-station carrier settings that override a rate card without editing it: today, the fuel surcharge.
import type { Db } from './database.ts';

export interface CarrierSettingsTable {
  /** Every fuel surcharge set, by choice code. */
  fuelSurcharges(): Map<string, number>;
  setFuelSurcharge(choiceCode: string, percent: number): void;
}

export function carrierSettingsTable(db: Db, now: () => string): CarrierSettingsTable {
  const select = db.prepare<[], { choice_code: string; fuel_surcharge_percent: number }>(
    'SELECT choice_code, fuel_surcharge_percent FROM carrier_settings',
  );
  const upsert = db.prepare(
    `INSERT INTO carrier_settings (choice_code, fuel_surcharge_percent, updated_at) VALUES (@choiceCode, @percent, @now)
     ON CONFLICT (choice_code) DO UPDATE SET fuel_surcharge_percent = excluded.fuel_surcharge_percent, updated_at = excluded.updated_at`,
  );
  return {
    fuelSurcharges: () => new Map(select.all().map((row) => [row.choice_code, row.fuel_surcharge_percent])),
    setFuelSurcharge: (choiceCode, percent) => {
      upsert.run({ choiceCode, percent, now: now() });
    },
  };
}
