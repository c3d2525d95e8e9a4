// The one way a table module talks to its database, whichever back end it is: a statement is written once (in SQL
// that SQLite and PostgreSQL both accept, with $1, $2, … placeholders) and run through an executor, which each
// driver implements in its own module (sqlite.ts, postgres.ts). The few real differences between the two are the
// dialect's (dialect.ts), named for what they do.
import type { Dialect } from './dialect.ts';

export interface Sql {
  readonly dialect: Dialect;
  /** The first row of a statement, or undefined. */
  one<Row>(text: string, values?: readonly unknown[]): Promise<Row | undefined>;
  all<Row>(text: string, values?: readonly unknown[]): Promise<Row[]>;
  /** Runs a statement; how many rows it changed. */
  run(text: string, values?: readonly unknown[]): Promise<number>;
  /**
   * Runs a write whose answer nothing waits for (an audit entry, a label's row, the events at a transaction's end).
   * Inside a PostgreSQL transaction it goes on the wire at once, behind what was sent before and without a round trip
   * of its own: the transaction waits for it before it ends, and its failure is the transaction's (the next statement
   * awaited, the savepoint's release or the commit throws it). Elsewhere it is `run`.
   */
  send(text: string, values?: readonly unknown[]): Promise<void>;
  /** Runs a statement over whole tables (a rebuild, an account's merge), exempt from the query timeout; how many rows it changed. */
  runLong(text: string, values?: readonly unknown[]): Promise<number>;
  /**
   * Runs a bulk load (an import, the benchmark's seed): on SQLite with a large page cache for its duration, as it
   * touches index pages all over (several times faster); elsewhere as it is.
   */
  bulk<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` in one transaction: committed when it returns, rolled back when it throws. Inside another
   * transaction (the `Sql` that `work` is given, or the SQLite writer thread's group), it is a savepoint on both
   * databases: released into that one when it returns, and when it throws only its own changes are taken back.
   */
  tx<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  /**
   * A value gathered over the transaction this executor runs in, under `key`, made by `start` on first use; `start`
   * may register a task with `atEnd` that runs after the transaction's other statements, just before it commits.
   * Outside a transaction, nothing gathers: the caller opens one first.
   */
  gather<T>(key: symbol, start: (atEnd: (task: () => Promise<void>) => void) => T): T;
}

/** What a transaction does last, and what it gathered for that: one per transaction, kept by its executor. */
export class TransactionEnd {
  private readonly tasks: (() => Promise<void>)[] = [];
  private readonly gathered = new Map<symbol, unknown>();

  gather<T>(key: symbol, start: (atEnd: (task: () => Promise<void>) => void) => T): T {
    if (!this.gathered.has(key))
      this.gathered.set(
        key,
        start((task) => this.tasks.push(task)),
      );
    return this.gathered.get(key) as T;
  }

  async finish(): Promise<void> {
    // A task may add another (the event-order lock's holder adds the events' insert): run until none is left.
    for (let index = 0; index < this.tasks.length; index++) await this.tasks[index]!();
  }
}

/** Outside a transaction there is nothing to gather for. */
export function noTransaction(): never {
  throw new Error('gather() needs a transaction: run the statements in sql.tx()');
}

/** PostgreSQL text cannot hold NUL, nor does any key the station makes: a key with one names nothing. */
export const storable = (text: string) => !text.includes('\u0000');

/**
 * Writes many items, rowsPerBulkTransaction of them to a transaction, `write` given each chunk, all as one bulk
 * load; how many it wrote.
 */
export function inBulkTransactions<T>(sql: Sql, items: Iterable<T>, write: (tx: Sql, chunk: T[]) => Promise<void>): Promise<number> {
  return sql.bulk(async () => {
    let total = 0;
    let chunk: T[] = [];
    const flush = async () => {
      const taken = chunk;
      chunk = [];
      await sql.tx((tx) => write(tx, taken));
      total += taken.length;
    };
    for (const item of items) {
      chunk.push(item);
      if (chunk.length === sql.dialect.rowsPerBulkTransaction) await flush();
    }
    if (chunk.length > 0) await flush();
    return total;
  });
}
