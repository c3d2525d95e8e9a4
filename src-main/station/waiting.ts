// A desk that starts while its database cannot be used does not exit: a desk on a shared PostgreSQL whose server
// cannot be reached (the desks' PCs boot before the database server after a power cut), or a station whose SQLite
// files it may only read (left so by a `chmod -R a-w`, or owned by another user). It takes its data folder's lock,
// listens at once with the waiting API (api/waiting-app.ts: the desk UI, /health "starting" and why, 503 with
// Retry-After), tries the database again with a growing pause, and once it can use it opens the station
// (migrations included, under the same lock) and hands it the listening server. Only those two are waited for: a
// wrong password or a newer schema still stops the start with its message.
import { setTimeout as wait } from 'node:timers/promises';
import { createWaitingApi, type Waiting, type WaitingReason } from '../api/waiting-app.ts';
import type { Logger } from '../logger.ts';
import { StoreFaultError } from '../domain/store-fault.ts';
import { DatabaseReadOnlyError } from '../store/database.ts';
import { asStoreFault } from '../store/faults.ts';
import { reachPostgres } from '../store/postgres/servers.ts';
import { lockDataFolder, type StationLock } from '../store/station-lock.ts';
import { deskName, prepareDataDir } from './folder.ts';
import { DEFAULT_TIMEOUTS, close, isLoopbackAddress, listen, type Listening } from './http-server.ts';
import { readTlsFiles } from '../security/tls-files.ts';

/** The first pause between tries, doubled after each until the longest: the database is back within 2 s of answering. */
const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 2_000;

/** What the waiting station needs of the station's options (StationOptions has them all). */
export interface WaitingOptions {
  dataDir: string;
  desk?: string;
  port: number;
  host: string;
  tls?: { certFile: string; keyFile: string };
  rendererDir?: string;
  allowedOrigins?: readonly string[];
  allowedHosts?: readonly string[];
  timeouts?: Partial<typeof DEFAULT_TIMEOUTS>;
  logger: Logger;
  clock?: () => Date;
  /** Which database it waits for: a shared PostgreSQL one, or its SQLite file. */
  backend: 'sqlite' | 'postgres';
  /** The shared database's URL: asked whether it takes a connection before each try to open the station. */
  databaseUrl?: string;
  /** The data folder's lock, when the caller took it already (serve, whose first try at a SQLite file failed). */
  heldLock?: StationLock;
  /** What the caller's own first try found (serve's): said at once, and waited for. */
  firstProblem?: { reason: WaitingReason; problem: string };
  /** Told once, when the first try fails: the station listens at `url` and waits (serve announces it then). */
  onWaiting?: (url: string) => void;
}

export interface WaitingStation<S> {
  /** The station, once its database answered; the start's error when it failed for another reason, or stop() was called. */
  readonly ready: Promise<{ station: S; listening: Listening }>;
  /** Stops waiting: closes the server and releases the data folder. */
  stop(): Promise<void>;
}

/**
 * What waiting mends in the error: the database not answering (refused, unreachable, starting up), or a SQLite
 * database the station may only read; undefined for any other error, which stops the start.
 */
export function waitedFor(error: unknown): WaitingReason | undefined {
  if (error instanceof DatabaseReadOnlyError) return 'read-only';
  const fault = asStoreFault(error);
  return fault instanceof StoreFaultError && fault.kind === 'unreachable' ? 'unreachable' : undefined;
}

/** The start was stopped (a signal) while it waited: not a failure, the stop's own end. */
export class StoppedWhileWaitingError extends Error {
  constructor() {
    super('The station was stopped while it waited for its database.');
    this.name = 'StoppedWhileWaitingError';
  }
}

/** Waits `ms`, or less when the stop comes. */
const pause = (ms: number, signal: AbortSignal) => wait(ms, undefined, { signal }).catch(() => undefined);

/**
 * Listens with the waiting API, then opens the station with `open` (given the held lock) until its database answers.
 * `open`'s first try is made after the server listens, so a desk answers within a moment of its start whatever the
 * database does.
 */
