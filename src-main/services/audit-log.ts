// The audit log as services use it: an entry for each action worth answering for, made here from the actor and
// the desk, and written by the store in the transaction of the change it records; and the
// log read back for supervisors and admins. Also the one check of roles, so every service refuses alike.
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import type { AuditAction, AuditSubjectType } from '../../src-shared/resources.ts';
import { hasRole, type Role } from '../../src-shared/roles.ts';
import type { AuditEventRecord, AuditFilter, AuditedChange, NewAuditEvent } from '../domain/audit.ts';
import type { Actor } from '../domain/caller.ts';
import type { Store } from '../store/index.ts';

export interface AuditLog {
  /** The entry for an action by this actor at this desk, for a store to write with the change. */
  entry(
    actor: Actor,
    action: AuditAction,
    subject: { type: AuditSubjectType; id: string },
    detail?: Record<string, unknown>,
  ): NewAuditEvent;
  /**
   * The entry of a change, for the store to write in the change's own transaction (Store.audited); `fromResult`
   * names the entry's members that come from the change's result, and whether a change of nothing is logged (see
   * AuditedChange).
   */
  change(
    actor: Actor,
    action: AuditAction,
    subject: { type: AuditSubjectType; id: string },
    detail?: Record<string, unknown>,
    fromResult?: Pick<AuditedChange, 'fromResult' | 'onlyIf'>,
  ): AuditedChange;
  /** Writes the entry of an action that changes nothing else (e.g. a scan checked). */
  record(
    actor: Actor,
    action: AuditAction,
    subject: { type: AuditSubjectType; id: string },
    detail?: Record<string, unknown>,
  ): Promise<void>;
  /** Newest first; supervisors and admins only, and of their own account's people through the API. */
  list(actor: Actor, filter: AuditFilter): Promise<AuditEventRecord[]>;
}

/** Refuses (403, naming the role) an action the actor's role does not allow. The admin command may do anything. */
export function requireRole(actor: Actor, needed: Role, what: string): void {
  if (actor.via === 'cli' || hasRole(actor.user.role, needed)) return;
  throw new StationError('role.required', ERROR_TEXT.roleNeeded(what, needed, actor.user.role), {
    meta: { neededRole: needed, role: actor.user.role },
  });
}

export function createAuditLog(store: Store, desk: string): AuditLog {
  const entry: AuditLog['entry'] = (actor, action, subject, detail) => ({
    desk,
    via: actor.via,
    actorClientId: actor.via === 'api' ? actor.client.id : null,
    actor: actor.via === 'api' ? actor.user.username : actor.user,
    actorRole: actor.via === 'api' ? actor.user.role : null,
    action,
    subjectType: subject.type,
    subjectId: subject.id,
    // A token signed with the server key names no user: the entry says whom it acted as, and how.
    detail:
      actor.via === 'api' && actor.serverKeyToken ? { ...detail, signedInWith: 'a token signed with the server key' } : (detail ?? null),
  });
  return {
    entry,
    change: (actor, action, subject, detail, fromResult) => ({ entry: entry(actor, action, subject, detail), ...fromResult }),
    record: (actor, action, subject, detail) => store.audit.append(entry(actor, action, subject, detail)),
    list: (actor, filter) => {
      requireRole(actor, 'supervisor', 'Reading the audit log');
      // An account's people read what its people did; the admin command reads the whole station's log.
      return store.audit.list({ ...filter, account: actor.via === 'api' ? actor.client.id : null });
    },
  };
}
