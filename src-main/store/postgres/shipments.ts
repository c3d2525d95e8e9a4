// PostgreSQL: shipments with their documents, bookings, tracking events and audit trail, shared by every desk.
// Each change that spans rows is one transaction. Scheduled work is claimed with FOR UPDATE SKIP LOCKED, so
// several stations drain one queue without overlap, and a claim older than its lease (a station that died
// mid-batch) is taken over by whichever station looks next.
import type { ShipmentAttributes } from '../../../src-shared/shipment.ts';
import type { ProcessedResult, ShipmentRecord, TrackingEvent } from '../../domain/shipment.ts';
import type { Async } from '../index.ts';
import {
  shipmentParameters,
  shipmentRecord,
  summaryNames,
  shipmentEvent,
  summaryRecord,
  trackingEvent,
  upstreamBooking,
  type BulkShipment,
  type ConfirmedChanges,
  type UpstreamBookingRow,
  type NewShipment,
  type ShipmentRow,
  type ShipmentsTable,
  type SummaryRowColumns,
} from '../shipment-rows.ts';
import type { NewAuditEvent } from '../../domain/audit.ts';
import { gatherForCommit, storable, transaction, wholeTableQuery, type Pool, type Queryable } from './database.ts';
import { addressesOfShipment } from '../addresses.ts';
import { appendAuditEvent, rememberAddress } from './records.ts';
import { appendEvent, lockEventOrder, recordKey } from './events.ts';
import type { EventType } from '../../../src-shared/events.ts';
import type { NewIdempotencyKey } from '../../domain/idempotency.ts';
import { DAY_UPSERT_POSTGRES, dayCountsQuery, personQueries, type PersonHourRow, REBUILD_ALL_DAYS_POSTGRES, dayChange, dayValuesPostgres, type CountryRow, type DayCountRow, type DayChange, type DayRow } from '../shipment-days.ts';

/** A claim older than this belongs to a station that stopped: another may take the work over. */
export const DEFAULT_CLAIM_LEASE_MS = 60_000;
/** Rows per INSERT of a bulk import. */
const BULK_ROWS = 500;
/** The key of a transaction's day-summary changes, gathered until it commits. */
const DAY_CHANGES = Symbol('day changes');

const SHIPMENT_COLUMNS = [
  'id', 'client_id', 'sandbox', 'origin', 'status', 'scheduled', 'service', 'carrier_choice', 'reference', 'ship_date', 'attributes',
  'ship_from_name', 'ship_from_country', 'ship_to_name', 'ship_to_country', 'carrier_code', 'carrier_name', 'service_code', 'service_name',
  'final_cents', 'insurance_cents', 'currency', 'tracking_number', 'tracking_hash', 'error', 'created_at', 'processed_at', 'tracking_status', 'tracking_date',
] as const;

const changed = (result: { rowCount: number | null }) => (result.rowCount ?? 0) > 0;

