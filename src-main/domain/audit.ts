// The audit log's records: who did what, from which desk, and when. Entries are only ever added.
import type { Role } from '../../src-shared/roles.ts';
import type { AuditAction, AuditSubjectType } from '../../src-shared/resources.ts';

export interface NewAuditEvent {
  desk: string;
  /** Through the API (a signed-in client) or at the station's admin command (an operating-system user). */
  via: 'api' | 'cli';
  actorClientId: string | null;
  /** The client's username, or the operating-system user at the admin command: kept as text, so it outlives the client. */
  actor: string;
  actorRole: Role | null;
  action: AuditAction;
  subjectType: AuditSubjectType;
  subjectId: string;
  detail: Record<string, unknown> | null;
}

export interface AuditEventRecord extends NewAuditEvent {
  id: string;
  at: string;
}

export interface AuditFilter {
  /** Entries older than this id: the next page. */
  before: string | null;
  action: string | null;
  desk: string | null;
  actor: string | null;
  limit: number;
  /** Only the entries made by users of this account (its client id): what an account's people may read. */
  account?: string | null;
}

/**
 * An audit entry to write in the transaction of the change it records, so the log never holds a change that did
 * not happen nor misses one that did. Members named in `fromResult` are taken from the change's result, as
 * `entry path → result path`: e.g. `{ subjectId: 'id', 'detail.printJob': 'id' }`; a result path is dot-separated
 * and may use `-1` for the last item, `length`, or '' for the whole result. With `onlyIf`, a result path, the
 * entry is written only when that part of the result is truthy (e.g. 'length' of the orders made: none, no entry).
 */
export interface AuditedChange {
  entry: NewAuditEvent;
  fromResult?: Record<string, string>;
  onlyIf?: string;
}

/** One change may have no entry, one, or several (a bulk print of labels printed before: one per label). */
export type AuditedChanges = AuditedChange | readonly AuditedChange[];

/** The entries of an audited change, completed from its result. */
export function auditEntriesAfter(changes: AuditedChanges, result: unknown): NewAuditEvent[] {
  return (Array.isArray(changes) ? (changes as readonly AuditedChange[]) : [changes as AuditedChange]).flatMap(
    (change) => auditEntryAfter(change, result) ?? [],
  );
}

/** A part of a result by its path: '' the whole, 'a.b', '0', '-1' (the last item of a list), 'length'. */
function partOf(result: unknown, path: string): unknown {
  if (path === '') return result;
  return path
    .split('.')
    .reduce<unknown>(
      (at, key) => (Array.isArray(at) && key === '-1' ? at.at(-1) : (at as Record<string, unknown> | null | undefined)?.[key]),
      result,
    );
}

/** The entry of an audited change, completed from its result; undefined when `onlyIf` finds nothing changed. */
export function auditEntryAfter(change: AuditedChange, result: unknown): NewAuditEvent | undefined {
  if (change.onlyIf !== undefined && !partOf(result, change.onlyIf)) return undefined;
  if (!change.fromResult) return change.entry;
  const entry: NewAuditEvent = { ...change.entry, detail: change.entry.detail === null ? null : { ...change.entry.detail } };
  for (const [target, source] of Object.entries(change.fromResult)) {
    const value = partOf(result, source);
    if (target === 'subjectId') entry.subjectId = String(value);
    else if (target.startsWith('detail.')) entry.detail = { ...entry.detail, [target.slice('detail.'.length)]: value };
  }
  return entry;
}
