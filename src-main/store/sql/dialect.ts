// What really differs between SQLite and PostgreSQL for the station's statements, each named for what it does.
// Everything else a table module writes once: RETURNING, ON CONFLICT … DO UPDATE, IS NOT DISTINCT FROM, CAST,
// row values and $n placeholders mean the same in both. A dialect is its SQL fragments (each pinned by a golden
// text per back end in test/unit/dialect.test.ts) and, apart, its capabilities: what a back end can or should do,
// which a table module asks before it chooses its statements.
import { SETTINGS_CHANNEL } from '../postgres/settings-channel.ts';

/** One step of a search: its statement, the owner as $1 and $2, and the values that follow them. */
export type SearchStep = (text: string, limit: number) => [text: string, values: unknown[]];

/** What a back end can do or should do, as values: never SQL text. */
export interface DialectCapabilities {
  /** Whether INSERTs may run inside WITH … AS (…) as parts of one statement: several writes in one round trip. */
  readonly writesInWith: boolean;
  /** Rows a bulk import writes per transaction: few commits on SQLite; on PostgreSQL, nothing held long. */
  readonly rowsPerBulkTransaction: number;
  /**
   * Whether counts on rows many creates share (a day's summaries, an address's uses) are appended as changes in
   * the create's transaction and folded into their rows before they are read, so concurrent creates never wait for
   * each other's row locks; false where one writer at a time adds to the rows directly.
   */
  readonly countsAsChanges: boolean;
}

/** The SQL text that differs: statements and fragments of statements, named for what they do. */
export interface DialectSql {
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
   * A statement that reserves a block of $1 references in one write and answers the first (as `first`, text): the
   * block is handed out from memory, so a create needs no commit of its own to draw its reference. Null where
   * drawing one costs no commit (PostgreSQL's sequence hands each desk its own values outside any transaction).
   */
  readonly referenceBlock: string | null;
  /**
   * Where references come from a sequence: $1 of them in one statement, as `reference` rows (ascending, and not
   * always consecutive: other desks draw from the sequence at the same time). Null where referenceBlock is used.
   */
  readonly referenceSeries: string | null;
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
   * Taken at the end of a transaction that adds events, before their ids are drawn, and held until it commits:
   * shared, so writers never wait for each other; null where one writer at a time is all there is.
   */
  readonly eventOrderLock: string | null;
  /**
   * Taken by a reader of the events before it reads the newest id: waits for every writer holding eventOrderLock to
   * commit or roll back (and holds new ones off for that instant), so no id at or below the one it reads can still
   * commit later. Null where one writer at a time is all there is (ids commit in the order they were drawn).
   */
  readonly eventsSettled: string | null;
  /**
   * The SET clause that gives a claimed shipment its reference in the claim's own UPDATE; null where the references
   * are drawn one by one after it (SQLite's counter row can give one value per statement).
   */
  readonly referenceOnClaim: string | null;
  /** A statement that gives the planner fresh statistics of tables after a bulk load; null where it needs none. */
  freshStatistics(tables: string): string | null;
  /** The type of a binary column in a migration. */
  readonly binaryType: string;
  /** An integer aggregate as an integer (PostgreSQL's sum() of integers is numeric, its count() bigint). */
  integer(expression: string): string;
  /** A number as a 64-bit integer (a day's grams may pass 2^31). */
  bigInteger(expression: string): string;
  /** How many elements the JSON array member `member` of a JSON object held as text has. */
  jsonArrayLength(text: string, member: string): string;
  /**
   * A subquery: the sum (0 for none) of the number at `path` in each element of the JSON array member `member` of
   * a JSON object held as text, e.g. the weights of a shipment's packages.
   */
  sumOverJsonArray(text: string, member: string, path: readonly string[]): string;
  /**
   * The address book's search, in two steps: names that start with the text, then any field that contains it.
   * SQLite ranges over a NOCASE index, then matches an FTS5 trigram index; PostgreSQL matches the folded columns
   * of its migration 14 (pg_trgm indexes over text folded of case and accents).
   */
  readonly addressSearch: { readonly byName: SearchStep; readonly containing: SearchStep };
}

export interface Dialect extends DialectSql, DialectCapabilities {
  readonly name: 'sqlite' | 'postgres';
}

// PostgreSQL's folded search text, its LIKE wildcards taken literally; and the saved address's columns (not the
// folded ones it was found by).
const FOLDED_PATTERN = `replace(replace(replace(station_fold($3), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
const SAVED_COLUMNS = 'id, name, contact, address1, address2, city, postal_code, state, country, phone, email';

export const SQLITE: Dialect = {
  name: 'sqlite',
  jsonArrayElements: (text) => `SELECT value FROM json_each(${text})`,
  jsonMember: (text, ...path) => `json_extract(${text}, '$.${path.join('.')}')`,
  caseInsensitiveLike: 'LIKE',
  lockRows: '',
  skipLockedRows: '',
  nextReference:
    'UPDATE reference_counter SET next_value = next_value + 1 WHERE id = 1 RETURNING CAST(next_value - 1 AS TEXT) AS reference',
  referenceBlock:
    'UPDATE reference_counter SET next_value = next_value + CAST($1 AS INTEGER) WHERE id = 1 RETURNING CAST(next_value - CAST($1 AS INTEGER) AS TEXT) AS first',
  referenceSeries: null,
  lockTable: () => null,
  settingsChanged: null,
  eventOrderLock: null,
  eventsSettled: null,
  countsAsChanges: false,
  binaryType: 'BLOB',
  writesInWith: false,
  referenceOnClaim: null,
  rowsPerBulkTransaction: 100_000,
  freshStatistics: () => null,
  integer: (expression) => `CAST(${expression} AS INTEGER)`,
  bigInteger: (expression) => `CAST(${expression} AS INTEGER)`,
  jsonArrayLength: (text, member) => `json_array_length(${text}, '$.${member}')`,
  sumOverJsonArray: (text, member, path) =>
    `SELECT coalesce(sum(CAST(json_extract(p.value, '$.${path.join('.')}') AS REAL)), 0) FROM json_each(${text}, '$.${member}') p`,
  addressSearch: {
    // Names that start with the text: a range on the NOCASE index. Any field: the FTS5 trigram index, the text as
    // one phrase (quotes doubled, so it is never read as query syntax).
    byName: (text, limit) => [
      `SELECT * FROM addresses INDEXED BY addresses_by_name WHERE client_id = $1 AND sandbox = $2 AND name >= $3 COLLATE NOCASE AND name < $4 COLLATE NOCASE
       ORDER BY name COLLATE NOCASE, use_count DESC LIMIT $5`,
      [text, `${text}\u{10FFFF}`, limit],
    ],
    containing: (text, limit) => [
      `SELECT a.* FROM addresses_search JOIN addresses a ON a.id = addresses_search.rowid
       WHERE addresses_search MATCH $3 AND a.client_id = $1 AND a.sandbox = $2 ORDER BY addresses_search.rowid DESC LIMIT $4`,
      [`"${text.replace(/"/g, '""')}"`, limit],
    ],
  },
};

