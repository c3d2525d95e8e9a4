// openStore: the station's one SQLite file, with a table module per group of tables.
import { openDatabase, type Db } from './database.ts';
import type { Migration } from './migrations.ts';
export type { ClientRecord } from './clients.ts';
export type { IntegrationRecord } from './integrations.ts';
import { clientsTable, type ClientsTable } from './clients.ts';
import { integrationsTable, type IntegrationsTable } from './integrations.ts';
import { secretsTable, type SecretsTable } from './secrets.ts';

export interface Store {
  db: Db;
  secrets: SecretsTable;
  integrations: IntegrationsTable;
  clients: ClientsTable;
  close(): void;
}

export interface StoreOptions {
  clock?: () => Date;
  migrations?: readonly Migration[];
}

export function openStore(file: string, options: StoreOptions = {}): Store {
  const clock = options.clock ?? (() => new Date());
  const now = () => clock().toISOString();
  const db = openDatabase(file, options.migrations);
  return {
    db,
    secrets: secretsTable(db, now),
    integrations: integrationsTable(db, now),
    clients: clientsTable(db, now),
    close: () => db.close(),
  };
}
