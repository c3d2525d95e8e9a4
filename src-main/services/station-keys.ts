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

export function ensureStationKeys(store: Store): Promise<StationKeys> {
  return store.stationKeys.ensure(randomSecret, DESKTOP_INTEGRATION_NAME);
}
