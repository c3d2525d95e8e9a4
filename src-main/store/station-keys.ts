// The station's own keys, created together on first open in one transaction: the server key that signs
// Bearer tokens, the credential salt, and the integration key of the station's desk app.
import type { Db } from './database.ts';
import type { IntegrationsTable } from './integrations.ts';
import type { SecretsTable } from './secrets.ts';

export interface StationKeyRecords {
  serverKey: string;
  credentialSalt: string;
  desktopIntegrationKey: string;
}

export interface StationKeysTable {
  /** Returns the keys, creating the missing ones with `newSecret(bytes)`; `deskName` names the desk app's integration. */
  ensure(newSecret: (bytes: number) => string, deskName: string): StationKeyRecords;
}

export function stationKeysTable(db: Db, secrets: SecretsTable, integrations: IntegrationsTable): StationKeysTable {
  const ensure = db.transaction((newSecret: (bytes: number) => string, deskName: string): StationKeyRecords => {
    const serverKey = secrets.getOrCreate('serverKey', () => newSecret(32));
    const credentialSalt = secrets.getOrCreate('credentialSalt', () => newSecret(16));
    const desktop = integrations.desktop() ?? integrations.add({ name: deskName, integrationKey: newSecret(24), isDesktop: true });
    return { serverKey, credentialSalt, desktopIntegrationKey: desktop.integrationKey };
  });
  /** The keys as they are, read without the write lock: a station starts while another program writes. */
  const existing = (): StationKeyRecords | undefined => {
    const serverKey = secrets.get('serverKey');
    const credentialSalt = secrets.get('credentialSalt');
    const desktop = integrations.desktop();
    return serverKey !== undefined && credentialSalt !== undefined && desktop ? { serverKey, credentialSalt, desktopIntegrationKey: desktop.integrationKey } : undefined;
  };
  // IMMEDIATE takes the write lock first, so two processes opening a new folder create one set of keys.
  return { ensure: (newSecret, deskName) => existing() ?? ensure.immediate(newSecret, deskName) };
}
