// The executor over the PostgreSQL pool, or over one connection inside a transaction. A statement is sent with its
// values (the pool keeps no prepared statements, as before); a transaction is one connection from BEGIN to COMMIT
// (store/postgres/database.ts), and a transaction inside it is a savepoint, as on SQLite: what throws takes back only
// its own changes (a failed statement too, which would otherwise end the whole transaction).
import { transaction, wholeTableQuery, type Connection, type Pool } from '../postgres/database.ts';
import { noTransaction, TransactionEnd, type Sql } from './executor.ts';
import { POSTGRES } from './dialect.ts';

/** A pool or one of its connections inside a transaction: both run queries. */
type Queryable = Pick<Pool, 'query'>;

const statements = (on: Queryable): Pick<Sql, 'one' | 'all' | 'run' | 'runLong'> => ({
  one: async <Row>(text: string, values: readonly unknown[] = []) => (await on.query(text, values as unknown[])).rows[0] as Row | undefined,
  all: async <Row>(text: string, values: readonly unknown[] = []) => (await on.query(text, values as unknown[])).rows as Row[],
  run: async (text: string, values: readonly unknown[] = []) => (await on.query(text, values as unknown[])).rowCount ?? 0,
  runLong: async (text: string, values: readonly unknown[] = []) =>
    (await on.query({ ...wholeTableQuery(text), values: values as unknown[] })).rowCount ?? 0,
});

/**
 * The statements of one transaction (or of one of its savepoints, `depth` deep), on its connection; what it gathers
 * is written at its end. A transaction's parts run one after another: its savepoints are named by depth.
 */
function transactionSql(connection: Connection, end: TransactionEnd, depth = 0): Sql {
  return {
    dialect: POSTGRES,
    ...statements(connection),
    bulk: (work) => work(),
    tx: (work) => savepoint(connection, depth + 1, work),
    gather: (key, start) => end.gather(key, start),
  };
}

/**
 * Runs `work` in a savepoint: released when it returns (after what it gathered is written), rolled back to when it
 * throws, so the transaction around it goes on without its changes.
 */
async function savepoint<T>(connection: Connection, depth: number, work: (sql: Sql) => Promise<T>): Promise<T> {
  const name = `nested_${depth}`;
  await connection.query(`SAVEPOINT ${name}`);
  const end = new TransactionEnd();
  try {
    const value = await work(transactionSql(connection, end, depth));
    await end.finish();
    await connection.query(`RELEASE SAVEPOINT ${name}`);
    return value;
  } catch (error) {
    // When this fails too (the connection is lost), the transaction cannot commit: its own ROLLBACK follows.
    await connection.query(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`);
    throw error;
  }
}

/** The executor of the pool: each transaction on a connection of its own. */
export function postgresSql(pool: Pool): Sql {
  return {
    dialect: POSTGRES,
    ...statements(pool),
    bulk: (work) => work(),
    tx: (work) => transaction(pool, (connection, end) => work(transactionSql(connection, end))),
    gather: noTransaction,
  };
}
