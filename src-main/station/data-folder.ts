// The station's data folder: made on first use and kept to its owner, its store opened (SQLite in it, or a shared
// PostgreSQL database) after the write-ahead log is checked, and a new station's keys and time zone set up. Every
// admin command and the running station open it the same way. And the desk's name, which the folder's store holds.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { systemTimeZone } from '../../src-shared/calendar.ts';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { ensureCalendar } from '../services/calendar.ts';
import { ensureTokenSettings } from '../services/authentication.ts';
import { ensureStationKeys, type StationKeys } from '../services/station-keys.ts';
import { DATABASE_FILE, DatabaseUnusableError } from '../store/database.ts';
import { openStore, type Store } from '../store/index.ts';
import { openPostgresStore } from '../store/postgres/index.ts';
import { scheduledBackups } from '../store/scheduled-backups.ts';
import { checkWriteAheadLog } from '../store/wal-check.ts';

/** Whether a data folder holds a station already. */
export const hasStation = (dataDir: string): boolean => existsSync(join(dataDir, DATABASE_FILE));

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
    if (!DESK_NAME.test(given))
      throw new DeskNameError(
        `--desk takes 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit, not '${given}'.`,
      );
    return given;
  }
  const host = hostname()
    .split('.')[0]!
    .replace(/[^A-Za-z0-9._-]/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, 64);
  return host || 'desk';
}

export class DeskInUseError extends Error {
  constructor(desk: string) {
    super(`Another running station already is desk '${desk}' on this database. Give each desk its own name with --desk.`);
    this.name = 'DeskInUseError';
  }
}

/** Makes the data folder if it is new, and keeps it to its owner: it holds the station's secrets. */
export function prepareDataDir(dataDir: string): void {
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
  /** SQLite: how many shipment references one write reserves (store/reference-block.ts). */
  referenceBlock?: number;
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
    ? await openPostgresStore(databaseUrl, {
        clock,
        claimLeaseMs,
        onUnavailable: options.onDatabaseUnavailable,
        onAvailable: options.onDatabaseAvailable,
      })
    : openStore(databaseFile, {
        clock,
        referenceBlock: options.referenceBlock,
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
    await ensureTokenSettings(store, (clock ?? (() => new Date()))());
    return { store, keys };
  } catch (error) {
    await store.close();
    throw error;
  }
}
