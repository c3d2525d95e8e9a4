// Waiting for a condition in a test, the one way: a probe asked every few milliseconds until it answers (anything
// but undefined or false), or a deadline passes with a message that says what was awaited and what was seen last.

export interface WaitOptions {
  /** How long to wait in all (10 s by default). */
  timeoutMs?: number;
  /** How long between two asks (25 ms by default). */
  intervalMs?: number;
  /** What the last answer looked like, for the timeout's message. */
  seen?: () => unknown;
}

/** Asks `probe` until it answers; its answer. */
export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  options: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${options.seen ? `; last seen: ${JSON.stringify(options.seen())}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 25));
  }
}
