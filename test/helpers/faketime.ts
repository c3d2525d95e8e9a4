// libfaketime (Debian's faketime) for processes a test starts: the station's own clock option reaches only the
// station's code, while libfaketime moves every clock a process reads (Node, its libraries, the PostgreSQL client),
// as a computer whose clock says another day would.
import { existsSync } from 'node:fs';

const LIBRARIES = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/faketime/libfaketime.so.1'];

/** Where libfaketime is, or why it is not there. */
export function faketimeLibrary(): { path: string } | { missing: string } {
  const path = LIBRARIES.find((candidate) => existsSync(candidate));
  return path ? { path } : { missing: 'libfaketime is not installed (apt-get install faketime)' };
}

/** The environment that starts a process with its clock at `at` and running on from there (monotonic clocks untouched). */
export function faketimeEnv(library: string, at: Date): NodeJS.ProcessEnv {
  const offsetSeconds = Math.round((at.getTime() - Date.now()) / 1000);
  return { LD_PRELOAD: library, FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
}
