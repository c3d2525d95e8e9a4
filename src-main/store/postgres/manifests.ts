// PostgreSQL: manifests, as SQLite keeps them (store/manifests.ts). The partial unique index makes the second of two
// desks closing the same day at once find the first one's manifest.
import { ManifestChangedError } from '../../domain/manifest.ts';
import type { Async } from '../index.ts';
import { DAY_SHIPMENTS, MANIFEST_COLUMNS, UNSENT_ON_REOPEN, dayShipment, manifestRecord, withManifestId, type DayFilter, type DayShipmentRow, type ManifestRow, type ManifestsTable } from '../manifests.ts';
import { storable, transaction, type Pool } from './database.ts';
import { appendEvent } from './events.ts';
import { appendAuditEvent } from './records.ts';

/** SQLite's named parameters as PostgreSQL's numbered ones, in the order client, sandbox, date, carrier. */
const DAY_SHIPMENTS_POSTGRES = DAY_SHIPMENTS.replace(/@clientId/g, '$1').replace(/@sandbox/g, '$2').replace(/@date/g, '$3').replace(/@carrier/g, '$4');
const COLUMNS = MANIFEST_COLUMNS;
const numeric = (id: string) => (/^[0-9]{1,15}$/.test(id) ? Number(id) : 0);
const dayValues = (filter: DayFilter) => [Number(filter.clientId) || 0, filter.sandbox ? 1 : 0, filter.date, filter.carrierCode];

