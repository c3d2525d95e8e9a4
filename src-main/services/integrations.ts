// Integration keys: one per program (an ERP, a shop script) whose users may sign in. The desk app's own key
// is made with the station; this service adds, lists and revokes the others.
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import type { IntegrationRecord } from '../domain/client.ts';
import { randomSecret } from '../security/secrets.ts';
import type { Actor } from '../domain/caller.ts';
import type { Store } from '../store/index.ts';
import { requireRole, type AuditLog } from './audit-log.ts';

export interface IntegrationService {
  add(actor: Actor, name: string): Promise<IntegrationRecord>;
  list(actor: Actor): Promise<IntegrationRecord[]>;
  /** Ends an integration key: nobody signs in through it again, and the tokens issued through it stop working. */
  revoke(actor: Actor, idOrName: { id?: string; name?: string }): Promise<IntegrationRecord>;
}

const MANAGING = 'Managing integrations';

export function createIntegrationService(store: Store, audit: AuditLog): IntegrationService {
  return {
    async add(actor, name) {
      requireRole(actor, 'admin', MANAGING);
      const trimmed = name.trim();
      if (trimmed.length === 0 || trimmed.length > 64 || /[\u0000-\u001f\u007f]/.test(trimmed)) {
        // The admin command's --name; over the API the shared rules refused the member before this.
        throw new StationError('field.invalid', ERROR_TEXT.integrationNameRequired, {
          pointer: '/data/attributes/name',
          parameter: 'name',
          meta: { reason: 'Expected the integration’s name: 1 to 64 characters, without control characters.' },
        });
      }
      const added = audit.change(
        actor,
        'integration.added',
        { type: 'integration', id: '' },
        { name: trimmed },
        { fromResult: { subjectId: 'id', 'detail.name': 'name' } },
      );
      const integration = await store.audited(added, 'integrations', 'add', { name: trimmed, integrationKey: randomSecret(24) });
      return integration;
    },
    async list(actor) {
      requireRole(actor, 'admin', MANAGING);
      return store.integrations.all();
    },
    async revoke(actor, { id, name }) {
      requireRole(actor, 'admin', MANAGING);
      const matches = (await store.integrations.all()).filter((integration) =>
        id !== undefined ? integration.id === id : integration.name === name,
      );
      if (matches.length === 0)
        throw new StationError(
          'integration.notFound',
          id !== undefined ? ERROR_TEXT.noIntegrationWithId(id) : ERROR_TEXT.noIntegrationWithName(name ?? ''),
        );
      if (matches.length > 1)
        throw new StationError('integration.nameAmbiguous', ERROR_TEXT.integrationNameAmbiguous(name ?? ''), { parameter: 'name' });
      const integration = matches[0]!;
      if (integration.isDesktop) {
        throw new StationError('integration.desktopKeyStays', ERROR_TEXT.desktopIntegrationStays, {
          meta: { reason: 'Expected an integration other than the desk app’s own: the desk signs in with its key.' },
        });
      }
      await store.audited(
        audit.change(actor, 'integration.revoked', { type: 'integration', id: integration.id }, { name: integration.name }),
        'integrations',
        'revoke',
        integration.id,
      );
      return integration;
    },
  };
}
