// createStation: opens the data folder (station/data-folder.ts), wires the services (station/services.ts) into
// the API, runs its timers (station/timers.ts), and serves it (station/http-server.ts), on a loopback port by
// default. The headless CLI and the Electron main process both start it this way.
import type { Server } from 'node:http';
import type Koa from 'koa';
import { createApi } from './api/app.ts';
import type { ApiState } from './api/context.ts';
import type { UpstreamTimeouts } from './carriers/upstream.ts';
import { consoleLogger, type Logger } from './logger.ts';
import { DEFAULT_RESOURCES_DIR } from './resources-dir.ts';
import type { PrintBackend } from './printing/backend.ts';
import type { PrintViews } from './printing/print-views.ts';
import type { ScaleTiming } from './scale/serial-scale.ts';
import type { Scheduler } from './scheduler/index.ts';
import { readTlsFiles } from './security/tls-files.ts';
import type { OrderFolderOptions } from './services/order-folder.ts';
import { createOrdersFolderControl, type OrdersFolderControl } from './services/orders-folder-setting.ts';
import type { StationKeys } from './services/station-keys.ts';
import type { DeliveryPolicy } from './services/webhook-delivery.ts';
import { DeskInUseError, openDataDir } from './station/data-folder.ts';
import { deskName, prepareDataDir } from './station/folder.ts';
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_TIMEOUTS,
  close,
  isLoopbackAddress,
  listen,
  takeOver,
  type HttpTimeouts,
  type Listening,
} from './station/http-server.ts';
import { wireServices, type Services } from './station/services.ts';
import { createTimers } from './station/timers.ts';
import type { Store } from './store/index.ts';
import { lockDataFolder, type StationLock } from './store/station-lock.ts';

export { openDataDir, type DataDirOptions } from './station/data-folder.ts';
export { DatabaseReadOnlyError } from './store/database.ts';
/** The printing system the admin command checks printer names in (a site's print defaults). */
export { createCupsBackend } from './printing/cups.ts';
export { DeskNameError, deskName, hasStation } from './station/folder.ts';
export {
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_TIMEOUTS,
  MAX_CONNECTIONS,
  PortInUseError,
  isLoopbackAddress,
  type HttpTimeouts,
} from './station/http-server.ts';
export {
  DEFAULT_BACKUP_INTERVAL_MS,
  DEFAULT_BACKUPS_KEPT,
  DEFAULT_CHECK_INTERVAL_MS,
  DEFAULT_MANIFEST_TRANSMIT_MS,
  DEFAULT_SCHEDULER_INTERVAL_MS,
  DEFAULT_UPSTREAM_TRACKING_MS,
} from './station/timers.ts';

export { DEFAULT_ORDERS_FOLDER_POLL_MS, OrderFolderSetupError } from './services/order-folder.ts';

export { DEFAULT_RESOURCES_DIR };

/** How often a running station looks for edited rate-card files. */
const CARD_CHECK_MS = 2_000;
/** How often a start tries again to free an earlier run's claims while another program holds the database. */
const CLAIMS_RETRY_MS = 5_000;

export interface StationOptions {
  dataDir: string;
  /** This station's desk (--desk): its print jobs print on its printers, and the audit log names it. The host name by default. */
  desk?: string;
  /** The site this desk stands at (--site): a site's number or name, in each account that has it; the main site otherwise. */
  deskSite?: string;
  /** A PostgreSQL database (postgres://…) that several desks share; without it, <dataDir>/station.sqlite. */
  databaseUrl?: string;
  /** PostgreSQL: how long a stopped desk's claims on scheduled shipments hold before another desk takes them over. */
  claimLeaseMs?: number;
  /** SQLite: how many shipment references one write reserves (store/reference-block.ts); 50 unless given. */
  referenceBlock?: number;
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
  /**
   * A folder whose order files are imported (--orders-folder): as which user, and how often it is looked at. It wins
   * over the station's setting (PATCH /orders-folder), which is watched otherwise.
   */
  ordersFolder?: OrderFolderOptions;
  /** How often the setting's folder is looked at (DEFAULT_ORDERS_FOLDER_POLL_MS); 0: only on runOnce, and the setting followed only on a change or a GET (tests). */
  ordersFolderPollMs?: number;
  /** The data folder's lock, when the caller took it already (station/waiting.ts holds it while it waits). */
  heldLock?: StationLock;
}

/** A station: its services (station/services.ts), its timers, its API app, and how it starts and stops. */
export interface Station extends Services {
  readonly dataDir: string;
  readonly desk: string;
  readonly store: Store;
  readonly keys: StationKeys;
  /** Scheduled processing; tests drive it with runOnce. */
  readonly scheduler: Scheduler;
  readonly upstreamTracking: Scheduler;
  /** Sends closed manifests to their upstream services. */
  readonly manifestTransmission: Scheduler;
  /** Copies the SQLite database into <data folder>/backups/ on a schedule; tests drive it with runOnce. */
  readonly backups: Scheduler;
  /** Checks the SQLite database (quick_check) right after start and on a schedule; tests drive it with runOnce. */
  readonly integrity: Scheduler;
  /** The watched orders folder: the command line's, else the setting's; tests drive it with runOnce. */
  readonly ordersFolder: OrdersFolderControl;
  readonly app: Koa<ApiState>;
  /**
   * Starts listening; resolves with the base URL, e.g. http://127.0.0.1:8411. Given a server that listens already
   * (the one that answered while the station waited for its database), it takes that server over instead.
   */
  start(adopt?: Listening): Promise<string>;
  /** Stops accepting connections, lets requests in flight finish, then closes the database. */
  stop(): Promise<void>;
}

