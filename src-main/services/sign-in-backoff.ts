// Password guessing gets slower and slower, and costs the station nothing once it is refused: failed sign-ins
// are counted per integration key and per remote address; from the fifth failure on, that key or address waits
// 1 s, then 2, 4, 8 ... and is answered 429 before any password work. A success resets both. An address waits
// up to 15 minutes. A key waits at most a minute: its users share it (the desk key is no secret on the desk's
// own computer), so a guesser must not lock them out for long, and a minute still holds guessing to one a minute.
export const FREE_FAILURES = 5;
const FIRST_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = { key: 60_000, address: 15 * 60_000 } as const;
/** Keys and addresses remembered at most: an attacker inventing keys cannot grow the station's memory. */
const REMEMBERED = 10_000;

interface Failures {
  count: number;
  lockedUntil: number;
}

export interface SignInBackoff {
  /** Milliseconds the caller must still wait, or 0 when it may try. */
  waitFor(integrationKey: string, address: string): number;
  failed(integrationKey: string, address: string): void;
  succeeded(integrationKey: string, address: string): void;
}

export function createSignInBackoff(now: () => number): SignInBackoff {
  const failures = new Map<string, Failures>();
  const keysOf = (integrationKey: string, address: string) => [`key ${integrationKey}`, `address ${address}`];
  const longestWait = (key: string) => (key.startsWith('key ') ? LONGEST_WAIT_MS.key : LONGEST_WAIT_MS.address);

  return {
    waitFor(integrationKey, address) {
      const at = now();
      return Math.max(0, ...keysOf(integrationKey, address).map((key) => (failures.get(key)?.lockedUntil ?? 0) - at));
    },
    failed(integrationKey, address) {
      for (const key of keysOf(integrationKey, address)) {
        const entry = failures.get(key) ?? { count: 0, lockedUntil: 0 };
        failures.delete(key);
        if (failures.size >= REMEMBERED) failures.delete(failures.keys().next().value!);
        entry.count++;
        if (entry.count >= FREE_FAILURES) {
          entry.lockedUntil = now() + Math.min(longestWait(key), FIRST_WAIT_MS * 2 ** Math.min(30, entry.count - FREE_FAILURES));
        }
        failures.set(key, entry);
      }
    },
    succeeded(integrationKey, address) {
      for (const key of keysOf(integrationKey, address)) failures.delete(key);
    },
  };
}
