// The data folder's files are the station's own: one left read-only (a `chmod -R a-w` of the folder) is made
// writable again for its owner before it is opened, since SQLite would open it read-only without a word (issue 50);
// and what the station says when it still cannot write one names the user who runs it, as `chown` takes it.
import { accessSync, chmodSync, constants } from 'node:fs';
import { userInfo } from 'node:os';

/** Who runs this station, as `chown` takes it. */
export function runningUser(): string {
  try {
    return userInfo().username;
  } catch {
    return String(process.getuid?.() ?? 'the station’s user');
  }
}

/** Makes `path` writable for its owner again when it is not (0600); leaves alone a file that is missing or not ours. */
export function keepWritable(path: string): void {
  try {
    accessSync(path, constants.W_OK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EACCES') return;
    try {
      chmodSync(path, 0o600);
    } catch {
      // Not the station's to change: whoever writes it next says so.
    }
  }
}

/** A path as a POSIX shell takes it in the commands the advice gives: in single quotes, any quote in it escaped. */
export const shellQuoted = (path: string): string => `'${path.replaceAll("'", "'\\''")}'`;
