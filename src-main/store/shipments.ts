// Shipments with their documents, collection bookings, tracking events and audit trail. Every change that
// spans rows is one synchronous transaction, so a crash leaves a shipment either untouched or fully recorded.
import type { ShipmentAttributes, ShipmentStatus } from '../../src-shared/shipment.ts';
import type { ProcessedResult, ShipmentOrigin, ShipmentRecord, SummaryKey, SummaryRow, TrackingEvent } from '../domain/shipment.ts';
import type { NewAuditEvent } from '../domain/audit.ts';
import { addressesOfShipment, type AddressesTable } from './addresses.ts';
import type { AuditTable } from './audit.ts';
import type { EventType } from '../../src-shared/events.ts';
import type { NewIdempotencyKey } from '../domain/idempotency.ts';
import type { EventsTable } from './events.ts';
import type { IdempotencyKeysTable } from './idempotency-keys.ts';
import { DAY_UPSERTS, dayCountsQuery, personQueries, type PersonHourRow, REBUILD_ALL_DAYS_SQLITE, dayChange, dayValues, type CountryRow, type DayCountRow, type DayRow, type DayChange } from './shipment-days.ts';
import { importInChunks, type Db } from './database.ts';

/** What a new shipment starts from: the record's fields before any processing. */
export type NewShipment = Pick<
  ShipmentRecord,
  'id' | 'clientId' | 'sandbox' | 'origin' | 'scheduled' | 'service' | 'carrierChoice' | 'reference' | 'shipDate' | 'attributes'
> & {
  /** The order it ships (the orders extension): one live shipment per order, by constraint. */
  orderNumber?: string | null;
  /** The username of the user who made it, and the desk it was made at. */
  createdBy?: string | null;
  desk?: string | null;
};

/** A shipment as an import brings it: any status, with its processing outcome and tracking history, no documents. */
export type BulkShipment = NewShipment &
  Pick<
    ShipmentRecord,
    | 'status' | 'carrierCode' | 'carrierName' | 'serviceCode' | 'serviceName' | 'finalCents' | 'insuranceCents' | 'currency'
    | 'trackingNumber' | 'trackingHash' | 'error' | 'createdAt' | 'processedAt'
  > & { trackingEvents?: TrackingEvent[] };

export interface SummaryRowColumns {
  id: string;
  reference: string | null;
  ship_date: string;
  status: ShipmentStatus;
  scheduled: number;
  ship_from_name: string;
  ship_from_country: string;
  ship_to_name: string;
  ship_to_country: string;
  tracking_status: number | null;
  tracking_date: string | null;
  created_by: string | null;
  created_at: string;
}

/** The summary columns kept beside the attributes. */
export function summaryNames(attributes: ShipmentAttributes) {
  return {
    shipFromName: attributes.shipFrom.name,
    shipFromCountry: attributes.shipFrom.country,
    shipToName: attributes.shipTo.name,
    shipToCountry: attributes.shipTo.country,
  };
}

/** A new shipment (with whatever else an import brings) as the INSERT statements bind it. */
export function shipmentParameters(shipment: NewShipment): Record<string, unknown> {
  return {
    ...shipment,
    ...summaryNames(shipment.attributes),
    clientId: Number(shipment.clientId),
    sandbox: shipment.sandbox ? 1 : 0,
    scheduled: shipment.scheduled ? 1 : 0,
    attributes: JSON.stringify(shipment.attributes),
    orderNumber: shipment.orderNumber ?? null,
    createdBy: shipment.createdBy ?? null,
    desk: shipment.desk ?? null,
  };
}

export interface SummaryFilter {
  clientId: string;
  sandbox: boolean;
  dateFrom: string | null;
  dateTo: string | null;
  /** A reference, tracking number or customer reference to find shipments by (an extension of the spec). */
  search: string | null;
  /** Only the shipments this user (by username) made. */
  createdBy?: string | null;
  /** Only shipments after this one in the list's order (ship date, then made, newest first): the page after it. */
  after?: SummaryKey | null;
  limit: number;
}

/** What a confirm changes in a saved shipment: its attributes and ship date, and the order it ships when it names one. */
export interface ConfirmedChanges {
  attributes: ShipmentAttributes;
  shipDate: string;
  orderNumber?: string | null;
}

