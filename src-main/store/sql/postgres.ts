// The executor over the PostgreSQL pool, or over one connection inside a transaction. A statement is sent with its
// values, prepared once per connection from its third run (postgres/statement-names.ts); a transaction is one
// connection from BEGIN to COMMIT (store/postgres/database.ts), its statements pipelined: what nobody waits for
// (`send`) leaves with the next one awaited. A transaction inside it is a savepoint, as on SQLite: what throws
// takes back only its own changes (a failed statement too, which would otherwise end the whole transaction).
import { transaction, wholeTableQuery, type Connection, type Pipeline, type Pool } from '../postgres/database.ts';
import { isStalePlan, preparedQuery, renamedAfterStalePlan } from '../postgres/statement-names.ts';
import { noTransaction, TransactionEnd, type Sql } from './executor.ts';
import { POSTGRES } from './dialect.ts';

/** A pool or one of its connections inside a transaction: both run queries. */
type Queryable = Pick<Pool, 'query'>;

/**
 * A statement, prepared once per connection (statement-names.ts). On the pool, one refused because the schema
 * changed under it is sent again under a new name (nothing ran); inside a transaction the refusal ends the
 * transaction, which postgresSql's `tx` runs once more.
 */
const prepared = (on: Queryable, retry: boolean) => async (text: string, values: readonly unknown[]) => {
  try {
    return await on.query(preparedQuery(text, values));
  } catch (error) {
    if (!renamedAfterStalePlan(error) || !retry) throw error;
    return on.query(preparedQuery(text, values));
  }
};

const statements = (on: Queryable, inTransaction = false): Pick<Sql, 'one' | 'all' | 'run' | 'send' | 'runLong'> => {
  const query = prepared(on, !inTransaction);
  return {
    one: async <Row>(text: string, values: readonly unknown[] = []) => (await query(text, values)).rows[0] as Row | undefined,
    all: async <Row>(text: string, values: readonly unknown[] = []) => (await query(text, values)).rows as Row[],
    run: async (text: string, values: readonly unknown[] = []) => (await query(text, values)).rowCount ?? 0,
    send: async (text: string, values: readonly unknown[] = []) => {
      await query(text, values);
    },
    runLong: async (text: string, values: readonly unknown[] = []) =>
      (await on.query({ ...wholeTableQuery(text), values: values as unknown[] })).rowCount ?? 0,
  };
};

/** The statements of a transaction's connection: each awaited one through the pipeline, `send` into it. */
const pipelined = (connection: Connection, pipeline: Pipeline): Pick<Sql, 'one' | 'all' | 'run' | 'send' | 'runLong'> => {
  const on = statements(connection, true);
  return {
    one: (text, values) => pipeline.answer(() => on.one(text, values)),
    all: (text, values) => pipeline.answer(() => on.all(text, values)),
    run: (text, values) => pipeline.answer(() => on.run(text, values)),
    send: (text, values = []) => {
      pipeline.send(text, values);
      return Promise.resolve();
    },
    runLong: (text, values) => pipeline.answer(() => on.runLong(text, values)),
  };
};

/**
 * The statements of one transaction (or of one of its savepoints, `depth` deep), on its connection; what it gathers
 * is written at its end. A transaction's parts run one after another: its savepoints are named by depth.
 */
function transactionSql(connection: Connection, pipeline: Pipeline, end: TransactionEnd, depth = 0): Sql {
  return {
    dialect: POSTGRES,
    ...pipelined(connection, pipeline),
    bulk: (work) => work(),
    tx: (work) => savepoint(connection, pipeline, depth + 1, work),
    gather: (key, start) => end.gather(key, start),
  };
}

/**
 * Runs `work` in a savepoint: released when it returns (after what it gathered is written), rolled back to when it
 * throws, so the transaction around it goes on without its changes. What was sent before it is answered first, so a
 * failure inside is the savepoint's own.
 */
async function savepoint<T>(connection: Connection, pipeline: Pipeline, depth: number, work: (sql: Sql) => Promise<T>): Promise<T> {
  const name = `nested_${depth}`;
  await pipeline.settle();
  pipeline.send(`SAVEPOINT ${name}`);
  const end = new TransactionEnd();
  try {
    const value = await work(transactionSql(connection, pipeline, end, depth));
    await end.finish();
    pipeline.send(`RELEASE SAVEPOINT ${name}`);
    await pipeline.settle();
    return value;
  } catch (error) {
    await pipeline.forget();
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
    tx: async (work) => {
      const attempt = () => transaction(pool, (connection, end, pipeline) => work(transactionSql(connection, pipeline, end)));
      try {
        return await attempt();
      } catch (error) {
        // Another station's migration changed the schema under a prepared statement: the transaction committed
        // nothing (its COMMIT answered ROLLBACK), the names are given up, and it runs once more, prepared afresh.
        if (!isStalePlan(error)) throw error;
        return attempt();
      }
    },
    gather: noTransaction,
  };
}