export async function createStation(options: StationOptions): Promise<Station> {
  const port = options.port ?? DEFAULT_PORT;
  const host = options.host ?? DEFAULT_HOST;
  const logger = options.logger ?? consoleLogger();
  const tls = options.tls && readTlsFiles(options.tls);
  const desk = deskName(options.desk);
  // A running station owns its data folder: a second one on the same folder stops here, naming the first.
  prepareDataDir(options.dataDir);
  const lock = options.heldLock ?? lockDataFolder(options.dataDir);
  // A lock the caller holds stays held when the opening fails: it tries again (station/waiting.ts).
  const releaseOwnLock = () => {
    if (!options.heldLock) lock.release();
  };
  let opened: Awaited<ReturnType<typeof openDataDir>>;
  try {
    opened = await openDataDir(options.dataDir, {
      ...options,
      onDatabaseUnavailable: (message) => logger.error(message),
      onDatabaseAvailable: (message) => logger.info(message),
    });
  } catch (error) {
    releaseOwnLock();
    throw error;
  }
  const { store, keys } = opened;
  try {
    if (!(await store.holdDesk(desk))) throw new DeskInUseError(desk);
  } catch (error) {
    await store.close();
    releaseOwnLock();
    throw error;
  }
  const clock = options.clock ?? (() => new Date());
  /** The station's own address once it listens: the links of webhook deliveries are built on it. */
  let ownUrl = `http://${host}:${port}`;
  const services = wireServices(store, keys, {
    ...options,
    resourcesDir: options.resourcesDir ?? DEFAULT_RESOURCES_DIR,
    desk,
    clock,
    logger,
    ownUrl: () => ownUrl,
  });
  const { shipments, carriers, printing, deliverer, scale, events, documents } = services;
  const ordersFolder = createOrdersFolderControl({
    commandLine: options.ordersFolder,
    pollMs: options.ordersFolderPollMs,
    orderFiles: services.orderFiles,
    store,
    audit: services.audit,
    desk,
    clock,
    logger,
  });
  const app = createApi({
    ...services,
    ordersFolder,
    printViews: options.printViews,
    logger,
    trackingBaseUrl: options.trackingBaseUrl,
    desktopIntegrationKey: keys.desktopIntegrationKey,
    desk,
    rendererDir: options.rendererDir,
    allowedOrigins: options.allowedOrigins,
    allowedHosts: [...(options.allowedHosts ?? []), ...(isLoopbackAddress(host) ? [] : [host])],
  });
  const timers = createTimers({ ...services, store, dataDir: options.dataDir, clock, logger, intervals: options });

  let server: Server | undefined;
  let stopping = false;
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
    ...services,
    dataDir: options.dataDir,
    desk,
    store,
    keys,
    scheduler: timers.scheduler,
    upstreamTracking: timers.upstreamTracking,
    manifestTransmission: timers.manifestTransmission,
    backups: timers.backups,
    integrity: timers.integrity,
    ordersFolder,
    app,
    start: async (adopt) => {
      if (server) throw new Error('The station is already started.');
      // From here on every write goes to the writer thread: no commit waits for its fsync on this thread.
      store.writeInBackground((message) => logger.error(message));
      // Not awaited: the writer runs writes in the order sent, so this one goes before any claim this run makes.
      void releaseEarlierClaims(clock());
      const listening = adopt
        ? takeOver(adopt, app)
        : await listen(app, { host, port, tls, timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts } });
      server = listening.server;
      ownUrl = listening.url;
      stopWatchingCards = carriers.watch(CARD_CHECK_MS);
      printing.start();
      scale.start().catch((error: unknown) => logger.warn(`The scale was not started: ${(error as Error).message}`));
      deliverer.start();
      timers.start();
      // Refuses (OrderFolderSetupError) a command line's folder it cannot watch: the serve command says so and stops.
      // The setting's folder never stops the start: what keeps it from being watched is its state (GET /orders-folder).
      await ordersFolder.start();
      return ownUrl;
    },
    stop: async () => {
      if (stopping) return;
      stopping = true;
      clearTimeout(claimsRetry);
      stopWatchingCards();
      const timersStopped = Promise.all([timers.stop(), printing.stop(), deliverer.stop(), scale.stop(), ordersFolder.stop()]);
      // Live event streams end now: they would otherwise hold the server open for the whole grace period.
      events.stop();
      if (server) {
        const closing = server;
        server = undefined;
        await close(closing);
      }
      await timersStopped;
      await documents.close();
      await store.close();
      lock.release();
    },
  };
}
