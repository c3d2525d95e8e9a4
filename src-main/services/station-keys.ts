// The station's secrets, created on first open: the server key that signs Bearer tokens, the salt of stored
// credentials, and the integration key of the station's own desk app.
import { randomSecret } from '../security/secrets.ts';
import type { Store } from '../store/index.ts';

export interface StationKeys {
  serverKey: string;
  credentialSalt: string;
  desktopIntegrationKey: string;
}

export const DESKTOP_INTEGRATION_NAME = 'Shipping Station desk';

export function ensureStationKeys(store: Store): StationKeys {
  const create = store.db.transaction((): StationKeys => {
    const serverKey = store.secrets.getOrCreate('serverKey', () => randomSecret(32));
    const credentialSalt = store.secrets.getOrCreate('credentialSalt', () => randomSecret(16));
    const desktop =
      store.integrations.desktop() ??
      store.integrations.add({ name: DESKTOP_INTEGRATION_NAME, integrationKey: randomSecret(24), isDesktop: true });
    return { serverKey, credentialSalt, desktopIntegrationKey: desktop.integrationKey };
  });
  return create.immediate();
}
