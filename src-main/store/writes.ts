// Which methods of each table write: on SQLite they go to the writer thread, on PostgreSQL a write of the
// accounts or settings tells the caches that read them (store/postgres/index.ts), and Store.audited runs one.
// A group written once lays its writes out in a module of their own (groups.ts); the others are listed here.
import { GROUP_WRITES } from './groups.ts';
import type { TableName, Tables } from './tables.ts';

const LISTED_WRITES = {
  shipments: ['allocateReference', 'insert', 'claimWaiting', 'releaseClaims', 'releaseWaitingClaims', 'releaseRunClaims', 'claimSaved', 'releaseClaim', 'confirmSaved', 'complete', 'fail', 'markDeleted', 'addEvent', 'markRefreshed'],
  addresses: ['remember', 'ensure'],
  carrierSettings: ['setFuelSurcharge'],
  printJobs: ['add', 'adoptDeskless', 'markPrinting', 'finish'],
  settings: ['set'],
  events: ['append', 'purge'],
  idempotencyKeys: ['record', 'saveResponse', 'purge'],
  manifests: ['close', 'reopen', 'transmitted', 'transmitFailed', 'transmitAgain'],
} as const satisfies { [Name in TableName]?: readonly (keyof Tables[Name])[] };

/** The methods that write, per table. */
export const WRITES = { ...LISTED_WRITES, ...GROUP_WRITES };

/** A table that changes, and one of its writes: what Store.audited runs. */
export type WriteTable = keyof typeof WRITES;
export type WriteMethod<Name extends WriteTable> = (typeof WRITES)[Name][number] & keyof Tables[Name];
