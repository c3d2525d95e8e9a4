// The executor over one better-sqlite3 connection. Every statement is prepared once, on first use, and kept; $n
// placeholders become SQLite's own. SQLite runs a statement at once: a promise here is already settled, and costs
// one turn of the microtask queue. A transaction is BEGIN IMMEDIATE … COMMIT, one at a time on the connection; a
// transaction inside it is a savepoint, so what throws takes back only its own changes.
import type Database from 'better-sqlite3';
import { TransactionEnd, noTransaction, type Sql } from './executor.ts';
import { SQLITE } from './dialect.ts';

type Db = Database.Database;
interface Prepared {
  statement: Database.Statement;
  /** Whether the values bind by name (a placeholder used twice, or out of order), as p1, p2, … */
  named: boolean;
  /** The placeholders' numbers: the values a statement binds (one of several sharing their numbering may skip some). */
  numbers: number[];
}

const PLACEHOLDER = /\$(\d+)/g;

function prepare(db: Db, text: string): Prepared {
  const numbers = Array.from(text.matchAll(PLACEHOLDER), (match) => Number(match[1]));
  const inOrder = numbers.every((number, index) => number === index + 1);
  return inOrder
    ? { statement: db.prepare(text.replace(PLACEHOLDER, '?')), named: false, numbers }
    : { statement: db.prepare(text.replace(PLACEHOLDER, '@p$1')), named: true, numbers: [...new Set(numbers)] };
}

const bound = (prepared: Prepared, values: readonly unknown[]): unknown[] => {
  if (prepared.named) return [Object.fromEntries(prepared.numbers.map((number) => [`p${number}`, values[number - 1]]))];
  return values.length === prepared.numbers.length ? (values as unknown[]) : values.slice(0, prepared.numbers.length);
};

/** The executor of a connection: top-level transactions queue; `inside` runs statements of the one under way. */
export function sqliteSql(db: Db): Sql {
  const cache = new Map<string, Prepared>();
  const statement = (text: string) => {
    let prepared = cache.get(text);
    if (!prepared) {
      prepared = prepare(db, text);
      cache.set(text, prepared);
    }
    return prepared;
  };
  const one = <Row>(text: string, values: readonly unknown[] = []) => {
    try {
      const prepared = statement(text);
      return Promise.resolve(prepared.statement.get(...bound(prepared, values)) as Row | undefined);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  };
  const all = <Row>(text: string, values: readonly unknown[] = []) => {
    try {
      const prepared = statement(text);
      return Promise.resolve(prepared.statement.all(...bound(prepared, values)) as Row[]);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  };
  const run = (text: string, values: readonly unknown[] = []) => {
    try {
      const prepared = statement(text);
      return Promise.resolve(prepared.statement.run(...bound(prepared, values)).changes);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  };

  const send = async (text: string, values: readonly unknown[] = []) => {
    await run(text, values);
  };

  /** 256 MB of pages while a bulk load runs; the connection's own cache again after it. */
  const bulk = async <T>(work: () => Promise<T>): Promise<T> => {
    const usual = db.pragma('cache_size', { simple: true }) as number;
    db.pragma('cache_size = -262144');
    try {
      return await work();
    } finally {
      db.pragma(`cache_size = ${usual}`);
    }
  };

  let savepoints = 0;
  /** The ends of the transactions under way, innermost last: what `gather` adds to. */
  const ends: TransactionEnd[] = [];
  /**
   * Runs `work` between `begin` and `commit`; on a throw, `rollback` (when the connection is still in it). BEGIN,
   * SAVEPOINT and RELEASE are prepared once each, as better-sqlite3's own transactions do. A transaction's parts run
   * one after another (its savepoints are named by depth).
   */
  const bracket = async <T>(
    statements: { begin: string; commit: string; rollback: string },
    work: (sql: Sql) => Promise<T>,
  ): Promise<T> => {
    statement(statements.begin).statement.run();
    const end = new TransactionEnd();
    ends.push(end);
    try {
      const value = await work(inside);
      await end.finish();
      statement(statements.commit).statement.run();
      return value;
    } catch (error) {
      // SQLite may have rolled the whole transaction back itself (a full disk): then there is nothing to undo.
      if (db.inTransaction) db.exec(statements.rollback);
      throw error;
    } finally {
      ends.pop();
    }
  };
  const savepoint = <T>(work: (sql: Sql) => Promise<T>) => {
    const name = `nested_${++savepoints}`;
    return bracket(
      { begin: `SAVEPOINT ${name}`, commit: `RELEASE ${name}`, rollback: `ROLLBACK TO ${name}; RELEASE ${name}` },
      work,
    ).finally(() => savepoints--);
  };
  /**
   * The statements inside a transaction: one executor for every transaction of the connection (they run one at a
   * time), so what is made on it (a group's writes) is made once.
   */
  // A statement here is never cut short: SQLite has no query timeout.
  const statements = { dialect: SQLITE, one, all, run, send, runLong: run, bulk };
  const inside: Sql = {
    ...statements,
    tx: savepoint,
    gather: (key, start) => (ends.at(-1) ?? noTransaction()).gather(key, start),
  };

  let queue: Promise<unknown> = Promise.resolve();
  return {
    ...statements,
    tx<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
      const turn = queue.then(() =>
        // Inside a transaction this executor did not open (a synchronous one of better-sqlite3's): a part of it.
        db.inTransaction ? savepoint(work) : bracket({ begin: 'BEGIN IMMEDIATE', commit: 'COMMIT', rollback: 'ROLLBACK' }, work),
      );
      queue = turn.catch(() => undefined);
      return turn;
    },
    gather: noTransaction,
  };
}
