// The schema migrations of both back ends, in the order they run. The released ones stay as they were released,
// one list per back end; every migration since is written once, in a file of its own in this folder, and listed
// in WRITTEN_ONCE: it becomes the next version of each back end (SQLite's after 17, PostgreSQL's after 14). A
// database of any earlier release migrates forward; a newer one is refused, and so is one whose recorded history
// (history.ts) is not the start of this list.
import { POSTGRES, SQLITE, type Dialect } from '../sql/dialect.ts';
import type { Migration, WrittenOnce } from './migration.ts';
import { RELEASED_POSTGRES } from './released-postgres.ts';
import { RELEASED_SQLITE } from './released-sqlite.ts';
import { RETURNS } from './018-returns.ts';
import { WEBHOOK_ENVIRONMENT } from './019-webhook-environment.ts';
import { PRINT_FAILURE } from './020-print-failure.ts';
import { MIGRATION_HISTORY } from './021-migration-history.ts';
import { PRINT_FORMATS } from './022-print-formats.ts';
import { SITES } from './023-sites.ts';
import { COUNTS_AS_CHANGES } from './024-counts-as-changes.ts';
import { ADDRESS_NAMES_IN_ORDER } from './025-address-names-in-order.ts';
import { LABEL_BYTES_AS_THEY_ARE } from './026-label-bytes-as-they-are.ts';
import { SESSION_EPOCH } from './027-session-epoch.ts';
import { ADDRESSES_BY_PLACE } from './028-addresses-by-place.ts';
import { EMISSIONS } from './029-emissions.ts';
import { DELIVERED_LANES } from './030-delivered-lanes.ts';

/** The migrations written once, oldest first. A new one goes at the end, from its own file: `import … from './018-….ts'`. */
export const WRITTEN_ONCE: readonly WrittenOnce[] = [
  RETURNS,
  WEBHOOK_ENVIRONMENT,
  PRINT_FAILURE,
  MIGRATION_HISTORY,
  PRINT_FORMATS,
  SITES,
  COUNTS_AS_CHANGES,
  ADDRESS_NAMES_IN_ORDER,
  LABEL_BYTES_AS_THEY_ARE,
  SESSION_EPOCH,
  ADDRESSES_BY_PLACE,
  EMISSIONS,
  DELIVERED_LANES,
];

/** Each back end's released migrations, followed by `writtenOnce` turned into its own. */
export function migrationsOf(dialect: Dialect, writtenOnce: readonly WrittenOnce[] = WRITTEN_ONCE): Migration[] {
  const released = dialect.name === 'sqlite' ? RELEASED_SQLITE : RELEASED_POSTGRES;
  return [
    ...released,
    ...writtenOnce.map((migration, index) => ({ version: released.length + index + 1, name: migration.name, sql: migration.sql(dialect) })),
  ];
}

export const MIGRATIONS: readonly Migration[] = migrationsOf(SQLITE);
export const POSTGRES_MIGRATIONS: readonly Migration[] = migrationsOf(POSTGRES);
export type { Migration, WrittenOnce } from './migration.ts';
