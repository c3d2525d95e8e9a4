// openStore: the station's one SQLite file, with a table module per group of tables. The records it reads
// and writes are the domain's (src-main/domain/); only services use the store.
import { openDatabase, type Db } from './database.ts';
import type { Migration } from './migrations.ts';
import { clientsTable, type ClientsTable } from './clients.ts';
import { integrationsTable, type IntegrationsTable } from './integrations.ts';
import { secretsTable, type SecretsTable } from './secrets.ts';
import { shipmentsTable, type ShipmentsTable } from './shipments.ts';
import { addressesTable, type AddressesTable } from './addresses.ts';
import { carrierSettingsTable, type CarrierSettingsTable } from './carrier-settings.ts';
import { printJobsTable, type PrintJobsTable } from './print-jobs.ts';
import { settingsTable, type SettingsTable } from './settings.ts';
import { stationKeysTable, type StationKeysTable } from './station-keys.ts';

export interface Store {
  /** The SQLite connection itself: for tests and the benchmark's bulk seeding, never for services. */
  db: Db;
  secrets: SecretsTable;
  stationKeys: StationKeysTable;
  integrations: IntegrationsTable;
  clients: ClientsTable;
  shipments: ShipmentsTable;
  addresses: AddressesTable;
  carrierSettings: CarrierSettingsTable;
  printJobs: PrintJobsTable;
  settings: SettingsTable;
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
  const secrets = secretsTable(db, now);
  const integrations = integrationsTable(db, now);
  return {
    db,
    secrets,
    stationKeys: stationKeysTable(db, secrets, integrations),
    integrations,
    clients: clientsTable(db, now),
    shipments: shipmentsTable(db, now),
    addresses: addressesTable(db, now),
    carrierSettings: carrierSettingsTable(db, now),
    printJobs: printJobsTable(db, now),
    settings: settingsTable(db, now),
    close: () => db.close(),
  };
}