export interface ShipmentsTable {
  allocateReference(): string;
  /**
   * Records a new shipment, processed already when `processed` is given, with its audit entries (the shipment's, and
   * the audit log's when given), its events, and the request's idempotency key when it came with one.
   */
  insert(shipment: NewShipment, processed?: ProcessedResult, logged?: NewAuditEvent, key?: NewIdempotencyKey): ShipmentRecord;
  get(id: string, clientId: string, sandbox: boolean): ShipmentRecord | undefined;
  /** Claims waiting scheduled shipments for one processing run, giving each its reference on first claim. */
  /** Claims up to `limit` unclaimed waiting scheduled shipments for a processing run, oldest first. */
  claimWaiting(input: { limit: number; token: string }): ShipmentRecord[];
  /** Frees the claims made before `before` (an ISO time): at start, those of a run that ended, never this run's. */
  releaseClaims(before: string): number;
  /** Frees the claims on waiting scheduled shipments, left by a run that could not free them itself. */
  releaseWaitingClaims(): number;
  /** Frees what one run claimed and did not finish. */
  releaseRunClaims(token: string): number;
  /** Claims a saved, unprocessed shipment for a confirm; false when it is not one, or another confirm holds it. */
  claimSaved(id: string, token: string): boolean;
  /** Gives up a claim whose work did not finish, so the shipment can be confirmed or processed again. */
  releaseClaim(id: string, token: string): void;
  /** Records the confirm of a claimed saved shipment: its confirmed attributes and ship date, and the processing outcome. */
  confirmSaved(id: string, token: string, confirmed: ConfirmedChanges, result: ProcessedResult, key?: NewIdempotencyKey): boolean;
  /** Records the outcome of a claimed shipment; false when the claim was lost (deleted, or claimed anew). */
  complete(id: string, token: string, result: ProcessedResult): boolean;
  fail(id: string, token: string, reason: string): boolean;
  /** Deletes (voids) a shipment, with the audit log's entry when given, in one transaction. */
  markDeleted(record: ShipmentRecord, logged?: NewAuditEvent): void;
  document(id: string): { contentType: string; fileName: string; data: Buffer } | undefined;
  trackingNumberTaken(trackingNumber: string): boolean;
  latestEvent(id: string): TrackingEvent | undefined;
  /** Every tracking event of the shipment, newest first (by time, then arrival): the public page's history. */
  trackingHistory(id: string): TrackingEvent[];
  addEvent(id: string, event: TrackingEvent): void;
  summaries(filter: SummaryFilter): SummaryRow[];
  audit(id: string): { action: string; detail: string | null; at: string }[];
  /** Finds a live processed shipment by id or reference or tracking number, for the admin CLI. */
  findForAdmin(key: string): ShipmentRecord | undefined;
  byTrackingHash(hash: string): ShipmentRecord | undefined;
  /** Imports many finished or waiting shipments, a transaction per 100,000: the bulk path of imports and the benchmark's seed. */
  bulkInsert(rows: Iterable<BulkShipment>): number;
  waitingCount(): number;
  /**
   * The day summaries of a client's processed shipments between two ship dates: per day and carrier, and per
   * country; with `createdBy`, those of one person (a username), read from the shipments.
   */
  report(filter: { clientId: string; sandbox: boolean; dateFrom: string; dateTo: string; createdBy?: string | null }): { days: DayRow[]; countries: CountryRow[] };
  /** A client's live shipments of one ship date, counted per carrier, state and whether closed: the Today screen. */
  dayCounts(filter: { clientId: string; sandbox: boolean; date: string; createdBy?: string | null }): DayCountRow[];
  /** A client's processed shipments between two ship dates, per person and hour of the day they were processed in. */
  personHours(filter: { clientId: string; sandbox: boolean; dateFrom: string; dateTo: string }): PersonHourRow[];
  /** Shipments an upstream booked that may still move (not delivered, returned or cancelled), shipped since `since`, least recently refreshed first. */
  upstreamBookings(since: string, limit: number): UpstreamBooking[];
  /** A client's scheduled shipments not yet processed (claimed: being sent now), and those that failed since `failedSince`; oldest first. */
  outbox(filter: { clientId: string; sandbox: boolean; failedSince: string; limit: number }): OutboxRow[];
  markRefreshed(id: string): void;
}

export interface OutboxRow {
  record: ShipmentRecord;
  /** Claimed by a processing run right now. */
  sending: boolean;
}

export interface UpstreamBooking {
  shipmentId: string;
  carrierChoice: string;
  remoteId: string;
  sandbox: boolean;
}

