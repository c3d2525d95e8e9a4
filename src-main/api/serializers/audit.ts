// The audit log's entries as JSON:API resources (an extension: docs/desk.md, "Roles and the audit log").
import type { AuditEventResource } from '../../../src-shared/resources.ts';
import type { AuditEventRecord } from '../../domain/audit.ts';

export function auditEventResource(event: AuditEventRecord): AuditEventResource {
  return {
    type: 'auditEvent',
    id: event.id,
    attributes: {
      at: event.at,
      desk: event.desk,
      via: event.via,
      actor: { clientId: event.actorClientId, username: event.actor, role: event.actorRole },
      action: event.action,
      subject: { type: event.subjectType, id: event.subjectId },
      detail: event.detail,
    },
  } satisfies AuditEventResource;
}
