// Sites: every shipment, manifest and day summary names the site (warehouse) of its account it belongs to, by the
// site's number in the account; 1 is the main site, so every row made before sites existed is the main site's,
// and the columns come with that default at no cost (no row is rewritten on either back end). One closed manifest
// per carrier, day and site; the summaries are keyed by site too, so a site's reports read its own rows. The sites
// themselves are station settings per account (services/warehouses.ts), cached and told to every desk like the
// other settings. SQLite cannot change a primary key: each summary table is built again with the site last, its
// rows copied as the main site's.
import type { WrittenOnce } from './migration.ts';

const SUMMARIES = {
  shipment_days: {
    columns: `client_id INTEGER NOT NULL,
      sandbox INTEGER NOT NULL,
      ship_date TEXT NOT NULL,
      carrier_code TEXT NOT NULL,
      shipments INTEGER NOT NULL,
      packages INTEGER NOT NULL,
      weight_g INTEGER NOT NULL,
      cost_cents INTEGER NOT NULL`,
    names: 'client_id, sandbox, ship_date, carrier_code, shipments, packages, weight_g, cost_cents',
    key: 'client_id, sandbox, ship_date, carrier_code',
  },
  destination_days: {
    columns: `client_id INTEGER NOT NULL,
      sandbox INTEGER NOT NULL,
      ship_date TEXT NOT NULL,
      country TEXT NOT NULL,
      shipments INTEGER NOT NULL`,
    names: 'client_id, sandbox, ship_date, country, shipments',
    key: 'client_id, sandbox, ship_date, country',
  },
  person_days: {
    columns: `client_id INTEGER NOT NULL,
      sandbox INTEGER NOT NULL,
      ship_date TEXT NOT NULL,
      created_by TEXT NOT NULL,
      carrier_code TEXT NOT NULL,
      hour TEXT NOT NULL,
      shipments INTEGER NOT NULL,
      packages INTEGER NOT NULL,
      weight_g INTEGER NOT NULL,
      cost_cents INTEGER NOT NULL`,
    names: 'client_id, sandbox, ship_date, created_by, carrier_code, hour, shipments, packages, weight_g, cost_cents',
    key: 'client_id, sandbox, ship_date, created_by, carrier_code, hour',
  },
} as const;

const sqliteSummary = (table: keyof typeof SUMMARIES) => {
  const { columns, names, key } = SUMMARIES[table];
  return `
    CREATE TABLE ${table}_by_site (
      ${columns},
      site INTEGER NOT NULL DEFAULT 1,
      PRIMARY KEY (${key}, site)
    ) STRICT;
    INSERT INTO ${table}_by_site (${names}, site) SELECT ${names}, 1 FROM ${table};
    DROP TABLE ${table};
    ALTER TABLE ${table}_by_site RENAME TO ${table};`;
};

const postgresSummary = (table: keyof typeof SUMMARIES) => `
    ALTER TABLE ${table} ADD COLUMN site integer NOT NULL DEFAULT 1;
    ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey, ADD PRIMARY KEY (${SUMMARIES[table].key}, site);`;

export const SITES: WrittenOnce = {
  name: 'sites: each shipment, manifest and day summary names its site in the account (1, the main site, for all before)',
  sql: (dialect) => {
    const integer = dialect.name === 'sqlite' ? 'INTEGER' : 'integer';
    const summaries = (Object.keys(SUMMARIES) as (keyof typeof SUMMARIES)[])
      .map((table) => (dialect.name === 'sqlite' ? sqliteSummary(table) : postgresSummary(table)))
      .join('\n');
    return `
    ALTER TABLE shipments ADD COLUMN site ${integer} NOT NULL DEFAULT 1;
    ALTER TABLE manifests ADD COLUMN site ${integer} NOT NULL DEFAULT 1;
    DROP INDEX manifests_one_closed;
    CREATE UNIQUE INDEX manifests_one_closed ON manifests (client_id, sandbox, carrier_code, ship_date, site) WHERE status = 'closed';
    ${summaries}
  `;
  },
};
