// `client merge`: one account's users and everything it owns moved into another, for warehouses that made one
// client per person. Written once for both back ends: the statements name $into, $from and $now, which
// `mergeSql` fills in as literals (two ids checked to be digits, and an ISO time), so no dialect's parameter
// syntax or typing is involved. The checks come first and name what cannot move; the moves then
// run in the caller's one transaction. References and tracking numbers are unique station-wide, so they move as
// they are; the address book keeps one entry per address; the day summaries add up.

/** What keeps an account from being merged, one line per thing, in words an admin can act on. */
export const MERGE_CHECKS: readonly string[] = [
  `SELECT 'shipment ' || coalesce(reference, id) || ' is being booked right now' AS problem FROM shipments
     WHERE client_id = $from AND status = 0 AND claim_token IS NOT NULL AND deleted_at IS NULL`,
  `SELECT 'print job ' || id || ' is still ' || status AS problem FROM print_jobs WHERE client_id = $from AND status IN ('queued', 'printing')`,
  `SELECT 'order ' || b.number || ' exists in both accounts' AS problem FROM orders b
     JOIN orders a ON a.client_id = $into AND a.sandbox = b.sandbox AND a.number = b.number WHERE b.client_id = $from`,
  `SELECT 'order ' || b.order_number || ' has a live shipment in both accounts' AS problem FROM shipments b
     JOIN shipments a ON a.client_id = $into AND a.sandbox = b.sandbox AND a.order_number = b.order_number AND a.deleted_at IS NULL
     WHERE b.client_id = $from AND b.order_number IS NOT NULL AND b.deleted_at IS NULL`,
  `SELECT b.carrier_code || '''s day ' || b.ship_date || ' is closed in both accounts' AS problem FROM manifests b
     JOIN manifests a ON a.client_id = $into AND a.sandbox = b.sandbox AND a.carrier_code = b.carrier_code AND a.ship_date = b.ship_date AND a.site = b.site AND a.status = 'closed'
     WHERE b.client_id = $from AND b.status = 'closed'`,
  // A day closed on one side while the other has parcels of it on no manifest: after the merge that day would be
  // closed with parcels the driver's manifest never lists, and no second close of it is possible.
  `SELECT m.carrier_code || '''s day ' || m.ship_date || ' is closed in ' || closer.name || ' while ' || other.name
       || ' has shipments of that day on no manifest: reopen that manifest, merge, then close the day again' AS problem
     FROM manifests m JOIN clients closer ON closer.id = m.client_id
     JOIN clients other ON other.id = CASE WHEN m.client_id = $into THEN $from ELSE $into END
     WHERE m.client_id IN ($into, $from) AND m.status = 'closed' AND EXISTS (SELECT 1 FROM shipments s
       WHERE s.client_id = other.id AND s.sandbox = m.sandbox AND s.carrier_code = m.carrier_code AND s.ship_date = m.ship_date
         AND s.site = m.site AND s.status = 3 AND s.deleted_at IS NULL AND s.manifest_id IS NULL AND s.return_of IS NULL)`,
  // A merge keeps the merged-into account's sites: the leaving account's parcels must all be of its main site.
  `SELECT DISTINCT 'shipments of site ' || site || ' of the leaving account: a merge moves the main site''s only' AS problem FROM shipments
     WHERE client_id = $from AND site <> 1`,
  `SELECT 'idempotency key ' || b.key || ' was used by both accounts' AS problem FROM idempotency_keys b
     JOIN idempotency_keys a ON a.client_id = $into AND a.key = b.key WHERE b.client_id = $from`,
];

