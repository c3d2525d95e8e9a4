// What really differs between SQLite and PostgreSQL for the station's statements, each named for what it does.
// Everything else a table module writes once: RETURNING, ON CONFLICT … DO UPDATE, IS NOT DISTINCT FROM, CAST,
// row values and $n placeholders mean the same in both.
import { SETTINGS_CHANNEL } from '../postgres/settings-cache.ts';

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
  integer: (expression) => `(${expression})::int`,
};
