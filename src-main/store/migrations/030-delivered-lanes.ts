// The delivery outlook's history (issue 52; store/delivered-lanes.ts): delivered parcels per account, lane, ship date
// and hour of delivery, counted here from the shipments delivered so far. On a large SQLite file the first start after
// this version reads every delivered shipment once.
import { countDeliveredLanesSql } from '../delivered-lanes.ts';
import type { WrittenOnce } from './migration.ts';

export const DELIVERED_LANES: WrittenOnce = {
  name: 'delivered parcels per lane, for the delivery outlook',
  sql: (dialect) => {
    const integer = dialect.name === 'sqlite' ? 'INTEGER' : 'integer';
    const text = dialect.name === 'sqlite' ? 'TEXT' : 'text';
    const strict = dialect.name === 'sqlite' ? ' STRICT' : '';
    return `
    CREATE TABLE delivered_lanes (
      client_id ${integer} NOT NULL,
      sandbox ${integer} NOT NULL,
      carrier_code ${text} NOT NULL,
      service_code ${text} NOT NULL,
      from_country ${text} NOT NULL,
      from_prefix ${text} NOT NULL,
      to_country ${text} NOT NULL,
      to_prefix ${text} NOT NULL,
      ship_date ${text} NOT NULL,
      delivered_hour ${text} NOT NULL,
      parcels ${integer} NOT NULL,
      PRIMARY KEY (client_id, sandbox, ship_date, carrier_code, service_code, from_country, from_prefix, to_country, to_prefix, delivered_hour)
    )${strict};
    ${countDeliveredLanesSql(dialect)};
  `;
  },
};
