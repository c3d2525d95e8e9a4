// libfaketime (Debian's faketime) for processes a test starts: the station's own clock option reaches only the
// station's code, while libfaketime moves every clock a process reads (Node, its libraries, the PostgreSQL client),
// as a computer whose clock says another day would.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { wallClock } from '../../src-shared/calendar.ts';

const LIBRARIES = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
];

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

/**
 * libfaketime's shared clock, held by a process of its own for as long as the test needs it: the first process to
 * load the library makes the clock's shared memory and removes it when it ends, and a shell script's subshells,
 * forked from that first process, may take it with them when they end, so later commands of the script fail to
 * start. Processes started with `env` use this holder's clock and never remove it; `stop()` ends the holder and
 * removes the clock.
 */
export async function sharedFaketime(library: string, at: Date, timeZone: string): Promise<{ env: NodeJS.ProcessEnv; stop(): void }> {
  const env = faketimeEnv(library, at, timeZone);
  // libfaketime names the clock by the holder's process id (/dev/shm/faketime_shm_<pid>). A machine that ran the suite
  // many times once made none, with hundreds of such clocks left over by killed processes: a new holder, a new id.
  for (let attempt = 1; ; attempt++) {
    const held = await holdClock(env);
    if (held) return held;
    if (attempt === 3) throw new Error('libfaketime made no shared clock (FAKETIME_SHARED) in 3 holders');
  }
}

async function holdClock(env: NodeJS.ProcessEnv): Promise<{ env: NodeJS.ProcessEnv; stop(): void } | undefined> {
  const holder = spawn('node', ['-e', 'console.log(process.env.FAKETIME_SHARED ?? ""); setInterval(() => {}, 1 << 30);'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const shared = await new Promise<string>((resolve, reject) => {
    let text = '';
    holder.stdout!.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.trim());
    });
    holder.once('exit', () => reject(new Error('the faketime holder ended before it said its clock')));
  });
  if (!shared) {
    holder.kill('SIGKILL');
    return undefined;
  }
  return {
    env: { ...env, FAKETIME_SHARED: shared },
    stop() {
      holder.kill('SIGKILL');
      // Killed, it removes nothing itself: its semaphore and shared memory go here.
      const [sem, shm] = shared.split(' ');
      for (const name of [sem && `sem.${sem.slice(1)}`, shm && shm.slice(1)]) if (name) rmSync(join('/dev/shm', name), { force: true });
    },
  };
}
