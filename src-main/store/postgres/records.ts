// PostgreSQL: the address book (substring search through a pg_trgm index, ranked as SQLite's FTS5 search is),
// print jobs, station settings, carrier settings and the audit log.
import type { Address } from '../../../src-shared/shipment.ts';
import { fingerprint, toSaved, type AddressesTable, type AddressRow } from '../addresses.ts';
import { AUDIT_INSERT, auditValues } from '../audit.ts';
import type { NewAuditEvent } from '../../domain/audit.ts';
import type { CarrierSettingsTable } from '../carrier-settings.ts';
import type { Async } from '../index.ts';
import { PRINTED_BEFORE_SQL, printEvent, printJobRecord, type PrintJobRow, type PrintJobsTable } from '../print-jobs.ts';
import { appendEvent, recordKey } from './events.ts';
import type { SettingsTable } from '../settings.ts';
import { CARRIER_SETTINGS, SETTINGS_CHANNEL } from './settings-cache.ts';
import { storable, transaction, type Pool, type Queryable } from './database.ts';



/**
 * The searched text folded as the columns the searches read are (case and accents away: migration 14's
 * folded_name, and folded, of the fields the trigram index covers), as a LIKE pattern that matches it literally.
 */
const FOLDED_PATTERN = `replace(replace(replace(station_fold($3), '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

/** What a search answers: the saved address, not the folded text it was found by. */
const SAVED_COLUMNS = 'id, name, contact, address1, address2, city, postal_code, state, country, phone, email';

const ADDRESS_COLUMNS = `client_id, sandbox, fingerprint, name, contact, address1, address2, city, postal_code, state, country, phone, email, tax_identification`;
const addressValues = (clientId: string, sandbox: boolean, address: Address, at: string) => [
  Number(clientId), sandbox ? 1 : 0, fingerprint(address), address.name, address.contact ?? '', address.address1 ?? '', address.address2 ?? '',
  address.city ?? '', address.postalCode ?? '', address.state ?? '', address.country ?? '', address.phone ?? '', address.email ?? '',
  address.taxIdentification ?? '', at,
];

/** Adds the address to the client's book, or counts one more use of it: on a pool, or in a transaction's connection. */
export function rememberAddress(db: Queryable, clientId: string, sandbox: boolean, address: Address, at: string) {
  return db.query(
    `INSERT INTO addresses (${ADDRESS_COLUMNS}, last_used_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (client_id, sandbox, fingerprint) DO UPDATE SET
       use_count = addresses.use_count + 1, last_used_at = excluded.last_used_at,
       phone = excluded.phone, email = excluded.email, tax_identification = excluded.tax_identification`,
    addressValues(clientId, sandbox, address, at),
  );
}

export function addressesTable(pool: Pool, now: () => string): Async<AddressesTable> {
  const upsert = (db: Queryable, clientId: string, sandbox: boolean, address: Address) => rememberAddress(db, clientId, sandbox, address, now());
  return {
    remember: async (clientId, sandbox, address) => {
      await upsert(pool, clientId, sandbox, address);
    },
    ensure: async (clientId, sandbox, address) => {
      await pool.query(
        `INSERT INTO addresses (${ADDRESS_COLUMNS}, use_count, last_used_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 0, $15)
         ON CONFLICT (client_id, sandbox, fingerprint) DO NOTHING`,
        addressValues(clientId, sandbox, address, now()),
      );
    },
    bulkRemember: async (clientId, sandbox, addresses) => {
      let total = 0;
      let chunk: Address[] = [];
      const flush = async () => {
        const taken = chunk;
        chunk = [];
        await transaction(pool, async (db) => {
          for (const address of taken) await upsert(db, clientId, sandbox, address);
        });
        total += taken.length;
      };
      for (const address of addresses) {
        chunk.push(address);
        if (chunk.length === 1000) await flush();
      }
      if (chunk.length > 0) await flush();
      // As after the shipments' bulk path: statistics now, not when autovacuum gets to the table.
      await pool.query('ANALYZE addresses');
      return total;
    },
    // Ranked as on SQLite: names that start with the text first (by name, then the most used), then any field
    // that contains it, newest first.
    search: async (clientId, sandbox, text, limit) => {
      const trimmed = text.trim();
      if (!storable(trimmed)) return [];
      const owner = [Number(clientId), sandbox ? 1 : 0];
      const byName = (
        await pool.query<AddressRow>(
          `SELECT ${SAVED_COLUMNS} FROM addresses WHERE client_id = $1 AND sandbox = $2 AND folded_name LIKE ${FOLDED_PATTERN} || '%'
           ORDER BY folded_name, use_count DESC LIMIT $4`,
          [...owner, trimmed, limit],
        )
      ).rows;
      // Trigrams need three characters; shorter text only matches the start of a name.
      if ([...trimmed].length < 3 || byName.length >= limit) return byName.map(toSaved);
      const seen = new Set(byName.map((found) => String(found.id)));
      const rest = (
        await pool.query<AddressRow>(
          `SELECT ${SAVED_COLUMNS} FROM addresses WHERE client_id = $1 AND sandbox = $2 AND folded LIKE '%' || ${FOLDED_PATTERN} || '%' ORDER BY id DESC LIMIT $4`,
          [...owner, trimmed, limit + byName.length],
        )
      ).rows.filter((found) => !seen.has(String(found.id)));
      return [...byName, ...rest].slice(0, limit).map(toSaved);
    },
  };
}

export function printJobsTable(pool: Pool, now: () => string): Async<PrintJobsTable> {
  const rows = async (sql: string, values: unknown[] = []) => (await pool.query<PrintJobRow>(sql, values)).rows.map(printJobRecord);
  return {
    add: (job, key) =>
      transaction(pool, async (db) => {
        const at = now();
        const added = await db.query<PrintJobRow>(
          `INSERT INTO print_jobs (id, shipment_id, client_id, printer, format, dpi, copies, status, created_at, updated_at, desk, batch, documents)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued', $8, $8, $9, $10, $11) RETURNING *`,
          [job.id, job.shipmentId, Number(job.clientId), job.printer, job.format, job.dpi, job.copies, at, job.desk, job.batch ? JSON.stringify(job.batch) : null, job.documents],
        );
        if (job.batch) {
          const ids = job.batch.shipmentIds;
          await db.query('INSERT INTO print_job_shipments (print_job_id, position, shipment_id) SELECT $1, position - 1, id FROM unnest($2::text[]) WITH ORDINALITY AS listed (id, position)', [job.id, ids]);
        }
        if (key) await recordKey(db, key, at);
        return printJobRecord(added.rows[0]!);
      }),
    get: async (id) => (storable(id) ? (await rows('SELECT * FROM print_jobs WHERE id = $1', [id]))[0] : undefined),
    list: ({ clientId, after, limit }) =>
      after && !after.every(storable)
        ? Promise.resolve([])
        : rows(
            `SELECT * FROM print_jobs WHERE client_id = $1 AND ($2::text IS NULL OR (created_at, id) < ($2, $3))
             ORDER BY created_at DESC, id DESC LIMIT $4`,
            [Number(clientId) || 0, after?.[0] ?? null, after?.[1] ?? null, limit],
          ),
    open: (desk) => rows("SELECT * FROM print_jobs WHERE desk = $1 AND status IN ('queued', 'printing') ORDER BY created_at, id", [desk]),
    adoptDeskless: async (desk) =>
      (await pool.query("UPDATE print_jobs SET desk = $1, updated_at = $2 WHERE desk IS NULL AND status IN ('queued', 'printing')", [desk, now()])).rowCount ?? 0,
    printedBefore: async (shipmentId) =>
      storable(shipmentId) && ((await pool.query(PRINTED_BEFORE_SQL.replaceAll('$id', '$1'), [shipmentId])).rowCount ?? 0) > 0,
    markPrinting: async (id, backendJobId) => {
      await pool.query("UPDATE print_jobs SET status = 'printing', backend_job_id = $2, updated_at = $3 WHERE id = $1 AND status = 'queued'", [id, backendJobId, now()]);
    },
    finish: (id, status, reason) =>
      transaction(pool, async (db) => {
        const at = now();
        const row = (
          await db.query<PrintJobRow & { sandbox: number }>(
            `UPDATE print_jobs SET status = $2, reason = $3, updated_at = $4 WHERE id = $1 AND status IN ('queued', 'printing')
             RETURNING *, (SELECT sandbox FROM shipments WHERE shipments.id = print_jobs.shipment_id) AS sandbox`,
            [id, status, reason, at],
          )
        ).rows[0];
        if (row) await appendEvent(db, printEvent(printJobRecord(row), row.sandbox === 1), at);
      }),
  };
}

