// What really differs between SQLite and PostgreSQL for the station's statements, each named for what it does.
// Everything else a table module writes once: RETURNING, ON CONFLICT … DO UPDATE, IS NOT DISTINCT FROM, CAST,
// row values and $n placeholders mean the same in both.
import { SETTINGS_CHANNEL } from '../postgres/settings-channel.ts';

export interface Dialect {
  readonly name: 'sqlite' | 'postgres';
  /** The elements of a JSON array held as text, as a one-column subquery. */
  jsonArrayElements(text: string): string;
  /** A member of a JSON object held as text (a path of members: 'shipTo', 'name'), as text. */
  jsonMember(text: string, ...path: string[]): string;
  /** LIKE that ignores the case of (at least) ASCII letters. */
  readonly caseInsensitiveLike: string;
  /**
   * Added to a SELECT whose rows the transaction changes next: other desks wait for them. SQLite has one writer
   * at a time, so nothing is added.
   */
  readonly lockRows: string;
  /** Added to the SELECT of a claim: rows another desk is claiming this instant are left to it, never waited for. */
  readonly skipLockedRows: string;
  /** A statement that answers the next shipment reference (as `reference`, text) and never the same twice. */
  readonly nextReference: string;
  /**
   * Locks a table against other writers until the transaction ends, where other desks may write meanwhile (null:
   * SQLite's BEGIN IMMEDIATE holds the database's write lock already).
   */
  lockTable(table: string): string | null;
  /**
   * Tells the other desks that settings changed (named, or '*' for all), once the transaction commits: the statement,
   * with the name as $1; null where no other desk shares the database.
   */
  readonly settingsChanged: string | null;
  /**
   * Taken at the end of a transaction that adds events, so event ids commit in the order they were drawn even when
   * several desks write at once; null where one writer at a time is all there is.
   */
  readonly eventOrderLock: string | null;
  /** Whether INSERTs may run inside WITH … AS (…) as parts of one statement: several writes in one round trip. */
  readonly writesInWith: boolean;
  /**
   * The SET clause that gives a claimed shipment its reference in the claim's own UPDATE; null where the references
   * are drawn one by one after it (SQLite's counter row can give one value per statement).
   */
  readonly referenceOnClaim: string | null;
  /** Rows a bulk import writes per transaction: few commits on SQLite; on PostgreSQL, nothing held long. */
  readonly rowsPerBulkTransaction: number;
  /** A statement that gives the planner fresh statistics of tables after a bulk load; null where it needs none. */
  freshStatistics(tables: string): string | null;
  /** The type of a binary column in a migration. */
  readonly binaryType: string;
  /** An integer aggregate as an integer (PostgreSQL's sum() of integers is numeric, its count() bigint). */
  integer(expression: string): string;
}

export const SQLITE: Dialect = {
  name: 'sqlite',
  jsonArrayElements: (text) => `SELECT value FROM json_each(${text})`,
  jsonMember: (text, ...path) => `json_extract(${text}, '$.${path.join('.')}')`,
  caseInsensitiveLike: 'LIKE',
  lockRows: '',
  skipLockedRows: '',
  nextReference: 'UPDATE reference_counter SET next_value = next_value + 1 WHERE id = 1 RETURNING CAST(next_value - 1 AS TEXT) AS reference',
  lockTable: () => null,
  settingsChanged: null,
  eventOrderLock: null,
  binaryType: 'BLOB',
  writesInWith: false,
  referenceOnClaim: null,
  rowsPerBulkTransaction: 100_000,
  freshStatistics: () => null,
  integer: (expression) => `CAST(${expression} AS INTEGER)`,
};

export const POSTGRES: Dialect = {
  name: 'postgres',
  jsonArrayElements: (text) => `SELECT jsonb_array_elements_text(${text}::jsonb)`,
  // One member as the expression indexes use (shipments_by_customer_reference); a path through #>>.
  jsonMember: (text, ...path) => (path.length === 1 ? `((${text}::jsonb) ->> '${path[0]}')` : `((${text}::jsonb) #>> '{${path.join(',')}}')`),
  caseInsensitiveLike: 'ILIKE',
  lockRows: ' FOR UPDATE',
  skipLockedRows: ' FOR UPDATE SKIP LOCKED',
  nextReference: "SELECT nextval('shipment_reference')::text AS reference",
  lockTable: (table) => `LOCK TABLE ${table} IN EXCLUSIVE MODE`,
  settingsChanged: `SELECT pg_notify('${SETTINGS_CHANNEL}', $1)`,
  // Any number that event ordering chooses: one transaction-level advisory lock for every desk on the database.
  eventOrderLock: 'SELECT pg_advisory_xact_lock(8411003)',
  binaryType: 'bytea',
  writesInWith: true,
  referenceOnClaim: "reference = COALESCE(reference, nextval('shipment_reference')::text)",
  rowsPerBulkTransaction: 1_000,
  // Until autovacuum gets to the tables, the planner guesses their size: it picked a plan that made the shipment
  // list 5× slower after the benchmark's bulk load of 200,000 rows.
  freshStatistics: (tables) => `ANALYZE ${tables}`,
  integer: (expression) => `(${expression})::int`,
};
