// Statements prepared once per connection. PostgreSQL parses and plans an unnamed statement every time it runs; a
// named one is parsed once on each connection and, after a few runs, keeps a generic plan where that costs no more
// than planning each run (as JDBC's drivers do from a statement's fifth run): about a third of the database's CPU a
// create (issue 49, docs/benchmarks.md). A statement is named from its third run, up to NAMED_MAX texts; rare and
// one-off texts (a bulk chunk of an odd size) stay unnamed. When another station changes the schema under a prepared
// statement (a migration adds a column to a table read with *), PostgreSQL refuses it: every name is then given up
// (a new generation), so each connection prepares each statement again, and the refusal is a passing fault. A
// connection that does not know a statement it prepared (a pooler in transaction mode) turns naming off.
import type pg from 'pg';

/** How many texts get a name: each connection keeps at most this many statements prepared. */
const NAMED_MAX = 300;
/** From which run a text is named: what runs once or twice (a migration's step, an odd bulk chunk) never is. */
const NAMED_FROM_RUN = 3;
/** How many texts are counted before the count starts again (texts that never reach a name). */
const COUNTED_MAX = 5_000;

let generation = 0;
/** Off once a connection did not know a statement it had prepared (see renamedAfterStalePlan). */
let naming = true;
const names = new Map<string, string>();
const runs = new Map<string, number>();

/** The query to send for `text`: under its name once it has run often enough, unnamed until then. */
export function preparedQuery(text: string, values: readonly unknown[]): pg.QueryConfig {
  const name = names.get(text) ?? nameIfDue(text);
  return name === undefined ? { text, values: values as unknown[] } : { name, text, values: values as unknown[] };
}

function nameIfDue(text: string): string | undefined {
  const count = (runs.get(text) ?? 0) + 1;
  if (runs.size >= COUNTED_MAX) runs.clear();
  runs.set(text, count);
  if (count < NAMED_FROM_RUN || names.size >= NAMED_MAX || !naming) return undefined;
  runs.delete(text);
  const name = `st${generation}_${names.size}`;
  names.set(text, name);
  return name;
}

/** A prepared statement the schema changed under, or that the connection no longer knows: a passing fault. */
export function isStalePlan(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '26000' || (code === '0A000' && /cached plan must not change result type/.test(String(message)));
}

/**
 * Whether PostgreSQL refused a prepared statement because the schema changed under it (0A000 "cached plan must not
 * change result type") or no longer knows it (26000): then every name is given up, and the next run prepares again.
 */
export function renamedAfterStalePlan(error: unknown): boolean {
  if (!isStalePlan(error)) return false;
  // A statement the connection no longer knows: a pooler in transaction mode between the desk and PostgreSQL (a
  // server connection per transaction) or a session reset. Nothing is named from then on, as before this existed.
  if ((error as { code?: unknown }).code === '26000') naming = false;
  generation++;
  names.clear();
  runs.clear();
  return true;
}
