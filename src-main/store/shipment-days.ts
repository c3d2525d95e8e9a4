// The day summaries behind reports: per client, sandbox, ship date and carrier, how many processed shipments,
// packages, grams and cents; per ship date and destination country, how many shipments; and per ship date,
// person, carrier and hour of processing, the same figures (person_days). Kept in the transaction of each
// processing and void, and rebuilt whole after a bulk import, so a year of reports, for the
// account or one person, reads summary rows, never the shipments. On PostgreSQL (countsAsChanges) that
// transaction appends its change as a row of day_changes instead, folded into the summaries before they are read
// (FOLD_DAY_CHANGES): desks creating parcels of one day at once never wait for each other on its rows.
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';
import type { Dialect } from './sql/dialect.ts';

export interface DayChange {
  clientId: number;
  sandbox: number;
  shipDate: string;
  carrierCode: string;
  country: string;
  /** The username of who made it ('' for nobody: shipments imported in bulk). */
  createdBy: string;
  /** The UTC hour it was processed in, as YYYY-MM-DDTHH. */
  hour: string;
  /** The site of the account it shipped from. */
  site: number;
  /** +1 for a shipment processed, -1 for one voided. */
  shipments: number;
  packages: number;
  weightGrams: number;
  costCents: number;
}

/** What one shipment adds to its day (`sign` -1 takes a voided one away). */
export function dayChange(
  shipment: {
    clientId: number | string;
    sandbox: number | boolean;
    shipDate: string;
    attributes: ShipmentAttributes;
    createdBy?: string | null;
    processedAt: string | null;
    site?: number | null;
  },
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
    createdBy: shipment.createdBy ?? '',
    hour: (shipment.processedAt ?? '').slice(0, 13),
    site: Number(shipment.site ?? 1),
    shipments: sign,
    packages: sign * packages.length,
    weightGrams: sign * grams,
    costCents: sign * costCents,
  };
}

/** A day's figures of processed shipments, by column, in the dialect's words: for the summaries and for a person's report. */
interface DayFigures {
  shipments: string;
  packages: string;
  weight_g: string;
  cost_cents: string;
}

const figuresIn = (dialect: Dialect): DayFigures => ({
  shipments: 'count(*)',
  packages: `sum(${dialect.jsonArrayLength('attributes', 'packages')})`,
  weight_g: dialect.bigInteger(`round(sum((${dialect.sumOverJsonArray('attributes', 'packages', ['weight', 'value'])})) * 1000)`),
  cost_cents: 'coalesce(sum(final_cents), 0)',
});

/** person_days made again from the live processed shipments, per site (migration 17, PostgreSQL's 13, did it once in its own words). */
const rebuildPersonDays = (figures: DayFigures) => `DELETE FROM person_days;
  INSERT INTO person_days (client_id, sandbox, ship_date, created_by, carrier_code, hour, shipments, packages, weight_g, cost_cents, site)
  SELECT client_id, sandbox, ship_date, coalesce(created_by, ''), carrier_code, substr(coalesce(processed_at, ''), 1, 13),
    ${figures.shipments}, ${figures.packages}, ${figures.weight_g}, ${figures.cost_cents}, site
  FROM shipments WHERE status = 3 AND deleted_at IS NULL
  GROUP BY client_id, sandbox, ship_date, coalesce(created_by, ''), carrier_code, substr(coalesce(processed_at, ''), 1, 13), site;`;

/**
 * After a bulk import: every summary made again with one pass over the shipments' JSON (person_days), the
 * carrier days summed from it, and the destinations counted. The same rows as a count of each summary from the
 * shipments would give, in about half the time for a million shipments.
 */
const rebuildAllDays = (personDays: string) => `${personDays}
  DELETE FROM shipment_days;
  DELETE FROM destination_days;
  INSERT INTO shipment_days (client_id, sandbox, ship_date, carrier_code, shipments, packages, weight_g, cost_cents, site)
  SELECT client_id, sandbox, ship_date, carrier_code, sum(shipments), sum(packages), sum(weight_g), sum(cost_cents), site
  FROM person_days GROUP BY client_id, sandbox, ship_date, carrier_code, site;
  INSERT INTO destination_days (client_id, sandbox, ship_date, country, shipments, site)
  SELECT client_id, sandbox, ship_date, ship_to_country, count(*), site FROM shipments WHERE status = 3 AND deleted_at IS NULL
  GROUP BY client_id, sandbox, ship_date, ship_to_country, site;`;

