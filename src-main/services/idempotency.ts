// Idempotency keys as the API uses them: a request with a key this client used before is answered from what the
// first one did instead of being processed again. The key is written by the store with what the first request
// made (same transaction); the answer is added once sent. Requests with a key still running on this station are
// waited for, so a double submit or a client's impatient retry never runs twice.
import type { IdempotencyKeyRecord, IdempotencyTicket, StoredResponse } from '../domain/idempotency.ts';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '../domain/idempotency.ts';
import type { Store } from '../store/index.ts';

export type KeyLookup =
  /** Nobody used the key: process the request, passing `ticket` to the service, then call `done`. */
  | { kind: 'new'; ticket: IdempotencyTicket; done(): void }
  /** Answered before: send this again. */
  | { kind: 'replay'; response: StoredResponse }
  /** Committed, but the station stopped before its answer was kept: answer again from what it made. */
  | { kind: 'recover'; record: IdempotencyKeyRecord }
  /** The key came with another request body. */
  | { kind: 'mismatch' }
  /** A request with the key is still running after the wait. */
  | { kind: 'busy' };

export interface IdempotencyService {
  lookup(clientId: string, key: string, fingerprint: string): Promise<KeyLookup>;
  /** Keeps the answer sent for a key, for later repeats. */
  keep(ticket: IdempotencyTicket, response: StoredResponse): Promise<void>;
  /** Forgets keys past their lifetime; the station calls it now and then. */
  purgeExpired(): Promise<number>;
}

export interface IdempotencyDeps {
  store: Store;
  clock: () => Date;
  /** How long a repeat waits for the first request with its key before it is answered 409 (10 s by default). */
  waitMs?: number;
}

export function createIdempotencyService(deps: IdempotencyDeps): IdempotencyService {
  const { store, clock } = deps;
  const waitMs = deps.waitMs ?? 10_000;
  /** The requests with a key that run on this station now, by client and key. */
  const running = new Map<string, Promise<void>>();
  const expired = (record: IdempotencyKeyRecord) => Date.parse(record.createdAt) < clock().getTime() - IDEMPOTENCY_KEY_LIFETIME_MS;

  const lookup = async (clientId: string, key: string, fingerprint: string): Promise<KeyLookup> => {
    const id = `${clientId}\n${key}`;
    const first = running.get(id);
    if (first) {
      const finished = await Promise.race([
        first.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(resolve, waitMs, false).unref()),
      ]);
      if (!finished) return { kind: 'busy' };
      return lookup(clientId, key, fingerprint);
    }
    // Marked running before the first await: a second request with the key in the same moment waits for this one.
    let done!: () => void;
    running.set(
      id,
      new Promise<void>((resolve) => {
        done = () => {
          running.delete(id);
          resolve();
        };
      }),
    );
    let record: IdempotencyKeyRecord | undefined;
    try {
      record = await store.idempotencyKeys.find(clientId, key);
    } catch (error) {
      done();
      throw error;
    }
    if (record && !expired(record)) {
      done();
      if (record.fingerprint !== fingerprint) return { kind: 'mismatch' };
      return record.response ? { kind: 'replay', response: record.response } : { kind: 'recover', record };
    }
    return { kind: 'new', ticket: { clientId, key, fingerprint }, done };
  };

  return {
    lookup,
    keep: (ticket, response) => store.idempotencyKeys.saveResponse(ticket.clientId, ticket.key, response),
    purgeExpired: () => store.idempotencyKeys.purge(new Date(clock().getTime() - IDEMPOTENCY_KEY_LIFETIME_MS).toISOString()),
  };
}
