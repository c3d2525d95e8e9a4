// createStation: opens the data folder's store, ensures the station's keys, wires services into the API
// and runs it on a loopback port. The headless CLI and the Electron main process both start it this way.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Koa from 'koa';
import { createApi } from './api/app.ts';
import type { ApiState } from './api/context.ts';
import { consoleLogger, type Logger } from './logger.ts';
import { createAuthenticationService, type AuthenticationService } from './services/authentication.ts';
import { createAddressService } from './services/addresses.ts';
import { createShipmentService, type ShipmentService } from './services/shipments.ts';
import { createCarrierRegistry, type CarrierRegistry } from './carriers/registry.ts';
import { createDocumentPool, type DocumentPool } from './documents/pool.ts';
import { createScheduler, type Scheduler } from './scheduler/index.ts';
import { createPrintService, type PrintService } from './services/printing.ts';
import { createHealthService } from './services/health.ts';
import { noPrinting, type PrintBackend } from './printing/backend.ts';
import { createCupsBackend } from './printing/cups.ts';
import type { PrintViews } from './printing/print-views.ts';
import { createClientService, type ClientService } from './services/clients.ts';
import { createUserService, type UserService } from './services/users.ts';
import { createIntegrationService, type IntegrationService } from './services/integrations.ts';
import { createCarrierSettingsService, storedUpstreams, type CarrierSettingsService } from './services/carrier-settings.ts';
import type { UpstreamTimeouts } from './carriers/upstream.ts';
import { createUpstreamService, type UpstreamService } from './services/upstream.ts';
import { createManifestService, type ManifestService } from './services/manifests.ts';
import { createPickupService } from './services/pickups.ts';
import { createOrderService } from './services/orders.ts';
import { createScaleService } from './services/scale.ts';
import { createPackingSetupService } from './services/packing-setup.ts';
import type { ScaleTiming } from './scale/serial-scale.ts';
import { createReportService } from './services/reports.ts';
import { createTodayService } from './services/today.ts';
import { renderManifestPdf } from './documents/manifest-pdf.ts';
import { fontLibrary } from './documents/fonts.ts';
import { createAuditLog, type AuditLog } from './services/audit-log.ts';
import { createIdempotencyService } from './services/idempotency.ts';
import { createEventService, type EventService } from './services/events.ts';
import { createWebhookService, type WebhookService } from './services/webhooks.ts';
import { createWebhookDeliverer, type DeliveryPolicy, type WebhookDeliverer } from './services/webhook-delivery.ts';
import { eventResource } from './api/serializers/event.ts';
import { dataDocument } from '../src-shared/jsonapi.ts';
import { ensureStationKeys, type StationKeys } from './services/station-keys.ts';
import { createCalendarService, ensureCalendar, type CalendarService } from './services/calendar.ts';
import { systemTimeZone } from '../src-shared/calendar.ts';
import { DATABASE_FILE, DatabaseUnusableError } from './store/database.ts';
import { ERROR_TEXT } from '../src-shared/errors.ts';
import { MaintenanceStopped, makeScheduledBackup, quickCheck, scheduledBackups } from './store/scheduled-backups.ts';
import { checkWriteAheadLog } from './store/wal-check.ts';
import { openStore, type Store } from './store/index.ts';
import { openPostgresStore } from './store/postgres/index.ts';
import { readTlsFiles } from './security/tls-files.ts';
import { lockDataFolder } from './store/station-lock.ts';

export const DEFAULT_PORT = 8411;
export const DEFAULT_HOST = '127.0.0.1';
/** The bundled rate cards and fonts. Electron passes its own resources path. */
export const DEFAULT_RESOURCES_DIR = fileURLToPath(new URL('../resources/', import.meta.url));
export const DEFAULT_SCHEDULER_INTERVAL_MS = 5_000;
/** Shipments one scheduled batch claims and renders together; a run takes batches until none are waiting. */
const PROCESSING_BATCH = 64;

/** How often the tracking of shipments booked through an upstream service is pulled from it. */
/** Whether a data folder holds a station (its SQLite file): admin commands other than the first `client add` need one. */
export const hasStation = (dataDir: string): boolean => existsSync(join(dataDir, DATABASE_FILE));

