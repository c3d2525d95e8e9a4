// `station serve`: the headless station, configured from its options and STATION_* settings, and the first run's
// credentials shown once.
import { resolve } from 'node:path';
import { consoleLogger } from '../logger.ts';
import { ensureRendererBuilt } from '../renderer-build.ts';
import type { Station, StationOptions } from '../station.ts';
import { DEFAULT_HOST, DEFAULT_PORT, isLoopbackAddress } from '../station/http-server.ts';
import type { Listening } from '../station/http-server.ts';
import { StoppedWhileWaitingError, openOrWait, waitForDatabase } from '../station/waiting.ts';
import { UsageError, databaseOf, dataDirOf, deskOf, optional, parse, type Values } from './arguments.ts';
import { announceFirstRun } from './first-run.ts';

/** A name the Host guard may accept: a host name or an IP address, without scheme or port. */
function hostNameOf(text: string): string {
  const name = text
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase();
  if (!/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(name) && !/^[0-9a-f:.]*:[0-9a-f:.]*$/.test(name)) {
    throw new UsageError(`--allow-host takes a host name or an IP address (e.g. desk-7.warehouse.lan or 192.168.1.20), not '${text}'.`);
  }
  return name;
}

/** The HTTPS certificate and key files: both, or neither. */
function tlsOf(values: Values): { certFile: string; keyFile: string } | undefined {
  const certFile = optional(values, 'tls-cert');
  const keyFile = optional(values, 'tls-key');
  if ((certFile === undefined) !== (keyFile === undefined)) throw new UsageError('Give both --tls-cert and --tls-key, or neither.');
  return certFile && keyFile ? { certFile: resolve(certFile), keyFile: resolve(keyFile) } : undefined;
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_PORT;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new UsageError(`--port must be a number from 0 to 65535, not '${text}'.`);
  return port;
}

/** A duration from the environment, in whole milliseconds; undefined when unset. */
function millisecondsFromEnv(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`${name} must be a whole number of milliseconds, not '${text}'.`);
  return Number(text);
}

/** A positive whole number from the environment; undefined when unset. */
function countFromEnv(name: string): number | undefined {
  const text = process.env[name];
  if (text === undefined || text === '') return undefined;
  if (!/^[1-9]\d{0,2}$/.test(text)) throw new UsageError(`${name} must be a whole number from 1 to 999, not '${text}'.`);
  return Number(text);
}

/** How often the watched orders folder is looked at (STATION_ORDERS_FOLDER_POLL_MS), the command line's or the setting's. */
function ordersFolderPollOf(): number | undefined {
  const pollMs = millisecondsFromEnv('STATION_ORDERS_FOLDER_POLL_MS');
  if (pollMs === 0)
    throw new UsageError('STATION_ORDERS_FOLDER_POLL_MS must be at least 1 millisecond: the folder is looked at that often.');
  return pollMs;
}

/**
 * The watched orders folder (--orders-folder or STATION_ORDERS_FOLDER), as which user, and how often it is looked at.
 * Given, it wins over the station's setting (PATCH /orders-folder, the desk's Settings), which is watched otherwise.
 */
function ordersFolderOf(values: Values): StationOptions['ordersFolder'] {
  const dir = optional(values, 'orders-folder') ?? (process.env.STATION_ORDERS_FOLDER || undefined);
  const user = optional(values, 'orders-user') ?? (process.env.STATION_ORDERS_USER || undefined);
  if (dir === undefined) {
    if (optional(values, 'orders-user') !== undefined)
      throw new UsageError('--orders-user names who imports the files of --orders-folder: give both.');
    return undefined;
  }
  const pollMs = ordersFolderPollOf();
  return { dir: resolve(dir), ...(user === undefined ? {} : { user }), ...(pollMs === undefined ? {} : { pollMs }) };
}

