// Password guessing gets slower and slower, and costs the station nothing once it is refused, without one user's
// guesser locking out the others. A sign-in's failures are counted under whom it is aimed at, and under where it
// comes from:
// - a sign-in that names its user (`username=` in the ServiceApi header, as the desk sends it) under that name;
//   one that names nobody (the spec's hash alone, as an integration sends it) under its integration key, apart
//   from the named ones: a guesser through the desk's key, which the desk page serves, slows no user of the desk;
// - every sign-in under its remote address too, which allows more failures (a person mistyping at a shared desk,
//   a guesser trying many names from one computer is slowed once they add up).
// From the fifth failure of a name or key (the twentieth of an address) on, it waits 1 s, then 2, 4, 8 ... and is
// answered 429 before any password work. A success resets the counts it was made under. A name or key waits at
// most a minute: a name is no secret, and whoever guesses at it keeps its owner out only that long, at a guess a
// minute; an address waits up to 15 minutes.
// A check is counted when it starts, not when its outcome is known: guessers at once share the same free checks.
export const FREE_FAILURES = 5;
/** The failures an address may make, across every name and key, before it waits. */
export const FREE_ADDRESS_FAILURES = 20;
const FIRST_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = { target: 60_000, address: 15 * 60_000 } as const;
/** Names, keys and addresses remembered at most: an attacker inventing them cannot grow the station's memory. */
const REMEMBERED = 10_000;

interface Failures {
  count: number;
  lockedUntil: number;
  /** Password checks counted here under way: they count before their outcome is known. */
  pending: number;
}

/** Whom a sign-in is aimed at and where it comes from. */
export interface SignInSource {
  integrationKey: string;
  /** The username the sign-in names, if it names one. */
  username?: string;
  address: string;
}

export interface SignInBackoff {
  /**
   * Reserves a password check for this sign-in, at once, before any password work: `go` (then `finished` must
   * follow); `locked` for the milliseconds still to wait after failures; or `busy` when as many checks are under
   * way as failures are still free (once they are used up, one at a time). So twenty guessers at once get the same
   * five checks as one guesser twenty times, and a burst of good sign-ins is slowed, never locked.
   */
  begin(source: SignInSource): { kind: 'go' } | { kind: 'locked'; waitMs: number } | { kind: 'busy' };
  /** Ends a reserved check: its password was refused, accepted, or never checked (the station was too busy). */
  finished(source: SignInSource, outcome: 'failed' | 'succeeded' | 'unchecked'): void;
}

/** Where a sign-in's failures are counted: its target (a name, or a key for a sign-in naming nobody), its address. */
function countsOf({ integrationKey, username, address }: SignInSource): [target: string, address: string] {
  // A name in any case or form is one target: a guesser cannot spread failures over "Bob", "BOB" and "bob".
  const target = username === undefined ? `key ${integrationKey}` : `user ${username.normalize('NFC').toLowerCase()}`;
  return [target, `address ${address}`];
}

const freeFailures = (count: string) => (count.startsWith('address ') ? FREE_ADDRESS_FAILURES : FREE_FAILURES);
const longestWait = (count: string) => (count.startsWith('address ') ? LONGEST_WAIT_MS.address : LONGEST_WAIT_MS.target);

export function createSignInBackoff(now: () => number): SignInBackoff {
  const failures = new Map<string, Failures>();
  const entryOf = (count: string) => {
    const entry = failures.get(count) ?? { count: 0, lockedUntil: 0, pending: 0 };
    // The most recently used go last: the oldest are forgotten first when too many are remembered.
    failures.delete(count);
    if (failures.size >= REMEMBERED) failures.delete(failures.keys().next().value!);
    failures.set(count, entry);
    return entry;
  };

  return {
    begin(source) {
      const at = now();
      const counts = countsOf(source);
      const wait = Math.max(0, ...counts.map((count) => (failures.get(count)?.lockedUntil ?? 0) - at));
      if (wait > 0) return { kind: 'locked', waitMs: wait };
      const full = counts.some((count) => {
        const entry = failures.get(count);
        if (!entry) return false;
        const free = freeFailures(count);
        const allowed = entry.count < free ? free - entry.count : 1;
        return entry.pending >= allowed;
      });
      if (full) return { kind: 'busy' };
      for (const count of counts) entryOf(count).pending++;
      return { kind: 'go' };
    },
    finished(source, outcome) {
      for (const count of countsOf(source)) {
        const entry = entryOf(count);
        entry.pending = Math.max(0, entry.pending - 1);
        if (outcome === 'unchecked') {
          if (entry.pending === 0 && entry.count === 0) failures.delete(count);
          continue;
        }
        if (outcome === 'succeeded') {
          entry.count = 0;
          entry.lockedUntil = 0;
          if (entry.pending === 0) failures.delete(count);
          continue;
        }
        entry.count++;
        const free = freeFailures(count);
        if (entry.count >= free) {
          entry.lockedUntil = now() + Math.min(longestWait(count), FIRST_WAIT_MS * 2 ** Math.min(30, entry.count - free));
        }
      }
    },
  };
}
