// The numbered schema migrations. Append only: a released migration is never edited,
// because stations in the field have already applied it.
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'station secrets, integrations and clients',
    sql: `
      CREATE TABLE station_secrets (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE integrations (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        integration_key TEXT NOT NULL UNIQUE,
        is_desktop INTEGER NOT NULL DEFAULT 0 CHECK (is_desktop IN (0, 1)),
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX integrations_one_desktop ON integrations (is_desktop) WHERE is_desktop = 1;

      CREATE TABLE clients (
        id INTEGER PRIMARY KEY,
        username TEXT NOT NULL UNIQUE,
        credential BLOB NOT NULL,
        client_key TEXT NOT NULL,
        name TEXT NOT NULL,
        address1 TEXT NOT NULL DEFAULT '',
        address2 TEXT NOT NULL DEFAULT '',
        city TEXT NOT NULL DEFAULT '',
        postal_code TEXT NOT NULL DEFAULT '',
        state TEXT NOT NULL DEFAULT '',
        country TEXT NOT NULL DEFAULT '',
        contact TEXT NOT NULL DEFAULT '',
        phone TEXT NOT NULL DEFAULT '',
        email TEXT NOT NULL DEFAULT '',
        tax_identification TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
    `,
  },
];