export const POSTGRES: Dialect = {
  name: 'postgres',
  jsonArrayElements: (text) => `SELECT jsonb_array_elements_text(${text}::jsonb)`,
  // One member as the expression indexes use (shipments_by_customer_reference); a path through #>>.
  jsonMember: (text, ...path) =>
    path.length === 1 ? `((${text}::jsonb) ->> '${path[0]}')` : `((${text}::jsonb) #>> '{${path.join(',')}}')`,
  caseInsensitiveLike: 'ILIKE',
  lockRows: ' FOR UPDATE',
  skipLockedRows: ' FOR UPDATE SKIP LOCKED',
  nextReference: "SELECT nextval('shipment_reference')::text AS reference",
  referenceBlock: null,
  referenceSeries: "SELECT nextval('shipment_reference')::text AS reference FROM generate_series(1, CAST($1 AS INTEGER))",
  lockTable: (table) => `LOCK TABLE ${table} IN EXCLUSIVE MODE`,
  settingsChanged: `SELECT pg_notify('${SETTINGS_CHANNEL}', $1)`,
  // Any number that event ordering chooses: one transaction-level advisory lock for every desk on the database,
  // shared by the writers, exclusive for the reader that waits for them.
  eventOrderLock: 'SELECT pg_advisory_xact_lock_shared(8411003)',
  eventsSettled: 'SELECT pg_advisory_xact_lock(8411003)',
  countsAsChanges: true,
  binaryType: 'bytea',
  writesInWith: true,
  referenceOnClaim: "reference = COALESCE(reference, nextval('shipment_reference')::text)",
  rowsPerBulkTransaction: 1_000,
  // Until autovacuum gets to the tables, the planner guesses their size: it picked a plan that made the shipment
  // list 5× slower after the benchmark's bulk load of 200,000 rows.
  freshStatistics: (tables) => `ANALYZE ${tables}`,
  integer: (expression) => `(${expression})::int`,
  bigInteger: (expression) => `${expression}::bigint`,
  jsonArrayLength: (text, member) => `jsonb_array_length(${text}::jsonb -> '${member}')`,
  sumOverJsonArray: (text, member, path) =>
    `SELECT coalesce(sum((p${path.map((step, index) => ` ${index === path.length - 1 ? '->>' : '->'} '${step}'`).join('')})::numeric), 0) FROM jsonb_array_elements(${text}::jsonb -> '${member}') p`,
  // The folded columns (folded_name, folded) against the text folded alike, matched literally.
  addressSearch: {
    byName: (text, limit) => [
      `SELECT ${SAVED_COLUMNS} FROM addresses WHERE client_id = $1 AND sandbox = $2 AND folded_name LIKE ${FOLDED_PATTERN} || '%' ORDER BY folded_name COLLATE "C", use_count DESC LIMIT $4`,
      [text, limit],
    ],
    containing: (text, limit) => [
      `SELECT ${SAVED_COLUMNS} FROM addresses WHERE client_id = $1 AND sandbox = $2 AND folded LIKE '%' || ${FOLDED_PATTERN} || '%' ORDER BY id DESC LIMIT $4`,
      [text, limit],
    ],
  },
};