export const DEFAULT_UPSTREAM_TRACKING_MS = 15 * 60_000;
/** How often closed manifests due to an upstream service are looked for. */
export const DEFAULT_MANIFEST_TRANSMIT_MS = 5_000;
/** How often a running station on SQLite checks its database (quick_check, also right after start). */
export const DEFAULT_CHECK_INTERVAL_MS = 24 * 60 * 60_000;
/** How often a running station on SQLite copies its database into <data folder>/backups/, and how many it keeps. */
export const DEFAULT_BACKUP_INTERVAL_MS = 24 * 60 * 60_000;
export const DEFAULT_BACKUPS_KEPT = 7;
/** How often the processing timer forgets expired idempotency keys. */
const KEY_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** How often a running station looks for edited rate-card files. */
const CARD_CHECK_MS = 2_000;

/** How long stop() waits for requests in flight before it cuts their connections. */
const STOP_GRACE_MS = 10_000;
/** How often a start tries again to free an earlier run's claims while another program holds the database. */
const CLAIMS_RETRY_MS = 5_000;

/** How long a client may take to send its headers, its whole request, and how long an idle connection stays. */
export const DEFAULT_TIMEOUTS: HttpTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
}
/** Connections the station holds at once; more are closed as they arrive. A desk and its integrations use a few dozen. */
export const MAX_CONNECTIONS = 1_000;

export interface StationOptions {
  dataDir: string;
  /** This station's desk (--desk): its print jobs print on its printers, and the audit log names it. The host name by default. */
  desk?: string;
  /** A PostgreSQL database (postgres://…) that several desks share; without it, <dataDir>/station.sqlite. */
  databaseUrl?: string;
  /** PostgreSQL: how long a stopped desk's claims on scheduled shipments hold before another desk takes them over. */
  claimLeaseMs?: number;
  /** Host names or addresses the Host guard accepts besides the loopback ones: how other PCs on the LAN reach the station. */
  allowedHosts?: readonly string[];
  /** Serve HTTPS with this certificate and key (PEM files): tokens cross the network. */
  tls?: { certFile: string; keyFile: string };
  port?: number;
  host?: string;
  clock?: () => Date;
  /** The time zone a new station is set up with (the operating system's by default); a set-up station keeps its own. */
  timeZone?: string;
  logger?: Logger;
  /** Browser origins besides the station's own that may call the API (e.g. a renderer dev server). */
  allowedOrigins?: readonly string[];
  resourcesDir?: string;
  /** How often waiting scheduled shipments are processed; 0 turns the timer off (tests drive it). */
  schedulerIntervalMs?: number;
  /** Base of links.tracking; by default the station's own /track page. */
  trackingBaseUrl?: string;
  /** The built desk UI (out/renderer) to serve at /; none when absent. */
  rendererDir?: string;
  /** How labels reach printers: CUPS by default on Linux and macOS; Electron passes its own. */
  printBackend?: PrintBackend;
  /** A print job the printer has not finished by then fails with the printer's reason. */
  printTimeoutMs?: number;
  /** How long events are kept for the feed, the stream and webhook replays (90 days by default). */
  eventRetentionDays?: number;
  /** How often the tracking of upstream bookings is pulled (15 min by default; 0: never, tests call it). */
  upstreamTrackingIntervalMs?: number;
  /** 0 turns the manifest sending off (tests drive it with manifestTransmission.runOnce). */
  manifestTransmitIntervalMs?: number;
  /** SQLite: how often a verified backup goes into <data folder>/backups/ (a day by default; 0: never), and how many are kept (7). */
  backupIntervalMs?: number;
  backupsKept?: number;
  /** SQLite: how often the database is quick_checked on a thread of its own, and once right after start (a day; 0: never). */
  checkIntervalMs?: number;
  /** The first wait before a manifest its upstream could not take is sent again (10 s; doubling to 15 min). */
  manifestRetryMs?: number;
  /** How often the scale is asked for a weight, how long it may take to answer, and how soon a lost port is opened again. */
  scaleTiming?: ScaleTiming;
  /** How long the upstream gateway waits for a rate, a booking and a lookup (tests shorten them). */
  upstreamTimeouts?: UpstreamTimeouts;
  /** Webhook retries: how soon, how far apart, and for how long (tests shorten the day). */
  webhookPolicy?: Partial<DeliveryPolicy>;
  printPollMs?: number;
  /** Label PDFs handed to Electron's hidden print window. */
  printViews?: PrintViews;
  /** Document worker threads; by default one per core but one. */
  documentWorkers?: number;
  /** The document worker's module: tests pass one that crashes on purpose. */
  documentWorkerUrl?: URL;
  /** The HTTP timeouts; DEFAULT_TIMEOUTS unless tests shorten them. */
  timeouts?: Partial<HttpTimeouts>;
}

