// Which migrations a database has applied, by version and name (the table schema_migrations, from the migration
// "migration history" on), checked at every start on both back ends: a history that is not the start of the
// station's own list belongs to another build, and is refused before anything is migrated.
import type { Migration } from './migration.ts';

/** One migration as a database recorded it. */
export interface AppliedMigration {
  version: number;
  name: string;
}

/** The table that holds the history, once the migration that makes it has run. */
export const HISTORY_TABLE = 'schema_migrations';

/** A database whose migration history is not this station's, with what to do about it. */
export class MigrationHistoryError extends Error {
  constructor(problem: string) {
    super(
      `The database's migration history is not this station's: ${problem}. It was migrated by another build of Shipping ` +
        'Station, and migrating it further could damage it: run the build that made it, or restore a backup made by this one.',
    );
    this.name = 'MigrationHistoryError';
  }
}

/**
 * Refuses a history that is not the start of `known` (the same versions, in order, by the same names) or that
 * does not reach the database's schema `version`. An empty history is a database from before the history: its
 * migrations are recorded when the one that makes the table runs.
 */
export function checkHistory(applied: readonly AppliedMigration[], known: readonly Migration[], version: number): void {
  if (applied.length === 0) return;
  const byVersion = new Map(known.map((migration) => [migration.version, migration.name]));
  [...applied]
    .sort((a, b) => a.version - b.version)
    .forEach((entry, index) => {
      if (entry.version !== index + 1)
        throw new MigrationHistoryError(`it records no migration ${index + 1}, but migration ${entry.version} ("${entry.name}")`);
      const name = byVersion.get(entry.version);
      if (name === undefined)
        throw new MigrationHistoryError(`its migration ${entry.version} is "${entry.name}", which this station does not know`);
      if (name !== entry.name)
        throw new MigrationHistoryError(`its migration ${entry.version} is "${entry.name}", this station's is "${name}"`);
    });
  if (applied.length !== version)
    throw new MigrationHistoryError(`it records ${applied.length} migrations, but its schema version is ${version}`);
}

/** What to record once `version` is applied: it, and the known ones before it (already recorded ones are kept). */
export const toRecord = (known: readonly Migration[], version: number): AppliedMigration[] =>
  known.filter((migration) => migration.version <= version).map(({ version: v, name }) => ({ version: v, name }));
