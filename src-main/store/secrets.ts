// The station's own secrets (server key, credential salt), kept in the same SQLite file as its data.
import type { Db } from './database.ts';

export interface SecretsTable {
  get(name: string): string | undefined;
  /** Returns the stored value, creating it with `create()` the first time. */
  getOrCreate(name: string, create: () => string): string;
}

export function secretsTable(db: Db, now: () => string): SecretsTable {
  const select = db.prepare<[string], string>('SELECT value FROM station_secrets WHERE name = ?').pluck();
  const insert = db.prepare<{ name: string; value: string; createdAt: string }>(
    'INSERT INTO station_secrets (name, value, created_at) VALUES (@name, @value, @createdAt) ON CONFLICT (name) DO NOTHING',
  );
  const getOrCreate = db.transaction((name: string, create: () => string): string => {
    const existing = select.get(name);
    if (existing !== undefined) return existing;
    insert.run({ name, value: create(), createdAt: now() });
    return select.get(name) as string;
  });
  return {
    get: (name) => select.get(name),
    getOrCreate: (name, create) => getOrCreate.immediate(name, create),
  };
}
