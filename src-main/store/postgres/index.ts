// openPostgresStore: the shared store of a warehouse with several desks, on PostgreSQL. The same asynchronous
// interface as the SQLite store, so services and the scheduler cannot tell them apart. A query that meets a
// fault (the server down, the disk full) fails with a StoreFaultError, which the API answers with 503.
import { asStoreFault } from '../faults.ts';
import type { Store, StoreOptions } from '../index.ts';
import { clientsTable, integrationsTable, stationKeysTable } from './accounts.ts';
import { openPostgres } from './database.ts';
import { addressesTable, carrierSettingsTable, printJobsTable, settingsTable } from './records.ts';
import { shipmentsTable } from './shipments.ts';

/** Every method's failure as a StoreFaultError when it is one. */
function faultsTranslated<Table extends object>(table: Table): Table {
  return Object.fromEntries(
    Object.entries(table).map(([name, method]) => [
      name,
      (...args: unknown[]) => (method as (...values: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => Promise.reject(asStoreFault(error))),
    ]),
  ) as Table;
}

export async function openPostgresStore(url: string, options: StoreOptions & { onProblem?: (message: string) => void } = {}): Promise<Store> {
  const clock = options.clock ?? (() => new Date());
  const now = () => clock().toISOString();
  const pool = await openPostgres(url, undefined, { onProblem: options.onProblem }).catch((error: unknown) => Promise.reject(asStoreFault(error)));
  let clientChanges = 0;
  const counted = <Table extends object>(table: Table, writes: readonly string[]): Table =>
    Object.fromEntries(
      Object.entries(table).map(([name, method]) => [
        name,
        writes.includes(name)
          ? (...args: unknown[]) => {
              clientChanges++;
              return (method as (...values: unknown[]) => unknown)(...args);
            }
          : method,
      ]),
    ) as Table;
  return {
    backend: 'postgres',
    stationKeys: faultsTranslated(stationKeysTable(pool, now)),
    integrations: faultsTranslated(counted(integrationsTable(pool, now), ['add', 'revoke'])),
    clients: { ...faultsTranslated(counted(clientsTable(pool, now), ['add', 'setClientKey', 'setCredential', 'remove'])), localVersion: () => clientChanges },
    shipments: faultsTranslated(shipmentsTable(pool, now)),
    addresses: faultsTranslated(addressesTable(pool, now)),
    carrierSettings: faultsTranslated(carrierSettingsTable(pool, now)),
    printJobs: faultsTranslated(printJobsTable(pool, now)),
    settings: faultsTranslated(settingsTable(pool, now)),
    // The database server does its own writing: every query already leaves the API's thread.
    writeInBackground: () => undefined,
    close: () => pool.end(),
  };
}