export interface UpstreamBookingRow {
  shipment_id: string;
  carrier_choice: string;
  remote_id: string;
  sandbox: number;
}

export const upstreamBooking = (row: UpstreamBookingRow): UpstreamBooking => ({
  shipmentId: row.shipment_id,
  carrierChoice: row.carrier_choice,
  remoteId: row.remote_id,
  sandbox: row.sandbox === 1,
});

export interface ShipmentRow {
  id: string;
  client_id: number;
  sandbox: number;
  origin: ShipmentOrigin;
  status: ShipmentStatus;
  scheduled: number;
  service: string | null;
  carrier_choice: string | null;
  reference: string | null;
  ship_date: string;
  attributes: string;
  carrier_code: string | null;
  carrier_name: string | null;
  service_code: string | null;
  service_name: string | null;
  final_cents: number | null;
  insurance_cents: number | null;
  currency: string | null;
  tracking_number: string | null;
  tracking_hash: string | null;
  error: string | null;
  created_at: string;
  processed_at: string | null;
  order_number?: string | null;
  created_by?: string | null;
  desk?: string | null;
}

export function shipmentRecord(row: ShipmentRow): ShipmentRecord {
  return {
    id: row.id,
    clientId: String(row.client_id),
    sandbox: row.sandbox === 1,
    origin: row.origin,
    status: row.status,
    scheduled: row.scheduled === 1,
    service: row.service,
    carrierChoice: row.carrier_choice,
    reference: row.reference,
    shipDate: row.ship_date,
    attributes: JSON.parse(row.attributes) as ShipmentAttributes,
    carrierCode: row.carrier_code,
    carrierName: row.carrier_name,
    serviceCode: row.service_code,
    serviceName: row.service_name,
    finalCents: row.final_cents,
    insuranceCents: row.insurance_cents,
    currency: row.currency,
    trackingNumber: row.tracking_number,
    trackingHash: row.tracking_hash,
    error: row.error,
    createdAt: row.created_at,
    processedAt: row.processed_at,
    orderNumber: row.order_number ?? null,
    createdBy: row.created_by ?? null,
    desk: row.desk ?? null,
  };
}

