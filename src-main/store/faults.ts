// Which SQLite errors are storage faults (see domain/store-fault.ts) rather than bugs: by SQLite's result code,
// extended codes included (SQLITE_IOERR_WRITE, SQLITE_READONLY_DIRECTORY, SQLITE_BUSY_SNAPSHOT, ...).
import { StoreFaultError, type StoreFaultKind } from '../domain/store-fault.ts';

const KINDS: readonly [prefix: string, kind: StoreFaultKind][] = [
  ['SQLITE_FULL', 'disk-full'],
  ['SQLITE_READONLY', 'read-only'],
  ['SQLITE_IOERR', 'io'],
  ['SQLITE_CANTOPEN', 'io'],
  ['SQLITE_BUSY', 'busy'],
  ['SQLITE_LOCKED', 'busy'],
];

/** The error as a StoreFaultError when it is one; otherwise the error itself. */
export function asStoreFault(error: unknown): unknown {
  if (error instanceof StoreFaultError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return error;
  const match = KINDS.find(([prefix]) => code === prefix || code.startsWith(`${prefix}_`));
  return match ? new StoreFaultError(match[1], code, (error as Error).message) : error;
}