export interface Station {
  readonly dataDir: string;
  readonly desk: string;
  readonly store: Store;
  readonly keys: StationKeys;
  readonly clients: ClientService;
  /** The people of each account. */
  readonly users: UserService;
  readonly integrations: IntegrationService;
  readonly carrierSettings: CarrierSettingsService;
  readonly audit: AuditLog;
  readonly authentication: AuthenticationService;
  readonly shipments: ShipmentService;
  readonly carriers: CarrierRegistry;
  readonly scheduler: Scheduler;
  readonly printing: PrintService;
  /** The integration events: the feed, and the signal of new ones for live streams and webhooks. */
  readonly events: EventService;
  readonly webhooks: WebhookService;
  /** Sends events to webhooks; tests drive it with runOnce. */
  readonly deliverer: WebhookDeliverer;
  /** The outbox and the upstream tracking refresh. */
  readonly upstream: UpstreamService;
  readonly upstreamTracking: Scheduler;
  /** Sends closed manifests to their upstream services. */
  readonly manifestTransmission: Scheduler;
  /** Copies the SQLite database into <data folder>/backups/ on a schedule; tests drive it with runOnce. */
  readonly backups: Scheduler;
  /** Checks the SQLite database (quick_check) right after start and on a schedule; tests drive it with runOnce. */
  readonly integrity: Scheduler;
  readonly manifests: ManifestService;
  /** The station's time zone and holidays. */
  readonly calendar: CalendarService;
  readonly documents: DocumentPool;
  readonly app: Koa<ApiState>;
  /** Starts listening; resolves with the base URL, e.g. http://127.0.0.1:8411. */
  start(): Promise<string>;
  /** Stops accepting connections, lets requests in flight finish, then closes the database. */
  stop(): Promise<void>;
}

/** A desk's name: what --desk takes, and what the host name becomes when it is the default. */
const DESK_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export class DeskNameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeskNameError';
  }
}

/** The desk name given, or this computer's host name (cut to a valid name). */
export function deskName(given?: string): string {
  if (given !== undefined) {
    if (!DESK_NAME.test(given)) throw new DeskNameError(`--desk takes 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit, not '${given}'.`);
    return given;
  }
  const host = hostname().split('.')[0]!.replace(/[^A-Za-z0-9._-]/g, '-').replace(/^[^A-Za-z0-9]+/, '').slice(0, 64);
  return host || 'desk';
}

export class DeskInUseError extends Error {
  constructor(desk: string) {
    super(`Another running station already is desk '${desk}' on this database. Give each desk its own name with --desk.`);
    this.name = 'DeskInUseError';
  }
}

export class PortInUseError extends Error {
  constructor(host: string, port: number) {
    super(`Port ${port} on ${host} is already in use: another station or program is listening there. Stop it, or choose another port with --port.`);
    this.name = 'PortInUseError';
  }
}

/** Makes the data folder if it is new, and keeps it to its owner: it holds the station's secrets. */
function prepareDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    // A folder made by an older version, or by hand, is tightened too: it holds the station's secrets.
    if (process.platform !== 'win32') chmodSync(dataDir, 0o700);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new DatabaseUnusableError(
      `The station cannot use its data folder ${dataDir} (${code}): it is read-only or belongs to another user. ` +
        'Make it writable for the user that runs the station, or choose another with --data.',
    );
  }
}

export interface DataDirOptions {
  clock?: () => Date;
  /** A PostgreSQL database (postgres://…) that several desks share; without it, <dataDir>/station.sqlite. */
  databaseUrl?: string;
  claimLeaseMs?: number;
  /** Told when a shared database stops answering, and when it answers again (the station logs both). */
  onDatabaseUnavailable?: (message: string) => void;
  onDatabaseAvailable?: (message: string) => void;
  /** The time zone a new station is set up with: the operating system's unless given. A set-up station keeps its own. */
  timeZone?: string;
}

