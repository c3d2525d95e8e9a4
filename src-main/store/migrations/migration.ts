// What a schema migration is: released ones as each back end's SQL, and those written once for both, which the
// dialect turns into each back end's (index.ts numbers them after the released ones).
import type { Dialect } from '../sql/dialect.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** A migration written once: its statements, given the dialect (for the few words that differ, e.g. a binary column's type). */
export interface WrittenOnce {
  name: string;
  sql(dialect: Dialect): string;
}
