// Station settings and carrier surcharges, which every create reads (the calendar, cutoffs, upstreams,
// surcharges), kept in memory on each desk and forgotten as soon as any desk changes them. A change announces
// itself with NOTIFY in its own transaction; every desk LISTENs on a connection of its own, kept out of the pool.
// While that connection is away (the server restarted) nothing is served from memory; once it is back, LISTEN is
// issued again and everything is read afresh, as changes may have been missed meanwhile.
import type { PoolClient } from 'pg';
import type { Pool } from './database.ts';
import { ALL_SETTINGS, SETTINGS_CHANNEL } from './settings-channel.ts';

/** How often a desk whose listening connection went tries to listen again. */
const LISTEN_RETRY_MS = 1_000;

export interface SettingsCache {
  /** The value under `key`: from memory while listening and known, else read (and kept unless a change came meanwhile). */
  read<T>(key: string, fetch: () => Promise<T>): Promise<T>;
  /** Forgets one key, or everything: after this desk's own change, without waiting for its notification. */
  forget(key?: string): void;
  close(): void;
}

export function createSettingsCache(pool: Pool): SettingsCache {
  const known = new Map<string, unknown>();
  /** Counts what was forgotten: a read that started before a change must not keep the value it read. */
  let generation = 0;
  let listener: PoolClient | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const forget = (key?: string) => {
    generation++;
    if (key === undefined || key === ALL_SETTINGS) known.clear();
    else known.delete(key);
  };

  const listen = async () => {
    if (closed) return;
    let connection: PoolClient | undefined;
    try {
      connection = await pool.connect();
      connection.on('notification', (message) => forget(message.payload));
      await connection.query(`LISTEN ${SETTINGS_CHANNEL}`);
    } catch {
      connection?.release(true);
      retry = setTimeout(() => void listen(), LISTEN_RETRY_MS);
      retry.unref();
      return;
    }
    if (closed) {
      connection.release();
      return;
    }
    // Anything may have changed while nobody listened.
    forget();
    listener = connection;
    connection.once('error', (error: Error) => {
      if (listener !== connection) return;
      listener = undefined;
      forget();
      connection.release(error);
      retry = setTimeout(() => void listen(), LISTEN_RETRY_MS);
      retry.unref();
    });
  };
  void listen();

  return {
    async read<T>(key: string, fetch: () => Promise<T>): Promise<T> {
      if (listener && known.has(key)) return known.get(key) as T;
      const before = generation;
      const value = await fetch();
      if (listener && generation === before) known.set(key, value);
      return value;
    },
    forget,
    close() {
      closed = true;
      clearTimeout(retry);
      known.clear();
      listener?.release();
      listener = undefined;
    },
  };
}
