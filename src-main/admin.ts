// The admin facade the `station` command uses: a data folder's store opened for one command, with the
// services that check every administrative rule. Nothing else of the station (API, timers) starts.
import { join } from 'node:path';
import { createCarrierRegistry } from './carriers/registry.ts';
import { createCarrierSettingsService, type CarrierSettingsService } from './services/carrier-settings.ts';
import { createClientService, type ClientService } from './services/clients.ts';
import { createIntegrationService, type IntegrationService } from './services/integrations.ts';
import type { StationKeys } from './services/station-keys.ts';
import { createTrackingEventService, type TrackingEventService } from './services/tracking-events.ts';
import { DEFAULT_RESOURCES_DIR, openDataDir } from './station.ts';

export { DESKTOP_INTEGRATION_NAME } from './services/station-keys.ts';
export { backupDataFolder, restoreDataFolder } from './services/backups.ts';
export { FIRST_CLIENT_USERNAME } from './services/clients.ts';

export interface StationAdmin {
  readonly dataDir: string;
  readonly keys: StationKeys;
  readonly clients: ClientService;
  readonly integrations: IntegrationService;
  readonly carriers: CarrierSettingsService;
  readonly tracking: TrackingEventService;
  close(): Promise<void>;
}

export async function openAdmin(dataDir: string, options: { databaseUrl?: string; resourcesDir?: string } = {}): Promise<StationAdmin> {
  const resourcesDir = options.resourcesDir ?? DEFAULT_RESOURCES_DIR;
  const { store, keys } = await openDataDir(dataDir, undefined, options.databaseUrl);
  const registry = createCarrierRegistry({
    bundledDir: join(resourcesDir, 'carriers'),
    overrideDir: join(dataDir, 'carriers'),
    surcharges: { all: () => store.carrierSettings.fuelSurcharges() },
  });
  return {
    dataDir,
    keys,
    clients: createClientService(store, keys),
    integrations: createIntegrationService(store),
    carriers: createCarrierSettingsService(store, registry),
    tracking: createTrackingEventService(store),
    close: () => store.close(),
  };
}
