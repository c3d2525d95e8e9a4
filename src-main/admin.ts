// The admin facade the `station` command uses: a data folder's store opened for one command, with the
// services that check every administrative rule. Nothing else of the station (API, timers) starts.
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { createCarrierRegistry } from './carriers/registry.ts';
import { createCarrierSettingsService, storedUpstreams, type CarrierSettingsService } from './services/carrier-settings.ts';
import { createClientService, type ClientService } from './services/clients.ts';
import { createUserService, type UserService } from './services/users.ts';
import { createIntegrationService, type IntegrationService } from './services/integrations.ts';
import type { StationKeys } from './services/station-keys.ts';
import { createTrackingEventService, type TrackingEventService } from './services/tracking-events.ts';
import { createCupsBackend } from './printing/cups.ts';
import { DEFAULT_RESOURCES_DIR } from './resources-dir.ts';
import { openDataDir } from './station/data-folder.ts';
import { deskName } from './station/folder.ts';
import { createAuditLog, type AuditLog } from './services/audit-log.ts';
import type { Actor } from './domain/caller.ts';
import { createWebhookService, type WebhookService } from './services/webhooks.ts';
import { createCalendarService, type CalendarService } from './services/calendar.ts';
import { createWarehouseService, type WarehouseService } from './services/warehouses.ts';
import { createTokenLifetimeSettings, type TokenLifetimeSettings } from './services/authentication.ts';

/** The user running the admin command, as the audit log names them. */
function operatingSystemUser(): string {
  try {
    return userInfo().username || 'unknown user';
  } catch {
    return 'unknown user';
  }
}

export { DESKTOP_INTEGRATION_NAME } from './services/station-keys.ts';
export { backupDataFolder, checkDataFolder, checkSharedDatabase, migrateDataFolder, restoreDataFolder } from './services/backups.ts';
export { FIRST_CLIENT_USERNAME } from './services/clients.ts';

export interface StationAdmin {
  readonly dataDir: string;
  /** Who the audit log names for this command: the operating-system user at the admin command, on this desk. */
  readonly actor: Actor;
  readonly desk: string;
  readonly keys: StationKeys;
  readonly clients: ClientService;
  readonly users: UserService;
  readonly integrations: IntegrationService;
  readonly carriers: CarrierSettingsService;
  readonly tracking: TrackingEventService;
  readonly audit: AuditLog;
  /** A running station sees webhooks added here at its next delivery round (within a second). */
  readonly webhooks: WebhookService;
  /** The station's time zone and holidays. */
  readonly calendar: CalendarService;
  /** The accounts' sites, and which site this desk stands at. */
  readonly warehouses: WarehouseService;
  /** How long the Bearer tokens the station issues live. */
  readonly tokenLifetime: TokenLifetimeSettings;
  close(): Promise<void>;
}

export async function openAdmin(
  dataDir: string,
  options: { databaseUrl?: string; resourcesDir?: string; desk?: string } = {},
): Promise<StationAdmin> {
  const resourcesDir = options.resourcesDir ?? DEFAULT_RESOURCES_DIR;
  const desk = deskName(options.desk);
  // What the database says of itself on opening (a damaged write-ahead log) goes to the operator's terminal.
  const { store, keys } = await openDataDir(dataDir, {
    databaseUrl: options.databaseUrl,
    onDatabaseUnavailable: (message) => console.error(`station: ${message}`),
  });
  const registry = createCarrierRegistry({
    bundledDir: join(resourcesDir, 'carriers'),
    overrideDir: join(dataDir, 'carriers'),
    surcharges: { all: () => store.carrierSettings.fuelSurcharges() },
    upstreams: { all: () => storedUpstreams(store) },
  });
  const audit = createAuditLog(store, desk);
  const calendar = createCalendarService({ store, audit, clock: () => new Date() });
  return {
    dataDir,
    actor: { via: 'cli', user: operatingSystemUser() },
    desk,
    keys,
    clients: createClientService(store, keys, audit),
    users: createUserService(store, keys, audit),
    integrations: createIntegrationService(store, audit),
    carriers: createCarrierSettingsService(store, registry, audit),
    tracking: createTrackingEventService(store, audit),
    audit,
    webhooks: createWebhookService(store, audit),
    calendar,
    warehouses: createWarehouseService({
      store,
      audit,
      desk,
      calendar: calendar.current,
      carriers: registry,
      // On Windows the desk prints through its window: this command cannot see those printers.
      printers: process.platform === 'win32' ? null : async () => (await createCupsBackend().printers()).map((printer) => printer.name),
    }),
    tokenLifetime: createTokenLifetimeSettings(store, audit),
    close: () => store.close(),
  };
}
