// Manifests: the close of a client's carrier and ship date, written in one transaction with the shipments it
// takes (marked with the manifest), its PDF, its day.closed event and its audit entry. A partial unique index
// allows one closed manifest per client, carrier, day and site, so the second of two desks closing at once finds
// the first one's manifest.
import type { ShipmentAttributes, ShipmentStatus } from '../../src-shared/shipment.ts';
import type { ManifestTotals } from '../../src-shared/manifests.ts';
import type { NewAuditEvent } from '../domain/audit.ts';
import type { NewStationEvent } from '../domain/event.ts';
import { ManifestChangedError, type DayShipment, type ManifestRecord, type NewManifest } from '../domain/manifest.ts';
import { appendAudit } from './audit.ts';
import { appendEvent } from './events.ts';
import { numericId } from './row-id.ts';
import { storable, type Sql } from './sql/executor.ts';
import type { TableContext, TableGroup } from './table-group.ts';

export interface DayFilter {
  clientId: string;
  sandbox: boolean;
  carrierCode: string;
  date: string;
  /** The site whose day it is. */
  site: number;
}

export interface ManifestReads {
  /** The client's shipments of that carrier and ship date, in any state, oldest first; waiting and failed ones by their carrier choice. */
  dayShipments(filter: DayFilter): Promise<DayShipment[]>;
  /** How many manifests (closed or reopened) the client has for the carrier and day: the next one's number follows. */
  countFor(filter: DayFilter): Promise<number>;
  /** Newest first; `after`: only manifests older than that one (the page after it). */
  list(filter: {
    clientId: string;
    sandbox: boolean;
    date: string | null;
    carrierCode: string | null;
    after?: number | null;
    limit: number;
    /** One site's manifests; null or absent: every site's. */
    site?: number | null;
  }): Promise<ManifestRecord[]>;
  get(id: string, clientId: string, sandbox: boolean): Promise<ManifestRecord | undefined>;
  document(id: string): Promise<Uint8Array | undefined>;
  /** The number of the closed manifest a shipment is in, or null. */
  closedIn(shipmentId: string): Promise<string | null>;
  /** Closed manifests waiting to be sent upstream whose next try is due, oldest first, of every client. */
  dueTransmissions(at: string, limit: number): Promise<ManifestRecord[]>;
}

export interface ManifestWrites {
  /**
   * Closes: records the manifest and marks exactly these shipments with it, with the event and the audit entry.
   * When a closed manifest of the day exists already (another desk closed a moment ago), that one is answered.
   * Throws ManifestChangedError when a shipment is no longer closable.
   */
  close(
    manifest: NewManifest,
    shipmentIds: readonly string[],
    event: NewStationEvent,
    logged: NewAuditEvent,
  ): Promise<{ manifest: ManifestRecord; created: boolean }>;
  /** Reopens a closed manifest: its shipments are free again (voidable); false when it is not closed. */
  reopen(id: string, logged: NewAuditEvent): Promise<boolean>;
  /** Records a manifest sent (false: it was reopened or sent meanwhile). */
  transmitted(id: string, remoteNumber: string): Promise<boolean>;
  /** Records a failed try: tried again at `nextTryAt`, or, when null (the upstream refused it), failed until sent again. */
  transmitFailed(id: string, error: string, nextTryAt: string | null): Promise<void>;
  /** A supervisor sends a failed manifest again: pending now (false: it is not a failed closed one). */
  transmitAgain(id: string, logged: NewAuditEvent): Promise<boolean>;
}

interface ManifestRow {
  id: number | string;
  number: string;
  client_id: number;
  sandbox: number;
  carrier_code: string;
  ship_date: string;
  site: number;
  status: 'closed' | 'reopened';
  totals: string;
  closed_by: string;
  created_at: string;
  reopened_at: string | null;
  transmitted_at: string | null;
  transmission: 'none' | 'pending' | 'sent' | 'failed';
  transmit_attempts: number;
  transmit_error: string | null;
  transmit_next_at: string | null;
  remote_number: string | null;
}

interface DayShipmentRow {
  id: string;
  reference: string | null;
  status: ShipmentStatus;
  scheduled: number;
  deleted_at: string | null;
  manifest_number: string | null;
  carrier_code: string | null;
  carrier_name: string | null;
  service_name: string | null;
  tracking_number: string | null;
  currency: string | null;
  attributes: string;
  return_of: string | null;
}

const manifestRecord = (row: ManifestRow): ManifestRecord => ({
  id: String(row.id),
  number: row.number,
  clientId: String(row.client_id),
  sandbox: row.sandbox === 1,
  carrierCode: row.carrier_code,
  shipDate: row.ship_date,
  site: Number(row.site),
  status: row.status,
  totals: JSON.parse(row.totals) as ManifestTotals,
  closedBy: row.closed_by,
  createdAt: row.created_at,
  reopenedAt: row.reopened_at,
  transmittedAt: row.transmitted_at,
  transmission: {
    status: row.transmission,
    attempts: Number(row.transmit_attempts),
    error: row.transmit_error,
    nextTryAt: row.transmission === 'pending' ? row.transmit_next_at : null,
    remoteNumber: row.remote_number,
  },
});

