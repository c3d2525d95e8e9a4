// Password guessing gets slower and slower, and costs the station nothing once it is refused: failed sign-ins
// are counted per integration key and per remote address; from the fifth failure on, that key or address waits
// 1 s, then 2, 4, 8 ... and is answered 429 before any password work. A success resets both. An address waits
// up to 15 minutes. A key waits at most a minute: its users share it (the desk key is no secret on the desk's
// own computer), so a guesser must not lock them out for long, and a minute still holds guessing to one a minute.
// A check is counted when it starts, not when its outcome is known: guessers at once share the same five checks.
export const FREE_FAILURES = 5;
const FIRST_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = { key: 60_000, address: 15 * 60_000 } as const;
/** Keys and addresses remembered at most: an attacker inventing keys cannot grow the station's memory. */
const REMEMBERED = 10_000;

interface Failures {
  count: number;
  lockedUntil: number;
  /** Password checks of this key or address under way: they count before their outcome is known. */
  pending: number;
}

export interface SignInBackoff {
  /**
   * Reserves a password check for this key and address, at once, before any password work: `go` (then `finished`
   * must follow); `locked` for the milliseconds still to wait after failures; or `busy` when as many checks are
   * under way as failures are still free (once they are used up, one at a time). So twenty guessers at once get
   * the same five checks as one guesser twenty times, and a burst of good sign-ins is slowed, never locked.
   */
  begin(integrationKey: string, address: string): { kind: 'go' } | { kind: 'locked'; waitMs: number } | { kind: 'busy' };
  /** Ends a reserved check: its password was refused, accepted, or never checked (the station was too busy). */
  finished(integrationKey: string, address: string, outcome: 'failed' | 'succeeded' | 'unchecked'): void;
}

export function createSignInBackoff(now: () => number): SignInBackoff {
  const failures = new Map<string, Failures>();
  const keysOf = (integrationKey: string, address: string) => [`key ${integrationKey}`, `address ${address}`];
  const longestWait = (key: string) => (key.startsWith('key ') ? LONGEST_WAIT_MS.key : LONGEST_WAIT_MS.address);
  const entryOf = (key: string) => {
    const entry = failures.get(key) ?? { count: 0, lockedUntil: 0, pending: 0 };
    // The most recently used go last: the oldest are forgotten first when too many are remembered.
    failures.delete(key);
    if (failures.size >= REMEMBERED) failures.delete(failures.keys().next().value!);
    failures.set(key, entry);
    return entry;
  };

  return {
    begin(integrationKey, address) {
      const at = now();
      const keys = keysOf(integrationKey, address);
      const wait = Math.max(0, ...keys.map((key) => (failures.get(key)?.lockedUntil ?? 0) - at));
      if (wait > 0) return { kind: 'locked', waitMs: wait };
      const full = keys.some((key) => {
        const entry = failures.get(key);
        if (!entry) return false;
        const allowed = entry.count < FREE_FAILURES ? FREE_FAILURES - entry.count : 1;
        return entry.pending >= allowed;
      });
      if (full) return { kind: 'busy' };
      for (const key of keys) entryOf(key).pending++;
      return { kind: 'go' };
    },
    finished(integrationKey, address, outcome) {
      for (const key of keysOf(integrationKey, address)) {
        const entry = entryOf(key);
        entry.pending = Math.max(0, entry.pending - 1);
        if (outcome === 'unchecked') {
          if (entry.pending === 0 && entry.count === 0) failures.delete(key);
          continue;
        }
        if (outcome === 'succeeded') {
          entry.count = 0;
          entry.lockedUntil = 0;
          if (entry.pending === 0) failures.delete(key);
          continue;
        }
        entry.count++;
        if (entry.count >= FREE_FAILURES) {
          entry.lockedUntil = now() + Math.min(longestWait(key), FIRST_WAIT_MS * 2 ** Math.min(30, entry.count - FREE_FAILURES));
        }
      }
    },
  };
}