export const rebuildAllDaysIn = (dialect: Dialect) =>
  `DELETE FROM day_changes;\n  ${rebuildAllDays(rebuildPersonDays(figuresIn(dialect)))}`;

/** A transaction's changes as rows of day_changes (countsAsChanges): one INSERT for all of them. */
export function dayChangesInsert(changes: readonly DayChange[]): [text: string, values: unknown[]] {
  const columns = ['client_id', 'sandbox', 'ship_date', 'carrier_code', 'country', 'created_by', 'hour', 'site'];
  const figures = ['shipments', 'packages', 'weight_g', 'cost_cents'];
  const width = columns.length + figures.length;
  const rows = changes.map(
    (_, index) => `(${Array.from({ length: width }, (_unused, column) => `$${index * width + column + 1}`).join(', ')})`,
  );
  return [
    `INSERT INTO day_changes (${[...columns, ...figures].join(', ')}) VALUES ${rows.join(', ')}`,
    changes.flatMap((change) => [
      change.clientId,
      change.sandbox,
      change.shipDate,
      change.carrierCode,
      change.country,
      change.createdBy,
      change.hour,
      change.site,
      change.shipments,
      change.packages,
      change.weightGrams,
      change.costCents,
    ]),
  ];
}

/**
 * Takes every committed change out of day_changes and adds it to its summary rows, in one statement (PostgreSQL's
 * writes in WITH): a reader sees each change either still appended or already added, never both or neither. Folds
 * run one at a time (FOLD_DAY_CHANGES_LOCK, taken first in their transaction), so two never lock the same summary
 * rows in opposite orders.
 */
export const FOLD_DAY_CHANGES_LOCK = 'SELECT pg_advisory_xact_lock(8411005)';
export const FOLD_DAY_CHANGES = `WITH moved AS (DELETE FROM day_changes RETURNING *),
  carrier AS (INSERT INTO shipment_days (client_id, sandbox, ship_date, carrier_code, site, shipments, packages, weight_g, cost_cents)
    SELECT client_id, sandbox, ship_date, carrier_code, site, sum(shipments), sum(packages), sum(weight_g), sum(cost_cents)
    FROM moved GROUP BY client_id, sandbox, ship_date, carrier_code, site
    ON CONFLICT (client_id, sandbox, ship_date, carrier_code, site) DO UPDATE SET
      shipments = shipment_days.shipments + excluded.shipments, packages = shipment_days.packages + excluded.packages,
      weight_g = shipment_days.weight_g + excluded.weight_g, cost_cents = shipment_days.cost_cents + excluded.cost_cents),
  person AS (INSERT INTO person_days (client_id, sandbox, ship_date, created_by, carrier_code, hour, site, shipments, packages, weight_g, cost_cents)
    SELECT client_id, sandbox, ship_date, created_by, carrier_code, hour, site, sum(shipments), sum(packages), sum(weight_g), sum(cost_cents)
    FROM moved GROUP BY client_id, sandbox, ship_date, created_by, carrier_code, hour, site
    ON CONFLICT (client_id, sandbox, ship_date, created_by, carrier_code, hour, site) DO UPDATE SET
      shipments = person_days.shipments + excluded.shipments, packages = person_days.packages + excluded.packages,
      weight_g = person_days.weight_g + excluded.weight_g, cost_cents = person_days.cost_cents + excluded.cost_cents)
  INSERT INTO destination_days (client_id, sandbox, ship_date, country, site, shipments)
    SELECT client_id, sandbox, ship_date, country, site, sum(shipments) FROM moved GROUP BY client_id, sandbox, ship_date, country, site
    ON CONFLICT (client_id, sandbox, ship_date, country, site) DO UPDATE SET shipments = destination_days.shipments + excluded.shipments`;

/** Placeholders of a person query. */
interface PersonPlaceholders {
  clientId: string;
  sandbox: string;
  dateFrom: string;
  dateTo: string;
  /** One person's username: for their report only. */
  createdBy: string;
  /** One site's number's placeholder; absent: every site (no clause, so a person's destinations read the covering index). */
  site?: string;
}

