// The data folder made and kept to its owner, whether it holds a station, and the desk's name: what a start needs
// before anything heavy is loaded (the CLI's arguments, and a station that listens while it waits for its database,
// station/waiting.ts). Opening the folder's store is ./data-folder.ts.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { DATABASE_FILE, DatabaseUnusableError } from '../store/database.ts';

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
