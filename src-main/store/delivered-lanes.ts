// The delivery outlook's history kept small (src-shared/delivery-outlook.ts): delivered parcels counted per account,
// lane (carrier, service, the two countries and the first two characters of each postal code), ship date and the
// hour of their first delivery event. A rate reads a year of it in milliseconds, where the same from the shipments
// took seconds at a million rows. A shipment counts once, at its first DELIVERED event (store/shipments.ts, addEvent);
// migration 30 and a bulk import count the shipments there are with this statement.
import type { Dialect } from './sql/dialect.ts';

/** The two characters of a side's postal code a lane keys on, as SQL over a shipments row `s`. */
export const postalPrefixSql = (dialect: Dialect, side: 'shipFrom' | 'shipTo') =>
  `upper(replace(substr(CAST(${dialect.jsonMember('s.attributes', side, 'postalCode')} AS TEXT), 1, 2), ' ', ''))`;

/** Every delivered shipment counted again from the shipments and their first DELIVERED event (status 5). */
export function countDeliveredLanesSql(dialect: Dialect): string {
  return `
    INSERT INTO delivered_lanes (client_id, sandbox, carrier_code, service_code, from_country, from_prefix, to_country, to_prefix,
                                 ship_date, delivered_hour, parcels)
    SELECT s.client_id, s.sandbox, s.carrier_code, coalesce(s.service_code, ''), s.ship_from_country,
           coalesce(${postalPrefixSql(dialect, 'shipFrom')}, ''), s.ship_to_country, coalesce(${postalPrefixSql(dialect, 'shipTo')}, ''),
           s.ship_date, substr(replace(d.at, ' ', 'T'), 1, 13), count(*)
    FROM shipments s
    JOIN (SELECT shipment_id, min(occurred_at) AS at FROM tracking_events WHERE status = 5 GROUP BY shipment_id) d ON d.shipment_id = s.id
    WHERE s.status = 3 AND s.deleted_at IS NULL AND s.carrier_code IS NOT NULL
    GROUP BY s.client_id, s.sandbox, s.carrier_code, coalesce(s.service_code, ''), s.ship_from_country,
             coalesce(${postalPrefixSql(dialect, 'shipFrom')}, ''), s.ship_to_country, coalesce(${postalPrefixSql(dialect, 'shipTo')}, ''),
             s.ship_date, substr(replace(d.at, ' ', 'T'), 1, 13)`;
}
