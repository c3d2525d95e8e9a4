// openStore: the station's one SQLite file, with a table module per group of tables.
import { openDatabase, type Db } from './database.ts';
import type { Migration } from './migrations.ts';
export type { ClientRecord } from './clients.ts';
export type { IntegrationRecord } from './integrations.ts';
export type { ShipmentRecord, ProcessedResult, TrackingEvent, SummaryRow } from './shipments.ts';
export type { SavedAddress } from './addresses.ts';
export type { PrintJobRecord, PrintJobStatus } from './print-jobs.ts';
import { clientsTable, type ClientsTable } from './clients.ts';
import { integrationsTable, type IntegrationsTable } from './integrations.ts';
import { secretsTable, type SecretsTable } from './secrets.ts';
import { shipmentsTable, type ShipmentsTable } from './shipments.ts';
import { addressesTable, type AddressesTable } from './addresses.ts';
import { carrierSettingsTable, type CarrierSettingsTable } from './carrier-settings.ts';
import { printJobsTable, type PrintJobsTable } from './print-jobs.ts';
import { settingsTable, type SettingsTable } from './settings.ts';

export interface Store {
  db: Db;
  secrets: SecretsTable;
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
  return {
    db,
    secrets: secretsTable(db, now),
    integrations: integrationsTable(db, now),
    clients: clientsTable(db, now),
    shipments: shipmentsTable(db, now),
    addresses: addressesTable(db, now),
    carrierSettings: carrierSettingsTable(db, now),
    printJobs: printJobsTable(db, now),
    settings: settingsTable(db, now),
    close: () => db.close(),
  };
}