export function settingsTable(pool: Pool, now: () => string): Async<SettingsTable> {
  return {
    get: async (name) => {
      const row = (await pool.query<{ value: string }>('SELECT value FROM station_settings WHERE name = $1', [name])).rows[0];
      return row === undefined ? undefined : (JSON.parse(row.value) as unknown);
    },
    set: async (name, value) => {
      // Every desk forgets what it kept of this setting once this commits (settings-cache.ts).
      await pool.query(
        `WITH saved AS (
           INSERT INTO station_settings (name, value, updated_at) VALUES ($1, $2, $3)
           ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at RETURNING name)
         SELECT pg_notify($4, name) FROM saved`,
        [name, JSON.stringify(value), now(), SETTINGS_CHANNEL],
      );
    },
  };
}

export function carrierSettingsTable(pool: Pool, now: () => string): Async<CarrierSettingsTable> {
  return {
    fuelSurcharges: async () =>
      new Map((await pool.query<{ choice_code: string; fuel_surcharge_percent: number }>('SELECT choice_code, fuel_surcharge_percent FROM carrier_settings')).rows.map((row) => [row.choice_code, row.fuel_surcharge_percent])),
    setFuelSurcharge: async (choiceCode, percent) => {
      await pool.query(
        `WITH saved AS (
           INSERT INTO carrier_settings (choice_code, fuel_surcharge_percent, updated_at) VALUES ($1, $2, $3)
           ON CONFLICT (choice_code) DO UPDATE SET fuel_surcharge_percent = excluded.fuel_surcharge_percent, updated_at = excluded.updated_at RETURNING choice_code)
         SELECT pg_notify($4, $5) FROM saved`,
        [choiceCode, percent, now(), SETTINGS_CHANNEL, CARRIER_SETTINGS],
      );
    },
  };
}

/** Adds an audit entry on a pool or inside a transaction's connection, so it commits with that change. */
export async function appendAuditEvent(db: Queryable, event: NewAuditEvent, at: string): Promise<void> {
  await db.query(AUDIT_INSERT, auditValues(event, at));
}
