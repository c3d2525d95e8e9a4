// Idempotency keys per client: written by the shipments and print-jobs tables in the transaction of what the first
// request made, so a crash can never leave a change without its key; the answer is added once it is sent.
import {
  IDEMPOTENCY_KEY_LIFETIME_MS,
  IdempotencyKeyTakenError,
  type IdempotencyKeyRecord,
  type NewIdempotencyKey,
  type StoredResponse,
} from '../domain/idempotency.ts';
import { numericId } from './row-id.ts';
import { storable, type Sql } from './sql/executor.ts';
import type { TableContext, TableGroup } from './table-group.ts';

export interface IdempotencyKeyReads {
  find(clientId: string, key: string): Promise<IdempotencyKeyRecord | undefined>;
}

export interface IdempotencyKeyWrites {
  /**
   * Records a key with what its request made; a key past its lifetime is taken over. A live key of the same
   * client throws IdempotencyKeyTakenError, which rolls the enclosing transaction back.
   */
  record(entry: NewIdempotencyKey): Promise<void>;
  saveResponse(clientId: string, key: string, response: StoredResponse): Promise<void>;
  /** Forgets the keys recorded before this time; how many. */
  purge(before: string): Promise<number>;
}

interface IdempotencyKeyRow {
  client_id: number;
  key: string;
  fingerprint: string;
  subject_type: 'shipment' | 'printJob';
  subject_id: string;
  response: string | null;
  created_at: string;
}

const idempotencyKeyRecord = (row: IdempotencyKeyRow): IdempotencyKeyRecord => ({
  clientId: String(row.client_id),
  key: row.key,
  fingerprint: row.fingerprint,
  subjectType: row.subject_type,
  subjectId: row.subject_id,
  response: row.response === null ? null : (JSON.parse(row.response) as StoredResponse),
  createdAt: row.created_at,
});

/** Records a request's key through `sql` (inside the transaction of what it made); a live key of the same client throws. */
export async function recordKey(sql: Sql, entry: NewIdempotencyKey, at: string): Promise<void> {
  const expiredBefore = new Date(Date.parse(at) - IDEMPOTENCY_KEY_LIFETIME_MS).toISOString();
  // A conflict with a live key changes nothing: the count says so.
  const recorded = await sql.run(
    `INSERT INTO idempotency_keys (client_id, key, fingerprint, subject_type, subject_id, response, created_at)
     VALUES ($1, $2, $3, $4, $5, NULL, $6)
     ON CONFLICT (client_id, key) DO UPDATE SET fingerprint = excluded.fingerprint, subject_type = excluded.subject_type,
       subject_id = excluded.subject_id, response = NULL, created_at = excluded.created_at
     WHERE idempotency_keys.created_at < $7`,
    [Number(entry.clientId), entry.key, entry.fingerprint, entry.subjectType, entry.subjectId, at, expiredBefore],
  );
  if (recorded === 0)
    throw new IdempotencyKeyTakenError(`Idempotency-Key ${JSON.stringify(entry.key)} was recorded by another request a moment ago`);
}

function reads(sql: Sql): IdempotencyKeyReads {
  return {
    find: async (clientId, key) => {
      if (!storable(key)) return undefined;
      const row = await sql.one<IdempotencyKeyRow>('SELECT * FROM idempotency_keys WHERE client_id = $1 AND key = $2', [
        numericId(clientId),
        key,
      ]);
      return row && idempotencyKeyRecord(row);
    },
  };
}

function writes(sql: Sql, { now }: TableContext): IdempotencyKeyWrites {
  return {
    record: (entry) => recordKey(sql, entry, now()),
    saveResponse: async (clientId, key, response) => {
      await sql.run('UPDATE idempotency_keys SET response = $3 WHERE client_id = $1 AND key = $2', [
        numericId(clientId),
        key,
        JSON.stringify(response),
      ]);
    },
    purge: (before) => sql.run('DELETE FROM idempotency_keys WHERE created_at < $1', [before]),
  };
}

export const idempotencyKeys: TableGroup<IdempotencyKeyReads, IdempotencyKeyWrites> = { reads, writes };
