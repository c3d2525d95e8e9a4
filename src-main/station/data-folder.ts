// The station's data folder opened: its store (SQLite in it, or a shared PostgreSQL database) after the write-ahead
// log is checked, and a new station's keys and time zone set up. Every admin command and the running station open
// it the same way. Making the folder and naming the desk are ./folder.ts (light: a waiting station needs them first).
import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { systemTimeZone } from '../../src-shared/calendar.ts';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { ensureCalendar } from '../services/calendar.ts';
import { ensureTokenSettings } from '../services/authentication.ts';
import { ensureStationKeys, type StationKeys } from '../services/station-keys.ts';
import { DATABASE_FILE } from '../store/database.ts';
import { prepareDataDir } from './folder.ts';
import { openStore, type Store } from '../store/index.ts';
import { openPostgresStore } from '../store/postgres/index.ts';
import { scheduledBackups } from '../store/scheduled-backups.ts';
import { checkWriteAheadLog } from '../store/wal-check.ts';

export class DeskInUseError extends Error {
  constructor(desk: string) {
    super(`Another running station already is desk '${desk}' on this database. Give each desk its own name with --desk.`);
    this.name = 'DeskInUseError';
  }
}

export interface DataDirOptions {
  clock?: () => Date;
  /** A PostgreSQL database (postgres://…) that several desks share; without it, <dataDir>/station.sqlite. */
  databaseUrl?: string;
  claimLeaseMs?: number;
  /** How many shipment references one statement reserves (store/reference-block.ts). */
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
        referenceBlock: options.referenceBlock,
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
