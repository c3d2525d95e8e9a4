// Idempotency keys per client: written by the shipments and print-jobs tables in the transaction of what the first
// request made, so a crash can never leave a change without its key; the answer is added once it is sent.
import { IDEMPOTENCY_KEY_LIFETIME_MS, IdempotencyKeyTakenError, type IdempotencyKeyRecord, type NewIdempotencyKey, type StoredResponse } from '../domain/idempotency.ts';
import type { Db } from './database.ts';

export interface IdempotencyKeysTable {
  find(clientId: string, key: string): IdempotencyKeyRecord | undefined;
  /**
   * Records a key with what its request made; a key past its lifetime is taken over. A live key of the same
   * client throws IdempotencyKeyTakenError, which rolls the enclosing transaction back.
   */
  record(entry: NewIdempotencyKey): void;
  saveResponse(clientId: string, key: string, response: StoredResponse): void;
  /** Forgets the keys recorded before this time; how many. */
  purge(before: string): number;
}

export interface IdempotencyKeyRow {
  client_id: number;
  key: string;
  fingerprint: string;
  subject_type: 'shipment' | 'printJob';
  subject_id: string;
  response: string | null;
  created_at: string;
}

export const idempotencyKeyRecord = (row: IdempotencyKeyRow): IdempotencyKeyRecord => ({
  clientId: String(row.client_id),
  key: row.key,
  fingerprint: row.fingerprint,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  response: row.response === null ? null : (JSON.parse(row.response) as StoredResponse),
  createdAt: row.created_at,
});

/** The time before which a key recorded at `now` has expired. */
export const keyExpiry = (now: string) => new Date(Date.parse(now) - IDEMPOTENCY_KEY_LIFETIME_MS).toISOString();

export const keyTaken = (key: string) => new IdempotencyKeyTakenError(`Idempotency-Key ${JSON.stringify(key)} was recorded by another request a moment ago`);

export function idempotencyKeysTable(db: Db, now: () => string): IdempotencyKeysTable {
  const select = db.prepare<[number, string], IdempotencyKeyRow>('SELECT * FROM idempotency_keys WHERE client_id = ? AND key = ?');
  // A conflict with a live key changes nothing: the caller learns it from the count and throws.
  const upsert = db.prepare(
    `INSERT INTO idempotency_keys (client_id, key, fingerprint, subject_type, subject_id, response, created_at)
     VALUES (@clientId, @key, @fingerprint, @subjectType, @subjectId, NULL, @now)
     ON CONFLICT (client_id, key) DO UPDATE SET fingerprint = excluded.fingerprint, subject_type = excluded.subject_type,
       subject_id = excluded.subject_id, response = NULL, created_at = excluded.created_at
     WHERE idempotency_keys.created_at < @expiredBefore`,
  );
  const update = db.prepare('UPDATE idempotency_keys SET response = ? WHERE client_id = ? AND key = ?');
  const remove = db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?');
  return {
    find: (clientId, key) => {
      const row = select.get(Number(clientId), key);
      return row && idempotencyKeyRecord(row);
    },
    record: (entry) => {
      const at = now();
      if (upsert.run({ ...entry, clientId: Number(entry.clientId), now: at, expiredBefore: keyExpiry(at) }).changes === 0) throw keyTaken(entry.key);
    },
    saveResponse: (clientId, key, response) => {
      update.run(JSON.stringify(response), Number(clientId), key);
    },
    purge: (before) => remove.run(before).changes,
  };
}
