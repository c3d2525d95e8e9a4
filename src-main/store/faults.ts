// Which store errors are storage faults (see domain/store-fault.ts) rather than bugs. SQLite's by result code,
// extended codes included (SQLITE_IOERR_WRITE, SQLITE_READONLY_DIRECTORY, SQLITE_BUSY_SNAPSHOT, ...);
// PostgreSQL's by SQLSTATE (class 08 connection, 53 resources, 57P shutdown, 40 serialization) and the
// network errors of a server that cannot be reached.
import { IdempotencyKeyTakenError } from '../domain/idempotency.ts';
import { ManifestChangedError } from '../domain/manifest.ts';
import { OrderTakenError } from '../domain/order.ts';
import { StoreFaultError, TrackingNumberTakenError, type StoreFaultKind } from '../domain/store-fault.ts';
import { isStalePlan } from './postgres/statement-names.ts';

const KINDS: readonly [prefix: string, kind: StoreFaultKind][] = [
  ['SQLITE_FULL', 'disk-full'],
  ['SQLITE_READONLY', 'read-only'],
  ['SQLITE_IOERR', 'io'],
  ['SQLITE_CANTOPEN', 'io'],
  ['SQLITE_BUSY', 'busy'],
  ['SQLITE_LOCKED', 'busy'],
  ['SQLITE_CORRUPT', 'corrupt'],
  ['SQLITE_NOTADB', 'corrupt'],
];

/** PostgreSQL's SQLSTATEs that are faults, by exact code or by class (the first two characters). */
const POSTGRES_KINDS: readonly [code: string, kind: StoreFaultKind][] = [
  ['53100', 'disk-full'],
  ['25006', 'read-only'],
  ['53', 'io'],
  ['58', 'io'],
  ['40001', 'busy'],
  ['40P01', 'busy'],
  ['55P03', 'busy'],
  ['08', 'unreachable'],
  ['57P', 'unreachable'],
  ['XX001', 'corrupt'],
  ['XX002', 'corrupt'],
];

const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);

/** The pool's own failures carry no code: a connection that could not be made or was lost. */
const LOST_CONNECTION = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** A unique tracking number's constraint, as SQLite and PostgreSQL name it when a second row would break it. */
const TRACKING_NUMBER_CLASH = /shipments\.tracking_number|shipments_tracking_number_key/;
/** The one-live-shipment-per-order index, as SQLite and PostgreSQL name it. */
const ORDER_CLASH = /shipments\.order_number|shipments_one_per_order/;

/**
 * The store's own refusals, which callers catch by class, by the name each sets: made again from that name, they
 * keep their class across the writer thread.
 */
const DOMAIN_ERRORS: Record<string, { kind: new (...args: never[]) => Error; make: (message: string) => Error }> = {
  IdempotencyKeyTakenError: { kind: IdempotencyKeyTakenError, make: (message) => new IdempotencyKeyTakenError(message) },
  ManifestChangedError: { kind: ManifestChangedError, make: () => new ManifestChangedError() },
};

/** The error as a StoreFaultError (or a TrackingNumberTakenError or IdempotencyKeyTakenError) when it is one; otherwise the error itself. */
export function asStoreFault(error: unknown): unknown {
  if (error instanceof StoreFaultError || error instanceof TrackingNumberTakenError || error instanceof OrderTakenError) return error;
  // A domain error thrown on the writer thread arrives by name only: it is made again here.
  const name = String((error as { name?: unknown } | null)?.name);
  const domain = Object.hasOwn(DOMAIN_ERRORS, name) ? DOMAIN_ERRORS[name] : undefined;
  if (domain) return error instanceof domain.kind ? error : domain.make((error as Error).message);
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const constraint = (error as { constraint?: unknown } | null)?.constraint;
  if ((code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505') && TRACKING_NUMBER_CLASH.test(`${message} ${String(constraint)}`)) {
    return new TrackingNumberTakenError(message);
  }
  if ((code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505') && ORDER_CLASH.test(`${message} ${String(constraint)}`))
    return new OrderTakenError(message);
  if (isStalePlan(error)) return new StoreFaultError('busy', String(code), message);
  if (typeof code === 'string') {
    const sqlite = KINDS.find(([prefix]) => code === prefix || code.startsWith(`${prefix}_`));
    if (sqlite) return new StoreFaultError(sqlite[1], code, message);
    if (UNREACHABLE.has(code)) return new StoreFaultError('unreachable', code, message);
    if (/^[0-9A-Z]{5}$/.test(code)) {
      const postgres = POSTGRES_KINDS.find(([prefix]) => code.startsWith(prefix));
      if (postgres) return new StoreFaultError(postgres[1], code, message);
    }
    return error;
  }
  if (error instanceof Error && LOST_CONNECTION.test(error.message)) return new StoreFaultError('unreachable', 'connection', message);
  return error;
}