/** A reopened manifest is no longer to be sent: what was waiting or refused is dropped; what was sent stays sent. */
const UNSENT_ON_REOPEN = "CASE WHEN transmission IN ('pending', 'failed') THEN 'none' ELSE transmission END";

/** A manifest's columns but its PDF, as both back ends select them. */
const MANIFEST_COLUMNS = `id, number, client_id, sandbox, carrier_code, ship_date, site, status, totals, closed_by, created_at, reopened_at, transmitted_at,
  transmission, transmit_attempts, transmit_error, transmit_next_at, remote_number`;

const dayShipment = (row: DayShipmentRow): DayShipment => ({
  id: row.id,
  reference: row.reference,
  status: row.status,
  scheduled: row.scheduled === 1,
  deletedAt: row.deleted_at,
  manifestNumber: row.manifest_number,
  carrierCode: row.carrier_code,
  carrierName: row.carrier_name,
  serviceName: row.service_name,
  trackingNumber: row.tracking_number,
  currency: row.currency,
  attributes: JSON.parse(row.attributes) as ShipmentAttributes,
  returnOf: row.return_of,
});

/**
 * The day's shipments of a carrier at a site ($1 client, $2 sandbox, $3 date, $4 carrier, $5 site). Processed ones by the carrier that
 * booked them; waiting and failed ones by the carrier chosen for them (an upstream's quotes are <code>.<carrier>).
 */
const DAY_SHIPMENTS = `SELECT s.id, s.reference, s.status, s.scheduled, s.deleted_at, m.number AS manifest_number, s.carrier_code,
    s.carrier_name, s.service_name, s.tracking_number, s.currency, s.attributes, s.return_of
  FROM shipments s LEFT JOIN manifests m ON m.id = s.manifest_id AND m.status = 'closed'
  WHERE s.client_id = $1 AND s.sandbox = $2 AND s.ship_date = $3 AND s.site = $5
    AND (s.carrier_code = $4 OR (s.status <> 3 AND s.carrier_choice IS NOT NULL
         AND (s.carrier_choice = $4 OR $4 LIKE s.carrier_choice || '.%')))
  ORDER BY s.created_at, s.id`;

/** The day.closed event made before the manifest had an id, given it. */
function withManifestId(event: NewStationEvent, id: string): NewStationEvent {
  const snapshot = event.snapshot.kind === 'other' ? { ...event.snapshot, resource: { ...event.snapshot.resource, id } } : event.snapshot;
  return { ...event, subjectId: id, snapshot };
}

const dayValues = (filter: DayFilter) => [numericId(filter.clientId), filter.sandbox ? 1 : 0, filter.date, filter.carrierCode, filter.site];

function reads(sql: Sql): ManifestReads {
  const manifests = async (text: string, values: unknown[]) => (await sql.all<ManifestRow>(text, values)).map(manifestRecord);
  return {
    dayShipments: async (filter) =>
      storable(filter.carrierCode) ? (await sql.all<DayShipmentRow>(DAY_SHIPMENTS, dayValues(filter))).map(dayShipment) : [],
    countFor: async (filter) =>
      (await sql.one<{ n: number }>(
        `SELECT ${sql.dialect.integer('count(*)')} AS n FROM manifests WHERE client_id = $1 AND sandbox = $2 AND ship_date = $3 AND carrier_code = $4 AND site = $5`,
        dayValues(filter),
      ))!.n,
    list: (filter) =>
      manifests(
        `SELECT ${MANIFEST_COLUMNS} FROM manifests WHERE client_id = $1 AND sandbox = $2 AND (CAST($3 AS TEXT) IS NULL OR ship_date = $3)
           AND (CAST($4 AS TEXT) IS NULL OR carrier_code = $4) AND (CAST($6 AS BIGINT) IS NULL OR id < $6)
           AND (CAST($7 AS INTEGER) IS NULL OR site = $7)
         ORDER BY id DESC LIMIT $5`,
        [
          numericId(filter.clientId),
          filter.sandbox ? 1 : 0,
          filter.date,
          filter.carrierCode !== null && !storable(filter.carrierCode) ? '' : filter.carrierCode,
          filter.limit,
          filter.after ?? null,
          filter.site ?? null,
        ],
      ),
    get: async (id, clientId, sandbox) =>
      (
        await manifests(`SELECT ${MANIFEST_COLUMNS} FROM manifests WHERE id = $1 AND client_id = $2 AND sandbox = $3`, [
          numericId(id),
          numericId(clientId),
          sandbox ? 1 : 0,
        ])
      )[0],
    document: async (id) => {
      const row = await sql.one<{ document: Uint8Array }>('SELECT document FROM manifests WHERE id = $1', [numericId(id)]);
      return row && new Uint8Array(row.document);
    },
    closedIn: async (shipmentId) =>
      storable(shipmentId)
        ? ((
            await sql.one<{ number: string }>(
              "SELECT m.number FROM shipments s JOIN manifests m ON m.id = s.manifest_id WHERE s.id = $1 AND m.status = 'closed'",
              [shipmentId],
            )
          )?.number ?? null)
        : null,
    dueTransmissions: (at, limit) =>
      manifests(
        `SELECT ${MANIFEST_COLUMNS} FROM manifests WHERE transmission = 'pending' AND status = 'closed' AND transmit_next_at <= $1 ORDER BY transmit_next_at, id LIMIT $2`,
        [at, limit],
      ),
  };
}

