// Shipments with their documents, collection bookings, tracking events and audit trail. Every change that
// spans rows is one synchronous transaction, so a crash leaves a shipment either untouched or fully recorded.
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';
import type { ProcessedResult, ShipmentRecord, TrackingEvent } from '../domain/shipment.ts';
import type { NewAuditEvent } from '../domain/audit.ts';
import { addressesOfShipment, type AddressesTable } from './addresses.ts';
import type { EventType } from '../../src-shared/events.ts';
import type { NewIdempotencyKey } from '../domain/idempotency.ts';
import type { EventsTable } from './events.ts';
import type { IdempotencyKeysTable } from './idempotency-keys.ts';
import { DAY_UPSERTS, dayCountsQuery, personQueries, type PersonHourRow, REBUILD_ALL_DAYS_SQLITE, dayChange, dayValues, type CountryRow, type DayCountRow, type DayRow, type DayChange } from './shipment-days.ts';
import { importInChunks, type Db } from './database.ts';
import { shipmentEvent, shipmentParameters, shipmentRecord, summaryNames, summaryRecord, trackingEvent, upstreamBooking, type BulkShipment, type ConfirmedChanges, type NewShipment, type ShipmentRow, type ShipmentsTable, type SummaryRowColumns, type UpstreamBookingRow } from './shipment-rows.ts';

/**
 * The other tables on the same connection, so what a change brings with it commits with it: the audit log's entry
 * of a create or a void, the integration events, and the idempotency key of the request.
 */
export interface Companions {
  auditLog: { append(event: NewAuditEvent): void };
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