export async function serveCommand(args: string[]): Promise<void> {
  const values = parse(args, {
    data: { type: 'string' },
    database: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    'allow-origin': { type: 'string', multiple: true },
    'allow-host': { type: 'string', multiple: true },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
    desk: { type: 'string' },
    site: { type: 'string' },
    'orders-folder': { type: 'string' },
    'orders-user': { type: 'string' },
  });
  const dataDir = dataDirOf(values);
  const port = parsePort(optional(values, 'port'));
  const host = optional(values, 'host') ?? DEFAULT_HOST;
  const allowedHosts = ((values['allow-host'] as string[] | undefined) ?? []).map(hostNameOf);
  const tls = tlsOf(values);
  const ordersFolder = ordersFolderOf(values);
  const ordersFolderPollMs = ordersFolderPollOf();
  const logger = consoleLogger();
  if (!isLoopbackAddress(host)) {
    logger.warn(`Listening on ${host}, not loopback: other machines may reach the station. Use a firewall.`);
    if (!tls) logger.warn('Without --tls-cert and --tls-key, passwords and tokens cross the network unencrypted.');
  }
  // Unset: the station's default (DEFAULT_SCHEDULER_INTERVAL_MS).
  const schedulerIntervalMs = millisecondsFromEnv('STATION_SCHEDULER_INTERVAL_MS');
  const printTimeoutMs = millisecondsFromEnv('STATION_PRINT_TIMEOUT_MS');
  const claimLeaseMs = millisecondsFromEnv('STATION_CLAIM_LEASE_MS');
  const documentWorkers = countFromEnv('STATION_DOCUMENT_WORKERS');
  const upstreamTrackingIntervalMs = millisecondsFromEnv('STATION_UPSTREAM_TRACKING_MS');
  const manifestTransmitIntervalMs = millisecondsFromEnv('STATION_MANIFEST_TRANSMIT_MS');
  const eventRetentionDays = countFromEnv('STATION_EVENT_RETENTION_DAYS');
  const referenceBlock = countFromEnv('STATION_REFERENCE_BLOCK');
  const backupHours = process.env.STATION_BACKUP_HOURS;
  if (backupHours !== undefined && backupHours !== '' && !/^\d{1,4}$/.test(backupHours))
    throw new UsageError(`STATION_BACKUP_HOURS must be a whole number of hours (0: no scheduled backups), not '${backupHours}'.`);
  const backupIntervalMs = backupHours === undefined || backupHours === '' ? undefined : Number(backupHours) * 3_600_000;
  const backupsKept = countFromEnv('STATION_BACKUPS_KEPT');
  const checkHours = process.env.STATION_CHECK_HOURS;
  if (checkHours !== undefined && checkHours !== '' && !/^\d{1,4}$/.test(checkHours))
    throw new UsageError(`STATION_CHECK_HOURS must be a whole number of hours (0: no checks), not '${checkHours}'.`);
  const checkIntervalMs = checkHours === undefined || checkHours === '' ? undefined : Number(checkHours) * 3_600_000;
  const rendererDir = await ensureRendererBuilt(logger);
  const databaseUrl = databaseOf(values);
  const options: StationOptions = {
    dataDir,
    databaseUrl,
    desk: deskOf(values),
    deskSite: optional(values, 'site')?.trim() || undefined,
    claimLeaseMs,
    referenceBlock,
    allowedHosts,
    tls,
    port,
    host,
    logger,
    schedulerIntervalMs,
    rendererDir,
    trackingBaseUrl: process.env.STATION_TRACKING_URL || undefined,
    printTimeoutMs,
    documentWorkers,
    upstreamTrackingIntervalMs,
    manifestTransmitIntervalMs,
    eventRetentionDays,
    backupIntervalMs,
    backupsKept,
    checkIntervalMs,
    allowedOrigins: (values['allow-origin'] as string[] | undefined) ?? [],
    ordersFolder,
    ordersFolderPollMs,
  };
  // On a shared database the desk listens first and waits for the database (station/waiting.ts): a desk's PC that
  // boots before the database server answers 503 "starting" at once, and serves by itself when the database does.
  // The station's modules load after the waiting server listens: they take a few seconds on a slow PC.
  // A station on its SQLite file starts at once, and waits the same way only when it finds it may not write its
  // database (the files left read-only, or another user's): it says so, and goes on once they are writable.
  const loadStation = () => import('../station.ts');
  const waitingOptions = {
    ...options,
    port,
    host,
    logger,
    backend: databaseUrl ? ('postgres' as const) : ('sqlite' as const),
    // Announced only when it waits: a start whose database answers says "listening" once it serves.
    onWaiting: (url: string) => console.log(`Shipping Station listening on ${url} (data: ${dataDir}), waiting for its database`),
  };
  const openUnder = async (heldLock: NonNullable<StationOptions['heldLock']>) =>
    (await loadStation()).createStation({ ...options, heldLock });
  const startWaiting = () => waitForDatabase<Station>(waitingOptions, openUnder);
  let waiting = databaseUrl ? await startWaiting() : undefined;
  // Signals are handled from before anything is announced: a supervisor that stops the station as soon as it
  // reads the URL must get a clean stop, not the default kill.
  let stopping = false;
  let stopNow: () => Promise<void> = () => waiting?.stop() ?? Promise.resolve();
  const shutdown = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`${signal} received, stopping`);
    stopNow().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('Stopping failed', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  /** The station on its SQLite file; one it may only read is waited for instead, under the same lock. */
  const openAtOnce = async (): Promise<{ station: Station; listening?: Listening }> => {
    const first = await openOrWait<Station>(waitingOptions, openUnder);
    if ('station' in first) return first;
    waiting = first.waiting;
    return waiting.ready;
  };
  let opened: { station: Station; listening?: Listening };
  try {
    opened = waiting ? await waiting.ready : await openAtOnce();
  } catch (error) {
    // Stopped while it waited: the signal's handler ends the process, with its exit code; nothing failed.
    if (error instanceof StoppedWhileWaitingError) return;
    throw error;
  }
  const { station } = opened;
  // From here a stop stops the station; a waiting start's stop does, and closes the server it listened with.
  stopNow = () => (waiting ? waiting.stop() : station.stop());
  if (stopping) return;

  let url: string;
  try {
    const firstRun = await station.clients.ensureFirstClient();
    if (firstRun) announceFirstRun(dataDir, firstRun.client.username, firstRun.password);
    url = await station.start(opened.listening);
  } catch (error) {
    // Nothing stays half started: no server answering "starting" for ever, no folder held.
    await stopNow();
    const { OrderFolderSetupError } = await loadStation();
    // A folder given that the station cannot watch for the user given (or for no one account) is the command's
    // mistake; the setting's folder never stops the start (its state says what keeps it from being watched).
    throw error instanceof OrderFolderSetupError ? new UsageError(error.message) : error;
  }
  console.log(`Shipping Station listening on ${url} (data: ${dataDir})${rendererDir ? '' : ' (API only: no desk UI build)'}`);
}
