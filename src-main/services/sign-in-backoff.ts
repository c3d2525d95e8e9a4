// Password guessing gets slower and slower, and costs the station nothing once it is refused, without one user's
// guesser locking out the others. A sign-in's failures are counted under whom it is aimed at, and under where it
// comes from:
// - a sign-in that names its user (`username=` in the ServiceApi header, as the desk sends it) under that name;
//   one that names nobody (the spec's hash alone, as an integration sends it) under its integration key, apart
//   from the named ones: a guesser through the desk's key, which the desk page serves, slows no user of the desk;
// - every sign-in under its remote address too, which allows more failures (a person mistyping at a shared desk,
//   a guesser trying many names from one computer is slowed once they add up).
// From the fifth failure of a name or key (the twentieth of an address) on, it waits 1 s, then 2, 4, 8 ... and is
// answered 429 before any password work. A name or key waits at most a minute: a name is no secret, and whoever
// guesses at it keeps its owner out only that long, at a guess a minute; an address waits up to 15 minutes.
// A success resets only the count of the user it proved: a guesser who signs in as themselves between guesses
// (through the same key, from the same address) resets nothing of what the guesses counted. Counts nobody adds to
// for a quarter of an hour start again from zero, so the mistakes of a long day never add up to a wait.
// A check is counted when it starts, not when its outcome is known: guessers at once share the same free checks.
export const FREE_FAILURES = 5;
/** The failures an address may make, across every name and key, before it waits. */
export const FREE_ADDRESS_FAILURES = 20;
const FIRST_WAIT_MS = 1_000;
const LONGEST_WAIT_MS = { target: 60_000, address: 15 * 60_000 } as const;
/** A count without a failure for this long (and not waiting) starts again from zero. */
const QUIET_MS = 15 * 60_000;
/** Names, keys and addresses remembered at most: an attacker inventing them cannot grow the station's memory. */
const REMEMBERED = 10_000;
/** How many of the oldest counts are looked at for one that holds nobody back, before the oldest goes anyway. */
const FORGET_LOOKS = 1_000;

interface Failures {
  count: number;
  lockedUntil: number;
  /** When the last failure was counted. */
  failedAt: number;
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
  /**
   * Ends a reserved check: its password was refused, accepted (`provedUser`: the username it proved), or never
   * checked (the station was too busy).
   */
  finished(source: SignInSource, outcome: 'failed' | 'succeeded' | 'unchecked', provedUser?: string): void;
}

/** A name's count: a name in any case or form is one target, so a guesser cannot spread over "Bob", "BOB" and "bob". */
const userCount = (username: string) => `user ${username.normalize('NFC').toLowerCase()}`;

/** Where a sign-in's failures are counted: its target (a name, or a key for a sign-in naming nobody), its address. */
function countsOf({ integrationKey, username, address }: SignInSource): [target: string, address: string] {
  return [username === undefined ? `key ${integrationKey}` : userCount(username), `address ${address}`];
}

const freeFailures = (count: string) => (count.startsWith('address ') ? FREE_ADDRESS_FAILURES : FREE_FAILURES);
const longestWait = (count: string) => (count.startsWith('address ') ? LONGEST_WAIT_MS.address : LONGEST_WAIT_MS.target);

export function createSignInBackoff(now: () => number): SignInBackoff {
  const failures = new Map<string, Failures>();
  const entryOf = (count: string) => {
    const entry = failures.get(count) ?? { count: 0, lockedUntil: 0, failedAt: 0, pending: 0 };
    // The most recently used go last: the oldest are forgotten first when too many are remembered.
    failures.delete(count);
    if (failures.size >= REMEMBERED) forgetOne();
    failures.set(count, entry);
    return entry;
  };
  /**
   * Forgets the oldest count that holds nobody back (not waiting, no check under way) among the oldest few, or the
   * oldest of all: names made up by the thousand cannot push out the wait of the name they aim at.
   */
  const forgetOne = () => {
    const at = now();
    let looked = 0;
    for (const [count, entry] of failures) {
      if (++looked > FORGET_LOOKS) break;
      if (entry.lockedUntil <= at && entry.pending === 0) {
        failures.delete(count);
        return;
      }
    }
    failures.delete(failures.keys().next().value!);
  };

  return {
    begin(source) {
      const at = now();
      const counts = countsOf(source);
      for (const count of counts) {
        const entry = failures.get(count);
        if (entry && entry.pending === 0 && entry.lockedUntil <= at && at - entry.failedAt >= QUIET_MS) failures.delete(count);
      }
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
    finished(source, outcome, provedUser) {
      for (const count of countsOf(source)) {
        const entry = entryOf(count);
        entry.pending = Math.max(0, entry.pending - 1);
        if (outcome !== 'failed') {
          if (entry.pending === 0 && entry.count === 0) failures.delete(count);
          continue;
        }
        entry.count++;
        entry.failedAt = now();
        const free = freeFailures(count);
        if (entry.count >= free) {
          entry.lockedUntil = now() + Math.min(longestWait(count), FIRST_WAIT_MS * 2 ** Math.min(30, entry.count - free));
        }
      }
      // A success proves its own user's password: that user's count starts again, and nothing else's.
      if (outcome === 'succeeded' && provedUser !== undefined) {
        const proved = failures.get(userCount(provedUser));
        if (proved && proved.pending === 0) failures.delete(userCount(provedUser));
        else if (proved) Object.assign(proved, { count: 0, lockedUntil: 0 });
      }
    },
  };
}
