// The day summaries behind reports: per client, sandbox, ship date, carrier and destination country, how many
// processed shipments, packages, grams and cents. Kept in the transaction of each processing and void (both back
// ends), and rebuilt whole after a bulk import, so a year of reports reads a few thousand rows, never the shipments.
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';

export interface DayChange {
  clientId: number;
  sandbox: number;
  shipDate: string;
  carrierCode: string;
  country: string;
  /** +1 for a shipment processed, -1 for one voided. */
  shipments: number;
  packages: number;
  weightGrams: number;
  costCents: number;
}

/** What one shipment adds to its day (`sign` -1 takes a voided one away). */
export function dayChange(
  shipment: { clientId: number | string; sandbox: number | boolean; shipDate: string; attributes: ShipmentAttributes },
  carrierCode: string,
  costCents: number,
  sign: 1 | -1,
): DayChange {
  const packages = shipment.attributes.packages;
  const grams = Math.round(packages.reduce((total, pkg) => total + Number(pkg.weight.value), 0) * 1000);
  return {
    clientId: Number(shipment.clientId),
    sandbox: shipment.sandbox === true || shipment.sandbox === 1 ? 1 : 0,
    shipDate: shipment.shipDate,
    carrierCode,
    country: shipment.attributes.shipTo.country,
    shipments: sign,
    packages: sign * packages.length,
    weightGrams: sign * grams,
    costCents: sign * costCents,
  };
}

export const DAY_COLUMNS = 'client_id, sandbox, ship_date, carrier_code, country, shipments, packages, weight_g, cost_cents';
/** Adds a change to its day's row (made at the first). */
export const DAY_UPSERT_TAIL = `ON CONFLICT (client_id, sandbox, ship_date, carrier_code, country) DO UPDATE SET
  shipments = shipment_days.shipments + excluded.shipments, packages = shipment_days.packages + excluded.packages,
  weight_g = shipment_days.weight_g + excluded.weight_g, cost_cents = shipment_days.cost_cents + excluded.cost_cents`;
export const dayValues = (change: DayChange) => [
  change.clientId, change.sandbox, change.shipDate, change.carrierCode, change.country, change.shipments, change.packages, change.weightGrams, change.costCents,
];

/**
 * SQLite: every day row made again from the live processed shipments. Migration 12 (PostgreSQL's 8) runs it too:
 * whatever it becomes, it must give the same rows for the same shipments.
 */
export const REBUILD_DAYS_SQLITE = `DELETE FROM shipment_days;
  INSERT INTO shipment_days (${DAY_COLUMNS})
  SELECT client_id, sandbox, ship_date, carrier_code, ship_to_country, count(*), sum(json_array_length(attributes, '$.packages')),
    CAST(round(sum((SELECT coalesce(sum(CAST(json_extract(p.value, '$.weight.value') AS REAL)), 0) FROM json_each(attributes, '$.packages') p)) * 1000) AS INTEGER),
    coalesce(sum(final_cents), 0)
  FROM shipments WHERE status = 3 AND deleted_at IS NULL GROUP BY client_id, sandbox, ship_date, carrier_code, ship_to_country;`;

/** PostgreSQL: the same. */
export const REBUILD_DAYS_POSTGRES = `DELETE FROM shipment_days;
  INSERT INTO shipment_days (${DAY_COLUMNS})
  SELECT client_id, sandbox, ship_date, carrier_code, ship_to_country, count(*), sum(jsonb_array_length(attributes::jsonb -> 'packages')),
    round(sum((SELECT coalesce(sum((p -> 'weight' ->> 'value')::numeric), 0) FROM jsonb_array_elements(attributes::jsonb -> 'packages') p)) * 1000)::bigint,
    coalesce(sum(final_cents), 0)
  FROM shipments WHERE status = 3 AND deleted_at IS NULL GROUP BY client_id, sandbox, ship_date, carrier_code, ship_to_country;`;

/** A report's rows: per day and carrier, and per destination country, within the dates. */
export interface DayRow {
  ship_date: string;
  carrier_code: string;
  shipments: number;
  packages: number;
  weight_g: number;
  cost_cents: number;
}

export interface CountryRow {
  country: string;
  shipments: number;
}
