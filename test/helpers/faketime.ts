// libfaketime (Debian's faketime) for processes a test starts: the station's own clock option reaches only the
// station's code, while libfaketime moves every clock a process reads (Node, its libraries, the PostgreSQL client),
// as a computer whose clock says another day would.
import { existsSync } from 'node:fs';
import { wallClock } from '../../src-shared/calendar.ts';

const LIBRARIES = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/faketime/libfaketime.so.1'];

/** Where libfaketime is, or why it is not there. */
export function faketimeLibrary(): { path: string } | { missing: string } {
  const path = LIBRARIES.find((candidate) => existsSync(candidate));
  return path ? { path } : { missing: 'libfaketime is not installed (apt-get install faketime)' };
}

/**
 * The environment that starts a process in `timeZone` (TZ) with its clock at `at`, running on from there (monotonic
 * clocks untouched). The start is written as that zone's wall time, which libfaketime reads in the process's TZ: an
 * absolute start, so it holds also when the test itself runs under a shifted clock.
 */
export function faketimeEnv(library: string, at: Date, timeZone: string): NodeJS.ProcessEnv {
  const { date, time } = wallClock(at, timeZone);
  return { TZ: timeZone, LD_PRELOAD: library, FAKETIME: `@${date} ${time}`, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
}
