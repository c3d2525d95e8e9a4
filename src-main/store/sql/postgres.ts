// The executor over the PostgreSQL pool, or over one connection inside a transaction. A statement is sent with its
// values (the pool keeps no prepared statements, as before); a transaction is one connection from BEGIN to COMMIT
// (store/postgres/database.ts), and a transaction inside it is a part of it.
import { gatherForCommit, transaction, wholeTableQuery, type Connection, type Pool } from '../postgres/database.ts';
import { noTransaction, type Sql } from './executor.ts';
import { POSTGRES } from './dialect.ts';

type Queryable = Pick<Pool, 'query'>;

const statements = (on: Queryable): Pick<Sql, 'one' | 'all' | 'run' | 'runLong'> => ({
  one: async <Row>(text: string, values: readonly unknown[] = []) => (await on.query(text, values as unknown[])).rows[0] as Row | undefined,
  all: async <Row>(text: string, values: readonly unknown[] = []) => (await on.query(text, values as unknown[])).rows as Row[],
  run: async (text: string, values: readonly unknown[] = []) => (await on.query(text, values as unknown[])).rowCount ?? 0,
  runLong: async (text: string, values: readonly unknown[] = []) => (await on.query({ ...wholeTableQuery(text), values: values as unknown[] })).rowCount ?? 0,
});

/** The statements of one transaction, on its connection. */
function transactionSql(connection: Connection): Sql {
  const sql: Sql = {
    dialect: POSTGRES,
    ...statements(connection),
    bulk: (work) => work(),
    tx: (work) => work(sql),
    gather: (key, start) => gatherForCommit(connection, key, start),
  };
  return sql;
}

/** The executor of the pool (or of joinedPool(connection): then its transactions are parts of that connection's). */
export function postgresSql(pool: Pool): Sql {
  return {
    dialect: POSTGRES,
    ...statements(pool),
    bulk: (work) => work(),
    tx: (work) => transaction(pool, (connection) => work(transactionSql(connection))),
    gather: noTransaction,
  };
}