function writes(sql: Sql, { now }: TableContext): ManifestWrites {
  return {
    close: (manifest, shipmentIds, event, logged) =>
      sql.tx(async (tx) => {
        const at = now();
        const row = await tx.one<ManifestRow>(
          `INSERT INTO manifests (number, client_id, sandbox, carrier_code, ship_date, status, totals, document, closed_by, created_at, transmission, transmit_next_at, site)
           VALUES ($1, $2, $3, $4, $5, 'closed', $6, $7, $8, $9, $10, $11, $12) ON CONFLICT DO NOTHING RETURNING ${MANIFEST_COLUMNS}`,
          [
            manifest.number,
            Number(manifest.clientId),
            manifest.sandbox ? 1 : 0,
            manifest.carrierCode,
            manifest.shipDate,
            JSON.stringify(manifest.totals),
            Buffer.from(manifest.document),
            manifest.closedBy,
            at,
            manifest.transmit ? 'pending' : 'none',
            manifest.transmit ? at : null,
            manifest.site,
          ],
        );
        if (!row) {
          const existing = await tx.one<ManifestRow>(
            `SELECT ${MANIFEST_COLUMNS} FROM manifests WHERE client_id = $1 AND sandbox = $2 AND carrier_code = $3 AND ship_date = $4 AND site = $5 AND status = 'closed'`,
            [Number(manifest.clientId), manifest.sandbox ? 1 : 0, manifest.carrierCode, manifest.shipDate, manifest.site],
          );
          if (!existing) throw new ManifestChangedError();
          return { manifest: manifestRecord(existing), created: false };
        }
        for (const id of shipmentIds) {
          if (
            (await tx.run(
              'UPDATE shipments SET manifest_id = $1 WHERE id = $2 AND manifest_id IS NULL AND status = 3 AND deleted_at IS NULL',
              [row.id, id],
            )) !== 1
          )
            throw new ManifestChangedError();
        }
        const made = manifestRecord(row);
        appendEvent(tx, withManifestId(event, made.id), at);
        await appendAudit(tx, { ...logged, subjectId: made.id }, at);
        return { manifest: made, created: true };
      }),
    reopen: (id, logged) =>
      sql.tx(async (tx) => {
        const at = now();
        const changed = await tx.run(
          `UPDATE manifests SET status = 'reopened', reopened_at = $2, transmission = ${UNSENT_ON_REOPEN} WHERE id = $1 AND status = 'closed' AND transmitted_at IS NULL`,
          [numericId(id), at],
        );
        if (changed !== 1) return false;
        await tx.run('UPDATE shipments SET manifest_id = NULL WHERE manifest_id = $1', [numericId(id)]);
        await appendAudit(tx, logged, at);
        return true;
      }),
    transmitted: async (id, remoteNumber) =>
      (await sql.run(
        `UPDATE manifests SET transmission = 'sent', transmitted_at = $3, remote_number = $2, transmit_attempts = transmit_attempts + 1, transmit_error = NULL, transmit_next_at = NULL
         WHERE id = $1 AND transmission = 'pending' AND status = 'closed'`,
        [numericId(id), remoteNumber, now()],
      )) === 1,
    transmitFailed: async (id, error, nextTryAt) => {
      await sql.run(
        `UPDATE manifests SET transmit_attempts = transmit_attempts + 1, transmit_error = $2, transmit_next_at = $3,
           transmission = CASE WHEN CAST($3 AS TEXT) IS NULL THEN 'failed' ELSE 'pending' END
         WHERE id = $1 AND transmission = 'pending'`,
        [numericId(id), error, nextTryAt],
      );
    },
    transmitAgain: (id, logged) =>
      sql.tx(async (tx) => {
        const at = now();
        if (
          (await tx.run(
            "UPDATE manifests SET transmission = 'pending', transmit_next_at = $2 WHERE id = $1 AND transmission = 'failed' AND status = 'closed'",
            [numericId(id), at],
          )) !== 1
        )
          return false;
        await appendAudit(tx, logged, at);
        return true;
      }),
  };
}

export const manifests: TableGroup<ManifestReads, ManifestWrites> = { reads, writes };