/**
 * Opens (and creates when new) the data folder and its store: what every CLI command and the station share. A new
 * station gets its keys and its time zone here, at its first set-up.
 */
export async function openDataDir(dataDir: string, options: DataDirOptions = {}): Promise<{ store: Store; keys: StationKeys }> {
  const { clock, databaseUrl, claimLeaseMs } = options;
  prepareDataDir(dataDir);
  const databaseFile = join(dataDir, DATABASE_FILE);
  // Before SQLite replays the write-ahead log and silently drops what follows a damaged frame.
  const wal = databaseUrl ? undefined : checkWriteAheadLog(databaseFile, (clock ?? (() => new Date()))());
  if (wal) options.onDatabaseUnavailable?.(ERROR_TEXT.walDamaged(wal.droppedCommits, wal.droppedFrames, wal.keptAs));
  const store = databaseUrl
    ? await openPostgresStore(databaseUrl, { clock, claimLeaseMs, onUnavailable: options.onDatabaseUnavailable, onAvailable: options.onDatabaseAvailable })
    : openStore(databaseFile, {
        clock,
        // The finding names what to put back: the newest scheduled backup, when there is one.
        onDamaged: (message) => {
          const newest = scheduledBackups(dataDir)[0];
          options.onDatabaseUnavailable?.(`${message} ${newest ? ERROR_TEXT.newestBackup(newest) : ERROR_TEXT.noScheduledBackup}`);
        },
      });
  try {
    // The files hold the station's secrets and data: only its user may read them.
    for (const file of databaseUrl ? [] : [databaseFile, `${databaseFile}-wal`, `${databaseFile}-shm`]) {
      if (existsSync(file)) chmodSync(file, 0o600);
    }
    const keys = await ensureStationKeys(store);
    await ensureCalendar(store, options.timeZone ?? systemTimeZone());
    return { store, keys };
  } catch (error) {
    await store.close();
    throw error;
  }
}