export function manifestsTable(pool: Pool, now: () => string): Async<ManifestsTable> {
  return {
    dayShipments: async (filter) => (storable(filter.carrierCode) ? (await pool.query<DayShipmentRow>(DAY_SHIPMENTS_POSTGRES, dayValues(filter))).rows.map(dayShipment) : []),
    countFor: async (filter) =>
      (
        await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM manifests WHERE client_id = $1 AND sandbox = $2 AND ship_date = $3 AND carrier_code = $4', dayValues(filter))
      ).rows[0]!.n,
    close: (manifest, shipmentIds, event, logged) =>
      transaction(pool, async (db) => {
        const at = now();
        const row = (
          await db.query<ManifestRow>(
            `INSERT INTO manifests (number, client_id, sandbox, carrier_code, ship_date, status, totals, document, closed_by, created_at, transmission, transmit_next_at)
             VALUES ($1, $2, $3, $4, $5, 'closed', $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
            [manifest.number, Number(manifest.clientId), manifest.sandbox ? 1 : 0, manifest.carrierCode, manifest.shipDate, JSON.stringify(manifest.totals), Buffer.from(manifest.document), manifest.closedBy, at,
              manifest.transmit ? 'pending' : 'none', manifest.transmit ? at : null],
          )
        ).rows[0];
        if (!row) {
          const existing = (
            await db.query<ManifestRow>(`SELECT ${COLUMNS} FROM manifests WHERE client_id = $1 AND sandbox = $2 AND carrier_code = $3 AND ship_date = $4 AND status = 'closed'`, [
              Number(manifest.clientId), manifest.sandbox ? 1 : 0, manifest.carrierCode, manifest.shipDate,
            ])
          ).rows[0];
          if (!existing) throw new ManifestChangedError();
          return { manifest: manifestRecord(existing), created: false };
        }
        const marked = await db.query('UPDATE shipments SET manifest_id = $1 WHERE id = ANY($2) AND manifest_id IS NULL AND status = 3 AND deleted_at IS NULL', [row.id, shipmentIds]);
        if ((marked.rowCount ?? 0) !== shipmentIds.length) throw new ManifestChangedError();
        const made = manifestRecord(row);
        await appendEvent(db, withManifestId(event, made.id), at);
        await appendAuditEvent(db, { ...logged, subjectId: made.id }, at);
        return { manifest: made, created: true };
      }),
    list: async (filter) =>
      (
        await pool.query<ManifestRow>(
          `SELECT ${COLUMNS} FROM manifests WHERE client_id = $1 AND sandbox = $2 AND ($3::text IS NULL OR ship_date = $3) AND ($4::text IS NULL OR carrier_code = $4)
             AND ($6::bigint IS NULL OR id < $6)
           ORDER BY id DESC LIMIT $5`,
          [Number(filter.clientId) || 0, filter.sandbox ? 1 : 0, filter.date, filter.carrierCode !== null && !storable(filter.carrierCode) ? '' : filter.carrierCode, filter.limit, filter.after ?? null],
        )
      ).rows.map(manifestRecord),
    get: async (id, clientId, sandbox) => {
      const row = (await pool.query<ManifestRow>(`SELECT ${COLUMNS} FROM manifests WHERE id = $1 AND client_id = $2 AND sandbox = $3`, [numeric(id), Number(clientId) || 0, sandbox ? 1 : 0])).rows[0];
      return row && manifestRecord(row);
    },
    document: async (id) => {
      const row = (await pool.query<{ document: Buffer }>('SELECT document FROM manifests WHERE id = $1', [numeric(id)])).rows[0];
      return row && new Uint8Array(row.document);
    },
    reopen: (id, logged) =>
      transaction(pool, async (db) => {
        const at = now();
        const changed = await db.query(`UPDATE manifests SET status = 'reopened', reopened_at = $2, transmission = ${UNSENT_ON_REOPEN} WHERE id = $1 AND status = 'closed' AND transmitted_at IS NULL`, [numeric(id), at]);
        if ((changed.rowCount ?? 0) !== 1) return false;
        await db.query('UPDATE shipments SET manifest_id = NULL WHERE manifest_id = $1', [numeric(id)]);
        await appendAuditEvent(db, logged, at);
        return true;
      }),
    closedIn: async (shipmentId) =>
      storable(shipmentId)
        ? ((await pool.query<{ number: string }>("SELECT m.number FROM shipments s JOIN manifests m ON m.id = s.manifest_id WHERE s.id = $1 AND m.status = 'closed'", [shipmentId])).rows[0]?.number ?? null)
        : null,
    dueTransmissions: async (at, limit) =>
      (
        await pool.query<ManifestRow>(
          `SELECT ${COLUMNS} FROM manifests WHERE transmission = 'pending' AND status = 'closed' AND transmit_next_at <= $1 ORDER BY transmit_next_at, id LIMIT $2`,
          [at, limit],
        )
      ).rows.map(manifestRecord),
    transmitted: async (id, remoteNumber) =>
      ((
        await pool.query(
          `UPDATE manifests SET transmission = 'sent', transmitted_at = $3, remote_number = $2, transmit_attempts = transmit_attempts + 1,
             transmit_error = NULL, transmit_next_at = NULL
           WHERE id = $1 AND transmission = 'pending' AND status = 'closed'`,
          [numeric(id), remoteNumber, now()],
        )
      ).rowCount ?? 0) === 1,
    transmitFailed: async (id, error, nextTryAt) => {
      await pool.query(
        `UPDATE manifests SET transmit_attempts = transmit_attempts + 1, transmit_error = $2, transmit_next_at = $3,
           transmission = CASE WHEN $3::text IS NULL THEN 'failed' ELSE 'pending' END
         WHERE id = $1 AND transmission = 'pending'`,
        [numeric(id), error, nextTryAt],
      );
    },
    transmitAgain: (id, logged) =>
      transaction(pool, async (db) => {
        const at = now();
        const changed = await db.query("UPDATE manifests SET transmission = 'pending', transmit_next_at = $2 WHERE id = $1 AND transmission = 'failed' AND status = 'closed'", [numeric(id), at]);
        if ((changed.rowCount ?? 0) !== 1) return false;
        await appendAuditEvent(db, logged, at);
        return true;
      }),
  };
}
