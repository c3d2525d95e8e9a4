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
