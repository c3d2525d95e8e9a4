// The migration history: every migration a database has applied, by version and name, so a start refuses a
// database whose history is not the start of its own list (one migrated by another build) rather than migrate it
// further. The migrations applied before this one are recorded with it, by the names this release knows
// (history.ts); each one after, as it is applied.
import type { WrittenOnce } from './migration.ts';

export const MIGRATION_HISTORY: WrittenOnce = {
  name: 'migration history',
  sql: () => `
    CREATE TABLE schema_migrations (
      version INTEGER NOT NULL,
      name TEXT NOT NULL,
      PRIMARY KEY (version)
    );
  `,
};
