// Manifests: the close of a client's carrier and ship date, written in one transaction with the shipments it
// takes (marked with the manifest), its PDF, its day.closed event and its audit entry. A partial unique index
// allows one closed manifest per client, carrier and day, so two desks closing at once make one.
import type { ShipmentAttributes, ShipmentStatus } from '../../src-shared/shipment.ts';
import type { ManifestTotals } from '../../src-shared/manifests.ts';
import type { NewAuditEvent } from '../domain/audit.ts';
import type { NewStationEvent } from '../domain/event.ts';
import { ManifestChangedError, type DayShipment, type ManifestRecord, type NewManifest } from '../domain/manifest.ts';
import type { Db } from './database.ts';
import type { EventsTable } from './events.ts';

export interface DayFilter {
  clientId: string;
  sandbox: boolean;
  carrierCode: string;
  date: string;
}

export interface ManifestsTable {
  /** The client's shipments of that carrier and ship date, in any state, oldest first; waiting and failed ones by their carrier choice. */
  dayShipments(filter: DayFilter): DayShipment[];
  /** How many manifests (closed or reopened) the client has for the carrier and day: the next one's number follows. */
  countFor(filter: DayFilter): number;
  /**
   * Closes: records the manifest and marks exactly these shipments with it, with the event and the audit entry.
   * When a closed manifest of the day exists already (another desk closed a moment ago), that one is answered.
   * Throws ManifestChangedError when a shipment is no longer closable.
   */
  close(manifest: NewManifest, shipmentIds: readonly string[], event: NewStationEvent, logged: NewAuditEvent): { manifest: ManifestRecord; created: boolean };
  /** Newest first; `after`: only manifests older than that one (the page after it). */
  list(filter: { clientId: string; sandbox: boolean; date: string | null; carrierCode: string | null; after?: number | null; limit: number }): ManifestRecord[];
  get(id: string, clientId: string, sandbox: boolean): ManifestRecord | undefined;
  document(id: string): Uint8Array | undefined;
  /** Reopens a closed manifest: its shipments are free again (voidable); false when it is not closed. */
  reopen(id: string, logged: NewAuditEvent): boolean;
  /** The number of the closed manifest a shipment is in, or null. */
  closedIn(shipmentId: string): string | null;
  /** Closed manifests waiting to be sent upstream whose next try is due, oldest first, of every client. */
  dueTransmissions(at: string, limit: number): ManifestRecord[];
  /** Records a manifest sent (false: it was reopened or sent meanwhile). */
  transmitted(id: string, remoteNumber: string): boolean;
  /** Records a failed try: tried again at `nextTryAt`, or, when null (the upstream refused it), failed until sent again. */
  transmitFailed(id: string, error: string, nextTryAt: string | null): void;
  /** A supervisor sends a failed manifest again: pending now (false: it is not a failed closed one). */
  transmitAgain(id: string, logged: NewAuditEvent): boolean;
}

