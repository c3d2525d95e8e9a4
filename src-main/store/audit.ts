// The audit log: one row per action worth answering for (who, from which desk, what, when). Rows are only added;
// triggers in the schema refuse any change or removal, so not even a bug here can rewrite the past.
import type { AuditEventRecord, AuditFilter, NewAuditEvent } from '../domain/audit.ts';
import type { AuditAction, AuditSubjectType } from '../../src-shared/resources.ts';
import type { Role } from '../../src-shared/roles.ts';
import { numericId } from './row-id.ts';
import { storable, type Sql } from './sql/executor.ts';
import type { TableContext, TableGroup } from './table-group.ts';

export interface AuditReads {
  /** Newest first, filtered, a page at a time. */
  list(filter: AuditFilter): Promise<AuditEventRecord[]>;
  count(): Promise<number>;
}

export interface AuditWrites {
  /** Adds an entry. */
  append(event: NewAuditEvent): Promise<void>;
}

interface AuditRow {
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

const auditRecord = (row: AuditRow): AuditEventRecord => ({
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

/** The row's values, in the order of AUDIT_INSERT's columns. */
export const auditValues = (event: NewAuditEvent, at: string) => [
  at,
  event.desk,
  event.via,
  event.actorClientId === null ? null : Number(event.actorClientId),
  event.actor,
  event.actorRole,
  event.action,
  event.subjectType,
  event.subjectId,
  event.detail === null ? null : JSON.stringify(event.detail),
];
/** The one INSERT of an entry. */
export const AUDIT_INSERT =
  'INSERT INTO audit_events (at, desk, via, actor_client_id, actor, actor_role, action, subject_type, subject_id, detail) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)';

/** Adds an entry through `sql`: inside a transaction, it commits with that transaction's change. */
export async function appendAudit(sql: Sql, event: NewAuditEvent, at: string): Promise<void> {
  await sql.send(AUDIT_INSERT, auditValues(event, at));
}

function reads(sql: Sql): AuditReads {
  return {
    list: async ({ before, action, desk, actor, limit, account = null }) => {
      if (![action, desk, actor].every((text) => text === null || storable(text))) return [];
      const rows = await sql.all<AuditRow>(
        `SELECT * FROM audit_events
         WHERE (CAST($1 AS BIGINT) IS NULL OR id < $1) AND (CAST($2 AS TEXT) IS NULL OR action = $2) AND (CAST($3 AS TEXT) IS NULL OR desk = $3)
           AND (CAST($4 AS TEXT) IS NULL OR actor = $4) AND (CAST($6 AS INTEGER) IS NULL OR actor_client_id = $6)
         ORDER BY id DESC LIMIT $5`,
        [before === null ? null : numericId(before), action, desk, actor, limit, account === null ? null : numericId(account)],
      );
      return rows.map(auditRecord);
    },
    count: async () => (await sql.one<{ n: number }>(`SELECT ${sql.dialect.integer('count(*)')} AS n FROM audit_events`))!.n,
  };
}

function writes(sql: Sql, { now }: TableContext): AuditWrites {
  return { append: (event) => appendAudit(sql, event, now()) };
}

export const audit: TableGroup<AuditReads, AuditWrites> = { reads, writes };
