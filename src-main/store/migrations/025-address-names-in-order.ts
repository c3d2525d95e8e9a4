// The address book's search by a name's beginning answers names in order, the most used first of equal names, 50
// at most. Its index had the names alone, so every name with that beginning (PostgreSQL) or every equal name
// (SQLite) was read and sorted before the first 50 were taken: on PostgreSQL a first name shared by one entry in ten
// of a book of 2,000,000 is 200,000 rows sorted. The index now holds the order itself: the names, then the use
// count, highest first, and a search reads 50 entries of it and stops. On PostgreSQL the names are in the "C"
// collation (byte order of the folded text, as SQLite's NOCASE orders them), which also takes a LIKE prefix as a
// range of the index, so it replaces the text_pattern_ops index; the search's ORDER BY names the same collation.
// The index keeps its name (SQLite's search names it: INDEXED BY addresses_by_name).
import type { WrittenOnce } from './migration.ts';

export const ADDRESS_NAMES_IN_ORDER: WrittenOnce = {
  name: 'the address book by name in the order a search answers: the name, then the most used',
  sql: (dialect) =>
    dialect.name === 'sqlite'
      ? `
    DROP INDEX addresses_by_name;
    CREATE INDEX addresses_by_name ON addresses (client_id, sandbox, name COLLATE NOCASE, use_count DESC);
  `
      : `
    DROP INDEX addresses_by_name;
    CREATE INDEX addresses_by_name ON addresses (client_id, sandbox, folded_name COLLATE "C", use_count DESC);
  `,
};