export async function waitForDatabase<S extends { stop(): Promise<void> }>(
  options: WaitingOptions,
  open: (lock: ReturnType<typeof lockDataFolder>) => Promise<S>,
): Promise<WaitingStation<S>> {
  const { logger } = options;
  const clock = options.clock ?? (() => new Date());
  const desk = deskName(options.desk);
  prepareDataDir(options.dataDir);
  const lock = options.heldLock ?? lockDataFolder(options.dataDir);
  let waiting: Waiting = {
    since: clock().toISOString(),
    problem: options.firstProblem?.problem ?? null,
    reason: options.firstProblem?.reason ?? 'unreachable',
  };
  let listening: Listening;
  try {
    const app = createWaitingApi({
      backend: options.backend,
      logger,
      desk,
      rendererDir: options.rendererDir,
      allowedOrigins: options.allowedOrigins,
      allowedHosts: [...(options.allowedHosts ?? []), ...(isLoopbackAddress(options.host) ? [] : [options.host])],
      waiting: () => waiting,
    });
    listening = await listen(app, {
      host: options.host,
      port: options.port,
      tls: options.tls && readTlsFiles(options.tls),
      timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts },
    });
  } catch (error) {
    lock.release();
    throw error;
  }
  const stopping = new AbortController();
  let closed = false;
  const giveUp = async () => {
    if (closed) return;
    closed = true;
    await close(listening.server);
    lock.release();
  };

  const sayWaiting = (reason: WaitingReason, problem: string) =>
    logger.warn(
      reason === 'read-only'
        ? `${problem} Until then the station answers 503 and tries again by itself.`
        : `The station cannot reach its database (${problem}); it answers 503 and tries again by itself.`,
    );
  if (options.firstProblem) sayWaiting(options.firstProblem.reason, options.firstProblem.problem);

  const ready = (async () => {
    for (let delay = FIRST_RETRY_MS, tries = 1; ; delay = Math.min(delay * 2, LONGEST_RETRY_MS), tries++) {
      if (stopping.signal.aborted) throw new StoppedWhileWaitingError();
      let station: S;
      try {
        // An unreachable server is found without loading the station (open's first try loads its modules); any
        // other refusal (a wrong password) is left to the open, which says it as a start does.
        if (options.backend === 'postgres' && options.databaseUrl) {
          await reachPostgres(options.databaseUrl).catch((error: unknown) => {
            if (waitedFor(error)) throw error;
          });
        }
        station = await open(lock);
      } catch (error) {
        if (stopping.signal.aborted) throw new StoppedWhileWaitingError();
        const reason = waitedFor(error);
        if (!reason) {
          await giveUp();
          throw error;
        }
        const problem = (error as Error).message;
        if (tries === 1) options.onWaiting?.(listening.url);
        // Said once, and again only when the reason changes: a desk waiting an hour does not fill its log.
        if (problem !== waiting.problem) sayWaiting(reason, problem);
        waiting = { since: waiting.since, problem, reason };
        await pause(delay, stopping.signal);
        continue;
      }
      // Opened just as the stop came (migrations take a while): it is not handed on to start, it stops.
      if (stopping.signal.aborted) {
        await station.stop();
        throw new StoppedWhileWaitingError();
      }
      if (tries > 1) logger.info(`The database answers after ${tries} tries since ${waiting.since}: the station serves.`);
      return { station, listening };
    }
  })();
  // The caller awaits `ready`; a stop meanwhile ends it with an error, never an unhandled one.
  ready.catch(() => {});

  return {
    ready,
    stop: async () => {
      if (!stopping.signal.aborted) stopping.abort();
      // Before the station was handed on, `ready` stops it itself; after, the station is the caller's to stop here.
      const opened = await ready.catch(() => undefined);
      await opened?.station.stop();
      await giveUp();
    },
  };
}

/**
 * A station on its SQLite file: opened at once under the folder's lock; or, when it may only read its database,
 * waited for under the same lock (no other station can take the folder between the two), as waitForDatabase waits.
 */
export async function openOrWait<S extends { stop(): Promise<void> }>(
  options: WaitingOptions,
  open: (lock: StationLock) => Promise<S>,
): Promise<{ station: S } | { waiting: WaitingStation<S> }> {
  prepareDataDir(options.dataDir);
  const lock = lockDataFolder(options.dataDir);
  try {
    return { station: await open(lock) };
  } catch (error) {
    if (waitedFor(error) !== 'read-only') {
      lock.release();
      throw error;
    }
    const firstProblem = { reason: 'read-only' as const, problem: (error as Error).message };
    return { waiting: await waitForDatabase({ ...options, heldLock: lock, firstProblem }, open) };
  }
}
