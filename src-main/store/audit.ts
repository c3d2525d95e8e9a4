// The audit log: one row per action worth answering for (who, from which desk, what, when). Rows are only added;
// triggers in the schema refuse any change or removal, so not even a bug here can rewrite the past.
import type { AuditEventRecord, AuditFilter, NewAuditEvent } from '../domain/audit.ts';
import type { AuditAction, AuditSubjectType } from '../../src-shared/resources.ts';
import type { Role } from '../../src-shared/roles.ts';
import type { Db } from './database.ts';

export interface AuditTable {
  /** Adds an entry; inside another table's transaction on the same connection, it commits with that change. */
  append(event: NewAuditEvent): void;
  /** Newest first, filtered, a page at a time. */
  list(filter: AuditFilter): AuditEventRecord[];
  count(): number;
}

export interface AuditRow {
  id: number | string;
  at: string;
  desk: string;
  via: 'api' | 'cli';
  actor_client_id: number | null;
  actor: string;
  actor_role: Role | null;
  action: AuditAction;
  subject_type: AuditSubjectType;
  subject_id: string;
  detail: string | null;
}

export const auditRecord = (row: AuditRow): AuditEventRecord => ({
  id: String(row.id),
  at: row.at,
  desk: row.desk,
  via: row.via,
  actorClientId: row.actor_client_id === null ? null : String(row.actor_client_id),
  actor: row.actor,
  actorRole: row.actor_role,
  action: row.action,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>),
});

/** The row's values, in the order of the columns both back ends insert. */
export const auditValues = (event: NewAuditEvent, at: string) => [
  at, event.desk, event.via, event.actorClientId === null ? null : Number(event.actorClientId), event.actor, event.actorRole,
  event.action, event.subjectType, event.subjectId, event.detail === null ? null : JSON.stringify(event.detail),
];
const AUDIT_COLUMNS = 'at, desk, via, actor_client_id, actor, actor_role, action, subject_type, subject_id, detail';
/** The one INSERT of an entry, in PostgreSQL's placeholders; SQLite's below. */
export const AUDIT_INSERT_POSTGRES = `INSERT INTO audit_events (${AUDIT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`;
const AUDIT_INSERT_SQLITE = `INSERT INTO audit_events (${AUDIT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

export function auditTable(db: Db, now: () => string): AuditTable {
  const insert = db.prepare(AUDIT_INSERT_SQLITE);
  const select = db.prepare<Record<string, unknown>, AuditRow>(
    `SELECT * FROM audit_events
     WHERE (@before IS NULL OR id < @before) AND (@action IS NULL OR action = @action)
       AND (@desk IS NULL OR desk = @desk) AND (@actor IS NULL OR actor = @actor)
       AND (@account IS NULL OR actor_client_id = @account)
     ORDER BY id DESC LIMIT @limit`,
  );
  const selectCount = db.prepare<[], number>('SELECT count(*) FROM audit_events').pluck();
  return {
    append: (event) => {
      insert.run(...auditValues(event, now()));
    },
    list: (filter) =>
      select.all({ ...filter, before: filter.before === null ? null : Number(filter.before), account: filter.account == null ? null : Number(filter.account) }).map(auditRecord),
    count: () => selectCount.get() as number,
  };
}