export function isLoopbackAddress(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export async function createStation(options: StationOptions): Promise<Station> {
  const port = options.port ?? DEFAULT_PORT;
  const host = options.host ?? DEFAULT_HOST;
  const logger = options.logger ?? consoleLogger();
  const tls = options.tls && readTlsFiles(options.tls);
  const desk = deskName(options.desk);
  // A running station owns its data folder: a second one on the same folder stops here, naming the first.
  prepareDataDir(options.dataDir);
  const lock = lockDataFolder(options.dataDir);
  let opened: Awaited<ReturnType<typeof openDataDir>>;
  try {
    opened = await openDataDir(options.dataDir, {
      ...options,
      onDatabaseUnavailable: (message) => logger.error(message),
      onDatabaseAvailable: (message) => logger.info(message),
    });
  } catch (error) {
    lock.release();
    throw error;
  }
  const { store, keys } = opened;
  try {
    if (!(await store.holdDesk(desk))) throw new DeskInUseError(desk);
  } catch (error) {
    await store.close();
    lock.release();
    throw error;
  }
  const clock = options.clock ?? (() => new Date());
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const resourcesDir = options.resourcesDir ?? DEFAULT_RESOURCES_DIR;
  const audit = createAuditLog(store, desk);
  const clients = createClientService(store, keys, audit);
  const users = createUserService(store, keys, audit);
  const integrations = createIntegrationService(store, audit);
  const authentication = createAuthenticationService(store, keys);
  const carriers = createCarrierRegistry({
    bundledDir: join(resourcesDir, 'carriers'),
    overrideDir: join(options.dataDir, 'carriers'),
    surcharges: { all: () => store.carrierSettings.fuelSurcharges() },
    upstreams: { all: () => storedUpstreams(store) },
    upstreamTimeouts: options.upstreamTimeouts,
    clock,
    logger,
  });
  const documents = createDocumentPool({ fontsDir: join(resourcesDir, 'fonts'), size: options.documentWorkers, workerUrl: options.documentWorkerUrl });
  const carrierSettings = createCarrierSettingsService(store, carriers, audit);
  const calendar = createCalendarService({ store, audit, clock });
  const shipments = createShipmentService({ store, carriers, documents, clock, calendar: calendar.current, logger, audit, desk });
  const printing = createPrintService({
    store,
    backend: options.printBackend ?? (process.platform === 'win32' ? noPrinting : createCupsBackend()),
    shipments,
    documents,
    clock,
    logger,
    desk,
    audit,
    timeoutMs: options.printTimeoutMs,
    pollMs: options.printPollMs,
  });
  const idempotency = createIdempotencyService({ store, clock });
  const upstream = createUpstreamService({ store, carriers, clock, calendar: calendar.current, logger });
  // Manifests are rendered on this thread: a close is rare, and a day's manifest takes milliseconds.
  let manifestFonts: ReturnType<typeof fontLibrary> | undefined;
  const manifests = createManifestService({
    store,
    audit,
    clock,
    calendar: calendar.current,
    logger,
    upstreams: () => carriers.refreshUpstreams(),
    firstTransmitRetryMs: options.manifestRetryMs,
    render: (input) => renderManifestPdf(input, (manifestFonts ??= fontLibrary(join(resourcesDir, 'fonts')))),
  });
  const events = createEventService({ store, logger, clock, calendar: calendar.current, retentionDays: options.eventRetentionDays });
  /** The station's own address once it listens: the links of webhook deliveries are built on it. */
  let ownUrl = `http://${host}:${port}`;
  const deliverer = createWebhookDeliverer({
    store,
    events,
    logger,
    clock,
    policy: options.webhookPolicy,
    userAgent: `ShippingStation (desk ${desk})`,
    body: (event) => {
      const apiBase = `${ownUrl}${event.sandbox ? '/v3-testing' : '/v3'}`;
      return JSON.stringify(dataDocument(eventResource(event, apiBase, options.trackingBaseUrl?.replace(/\/$/, '') ?? `${ownUrl}/track`)));
    },
  });
  const webhooks = createWebhookService(store, audit, () => void deliverer.runOnce());
  const pickups = createPickupService({ store, carriers, audit, clock, calendar: calendar.current });
  const scale = createScaleService({ store, audit, desk, logger, clock, timing: options.scaleTiming });
  const app = createApi({
    authentication,
    shipments,
    printing,
    idempotency,
    events,
    webhooks,
    upstream,
    manifests,
    pickups,
    reports: createReportService(store),
    today: createTodayService({ store, carriers, pickups, desk, clock, calendar: calendar.current }),
    calendar,
    orders: createOrderService({ store, audit }),
    scale,
    packing: createPackingSetupService({ store, audit }),
    addresses: createAddressService(store),
    printViews: options.printViews,
    logger,
    trackingBaseUrl: options.trackingBaseUrl,
    desktopIntegrationKey: keys.desktopIntegrationKey,
    health: createHealthService(store, desk),
    desk,
    clients,
    users,
    integrations,
    carrierSettings,
    audit,
    rendererDir: options.rendererDir,
    allowedOrigins: options.allowedOrigins,
    allowedHosts: [...(options.allowedHosts ?? []), ...(isLoopbackAddress(host) ? [] : [host])],
  });

  let stopping = false;
  let keysPurgedAt = 0;
  // What the upstream services booked: their tracking is pulled now and then, and each change recorded.
  const upstreamTracking = createScheduler({
    intervalMs: options.upstreamTrackingIntervalMs ?? DEFAULT_UPSTREAM_TRACKING_MS,
    logger,
    task: async () => {
      const { updated } = await upstream.refreshTracking();
      if (updated > 0) logger.info(`Tracking from upstream services: ${updated} shipment(s) moved`);
    },
  });
  // Closed manifests of upstream carriers go to their upstream service, tried again while it cannot be reached.
  // On a shared store one desk sends them (the manifests duty); a second send would be harmless, as a close repeats.
  const manifestTransmission = createScheduler({
    intervalMs: options.manifestTransmitIntervalMs ?? DEFAULT_MANIFEST_TRANSMIT_MS,
    logger,
    task: async () => {
      if (!(await store.holdDuty('manifests'))) return;
      const { sent } = await manifests.transmitDue();
      if (sent > 0) logger.info(`Sent ${sent} manifest(s) to upstream services`);
    },
  });
  // A stopping station does not wait for the maintenance thread's copy or check of a large file.
  const maintenanceStop = new AbortController();
  // A verified copy of the database now and then, the newest few kept: after a damage finding, what to put back.
  const backups = createScheduler({
    intervalMs: options.backupIntervalMs ?? DEFAULT_BACKUP_INTERVAL_MS,
    logger,
    task: async () => {
      if (store.backend !== 'sqlite') return;
      try {
        const copy = await makeScheduledBackup(options.dataDir, join(options.dataDir, DATABASE_FILE), clock(), options.backupsKept ?? DEFAULT_BACKUPS_KEPT, maintenanceStop.signal);
        logger.info(`Backed up ${copy.shipments} shipments to ${copy.file} (${copy.bytes} bytes, checked)`);
      } catch (error) {
        if (error instanceof MaintenanceStopped) logger.info('The scheduled backup was left unfinished as the station stopped; the next one starts afresh');
        else logger.error(`The scheduled backup failed: ${(error as Error).message}`);
      }
    },
  });
  // The live file's pages checked now and then on a thread of its own: damage is found before a request meets it.
  const integrity = createScheduler({
    intervalMs: options.checkIntervalMs ?? DEFAULT_CHECK_INTERVAL_MS,
    logger,
    task: async () => {
      if (store.backend !== 'sqlite') return;
      const started = performance.now();
      try {
        const problems = await quickCheck(join(options.dataDir, DATABASE_FILE), maintenanceStop.signal);
        if (problems.length > 0) store.reportDamage(`quick_check found: ${problems.slice(0, 3).join('; ')}`);
        else logger.info(`The database passed its quick_check (${Math.round(performance.now() - started)} ms)`);
      } catch (error) {
        if (error instanceof MaintenanceStopped) return;
        logger.warn(`The database check waits for its next turn: ${(error as Error).message}`);
      }
    },
  });
  /** Idempotency keys past their day, and events past their retention, are forgotten hourly by the processing timer. */
  const purgeKeysNowAndThen = async () => {
    if (clock().getTime() - keysPurgedAt < KEY_PURGE_INTERVAL_MS) return;
    keysPurgedAt = clock().getTime();
    const purged = await idempotency.purgeExpired().catch((error: unknown) => {
      logger.warn(`Expired idempotency keys stay for now: ${(error as Error).message}`);
      return 0;
    });
    if (purged > 0) logger.info(`Forgot ${purged} idempotency key(s) older than a day`);
    const oldEvents = await events.purgeOld().catch((error: unknown) => {
      logger.warn(`Old events stay for now: ${(error as Error).message}`);
      return 0;
    });
    if (oldEvents > 0) logger.info(`Forgot ${oldEvents} event(s) past their retention`);
  };
  const scheduler = createScheduler({
    intervalMs: options.schedulerIntervalMs ?? DEFAULT_SCHEDULER_INTERVAL_MS,
    logger,
    task: async () => {
      while (!stopping) {
        await purgeKeysNowAndThen();
        const run = await shipments.processWaiting(PROCESSING_BATCH);
        if (run.claimed > 0) logger.info(`Scheduled processing: ${run.processed} processed, ${run.failed} failed, ${run.deferred} waiting again`);
        // A batch that met a fault (disk full, database locked) waits for the next tick instead of trying again at once.
        if (run.claimed < PROCESSING_BATCH || run.deferred > 0) break;
      }
    },
  });

  let server: Server | undefined;
  let stopped = false;
  let stopWatchingCards = () => {};
  let claimsRetry: NodeJS.Timeout | undefined;
  /**
   * Claims left by a run that was killed midway belong to nobody now: they are freed so this run finishes the
   * work. Only claims made before this start go, so a retry never frees this run's own. Another program holding
   * the database may refuse it: the station starts anyway and tries again every few seconds.
   */
  const releaseEarlierClaims = async (startedAt: Date): Promise<void> => {
    try {
      await shipments.releaseStaleClaims(startedAt);
    } catch (error) {
      if (stopping) return;
      logger.warn(`Claims left by an earlier run stay for now (${(error as Error).message}); trying again in ${CLAIMS_RETRY_MS / 1000} s.`);
      claimsRetry = setTimeout(() => void releaseEarlierClaims(startedAt), CLAIMS_RETRY_MS);
      claimsRetry.unref();
    }
  };

  return {
    dataDir: options.dataDir,
    desk,
    store,
    keys,
    clients,
    users,
    integrations,
    carrierSettings,
    audit,
    authentication,
    shipments,
    carriers,
    scheduler,
    printing,
    events,
    webhooks,
    deliverer,
    upstream,
    upstreamTracking,
    manifestTransmission,
    backups,
    integrity,
    manifests,
    calendar,
    documents,
    app,
    start: async () => {
      if (server) throw new Error('The station is already started.');
      // From here on every write goes to the writer thread: no commit waits for its fsync on this thread.
      store.writeInBackground((message) => logger.error(message));
      // Not awaited: the writer runs writes in the order sent, so this one goes before any claim this run makes.
      void releaseEarlierClaims(clock());
      return new Promise<string>((resolve, reject) => {
        const handle = app.callback();
        // Koa answers every failure itself (errorHandler), so the handler's promise never rejects.
        // Deliberate timeouts, checked every second (Node's default looks every 30 s): a client that trickles its
        // headers or body, or holds an idle connection, is cut off instead of holding a socket for minutes.
        const serverOptions = { connectionsCheckingInterval: 1_000, ...tls };
        const listener = (request: IncomingMessage, response: ServerResponse) => void handle(request, response);
        const listening: Server = tls ? createTlsServer(serverOptions, listener) : createServer(serverOptions, listener);
        listening.headersTimeout = timeouts.headersMs;
        listening.requestTimeout = timeouts.requestMs;
        listening.keepAliveTimeout = timeouts.keepAliveMs;
        listening.maxConnections = MAX_CONNECTIONS;
        listening.once('error', (error: NodeJS.ErrnoException) => {
          server = undefined;
          reject(error.code === 'EADDRINUSE' ? new PortInUseError(host, port) : error);
        });
        listening.listen(port, host, () => {
          server = listening;
          if ((options.schedulerIntervalMs ?? DEFAULT_SCHEDULER_INTERVAL_MS) > 0) scheduler.start();
          stopWatchingCards = carriers.watch(CARD_CHECK_MS);
          printing.start();
          scale.start().catch((error: unknown) => logger.warn(`The scale was not started: ${(error as Error).message}`));
          const address = listening.address();
          const actualPort = typeof address === 'object' && address ? address.port : port;
          const shownHost = host.includes(':') ? `[${host}]` : host;
          ownUrl = `${tls ? 'https' : 'http'}://${shownHost}:${actualPort}`;
          deliverer.start();
          if ((options.upstreamTrackingIntervalMs ?? DEFAULT_UPSTREAM_TRACKING_MS) > 0) upstreamTracking.start();
          if ((options.manifestTransmitIntervalMs ?? DEFAULT_MANIFEST_TRANSMIT_MS) > 0) manifestTransmission.start();
          if ((options.backupIntervalMs ?? DEFAULT_BACKUP_INTERVAL_MS) > 0) backups.start();
          if ((options.checkIntervalMs ?? DEFAULT_CHECK_INTERVAL_MS) > 0) {
            integrity.start();
            void integrity.runOnce();
          }
          resolve(ownUrl);
        });
      });
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      stopping = true;
      clearTimeout(claimsRetry);
      stopWatchingCards();
      maintenanceStop.abort();
      const schedulerStopped = Promise.all([scheduler.stop(), printing.stop(), deliverer.stop(), upstreamTracking.stop(), manifestTransmission.stop(), backups.stop(), integrity.stop(), scale.stop()]);
      // Live event streams end now: they would otherwise hold the server open for the whole grace period.
      events.stop();
      if (server) {
        const closing = server;
        server = undefined;
        await new Promise<void>((resolve) => {
          // Keep-alive sockets turn idle as their last request finishes: sweep them until the server is closed,
          // and cut whatever still hangs after the grace period.
          const sweep = setInterval(() => closing.closeIdleConnections(), 25);
          const deadline = setTimeout(() => closing.closeAllConnections(), STOP_GRACE_MS);
          closing.close(() => {
            clearInterval(sweep);
            clearTimeout(deadline);
            resolve();
          });
          closing.closeIdleConnections();
        });
      }
      await schedulerStopped;
      await documents.close();
      await store.close();
      lock.release();
    },
  };
}
