// What a table group written once for both back ends is: its reads and its writes, each made on an executor.
import type { Sql } from './sql/executor.ts';

/** What every table is made with besides its executor. */
export interface TableContext {
  /** The station's clock, as an ISO timestamp: the time the records a write makes are stamped with. */
  now: () => string;
  /** PostgreSQL: how old a claim on a scheduled shipment must be before another desk takes the work over. */
  claimLeaseMs: number;
}

/**
 * A group of tables: its reads and its writes, each made on an executor; and its bulk writes, if any: loads and
 * upkeep that make their own transactions (many rows to each) from what cannot be sent to a thread (a generator of a
 * million rows, a function that makes secrets). The store routes them as writes, on its own connection.
 */
export interface TableGroup<Reads extends object, Writes extends object, Bulk extends object = object> {
  reads(sql: Sql, context: TableContext): Reads;
  writes(sql: Sql, context: TableContext): Writes;
  bulk?(sql: Sql, context: TableContext): Bulk;
}
