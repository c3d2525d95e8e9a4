// Integration keys: one per program (an ERP, a shop script) whose users may sign in. The desk app's own key
// is made with the station; this service adds and lists the others.
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import type { IntegrationRecord } from '../domain/client.ts';
import { randomSecret } from '../security/secrets.ts';
import type { Store } from '../store/index.ts';

export interface IntegrationService {
  add(name: string): Promise<IntegrationRecord>;
  list(): IntegrationRecord[];
}

export function createIntegrationService(store: Store): IntegrationService {
  return {
    async add(name) {
      const trimmed = name.trim();
      if (trimmed.length === 0 || trimmed.length > 64 || /[\u0000-\u001f\u007f]/.test(trimmed)) {
        throw new StationError(400, ERROR_TEXT.integrationNameRequired, { parameter: 'name' });
      }
      return store.integrations.add({ name: trimmed, integrationKey: randomSecret(24) });
    },
    list: () => store.integrations.all(),
  };
}
