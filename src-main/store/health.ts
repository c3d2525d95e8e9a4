// Whether the store's database answers now, and since when it has not: the health endpoint, the desk's banner
// and the log read it. A query that cannot reach the database marks it unavailable; the next one that succeeds
// marks it available again. Each change is said once, not once per failing query.
import { StoreFaultError } from '../domain/store-fault.ts';

export interface StoreHealth {
  available: boolean;
  /** When the database stopped answering (ISO 8601), or null while it answers. */
  unavailableSince: string | null;
  /** The last reason it gave, for the log and the health endpoint; null while it answers. */
  problem: string | null;
  /** Found damaged: unavailable for changes until it is restored, not until it answers again. */
  damaged?: boolean;
  /** Readable, not writable (SQLite's files turned read-only): unavailable for changes until they are writable. */
  readOnly?: boolean;
  /** Why writes fail while reads go on (SQLite): files read-only, the disk full, an I/O error. */
  fault?: 'read-only' | 'disk-full' | 'io';
}

export interface HealthTracker {
  current(): StoreHealth;
  /** A store call failed with this (already translated) error. */
  failed(error: unknown): void;
  succeeded(): void;
}

export interface HealthNotices {
  /** The database stopped answering. */
  onUnavailable?: (message: string) => void;
  /** It answers again. */
  onAvailable?: (message: string) => void;
}

export function trackHealth(clock: () => Date, notices: HealthNotices = {}): HealthTracker {
  let down: { since: Date; startedAt: number; problem: string } | undefined;
  return {
    current: () => ({ available: !down, unavailableSince: down?.since.toISOString() ?? null, problem: down?.problem ?? null }),
    failed(error) {
      if (!(error instanceof StoreFaultError) || error.kind !== 'unreachable') return;
      if (down) {
        down.problem = error.message;
        return;
      }
      down = { since: clock(), startedAt: Date.now(), problem: error.message };
      notices.onUnavailable?.(
        `The database is unavailable (${error.message}); requests that need it are answered 503 until it answers again.`,
      );
    },
    succeeded() {
      if (!down) return;
      const seconds = Math.round((Date.now() - down.startedAt) / 100) / 10;
      down = undefined;
      notices.onAvailable?.(`The database answers again, after ${seconds} s unavailable.`);
    },
  };
}