export interface ManifestRow {
  id: number | string;
  number: string;
  client_id: number;
  sandbox: number;
  carrier_code: string;
  ship_date: string;
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

export interface DayShipmentRow {
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
}

export const manifestRecord = (row: ManifestRow): ManifestRecord => ({
  id: String(row.id),
  number: row.number,
  clientId: String(row.client_id),
  sandbox: row.sandbox === 1,
  carrierCode: row.carrier_code,
  shipDate: row.ship_date,
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
export const UNSENT_ON_REOPEN = "CASE WHEN transmission IN ('pending', 'failed') THEN 'none' ELSE transmission END";

/** A manifest's columns but its PDF, as both back ends select them. */
export const MANIFEST_COLUMNS = `id, number, client_id, sandbox, carrier_code, ship_date, status, totals, closed_by, created_at, reopened_at, transmitted_at,
  transmission, transmit_attempts, transmit_error, transmit_next_at, remote_number`;

export const dayShipment = (row: DayShipmentRow): DayShipment => ({
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
});

/**
 * The day's shipments of a carrier, as both back ends select them (SQLite's named parameters; PostgreSQL's are
 * numbered in the same order: client, sandbox, date, carrier). Processed ones by the carrier that booked them;
 * waiting and failed ones by the carrier chosen for them (an upstream's quotes are <code>.<carrier>).
 */
export const DAY_SHIPMENTS = `SELECT s.id, s.reference, s.status, s.scheduled, s.deleted_at, m.number AS manifest_number, s.carrier_code,
    s.carrier_name, s.service_name, s.tracking_number, s.currency, s.attributes
  FROM shipments s LEFT JOIN manifests m ON m.id = s.manifest_id AND m.status = 'closed'
  WHERE s.client_id = @clientId AND s.sandbox = @sandbox AND s.ship_date = @date
    AND (s.carrier_code = @carrier OR (s.status <> 3 AND s.carrier_choice IS NOT NULL
         AND (s.carrier_choice = @carrier OR @carrier LIKE s.carrier_choice || '.%')))
  ORDER BY s.created_at, s.id`;

/** The day.closed event made before the manifest had an id, given it. */
export function withManifestId(event: NewStationEvent, id: string): NewStationEvent {
  const snapshot = event.snapshot.kind === 'other' ? { ...event.snapshot, resource: { ...event.snapshot.resource, id } } : event.snapshot;
  return { ...event, subjectId: id, snapshot };
}

export function manifestsTable(db: Db, now: () => string, companions: { auditLog: { append(event: NewAuditEvent): void }; events: EventsTable }): ManifestsTable {
  const selectDay = db.prepare<Record<string, unknown>, DayShipmentRow>(DAY_SHIPMENTS);
  const count = db.prepare<Record<string, unknown>, number>(
    'SELECT count(*) FROM manifests WHERE client_id = @clientId AND sandbox = @sandbox AND carrier_code = @carrier AND ship_date = @date',
  ).pluck();
  const insert = db.prepare<Record<string, unknown>, ManifestRow>(
    `INSERT INTO manifests (number, client_id, sandbox, carrier_code, ship_date, status, totals, document, closed_by, created_at, transmission, transmit_next_at)
     VALUES (@number, @clientId, @sandbox, @carrierCode, @shipDate, 'closed', @totals, @document, @closedBy, @now, @transmission, @nextAt)
     ON CONFLICT DO NOTHING RETURNING *`,
  );
  const selectClosed = db.prepare<Record<string, unknown>, ManifestRow>(
    "SELECT * FROM manifests WHERE client_id = @clientId AND sandbox = @sandbox AND carrier_code = @carrierCode AND ship_date = @shipDate AND status = 'closed'",
  );
  const mark = db.prepare<[number | string, string]>(
    'UPDATE shipments SET manifest_id = ? WHERE id = ? AND manifest_id IS NULL AND status = 3 AND deleted_at IS NULL',
  );
  const selectList = db.prepare<Record<string, unknown>, ManifestRow>(
    `SELECT ${MANIFEST_COLUMNS} FROM manifests
     WHERE client_id = @clientId AND sandbox = @sandbox AND (@date IS NULL OR ship_date = @date) AND (@carrier IS NULL OR carrier_code = @carrier)
       AND (@after IS NULL OR id < @after)
     ORDER BY id DESC LIMIT @limit`,
  );
  const selectOne = db.prepare<Record<string, unknown>, ManifestRow>(
    `SELECT ${MANIFEST_COLUMNS} FROM manifests
     WHERE id = @id AND client_id = @clientId AND sandbox = @sandbox`,
  );
  const selectDocument = db.prepare<[number], Buffer>('SELECT document FROM manifests WHERE id = ?').pluck();
  const reopenRow = db.prepare(
    `UPDATE manifests SET status = 'reopened', reopened_at = @now, transmission = ${UNSENT_ON_REOPEN} WHERE id = @id AND status = 'closed' AND transmitted_at IS NULL`,
  );
  const release = db.prepare('UPDATE shipments SET manifest_id = NULL WHERE manifest_id = ?');
  const selectClosedIn = db.prepare<[string], string>(
    "SELECT m.number FROM shipments s JOIN manifests m ON m.id = s.manifest_id WHERE s.id = ? AND m.status = 'closed'",
  ).pluck();
  const selectDue = db.prepare<{ at: string; limit: number }, ManifestRow>(
    `SELECT ${MANIFEST_COLUMNS} FROM manifests WHERE transmission = 'pending' AND status = 'closed' AND transmit_next_at <= @at ORDER BY transmit_next_at, id LIMIT @limit`,
  );
  const sent = db.prepare(
    `UPDATE manifests SET transmission = 'sent', transmitted_at = @now, remote_number = @remoteNumber, transmit_attempts = transmit_attempts + 1,
       transmit_error = NULL, transmit_next_at = NULL
     WHERE id = @id AND transmission = 'pending' AND status = 'closed'`,
  );
  const failedTry = db.prepare(
    `UPDATE manifests SET transmit_attempts = transmit_attempts + 1, transmit_error = @error, transmit_next_at = @nextAt,
       transmission = CASE WHEN @nextAt IS NULL THEN 'failed' ELSE 'pending' END
     WHERE id = @id AND transmission = 'pending'`,
  );
  const again = db.prepare("UPDATE manifests SET transmission = 'pending', transmit_next_at = @now WHERE id = @id AND transmission = 'failed' AND status = 'closed'");
  const key = (filter: DayFilter) => ({ clientId: Number(filter.clientId), sandbox: filter.sandbox ? 1 : 0, carrier: filter.carrierCode, date: filter.date });
  const numeric = (id: string) => (/^[0-9]{1,15}$/.test(id) ? Number(id) : 0);

  return {
    dayShipments: (filter) => selectDay.all(key(filter)).map(dayShipment),
    countFor: (filter) => count.get(key(filter)) as number,
    close: db.transaction((manifest: NewManifest, shipmentIds: readonly string[], event: NewStationEvent, logged: NewAuditEvent) => {
      const values = {
        ...manifest,
        clientId: Number(manifest.clientId),
        sandbox: manifest.sandbox ? 1 : 0,
        totals: JSON.stringify(manifest.totals),
        document: Buffer.from(manifest.document),
        transmission: manifest.transmit ? 'pending' : 'none',
        nextAt: manifest.transmit ? now() : null,
        now: now(),
      };
      delete (values as { transmit?: boolean }).transmit;
      const row = insert.get(values);
      if (!row) {
        const existing = selectClosed.get(values);
        if (!existing) throw new ManifestChangedError();
        return { manifest: manifestRecord(existing), created: false };
      }
      for (const id of shipmentIds) {
        if (mark.run(row.id, id).changes !== 1) throw new ManifestChangedError();
      }
      const made = manifestRecord(row);
      companions.events.append(withManifestId(event, made.id));
      companions.auditLog.append({ ...logged, subjectId: made.id });
      return { manifest: made, created: true };
    }),
    list: (filter) =>
      selectList
        .all({ clientId: Number(filter.clientId), sandbox: filter.sandbox ? 1 : 0, date: filter.date, carrier: filter.carrierCode, after: filter.after ?? null, limit: filter.limit })
        .map(manifestRecord),
    get: (id, clientId, sandbox) => {
      const row = selectOne.get({ id: numeric(id), clientId: Number(clientId), sandbox: sandbox ? 1 : 0 });
      return row && manifestRecord(row);
    },
    document: (id) => {
      const data = selectDocument.get(numeric(id));
      return data && new Uint8Array(data);
    },
    reopen: db.transaction((id: string, logged: NewAuditEvent) => {
      if (reopenRow.run({ id: numeric(id), now: now() }).changes !== 1) return false;
      release.run(numeric(id));
      companions.auditLog.append(logged);
      return true;
    }),
    closedIn: (shipmentId) => (selectClosedIn.get(shipmentId) as string | undefined) ?? null,
    dueTransmissions: (at, limit) => selectDue.all({ at, limit }).map(manifestRecord),
    transmitted: (id, remoteNumber) => sent.run({ id: numeric(id), remoteNumber, now: now() }).changes === 1,
    transmitFailed: (id, error, nextTryAt) => {
      failedTry.run({ id: numeric(id), error, nextAt: nextTryAt });
    },
    transmitAgain: db.transaction((id: string, logged: NewAuditEvent) => {
      if (again.run({ id: numeric(id), now: now() }).changes !== 1) return false;
      companions.auditLog.append(logged);
      return true;
    }),
  };
}
