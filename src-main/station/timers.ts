// The station's timers: scheduled processing (with the hourly purge of old idempotency keys and events), the
// upstream tracking refresh, the sending of closed manifests to upstream services, and on SQLite the scheduled
// backups and checks on the maintenance thread. Runs of one timer never overlap; a stop waits for runs in progress,
// but not for the maintenance thread's copy or check of a large file.
import { join } from 'node:path';
import type { Logger } from '../logger.ts';
import { createScheduler, type Scheduler } from '../scheduler/index.ts';
import type { EventService } from '../services/events.ts';
import type { IdempotencyService } from '../services/idempotency.ts';
import type { ManifestService } from '../services/manifests.ts';
import type { ShipmentService } from '../services/shipments.ts';
import type { UpstreamService } from '../services/upstream.ts';
import { DATABASE_FILE } from '../store/database.ts';
import type { Store } from '../store/index.ts';
import { MaintenanceStopped, makeScheduledBackup, quickCheck } from '../store/scheduled-backups.ts';

export const DEFAULT_SCHEDULER_INTERVAL_MS = 5_000;
/** How often the tracking of upstream bookings is pulled. */
export const DEFAULT_UPSTREAM_TRACKING_MS = 15 * 60_000;
/** How often closed manifests waiting for their upstream service are looked at (each waits its own back-off). */
export const DEFAULT_MANIFEST_TRANSMIT_MS = 5_000;
/** How often a running station on SQLite quick_checks its database (and once right after start). */
export const DEFAULT_CHECK_INTERVAL_MS = 24 * 60 * 60_000;
/** How often a running station on SQLite copies its database into <data folder>/backups/, and how many it keeps. */
export const DEFAULT_BACKUP_INTERVAL_MS = 24 * 60 * 60_000;
export const DEFAULT_BACKUPS_KEPT = 7;

const PROCESSING_BATCH = 64;
/** Expired idempotency keys, and events past their retention, are forgotten this often. */
const KEY_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** How often each timer runs; 0 turns one off (tests drive it with runOnce). */
export interface TimerIntervals {
  schedulerIntervalMs?: number;
  upstreamTrackingIntervalMs?: number;
  manifestTransmitIntervalMs?: number;
  backupIntervalMs?: number;
  backupsKept?: number;
  checkIntervalMs?: number;
}

export interface StationTimers {
  readonly scheduler: Scheduler;
  readonly upstreamTracking: Scheduler;
  readonly manifestTransmission: Scheduler;
  readonly backups: Scheduler;
  readonly integrity: Scheduler;
  /** Starts every timer not turned off; the database check runs once at once. */
  start(): void;
  /** Stops every timer, leaves the maintenance thread's work unfinished, and waits for the runs in progress. */
  stop(): Promise<void>;
}

export function createTimers(deps: {
  store: Store;
  shipments: ShipmentService;
  upstream: UpstreamService;
  manifests: ManifestService;
  idempotency: IdempotencyService;
  events: EventService;
  dataDir: string;
  clock: () => Date;
  logger: Logger;
  intervals: TimerIntervals;
}): StationTimers {
  const { store, shipments, upstream, manifests, idempotency, events, dataDir, clock, logger, intervals } = deps;
  const every = {
    processing: intervals.schedulerIntervalMs ?? DEFAULT_SCHEDULER_INTERVAL_MS,
    upstreamTracking: intervals.upstreamTrackingIntervalMs ?? DEFAULT_UPSTREAM_TRACKING_MS,
    manifestTransmission: intervals.manifestTransmitIntervalMs ?? DEFAULT_MANIFEST_TRANSMIT_MS,
    backup: intervals.backupIntervalMs ?? DEFAULT_BACKUP_INTERVAL_MS,
    check: intervals.checkIntervalMs ?? DEFAULT_CHECK_INTERVAL_MS,
  };
  let stopping = false;
  let keysPurgedAt = 0;

  // What the upstream services booked: their tracking is pulled now and then, and each change recorded.
  const upstreamTracking = createScheduler({
    intervalMs: every.upstreamTracking,
    logger,
    task: async () => {
      const { updated } = await upstream.refreshTracking();
      if (updated > 0) logger.info(`Tracking from upstream services: ${updated} shipment(s) moved`);
    },
  });
  // Closed manifests of upstream carriers go to their upstream service, tried again while it cannot be reached.
  // On a shared store one desk sends them (the manifests duty); a second send would be harmless, as a close repeats.
  const manifestTransmission = createScheduler({
    intervalMs: every.manifestTransmission,
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
    intervalMs: every.backup,
    logger,
    task: async () => {
      if (store.backend !== 'sqlite') return;
      try {
        const copy = await makeScheduledBackup(
          dataDir,
          join(dataDir, DATABASE_FILE),
          clock(),
          intervals.backupsKept ?? DEFAULT_BACKUPS_KEPT,
          maintenanceStop.signal,
        );
        logger.info(`Backed up ${copy.shipments} shipments to ${copy.file} (${copy.bytes} bytes, checked)`);
      } catch (error) {
        if (error instanceof MaintenanceStopped)
          logger.info('The scheduled backup was left unfinished as the station stopped; the next one starts afresh');
        else logger.error(`The scheduled backup failed: ${(error as Error).message}`);
      }
    },
  });
  // The live file's pages checked now and then on a thread of its own: damage is found before a request meets it.
  const integrity = createScheduler({
    intervalMs: every.check,
    logger,
    task: async () => {
      if (store.backend !== 'sqlite') return;
      const started = performance.now();
      try {
        const problems = await quickCheck(join(dataDir, DATABASE_FILE), maintenanceStop.signal);
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
    intervalMs: every.processing,
    logger,
    task: async () => {
      while (!stopping) {
        await purgeKeysNowAndThen();
        const run = await shipments.processWaiting(PROCESSING_BATCH);
        if (run.claimed > 0)
          logger.info(`Scheduled processing: ${run.processed} processed, ${run.failed} failed, ${run.deferred} waiting again`);
        // A batch that met a fault (disk full, database locked) waits for the next tick instead of trying again at once.
        if (run.claimed < PROCESSING_BATCH || run.deferred > 0) break;
      }
    },
  });

  return {
    scheduler,
    upstreamTracking,
    manifestTransmission,
    backups,
    integrity,
    start() {
      if (every.processing > 0) scheduler.start();
      if (every.upstreamTracking > 0) upstreamTracking.start();
      if (every.manifestTransmission > 0) manifestTransmission.start();
      if (every.backup > 0) backups.start();
      if (every.check > 0) {
        integrity.start();
        void integrity.runOnce();
      }
    },
    async stop() {
      stopping = true;
      maintenanceStop.abort();
      await Promise.all([scheduler.stop(), upstreamTracking.stop(), manifestTransmission.stop(), backups.stop(), integrity.stop()]);
    },
  };
}