export function summaryRecord(row: SummaryRowColumns): SummaryRow {
  return {
    id: row.id,
    reference: row.reference,
    shipDate: row.ship_date,
    status: row.status,
    scheduled: row.scheduled === 1,
    shipFromName: row.ship_from_name,
    shipFromCountry: row.ship_from_country,
    shipToName: row.ship_to_name,
    shipToCountry: row.ship_to_country,
    trackingStatus: row.tracking_status,
    trackingDate: row.tracking_date,
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
}

/** A shipment event's row as both back ends write it: the shipment as it is after the change. */
export const shipmentEvent = (type: EventType, shipment: ShipmentRecord) => ({
  type,
  clientId: shipment.clientId,
  sandbox: shipment.sandbox,
  subjectType: 'shipment',
  subjectId: shipment.id,
  snapshot: { kind: 'shipment' as const, shipment },
});

/** A tracking event's row: the shipment with its latest tracking event after the new one arrived, and the new one. */
export const trackingEvent = (shipment: ShipmentRecord, latest: TrackingEvent | undefined, event: TrackingEvent) => ({
  type: 'tracking.updated' as const,
  clientId: shipment.clientId,
  sandbox: shipment.sandbox,
  subjectType: 'shipment',
  subjectId: shipment.id,
  snapshot: { kind: 'tracking' as const, shipment, latest, event },
});

/**
 * The other tables on the same connection, so what a change brings with it commits with it: the audit log's entry
 * of a create or a void, the integration events, and the idempotency key of the request.
 */
export interface Companions {
  auditLog: AuditTable;
  events: EventsTable;
  keys: IdempotencyKeysTable;
  addresses: AddressesTable;
}

export function shipmentsTable(db: Db, now: () => string, { auditLog, events, keys, addresses }: Companions): ShipmentsTable {
  const nextReference = db.prepare<[], number>(
    'UPDATE reference_counter SET next_value = next_value + 1 WHERE id = 1 RETURNING next_value - 1',
  ).pluck();
  const insertRow = db.prepare(
    `INSERT INTO shipments (id, client_id, sandbox, origin, status, scheduled, service, carrier_choice, reference, ship_date,
                            attributes, ship_from_name, ship_from_country, ship_to_name, ship_to_country, order_number, created_by, desk, created_at)
     VALUES (@id, @clientId, @sandbox, @origin, 0, @scheduled, @service, @carrierChoice, @reference, @shipDate,
             @attributes, @shipFromName, @shipFromCountry, @shipToName, @shipToCountry, @orderNumber, @createdBy, @desk, @now)`,
  );
  const bulkRow = db.prepare(
    `INSERT INTO shipments (id, client_id, sandbox, origin, status, scheduled, service, carrier_choice, reference, ship_date,
                            attributes, ship_from_name, ship_from_country, ship_to_name, ship_to_country, carrier_code,
                            carrier_name, service_code, service_name, final_cents, insurance_cents, currency, tracking_number,
                            tracking_hash, error, created_at, processed_at, tracking_status, tracking_date)
     VALUES (@id, @clientId, @sandbox, @origin, @status, @scheduled, @service, @carrierChoice, @reference, @shipDate,
             @attributes, @shipFromName, @shipFromCountry, @shipToName, @shipToCountry, @carrierCode,
             @carrierName, @serviceCode, @serviceName, @finalCents, @insuranceCents, @currency, @trackingNumber,
             @trackingHash, @error, @createdAt, @processedAt, @trackingStatus, @trackingDate)`,
  );
  const selectOne = db.prepare<{ id: string; clientId: number; sandbox: number }, ShipmentRow>(
    'SELECT * FROM shipments WHERE id = @id AND client_id = @clientId AND sandbox = @sandbox AND deleted_at IS NULL',
  );
  const selectById = db.prepare<[string], ShipmentRow>('SELECT * FROM shipments WHERE id = ?');
  const selectForAdmin = db.prepare<{ key: string }, ShipmentRow>(
    `SELECT * FROM shipments WHERE deleted_at IS NULL AND (id = @key OR reference = @key OR tracking_number = @key)`,
  );
  const claim = db.prepare<{ limit: number; token: string; now: string }, ShipmentRow>(
    `UPDATE shipments SET claim_token = @token, claimed_at = @now
     WHERE id IN (
       SELECT id FROM shipments
       WHERE status = 0 AND scheduled = 1 AND deleted_at IS NULL AND claim_token IS NULL
       ORDER BY created_at, id LIMIT @limit)
     RETURNING *`,
  );
  const setReference = db.prepare<{ id: string; reference: string }>('UPDATE shipments SET reference = @reference WHERE id = @id');
  const claimSavedRow = db.prepare(
    `UPDATE shipments SET claim_token = @token, claimed_at = @now
     WHERE id = @id AND origin = 'save' AND status = 0 AND scheduled = 0 AND deleted_at IS NULL AND claim_token IS NULL`,
  );
  const releaseOne = db.prepare('UPDATE shipments SET claim_token = NULL, claimed_at = NULL WHERE id = @id AND status = 0 AND claim_token IS @token');
  const updateConfirmed = db.prepare(
    `UPDATE shipments SET attributes = @attributes, ship_date = @shipDate, ship_from_name = @shipFromName, ship_from_country = @shipFromCountry,
       ship_to_name = @shipToName, ship_to_country = @shipToCountry, order_number = coalesce(@orderNumber, order_number)
     WHERE id = @id AND status = 0 AND deleted_at IS NULL AND claim_token IS @token`,
  );
  const release = db.prepare<[string]>(
    'UPDATE shipments SET claim_token = NULL, claimed_at = NULL WHERE status = 0 AND claim_token IS NOT NULL AND claimed_at < ?',
  );
  const releaseWaiting = db.prepare(
    'UPDATE shipments SET claim_token = NULL, claimed_at = NULL WHERE status = 0 AND scheduled = 1 AND claim_token IS NOT NULL',
  );
  const releaseRun = db.prepare('UPDATE shipments SET claim_token = NULL, claimed_at = NULL WHERE status = 0 AND claim_token = ?');
  const completeRow = db.prepare(
    `UPDATE shipments SET status = 3, carrier_code = @carrierCode, carrier_name = @carrierName, service_code = @serviceCode,
       service_name = @serviceName, final_cents = @finalCents, insurance_cents = @insuranceCents, currency = @currency,
       tracking_number = @trackingNumber, tracking_hash = @trackingHash, error = NULL, claim_token = NULL, processed_at = @now
     WHERE id = @id AND status = 0 AND deleted_at IS NULL AND claim_token IS @token`,
  );
  const failRow = db.prepare(
    `UPDATE shipments SET status = -1, error = @reason, claim_token = NULL, processed_at = @now
     WHERE id = @id AND status = 0 AND deleted_at IS NULL AND claim_token IS @token`,
  );
  const insertDocument = db.prepare(
    `INSERT INTO shipment_documents (shipment_id, content_type, file_name, data, created_at)
     VALUES (@id, @contentType, @fileName, @data, @now)`,
  );
  const insertRemote = db.prepare(
    `INSERT INTO upstream_bookings (shipment_id, carrier_choice, remote_id, remote_reference, created_at)
     VALUES (@id, @carrierChoice, @remoteId, @remoteReference, @now)`,
  );
  const selectUpstream = db.prepare<Record<string, unknown>, UpstreamBookingRow>(
    `SELECT u.shipment_id, u.carrier_choice, u.remote_id, s.sandbox FROM upstream_bookings u JOIN shipments s ON s.id = u.shipment_id
     WHERE s.status = 3 AND s.deleted_at IS NULL AND (s.tracking_status IS NULL OR s.tracking_status NOT IN (5, 9, 10)) AND s.ship_date >= @since
     ORDER BY coalesce(u.refreshed_at, ''), u.shipment_id LIMIT @limit`,
  );
  const selectOutbox = db.prepare<Record<string, unknown>, ShipmentRow & { sending: number }>(
    `SELECT *, claim_token IS NOT NULL AS sending FROM shipments
     WHERE client_id = @clientId AND sandbox = @sandbox AND scheduled = 1 AND deleted_at IS NULL
       AND (status = 0 OR (status = -1 AND processed_at >= @failedSince))
     ORDER BY created_at, id LIMIT @limit`,
  );
  const dayUpserts = DAY_UPSERTS.map((sql) => db.prepare(sql));
  const addDay = (change: DayChange) => dayValues(change).forEach((values, index) => dayUpserts[index]!.run(...values));
  const selectDays = db.prepare<Record<string, unknown>, DayRow>(
    `SELECT ship_date, carrier_code, shipments, packages, weight_g, cost_cents
     FROM shipment_days WHERE client_id = @clientId AND sandbox = @sandbox AND ship_date BETWEEN @dateFrom AND @dateTo AND shipments > 0
     ORDER BY ship_date, carrier_code`,
  );
  const selectDayCounts = db.prepare<Record<string, unknown>, DayCountRow>(dayCountsQuery('@clientId', '@sandbox', '@date', '@createdBy'));
  const personReport = personQueries('sqlite', { clientId: '@clientId', sandbox: '@sandbox', dateFrom: '@dateFrom', dateTo: '@dateTo', createdBy: '@createdBy' });
  const selectPersonHours = db.prepare<Record<string, unknown>, PersonHourRow>(personReport.hours);
  const selectPersonDays = db.prepare<Record<string, unknown>, DayRow>(personReport.days);
  const selectPersonCountries = db.prepare<Record<string, unknown>, CountryRow>(personReport.countries);
  const selectCountries = db.prepare<Record<string, unknown>, CountryRow>(
    `SELECT country, sum(shipments) AS shipments FROM destination_days
     WHERE client_id = @clientId AND sandbox = @sandbox AND ship_date BETWEEN @dateFrom AND @dateTo
     GROUP BY country HAVING sum(shipments) > 0 ORDER BY sum(shipments) DESC, country LIMIT 10`,
  );
  const markRefreshed = db.prepare('UPDATE upstream_bookings SET refreshed_at = @now WHERE shipment_id = @id');
  const insertBooking = db.prepare(
    `INSERT INTO collection_bookings (shipment_id, carrier_code, collection_date, address, created_at)
     VALUES (@id, @carrierCode, @collectionDate, @address, @now)`,
  );
  const insertAudit = db.prepare(
    'INSERT INTO shipment_audit (shipment_id, client_id, action, detail, at) VALUES (@id, @clientId, @action, @detail, @now)',
  );
  const deleteRow = db.prepare('UPDATE shipments SET deleted_at = @now, claim_token = NULL WHERE id = @id AND deleted_at IS NULL');
  const selectDocument = db.prepare<[string], { content_type: string; file_name: string; data: Buffer }>(
    'SELECT content_type, file_name, data FROM shipment_documents WHERE shipment_id = ?',
  );
  const selectHistory = db.prepare<[string], { status: number; occurred_at: string; location: string; text: string }>(
    'SELECT status, occurred_at, location, text FROM tracking_events WHERE shipment_id = ? ORDER BY occurred_at DESC, id DESC LIMIT 500',
  );
  const selectTracking = db.prepare<[string], number>('SELECT 1 FROM shipments WHERE tracking_number = ?').pluck();
  const selectLatestEvent = db.prepare<[string], { status: number; occurred_at: string; location: string; text: string }>(
    'SELECT status, occurred_at, location, text FROM tracking_events WHERE shipment_id = ? ORDER BY occurred_at DESC, id DESC LIMIT 1',
  );
  const insertEvent = db.prepare(
    `INSERT INTO tracking_events (shipment_id, status, occurred_at, location, text, created_at)
     VALUES (@id, @status, @occurredAt, @location, @text, @now)`,
  );
  // An event at the same time as the latest one is the newer news: it becomes the latest.
  const setLatestEvent = db.prepare(
    `UPDATE shipments SET tracking_status = @status, tracking_date = @occurredAt
     WHERE id = @id AND (tracking_date IS NULL OR tracking_date <= @occurredAt)`,
  );
  // A summary reads the summaries index alone: every column it shows is in it, the latest tracking event too.
  const summaryColumns = `s.id, s.reference, s.ship_date, s.status, s.scheduled, s.ship_from_name, s.ship_from_country,
       s.ship_to_name, s.ship_to_country, s.tracking_status, s.tracking_date, s.created_by, s.created_at
     FROM shipments s`;
  const selectSummaries = db.prepare<Record<string, unknown>, SummaryRowColumns>(
    `SELECT ${summaryColumns}
     WHERE s.client_id = @clientId AND s.sandbox = @sandbox AND s.deleted_at IS NULL
       AND s.ship_date >= @dateFrom AND s.ship_date <= @dateTo AND (@createdBy IS NULL OR s.created_by = @createdBy)
       AND (@afterDate IS NULL OR (s.ship_date, s.created_at, s.id) < (@afterDate, @afterCreated, @afterId))
     ORDER BY s.ship_date DESC, s.created_at DESC, s.id DESC
     LIMIT @limit`,
  );
  // A reference or tracking number names at most one shipment each: found through their unique indexes.
  const selectSummaryByKey = db.prepare<Record<string, unknown>, SummaryRowColumns>(
    `SELECT ${summaryColumns}
     WHERE s.id IN (SELECT id FROM shipments WHERE reference = @search UNION SELECT id FROM shipments WHERE tracking_number = @search
                    UNION SELECT id FROM shipments WHERE json_extract(attributes, '$.customerReference') = @search)
       AND s.client_id = @clientId AND s.sandbox = @sandbox AND s.deleted_at IS NULL
       AND s.ship_date >= @dateFrom AND s.ship_date <= @dateTo AND (@createdBy IS NULL OR s.created_by = @createdBy)
     AND (@afterDate IS NULL OR (s.ship_date, s.created_at, s.id) < (@afterDate, @afterCreated, @afterId))
     ORDER BY s.ship_date DESC, s.created_at DESC, s.id DESC
     LIMIT @limit`,
  );
  const selectByHash = db.prepare<[string], ShipmentRow>(
    'SELECT * FROM shipments WHERE tracking_hash = ? AND status = 3 AND deleted_at IS NULL',
  );
  const selectAudit = db.prepare<[string], { action: string; detail: string | null; at: string }>(
    'SELECT action, detail, at FROM shipment_audit WHERE shipment_id = ? ORDER BY id',
  );
  const selectWaiting = db.prepare<[], number>(
    'SELECT count(*) FROM shipments WHERE status = 0 AND scheduled = 1 AND deleted_at IS NULL',
  ).pluck();

  const insertBulkRow = (row: BulkShipment) => {
    const events = row.trackingEvents ?? [];
    // The latest by time; of equal times, the last given, as addEvent would leave it.
    const latest = events.reduce<TrackingEvent | undefined>((best, event) => (!best || event.occurredAt >= best.occurredAt ? event : best), undefined);
    bulkRow.run({ ...shipmentParameters(row), trackingStatus: latest?.status ?? null, trackingDate: latest?.occurredAt ?? null });
    for (const event of events) insertEvent.run({ id: row.id, ...event, now: row.createdAt });
  };
  const allocateReference = () => String(nextReference.get());

  const log = (event: NewAuditEvent | undefined) => {
    if (event) auditLog.append(event);
  };
  const announce = (type: EventType, id: string) => events.append(shipmentEvent(type, shipmentRecord(selectById.get(id)!)));
  const latestOf = (id: string): TrackingEvent | undefined => {
    const row = selectLatestEvent.get(id);
    return row && { status: row.status, occurredAt: row.occurred_at, location: row.location, text: row.text };
  };

  const audit = (id: string, clientId: string | number, action: string, detail: object | null = null) =>
    insertAudit.run({ id, clientId: Number(clientId), action, detail: detail && JSON.stringify(detail), now: now() });

  const recordResult = (id: string, result: ProcessedResult) => {
    const at = now();
    insertDocument.run({ id, ...result.document, data: Buffer.from(result.document.data), now: at });
    if (result.remote) insertRemote.run({ id, carrierChoice: result.remote.carrierChoice, remoteId: result.remote.id, remoteReference: result.remote.reference, now: at });
    if (result.booking) {
      insertBooking.run({
        id,
        carrierCode: result.carrierCode,
        collectionDate: result.booking.collectionDate,
        address: JSON.stringify(result.booking.address),
        now: at,
      });
    }
  };

  const complete = db.transaction((id: string, token: string | null, result: ProcessedResult): boolean => {
    const { document: _document, booking: _booking, ...columns } = result;
    const changed = completeRow.run({ id, token, now: now(), ...columns }).changes === 1;
    if (!changed) return false;
    recordResult(id, result);
    const row = selectById.get(id)!;
    addDay(
      dayChange(
        { clientId: row.client_id, sandbox: row.sandbox, shipDate: row.ship_date, attributes: JSON.parse(row.attributes) as ShipmentAttributes, createdBy: row.created_by, processedAt: row.processed_at },
        result.carrierCode,
        result.finalCents,
        1,
      ),
    );
    audit(id, row.client_id, 'processed', { trackingNumber: result.trackingNumber, carrierCode: result.carrierCode, serviceCode: result.serviceCode });
    announce('shipment.processed', id);
    return true;
  });

  return {
    allocateReference: db.transaction(allocateReference),
    insert: db.transaction((shipment: NewShipment, processed?: ProcessedResult, logged?: NewAuditEvent, key?: NewIdempotencyKey) => {
      insertRow.run({ ...shipmentParameters(shipment), now: now() });
      if (key) keys.record(key);
      log(logged);
      audit(shipment.id, shipment.clientId, 'created', { origin: shipment.origin, sandbox: shipment.sandbox });
      announce('shipment.created', shipment.id);
      if (processed && !complete(shipment.id, null, processed)) throw new Error(`shipment ${shipment.id} could not be recorded as processed`);
      for (const address of addressesOfShipment(shipment.attributes)) addresses.remember(shipment.clientId, shipment.sandbox, address);
      return shipmentRecord(selectById.get(shipment.id)!);
    }),
    get: (id, clientId, sandbox) => {
      const row = selectOne.get({ id, clientId: Number(clientId), sandbox: sandbox ? 1 : 0 });
      return row && shipmentRecord(row);
    },
    claimWaiting: db.transaction(({ limit, token }: { limit: number; token: string }) =>
      claim.all({ limit, token, now: now() }).map((row) => {
        if (row.reference === null) {
          row.reference = allocateReference();
          setReference.run({ id: row.id, reference: row.reference });
        }
        return shipmentRecord(row);
      }),
    ),
    releaseClaims: (before) => release.run(before).changes,
    releaseWaitingClaims: () => releaseWaiting.run().changes,
    releaseRunClaims: (token) => releaseRun.run(token).changes,
    claimSaved: (id, token) => claimSavedRow.run({ id, token, now: now() }).changes === 1,
    releaseClaim: (id, token) => {
      releaseOne.run({ id, token });
    },
    confirmSaved: db.transaction(
      (id: string, token: string, confirmed: ConfirmedChanges, result: ProcessedResult, key?: NewIdempotencyKey) => {
        const updated =
          updateConfirmed.run({
            id, token, ...summaryNames(confirmed.attributes), attributes: JSON.stringify(confirmed.attributes), shipDate: confirmed.shipDate, orderNumber: confirmed.orderNumber ?? null,
          }).changes === 1;
        if (!updated || !complete(id, token, result)) return false;
        if (key) keys.record(key);
        return true;
      },
    ),
    complete: (id, token, result) => complete(id, token, result),
    fail: db.transaction((id: string, token: string, reason: string) => {
      const changed = failRow.run({ id, token, reason, now: now() }).changes === 1;
      if (changed) {
        audit(id, selectById.get(id)!.client_id, 'failed', { reason });
        announce('shipment.failed', id);
      }
      return changed;
    }),
    markDeleted: db.transaction((record: ShipmentRecord, logged?: NewAuditEvent) => {
      if (deleteRow.run({ id: record.id, now: now() }).changes === 0) return;
      if (record.status === 3 && record.carrierCode) addDay(dayChange(record, record.carrierCode, record.finalCents ?? 0, -1));
      log(logged);
      audit(record.id, record.clientId, 'deleted', { status: record.status, reference: record.reference, trackingNumber: record.trackingNumber });
      announce('shipment.deleted', record.id);
    }),
    document: (id) => {
      const row = selectDocument.get(id);
      return row && { contentType: row.content_type, fileName: row.file_name, data: row.data };
    },
    trackingNumberTaken: (trackingNumber) => selectTracking.get(trackingNumber) !== undefined,
    latestEvent: latestOf,
    trackingHistory: (id) => selectHistory.all(id).map((row) => ({ status: row.status, occurredAt: row.occurred_at, location: row.location, text: row.text })),
    addEvent: db.transaction((id: string, event: TrackingEvent) => {
      insertEvent.run({ id, ...event, now: now() });
      setLatestEvent.run({ id, status: event.status, occurredAt: event.occurredAt });
      events.append(trackingEvent(shipmentRecord(selectById.get(id)!), latestOf(id), event));
    }),
    summaries: (filter) => {
      const parameters = {
        clientId: Number(filter.clientId),
        sandbox: filter.sandbox ? 1 : 0,
        dateFrom: filter.dateFrom ?? '0000-00-00',
        dateTo: filter.dateTo ?? '9999-99-99',
        search: filter.search,
        createdBy: filter.createdBy ?? null,
        afterDate: filter.after?.[0] ?? null,
        afterCreated: filter.after?.[1] ?? null,
        afterId: filter.after?.[2] ?? null,
        limit: filter.limit,
      };
      return (filter.search === null ? selectSummaries : selectSummaryByKey).all(parameters).map(summaryRecord);
    },
    bulkInsert: (rows) => {
      const count = importInChunks(db, rows, insertBulkRow);
      // An import brings whole days: the summaries are made again from the shipments.
      db.exec(`BEGIN; ${REBUILD_ALL_DAYS_SQLITE} COMMIT;`);
      return count;
    },
    report: (filter) => {
      const parameters = { clientId: Number(filter.clientId), sandbox: filter.sandbox ? 1 : 0, dateFrom: filter.dateFrom, dateTo: filter.dateTo };
      if (filter.createdBy) {
        const person = { ...parameters, createdBy: filter.createdBy };
        return { days: selectPersonDays.all(person), countries: selectPersonCountries.all(person) };
      }
      return { days: selectDays.all(parameters), countries: selectCountries.all(parameters) };
    },
    dayCounts: (filter) => selectDayCounts.all({ clientId: Number(filter.clientId), sandbox: filter.sandbox ? 1 : 0, date: filter.date, createdBy: filter.createdBy ?? null }),
    personHours: (filter) =>
      selectPersonHours.all({ clientId: Number(filter.clientId), sandbox: filter.sandbox ? 1 : 0, dateFrom: filter.dateFrom, dateTo: filter.dateTo }),
    audit: (id) => selectAudit.all(id),
    findForAdmin: (key) => {
      const row = selectForAdmin.get({ key });
      return row && shipmentRecord(row);
    },
    byTrackingHash: (hash) => {
      const row = selectByHash.get(hash);
      return row && shipmentRecord(row);
    },
    waitingCount: () => selectWaiting.get() as number,
    outbox: (filter) =>
      selectOutbox
        .all({ clientId: Number(filter.clientId), sandbox: filter.sandbox ? 1 : 0, failedSince: filter.failedSince, limit: filter.limit })
        .map((row) => ({ record: shipmentRecord(row), sending: row.sending === 1 })),
    upstreamBookings: (since, limit) => selectUpstream.all({ since, limit }).map(upstreamBooking),
    markRefreshed: (id) => {
      markRefreshed.run({ id, now: now() });
    },
  };
}
