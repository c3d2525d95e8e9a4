// A function's answers kept for the inputs it saw last: the address checks parse a postal code or a phone number in
// tens of microseconds, and a desk meets the same few (its own address, its regular receivers) on every shipment.
// Bounded, oldest first out, so that a stream of new inputs costs at most `size` entries.

/** `compute` with its last `size` answers kept, by the key `keyOf` gives its arguments. */
export function boundedMemo<A extends unknown[], R>(
  compute: (...args: A) => R,
  keyOf: (...args: A) => string,
  size = 2000,
): (...args: A) => R {
  const kept = new Map<string, R>();
  return (...args: A) => {
    const key = keyOf(...args);
    const found = kept.get(key);
    if (found !== undefined) return found;
    const answer = compute(...args);
    if (kept.size >= size) kept.delete(kept.keys().next().value!);
    kept.set(key, answer);
    return answer;
  };
}
