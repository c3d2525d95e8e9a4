// The sign-in counts on their own, on a clock the test moves (services/sign-in-backoff.ts): whom a failure counts
// under, what a success resets, when a count starts again, and that made-up names cannot push out a wait.
import { describe, expect, it } from 'vitest';
import { createSignInBackoff, FREE_ADDRESS_FAILURES, FREE_FAILURES, type SignInSource } from '../../src-main/services/sign-in-backoff.ts';

function backoffOnAClock() {
  let at = 1_000_000;
  const backoff = createSignInBackoff(() => at);
  /** One whole check: begun, then ended with `outcome` when it was let through; what begin answered. */
  const attempt = (source: SignInSource, outcome: 'failed' | 'succeeded', provedUser?: string) => {
    const turn = backoff.begin(source);
    if (turn.kind === 'go') backoff.finished(source, outcome, provedUser);
    return turn.kind;
  };
  return { backoff, attempt, advance: (ms: number) => (at += ms) };
}

const KEY = 'desk-key';
const named = (username: string, address = '10.0.0.1'): SignInSource => ({ integrationKey: KEY, username, address });
const hashOnly = (address = '10.0.0.1'): SignInSource => ({ integrationKey: KEY, address });

describe('sign-in counts', () => {
  it('count a named guess under its name, in any case, and never under another name through the same key', () => {
    const { attempt } = backoffOnAClock();
    for (let i = 0; i < FREE_FAILURES; i++) expect(attempt(named(i % 2 ? 'Bob' : 'bob'), 'failed')).toBe('go');
    expect(attempt(named('BOB'), 'failed')).toBe('locked');
    expect(attempt(named('alice'), 'succeeded', 'alice')).toBe('go');
    expect(attempt(hashOnly(), 'succeeded', 'carol')).toBe('go');
  });

  it('reset on a success only the count of the user it proved', () => {
    const { attempt } = backoffOnAClock();
    for (let i = 0; i < FREE_FAILURES - 1; i++) attempt(hashOnly(), 'failed');
    attempt(hashOnly(), 'succeeded', 'mallory');
    attempt(hashOnly(), 'failed');
    expect(attempt(hashOnly(), 'failed')).toBe('locked');
    // Bob's own success ends his wait.
    for (let i = 0; i < FREE_FAILURES - 1; i++) attempt(named('bob', '10.0.0.2'), 'failed');
    attempt(named('bob', '10.0.0.3'), 'succeeded', 'bob');
    expect(attempt(named('bob', '10.0.0.2'), 'failed')).toBe('go');
  });

  it('start again after a quiet quarter of an hour, and slow an address only after twenty failures', () => {
    const { attempt, advance } = backoffOnAClock();
    for (let i = 0; i < FREE_FAILURES - 1; i++) attempt(named('dana'), 'failed');
    advance(15 * 60_000);
    for (let i = 0; i < FREE_FAILURES - 1; i++) expect(attempt(named('dana'), 'failed')).toBe('go');
    // Four failures at each of many names: no name waits, the address does from its twentieth.
    const address = '10.0.0.9';
    let failures = 0;
    for (let name = 0; failures < FREE_ADDRESS_FAILURES; name++)
      for (let i = 0; i < FREE_FAILURES - 1 && failures < FREE_ADDRESS_FAILURES; i++, failures++)
        expect(attempt(named(`sprayed-${name}`, address), 'failed')).toBe('go');
    expect(attempt(named('someone-else', address), 'failed')).toBe('locked');
  });

  it('keep a name’s wait though ten thousand made-up names are counted after it', () => {
    const { attempt, advance } = backoffOnAClock();
    for (let i = 0; i < FREE_FAILURES; i++) attempt(named('bob', '10.1.0.1'), 'failed');
    for (let i = 0; i < 10_000; i++) attempt(named(`made-up-${i}`, `10.2.${i >> 8}.${i & 255}`), 'failed');
    advance(500);
    expect(attempt(named('bob', '10.3.0.1'), 'failed')).toBe('locked');
  });
});