const personScope = (p: PersonPlaceholders) =>
  `client_id = ${p.clientId} AND sandbox = ${p.sandbox} AND ship_date >= ${p.dateFrom} AND ship_date <= ${p.dateTo}${siteClause(p)}`;

const siteClause = (p: PersonPlaceholders) => (p.site === undefined ? '' : ` AND site = ${p.site}`);

/** Per person ('' for nobody) and hour of the day (UTC, 00 to 23): parcels, and the processing hours that made them. */
export interface PersonHourRow {
  created_by: string;
  hour_of_day: string;
  shipments: number;
  active_hours: number;
}

/**
 * The account's people over ship dates, from person_days (PersonHourRow), and one person's days per carrier
 * (DayRow) from person_days and top destinations (CountryRow) from their shipments, read from the covering index
 * of the shipment list (shipments_summaries holds the date, state, destination and maker): no table rows.
 */
export const personQueries = (dialect: Dialect, p: PersonPlaceholders) => {
  const integer = dialect.integer;
  return {
    hours: `SELECT created_by, substr(hour, 12, 2) AS hour_of_day, ${integer('sum(shipments)')} AS shipments, ${integer('count(*)')} AS active_hours
      FROM (SELECT created_by, hour, sum(shipments) AS shipments FROM person_days WHERE ${personScope(p)}
            GROUP BY created_by, hour HAVING sum(shipments) > 0) AS by_hour
      GROUP BY created_by, substr(hour, 12, 2) ORDER BY created_by, hour_of_day`,
    days: `SELECT ship_date, carrier_code, ${integer('sum(shipments)')} AS shipments, ${integer('sum(packages)')} AS packages,
        ${integer('sum(weight_g)')} AS weight_g, ${integer('sum(cost_cents)')} AS cost_cents
      FROM person_days WHERE ${personScope(p)} AND created_by = ${p.createdBy}
      GROUP BY ship_date, carrier_code HAVING sum(shipments) > 0 ORDER BY ship_date, carrier_code`,
    countries: `SELECT ship_to_country AS country, ${integer('count(*)')} AS shipments FROM shipments
      WHERE client_id = ${p.clientId} AND sandbox = ${p.sandbox} AND created_by = ${p.createdBy} AND ship_date >= ${p.dateFrom} AND ship_date <= ${p.dateTo}
        AND status = 3 AND deleted_at IS NULL${siteClause(p)}
      GROUP BY ship_to_country ORDER BY count(*) DESC, ship_to_country LIMIT 10`,
  };
};

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

/** How many of a client's shipments of one ship date are in each state, per carrier (or carrier choice, before processing). */
export interface DayCountRow {
  /** The carrier code once processed; the carrier choice before (null: any carrier). */
  carrier: string | null;
  /** The carrier's name as processing recorded it; null before processing. */
  carrier_name: string | null;
  status: number;
  scheduled: number;
  /** 1 when in a closed manifest. */
  closed: number;
  /** 1 for returns: the customer hands them to the carrier, so they are on no close of the warehouse's. */
  is_return: number;
  shipments: number;
}

/** DayCountRow's query: $1 client, $2 sandbox flag, $3 date, $4 the user (or null), $5 the site (or null). */
export const DAY_COUNTS = `
  SELECT coalesce(s.carrier_code, s.carrier_choice) AS carrier, s.status, s.scheduled, CASE WHEN m.id IS NULL THEN 0 ELSE 1 END AS closed,
    CASE WHEN s.return_of IS NULL THEN 0 ELSE 1 END AS is_return, min(s.carrier_name) AS carrier_name, CAST(count(*) AS INTEGER) AS shipments
  FROM shipments s LEFT JOIN manifests m ON m.id = s.manifest_id AND m.status = 'closed'
  WHERE s.client_id = $1 AND s.sandbox = $2 AND s.ship_date = $3 AND s.deleted_at IS NULL
    AND (CAST($4 AS TEXT) IS NULL OR s.created_by = $4) AND (CAST($5 AS INTEGER) IS NULL OR s.site = $5)
  GROUP BY 1, 2, 3, 4, 5`;