export function shipmentsTable(pool: Pool, now: () => string, claimLeaseMs = DEFAULT_CLAIM_LEASE_MS): Async<ShipmentsTable> {
  const leaseCutoff = () => new Date(Date.parse(now()) - claimLeaseMs).toISOString();
  const one = async (db: Queryable, sql: string, values: unknown[]) => {
    const row = (await db.query<ShipmentRow>(sql, values)).rows[0];
    return row && shipmentRecord(row);
  };
  const audit = (db: Queryable, id: string, clientId: string | number, action: string, detail: object | null = null) =>
    db.query('INSERT INTO shipment_audit (shipment_id, client_id, action, detail, at) VALUES ($1, $2, $3, $4, $5)', [id, Number(clientId), action, detail && JSON.stringify(detail), now()]);

  const log = async (db: Queryable, event: NewAuditEvent | undefined) => {
    if (event) await appendAuditEvent(db, event, now());
  };
  /** The event of a shipment's change, from its row as the change left it (read again when not at hand). */
  const announce = async (db: Queryable, type: EventType, row: ShipmentRow | string) =>
    appendEvent(db, shipmentEvent(type, typeof row === 'string' ? (await one(db, 'SELECT * FROM shipments WHERE id = $1', [row]))! : shipmentRecord(row)), now());
  const latestOf = async (db: Queryable, id: string): Promise<TrackingEvent | undefined> => {
    const row = (
      await db.query<{ status: number; occurred_at: string; location: string; text: string }>(
        'SELECT status, occurred_at, location, text FROM tracking_events WHERE shipment_id = $1 ORDER BY occurred_at DESC, id DESC LIMIT 1',
        [id],
      )
    ).rows[0];
    return row && { status: row.status, occurredAt: row.occurred_at, location: row.location, text: row.text };
  };

  /** Records a processing under its claim (token); the row as processed, or undefined when the claim was lost. */
  const complete = async (db: Queryable, id: string, token: string | null, result: ProcessedResult): Promise<ShipmentRow | undefined> => {
    const at = now();
    const updated = await db.query<ShipmentRow>(
      `UPDATE shipments SET status = 3, carrier_code = $3, carrier_name = $4, service_code = $5, service_name = $6, final_cents = $7,
         insurance_cents = $8, currency = $9, tracking_number = $10, tracking_hash = $11, error = NULL, claim_token = NULL, processed_at = $12
       WHERE id = $1 AND status = 0 AND deleted_at IS NULL AND claim_token IS NOT DISTINCT FROM $2
       RETURNING *`,
      [id, token, result.carrierCode, result.carrierName, result.serviceCode, result.serviceName, result.finalCents, result.insuranceCents,
        result.currency, result.trackingNumber, result.trackingHash, at],
    );
    const done = updated.rows[0];
    if (!done) return undefined;
    await addDay(
      db,
      dayChange(
        { clientId: done.client_id, sandbox: done.sandbox, shipDate: done.ship_date, attributes: JSON.parse(done.attributes) as ShipmentAttributes, createdBy: done.created_by, processedAt: at },
        result.carrierCode,
        result.finalCents,
        1,
      ),
    );
    await db.query('INSERT INTO shipment_documents (shipment_id, content_type, file_name, data, created_at) VALUES ($1, $2, $3, $4, $5)', [
      id, result.document.contentType, result.document.fileName, Buffer.from(result.document.data), at,
    ]);
    if (result.remote) {
      await db.query('INSERT INTO upstream_bookings (shipment_id, carrier_choice, remote_id, remote_reference, created_at) VALUES ($1, $2, $3, $4, $5)', [
        id, result.remote.carrierChoice, result.remote.id, result.remote.reference, at,
      ]);
    }
    if (result.booking) {
      await db.query('INSERT INTO collection_bookings (shipment_id, carrier_code, collection_date, address, created_at) VALUES ($1, $2, $3, $4, $5)', [
        id, result.carrierCode, result.booking.collectionDate, JSON.stringify(result.booking.address), at,
      ]);
    }
    await audit(db, id, done.client_id, 'processed', { trackingNumber: result.trackingNumber, carrierCode: result.carrierCode, serviceCode: result.serviceCode });
    await announce(db, 'shipment.processed', done);
    return done;
  };

  const insertRow = (db: Queryable, shipment: NewShipment) => {
    const p = shipmentParameters(shipment);
    return db.query<ShipmentRow>(
      `INSERT INTO shipments (id, client_id, sandbox, origin, status, scheduled, service, carrier_choice, reference, ship_date, attributes,
                              ship_from_name, ship_from_country, ship_to_name, ship_to_country, order_number, created_by, desk, created_at)
       VALUES ($1, $2, $3, $4, 0, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
       RETURNING *`,
      [p.id, p.clientId, p.sandbox, p.origin, p.scheduled, p.service, p.carrierChoice, p.reference, p.shipDate, p.attributes,
        p.shipFromName, p.shipFromCountry, p.shipToName, p.shipToCountry, p.orderNumber, p.createdBy, p.desk, now()],
    );
  };

  const bulkChunk = async (db: Queryable, rows: BulkShipment[]) => {
    const values: unknown[] = [];
    const tuples = rows.map((row) => {
      const events = row.trackingEvents ?? [];
      const latest = events.reduce<TrackingEvent | undefined>((best, event) => (!best || event.occurredAt >= best.occurredAt ? event : best), undefined);
      const p: Record<string, unknown> = { ...shipmentParameters(row), trackingStatus: latest?.status ?? null, trackingDate: latest?.occurredAt ?? null };
      const ordered = [p.id, p.clientId, p.sandbox, p.origin, p.status, p.scheduled, p.service, p.carrierChoice, p.reference, p.shipDate, p.attributes,
        p.shipFromName, p.shipFromCountry, p.shipToName, p.shipToCountry, p.carrierCode, p.carrierName, p.serviceCode, p.serviceName,
        p.finalCents, p.insuranceCents, p.currency, p.trackingNumber, p.trackingHash, p.error, p.createdAt, p.processedAt, p.trackingStatus, p.trackingDate];
      const start = values.length;
      values.push(...ordered);
      return `(${ordered.map((_, index) => `$${start + index + 1}`).join(', ')})`;
    });
    await db.query(`INSERT INTO shipments (${SHIPMENT_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`, values);
    for (const row of rows) {
      for (const event of row.trackingEvents ?? []) {
        await db.query('INSERT INTO tracking_events (shipment_id, status, occurred_at, location, text, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
          row.id, event.status, event.occurredAt, event.location, event.text, row.createdAt,
        ]);
      }
    }
  };

  /** Imports in chunks of BULK_ROWS, a transaction each. */
  const bulkImport = async (rows: Iterable<BulkShipment>) => {
    let total = 0;
    let chunk: BulkShipment[] = [];
    const flush = async () => {
      if (chunk.length === 0) return;
      const taken = chunk;
      chunk = [];
      await transaction(pool, (db) => bulkChunk(db, taken));
      total += taken.length;
    };
    for (const row of rows) {
      chunk.push(row);
      if (chunk.length === BULK_ROWS) await flush();
    }
    await flush();
    return total;
  };
  /**
   * Adds a shipment's change to its day summary at the end of the transaction of the change, under the event-order
   * lock that end takes anyway: concurrent shipments of one day wait for each other's summary rows only there, and
   * in one order (the lock, then the rows), so they cannot deadlock.
   */
  const addDay = async (db: Queryable, change: DayChange) => {
    const changes = gatherForCommit(db, DAY_CHANGES, (atEnd) => {
      const gathered: DayChange[] = [];
      atEnd(async () => {
        await lockEventOrder(db);
        for (const each of gathered) await db.query(DAY_UPSERT_POSTGRES, dayValuesPostgres(each));
      });
      return gathered;
    });
    changes.push(change);
  };

  return {
    allocateReference: async () => (await pool.query<{ reference: string }>("SELECT nextval('shipment_reference')::text AS reference")).rows[0]!.reference,

    insert: (shipment, processed, logged, key) =>
      transaction(pool, async (db) => {
        // Each change's RETURNING row is what its event and the answer need: no read of the row again.
        const inserted = (await insertRow(db, shipment)).rows[0]!;
        if (key) await recordKey(db, key, now());
        await log(db, logged);
        await audit(db, shipment.id, shipment.clientId, 'created', { origin: shipment.origin, sandbox: shipment.sandbox });
        await announce(db, 'shipment.created', inserted);
        // Its addresses go to the client's book in the same commit: one commit a create, not three. Last, under the
        // event-order lock that every create's end takes anyway: a shop's one sender address, locked by each
        // create's upsert until its commit, must not hold other creates up any longer than that lock does.
        gatherForCommit(db, Symbol('addresses'), (atEnd) =>
          atEnd(async () => {
            await lockEventOrder(db);
            for (const address of addressesOfShipment(shipment.attributes)) await rememberAddress(db, shipment.clientId, shipment.sandbox, address, now());
          }),
        );
        if (!processed) return shipmentRecord(inserted);
        const done = await complete(db, shipment.id, null, processed);
        if (!done) throw new Error(`shipment ${shipment.id} could not be recorded as processed`);
        return shipmentRecord(done);
      }),

    get: async (id, clientId, sandbox) =>
      !storable(id) ? undefined : one(pool, 'SELECT * FROM shipments WHERE id = $1 AND client_id = $2 AND sandbox = $3 AND deleted_at IS NULL', [id, Number(clientId) || 0, sandbox ? 1 : 0]),

    claimWaiting: async ({ limit, token }) => {
      // SKIP LOCKED: what another station is claiming this instant is left to it, never waited for or taken twice.
      const rows = (
        await pool.query<ShipmentRow>(
          `UPDATE shipments SET claim_token = $2, claimed_at = $3, reference = COALESCE(reference, nextval('shipment_reference')::text)
           WHERE id IN (
             SELECT id FROM shipments
             WHERE status = 0 AND scheduled = 1 AND deleted_at IS NULL AND claim_token IS NULL
             ORDER BY created_at, id LIMIT $1
             FOR UPDATE SKIP LOCKED)
           RETURNING *`,
          [limit, token, now()],
        )
      ).rows;
      return rows.map(shipmentRecord).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    },
    // Other stations share the queue: only claims past their lease are freed, never a live station's.
    releaseClaims: async (before) => {
      const lease = leaseCutoff();
      const cutoff = before < lease ? before : lease;
      return (await pool.query('UPDATE shipments SET claim_token = NULL, claimed_at = NULL WHERE status = 0 AND claim_token IS NOT NULL AND claimed_at < $1', [cutoff])).rowCount ?? 0;
    },
    releaseWaitingClaims: async () =>
      (await pool.query('UPDATE shipments SET claim_token = NULL, claimed_at = NULL WHERE status = 0 AND scheduled = 1 AND claim_token IS NOT NULL AND claimed_at < $1', [leaseCutoff()]))
        .rowCount ?? 0,
    releaseRunClaims: async (token) =>
      (await pool.query('UPDATE shipments SET claim_token = NULL, claimed_at = NULL WHERE status = 0 AND claim_token = $1', [token])).rowCount ?? 0,

    claimSaved: async (id, token) =>
      changed(
        await pool.query(
          `UPDATE shipments SET claim_token = $2, claimed_at = $3
           WHERE id = $1 AND origin = 'save' AND status = 0 AND scheduled = 0 AND deleted_at IS NULL AND claim_token IS NULL`,
          [id, token, now()],
        ),
      ),
    releaseClaim: async (id, token) => {
      await pool.query('UPDATE shipments SET claim_token = NULL, claimed_at = NULL WHERE id = $1 AND status = 0 AND claim_token IS NOT DISTINCT FROM $2', [id, token]);
    },
    confirmSaved: (id, token, confirmed: ConfirmedChanges, result, key?: NewIdempotencyKey) =>
      transaction(pool, async (db) => {
        const names = summaryNames(confirmed.attributes);
        const updated = await db.query(
          `UPDATE shipments SET attributes = $3, ship_date = $4, ship_from_name = $5, ship_from_country = $6, ship_to_name = $7, ship_to_country = $8,
             order_number = coalesce($9, order_number)
           WHERE id = $1 AND status = 0 AND deleted_at IS NULL AND claim_token IS NOT DISTINCT FROM $2`,
          [id, token, JSON.stringify(confirmed.attributes), confirmed.shipDate, names.shipFromName, names.shipFromCountry, names.shipToName, names.shipToCountry, confirmed.orderNumber ?? null],
        );
        if (!changed(updated) || !(await complete(db, id, token, result))) return false;
        if (key) await recordKey(db, key, now());
        return true;
      }),
    complete: (id, token, result) => transaction(pool, async (db) => (await complete(db, id, token, result)) !== undefined),
    fail: (id, token, reason) =>
      transaction(pool, async (db) => {
        const failed = await db.query<{ client_id: number }>(
          `UPDATE shipments SET status = -1, error = $3, claim_token = NULL, processed_at = $4
           WHERE id = $1 AND status = 0 AND deleted_at IS NULL AND claim_token IS NOT DISTINCT FROM $2 RETURNING client_id`,
          [id, token, reason, now()],
        );
        if (failed.rows.length === 0) return false;
        await audit(db, id, failed.rows[0]!.client_id, 'failed', { reason });
        await announce(db, 'shipment.failed', id);
        return true;
      }),
    markDeleted: (record: ShipmentRecord, logged) =>
      transaction(pool, async (db) => {
        if (!changed(await db.query('UPDATE shipments SET deleted_at = $2, claim_token = NULL WHERE id = $1 AND deleted_at IS NULL', [record.id, now()]))) return;
        if (record.status === 3 && record.carrierCode) await addDay(db, dayChange(record, record.carrierCode, record.finalCents ?? 0, -1));
        await log(db, logged);
        await audit(db, record.id, record.clientId, 'deleted', { status: record.status, reference: record.reference, trackingNumber: record.trackingNumber });
        await announce(db, 'shipment.deleted', record.id);
      }),

    document: async (id) => {
      const row = (await pool.query<{ content_type: string; file_name: string; data: Buffer }>('SELECT content_type, file_name, data FROM shipment_documents WHERE shipment_id = $1', [id])).rows[0];
      return row && { contentType: row.content_type, fileName: row.file_name, data: row.data };
    },
    trackingNumberTaken: async (trackingNumber) => changed(await pool.query('SELECT 1 FROM shipments WHERE tracking_number = $1', [trackingNumber])),
    latestEvent: (id) => latestOf(pool, id),
    trackingHistory: async (id) =>
      (
        await pool.query<{ status: number; occurred_at: string; location: string; text: string }>(
          'SELECT status, occurred_at, location, text FROM tracking_events WHERE shipment_id = $1 ORDER BY occurred_at DESC, id DESC LIMIT 500',
          [id],
        )
      ).rows.map((row) => ({ status: row.status, occurredAt: row.occurred_at, location: row.location, text: row.text })),
    addEvent: (id, event) =>
      transaction(pool, async (db) => {
        await db.query('INSERT INTO tracking_events (shipment_id, status, occurred_at, location, text, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
          id, event.status, event.occurredAt, event.location, event.text, now(),
        ]);
        // An event at the same time as the latest one is the newer news: it becomes the latest.
        await db.query('UPDATE shipments SET tracking_status = $2, tracking_date = $3 WHERE id = $1 AND (tracking_date IS NULL OR tracking_date <= $3)', [
          id, event.status, event.occurredAt,
        ]);
        const shipment = (await one(db, 'SELECT * FROM shipments WHERE id = $1', [id]))!;
        await appendEvent(db, trackingEvent(shipment, await latestOf(db, id), event), now());
      }),
    summaries: async (filter) => {
      if (filter.search !== null && !storable(filter.search)) return [];
      const columns = `s.id, s.reference, s.ship_date, s.status, s.scheduled, s.ship_from_name, s.ship_from_country,
         s.ship_to_name, s.ship_to_country, s.tracking_status, s.tracking_date, s.created_by, s.created_at FROM shipments s`;
      if (filter.createdBy && !storable(filter.createdBy)) return [];
      if (filter.after && !filter.after.every(storable)) return [];
      const after = filter.after ?? [null, null, null];
      const owner = [Number(filter.clientId) || 0, filter.sandbox ? 1 : 0, filter.dateFrom ?? '0000-00-00', filter.dateTo ?? '9999-99-99', filter.limit, filter.createdBy ?? null, ...after];
      const keyset = '($7::text IS NULL OR (s.ship_date, s.created_at, s.id) < ($7, $8, $9))';
      const result =
        filter.search === null
          ? await pool.query<SummaryRowColumns>(
              `SELECT ${columns}
               WHERE s.client_id = $1 AND s.sandbox = $2 AND s.deleted_at IS NULL AND s.ship_date >= $3 AND s.ship_date <= $4
                 AND ($6::text IS NULL OR s.created_by = $6) AND ${keyset}
               ORDER BY s.ship_date DESC, s.created_at DESC, s.id DESC LIMIT $5`,
              owner,
            )
          : await pool.query<SummaryRowColumns>(
              `SELECT ${columns}
               WHERE s.id IN (SELECT id FROM shipments WHERE reference = $10 UNION SELECT id FROM shipments WHERE tracking_number = $10
                              UNION SELECT id FROM shipments WHERE ((attributes::jsonb) ->> 'customerReference') = $10)
                 AND s.client_id = $1 AND s.sandbox = $2 AND s.deleted_at IS NULL AND s.ship_date >= $3 AND s.ship_date <= $4
                 AND ($6::text IS NULL OR s.created_by = $6) AND ${keyset}
               ORDER BY s.ship_date DESC, s.created_at DESC, s.id DESC LIMIT $5`,
              [...owner, filter.search],
            );
      return result.rows.map(summaryRecord);
    },
    audit: async (id) =>
      (await pool.query<{ action: string; detail: string | null; at: string }>('SELECT action, detail, at FROM shipment_audit WHERE shipment_id = $1 ORDER BY id', [id])).rows,
    findForAdmin: async (key) => !storable(key) ? undefined : one(pool, 'SELECT * FROM shipments WHERE deleted_at IS NULL AND (id = $1 OR reference = $1 OR tracking_number = $1)', [key]),
    byTrackingHash: async (hash) => !storable(hash) ? undefined : one(pool, 'SELECT * FROM shipments WHERE tracking_hash = $1 AND status = 3 AND deleted_at IS NULL', [hash]),
    bulkInsert: async (rows) => {
      const imported = await bulkImport(rows);
      // An import brings whole days: the summaries are made again from the shipments.
      await transaction(pool, (db) => db.query(wholeTableQuery(REBUILD_ALL_DAYS_POSTGRES)));
      // Fresh statistics at once, as PostgreSQL advises after a bulk load: until autovacuum gets to the tables,
      // the planner guesses their size and picked a plan that made the shipment list 5× slower (bench, 200,000 rows).
      await pool.query('ANALYZE shipments, tracking_events, shipment_days, destination_days');
      return imported;
    },
    outbox: async (filter) =>
      (
        await pool.query<ShipmentRow & { sending: boolean }>(
          `SELECT *, claim_token IS NOT NULL AS sending FROM shipments
           WHERE client_id = $1 AND sandbox = $2 AND scheduled = 1 AND deleted_at IS NULL AND (status = 0 OR (status = -1 AND processed_at >= $3))
           ORDER BY created_at, id LIMIT $4`,
          [Number(filter.clientId) || 0, filter.sandbox ? 1 : 0, filter.failedSince, filter.limit],
        )
      ).rows.map((row) => ({ record: shipmentRecord(row), sending: row.sending })),
    upstreamBookings: async (since, limit) =>
      (
        await pool.query<UpstreamBookingRow>(
          `SELECT u.shipment_id, u.carrier_choice, u.remote_id, s.sandbox FROM upstream_bookings u JOIN shipments s ON s.id = u.shipment_id
           WHERE s.status = 3 AND s.deleted_at IS NULL AND (s.tracking_status IS NULL OR s.tracking_status NOT IN (5, 9, 10)) AND s.ship_date >= $1
           ORDER BY coalesce(u.refreshed_at, ''), u.shipment_id LIMIT $2`,
          [since, limit],
        )
      ).rows.map(upstreamBooking),
    markRefreshed: async (id) => {
      await pool.query('UPDATE upstream_bookings SET refreshed_at = $2 WHERE shipment_id = $1', [id, now()]);
    },
    dayCounts: async (filter) =>
      filter.createdBy && !storable(filter.createdBy)
        ? []
        : (
            await pool.query<DayCountRow>(dayCountsQuery('$1', '$2', '$3', '$4::text'), [
              Number(filter.clientId) || 0, filter.sandbox ? 1 : 0, filter.date, filter.createdBy ?? null,
            ])
          ).rows,
    personHours: async (filter) =>
      (await pool.query<PersonHourRow>(personQueries('postgres', { clientId: '$1', sandbox: '$2', dateFrom: '$3', dateTo: '$4', createdBy: '' }).hours, [Number(filter.clientId) || 0, filter.sandbox ? 1 : 0, filter.dateFrom, filter.dateTo])).rows,
    report: async (filter) => {
      const values = [Number(filter.clientId) || 0, filter.sandbox ? 1 : 0, filter.dateFrom, filter.dateTo];
      if (filter.createdBy) {
        if (!storable(filter.createdBy)) return { days: [], countries: [] };
        const person = personQueries('postgres', { clientId: '$1', sandbox: '$2', dateFrom: '$3', dateTo: '$4', createdBy: '$5' });
        const [days, countries] = [await pool.query<DayRow>(person.days, [...values, filter.createdBy]), await pool.query<CountryRow>(person.countries, [...values, filter.createdBy])];
        return { days: days.rows, countries: countries.rows };
      }
      const days = await pool.query<DayRow>(
        `SELECT ship_date, carrier_code, shipments, packages, weight_g, cost_cents
         FROM shipment_days WHERE client_id = $1 AND sandbox = $2 AND ship_date BETWEEN $3 AND $4 AND shipments > 0
         ORDER BY ship_date, carrier_code`,
        values,
      );
      const countries = await pool.query<CountryRow>(
        `SELECT country, sum(shipments)::int AS shipments FROM destination_days WHERE client_id = $1 AND sandbox = $2 AND ship_date BETWEEN $3 AND $4
         GROUP BY country HAVING sum(shipments) > 0 ORDER BY sum(shipments) DESC, country LIMIT 10`,
        values,
      );
      return { days: days.rows, countries: countries.rows };
    },
    waitingCount: async () =>
      (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM shipments WHERE status = 0 AND scheduled = 1 AND deleted_at IS NULL')).rows[0]!.n,
  };
}
