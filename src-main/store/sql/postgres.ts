// The executor over the PostgreSQL pool, or over one connection inside a transaction. A statement is sent with its
// values (the pool keeps no prepared statements, as before); a transaction is one connection from BEGIN to COMMIT
// (store/postgres/database.ts), and a transaction inside it is a part of it.
import { transaction, wholeTableQuery, type Connection, type Pool } from '../postgres/database.ts';
import { noTransaction, type Sql, type TransactionEnd } from './executor.ts';
import { POSTGRES } from './dialect.ts';

/** A pool or one of its connections inside a transaction: both run queries. */
type Queryable = Pick<Pool, 'query'>;

const statements = (on: Queryable): Pick<Sql, 'one' | 'all' | 'run' | 'runLong'> => ({
  one: async <Row>(text: string, values: readonly unknown[] = []) => (await on.query(text, values as unknown[])).rows[0] as Row | undefined,
  all: async <Row>(text: string, values: readonly unknown[] = []) => (await on.query(text, values as unknown[])).rows as Row[],
  run: async (text: string, values: readonly unknown[] = []) => (await on.query(text, values as unknown[])).rowCount ?? 0,
  runLong: async (text: string, values: readonly unknown[] = []) => (await on.query({ ...wholeTableQuery(text), values: values as unknown[] })).rowCount ?? 0,
});

/** The statements of one transaction, on its connection; what it gathers is written at its end. */
function transactionSql(connection: Connection, end: TransactionEnd): Sql {
  const sql: Sql = {
    dialect: POSTGRES,
    ...statements(connection),
    bulk: (work) => work(),
    tx: (work) => work(sql),
    gather: (key, start) => end.gather(key, start),
  };
  return sql;
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