/** The moves, in order. */
export const MERGE_STATEMENTS: readonly string[] = [
  'UPDATE users SET client_id = $into WHERE client_id = $from',
  // An address both had is kept once, the one the merged-into account has.
  `DELETE FROM addresses WHERE client_id = $from
     AND EXISTS (SELECT 1 FROM addresses a WHERE a.client_id = $into AND a.sandbox = addresses.sandbox AND a.fingerprint = addresses.fingerprint)`,
  'UPDATE addresses SET client_id = $into WHERE client_id = $from',
  // Uses and day changes not folded yet add to the merged-into account's rows when they are (PostgreSQL).
  'UPDATE address_uses SET client_id = $into WHERE client_id = $from',
  'UPDATE day_changes SET client_id = $into WHERE client_id = $from',
  'UPDATE orders SET client_id = $into WHERE client_id = $from',
  'UPDATE manifests SET client_id = $into WHERE client_id = $from',
  'UPDATE shipments SET client_id = $into WHERE client_id = $from',
  'UPDATE shipment_audit SET client_id = $into WHERE client_id = $from',
  'UPDATE print_jobs SET client_id = $into WHERE client_id = $from',
  'UPDATE idempotency_keys SET client_id = $into WHERE client_id = $from',
  'UPDATE events SET client_id = $into WHERE client_id = $from',
  'UPDATE webhooks SET client_id = $into WHERE client_id = $from',
  `INSERT INTO shipment_days (client_id, sandbox, ship_date, carrier_code, shipments, packages, weight_g, cost_cents, site)
     SELECT $into, sandbox, ship_date, carrier_code, shipments, packages, weight_g, cost_cents, site FROM shipment_days WHERE client_id = $from
     ON CONFLICT (client_id, sandbox, ship_date, carrier_code, site) DO UPDATE SET shipments = shipment_days.shipments + excluded.shipments,
       packages = shipment_days.packages + excluded.packages, weight_g = shipment_days.weight_g + excluded.weight_g,
       cost_cents = shipment_days.cost_cents + excluded.cost_cents`,
  'DELETE FROM shipment_days WHERE client_id = $from',
  `INSERT INTO destination_days (client_id, sandbox, ship_date, country, shipments, site)
     SELECT $into, sandbox, ship_date, country, shipments, site FROM destination_days WHERE client_id = $from
     ON CONFLICT (client_id, sandbox, ship_date, country, site) DO UPDATE SET shipments = destination_days.shipments + excluded.shipments`,
  'DELETE FROM destination_days WHERE client_id = $from',
  `INSERT INTO person_days (client_id, sandbox, ship_date, created_by, carrier_code, hour, shipments, packages, weight_g, cost_cents, site)
     SELECT $into, sandbox, ship_date, created_by, carrier_code, hour, shipments, packages, weight_g, cost_cents, site FROM person_days WHERE client_id = $from
     ON CONFLICT (client_id, sandbox, ship_date, created_by, carrier_code, hour, site) DO UPDATE SET shipments = person_days.shipments + excluded.shipments,
       packages = person_days.packages + excluded.packages, weight_g = person_days.weight_g + excluded.weight_g,
       cost_cents = person_days.cost_cents + excluded.cost_cents`,
  'DELETE FROM person_days WHERE client_id = $from',
  // Print settings per account (and per desk and account): the merged-into account's own win.
  `DELETE FROM station_settings WHERE name LIKE 'printing:%:client:' || $from
     AND EXISTS (SELECT 1 FROM station_settings own WHERE own.name = substr(station_settings.name, 1, length(station_settings.name) - length(CAST($from AS TEXT))) || $into)`,
  `UPDATE station_settings SET name = substr(name, 1, length(name) - length(CAST($from AS TEXT))) || $into WHERE name LIKE 'printing:%:client:' || $from`,
  `DELETE FROM station_settings WHERE name = 'printing:client:' || $from AND EXISTS (SELECT 1 FROM station_settings own WHERE own.name = 'printing:client:' || $into)`,
  `UPDATE station_settings SET name = 'printing:client:' || $into WHERE name = 'printing:client:' || $from`,
  // The leaving account's sites and its desks' choice of them: its parcels are the main site's (checked above).
  `DELETE FROM station_settings WHERE name = 'sites:client:' || $from`,
  'UPDATE clients SET removed_at = $now, updated_at = $now WHERE id = $from',
];

/** What the merge moved, for the admin's summary and the audit log. */
export const MERGE_COUNTS = `SELECT
  (SELECT count(*) FROM users WHERE client_id = $from AND removed_at IS NULL) AS users,
  (SELECT count(*) FROM shipments WHERE client_id = $from) AS shipments,
  (SELECT count(*) FROM orders WHERE client_id = $from) AS orders,
  (SELECT count(*) FROM addresses WHERE client_id = $from) AS addresses`;

export interface MergeCounts {
  users: number;
  shipments: number;
  orders: number;
  addresses: number;
}

export type MergeResult = { merged: true; moved: MergeCounts } | { merged: false; problems: string[] };

/** A statement with its values in place: the ids are digits only (checked), the time an ISO string. */
export function mergeSql(sql: string, into: string, from: string, now: string): string {
  if (!/^\d+$/.test(into) || !/^\d+$/.test(from) || !/^[0-9T:.Z-]+$/.test(now))
    throw new Error('mergeSql: ids must be digits and the time ISO');
  return sql.replaceAll('$into', into).replaceAll('$from', from).replaceAll('$now', `'${now}'`);
}
