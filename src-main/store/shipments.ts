// Shipments with their documents, collection bookings, tracking events and audit trail, for both back ends. Each
// change that spans rows is one transaction, so a crash leaves a shipment either untouched or fully recorded: a
// create writes the shipment, its audit entries, its event, its addresses and the request's idempotency key in one.
// Scheduled work is claimed with a token (on PostgreSQL skipping rows another desk is claiming), and a claim older
// than its lease (a station that died mid-batch) is taken over by whichever station looks next.
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';
import type { EventType } from '../../src-shared/events.ts';
import type { NewAuditEvent } from '../domain/audit.ts';
import type { ProcessedResult, TrackingEvent } from '../domain/shipment.ts';
import { addressesOfShipment, foldAddressUses, rememberAddress } from './addresses.ts';
import { appendAudit } from './audit.ts';
import { appendEvent } from './events.ts';
import { recordKey } from './idempotency-keys.ts';
import {
  DAY_COUNTS,
  FOLD_DAY_CHANGES,
  FOLD_DAY_CHANGES_LOCK,
  dayChange,
  dayChangesInsert,
  personQueries,
  rebuildAllDaysIn,
  type CountryRow,
  type DayChange,
  type DayCountRow,
  type DayRow,
  type PersonHourRow,
} from './shipment-days.ts';
import {
  BULK_SHIPMENT_COLUMNS,
  bulkShipmentValues,
  shipmentEvent,
  shipmentRecord,
  summaryNames,
  summaryRecord,
  trackingEvent,
  upstreamBooking,
  type BulkShipment,
  type NewShipment,
  type ShipmentBulk,
  type ShipmentReads,
  type ShipmentRow,
  type ShipmentWrites,
  type SummaryRowColumns,
  type UpstreamBookingRow,
} from './shipment-rows.ts';
import { countDeliveredLanesSql, postalPrefixSql } from './delivered-lanes.ts';
import { numericId } from './row-id.ts';
import { inBulkTransactions, storable, type Sql } from './sql/executor.ts';
import type { TableContext, TableGroup } from './table-group.ts';

/** A claim older than this belongs to a station that stopped: another may take the work over (PostgreSQL). */
export const DEFAULT_CLAIM_LEASE_MS = 60_000;
/** Rows per INSERT of a bulk import. */
const BULK_ROWS = 500;

/**
 * Adds a change to its day's carrier row, destination row and person row (each made at the first). The three
 * statements number the values alike ($1 client, $2 sandbox, $3 date, $4 carrier, $5 shipments, $6 packages,
 * $7 grams, $8 cents, $9 country, $10 person, $11 hour, $12 site), so PostgreSQL runs them as one statement (one round trip).
 */
const DAY_UPSERTS = {
  carrier: `INSERT INTO shipment_days (client_id, sandbox, ship_date, carrier_code, shipments, packages, weight_g, cost_cents, site) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $12)
    ON CONFLICT (client_id, sandbox, ship_date, carrier_code, site) DO UPDATE SET
      shipments = shipment_days.shipments + excluded.shipments, packages = shipment_days.packages + excluded.packages,
      weight_g = shipment_days.weight_g + excluded.weight_g, cost_cents = shipment_days.cost_cents + excluded.cost_cents`,
  person: `INSERT INTO person_days (client_id, sandbox, ship_date, created_by, carrier_code, hour, shipments, packages, weight_g, cost_cents, site) VALUES ($1, $2, $3, $10, $4, $11, $5, $6, $7, $8, $12)
    ON CONFLICT (client_id, sandbox, ship_date, created_by, carrier_code, hour, site) DO UPDATE SET
      shipments = person_days.shipments + excluded.shipments, packages = person_days.packages + excluded.packages,
      weight_g = person_days.weight_g + excluded.weight_g, cost_cents = person_days.cost_cents + excluded.cost_cents`,
  destination: `INSERT INTO destination_days (client_id, sandbox, ship_date, country, shipments, site) VALUES ($1, $2, $3, $9, $5, $12)
    ON CONFLICT (client_id, sandbox, ship_date, country, site) DO UPDATE SET shipments = destination_days.shipments + excluded.shipments`,
};

const dayValues = (change: DayChange) => [
  change.clientId,
  change.sandbox,
  change.shipDate,
  change.carrierCode,
  change.shipments,
  change.packages,
  change.weightGrams,
  change.costCents,
  change.country,
  change.createdBy,
  change.hour,
  change.site,
];

/** The key of a transaction's day-summary changes, gathered until it commits. */
const DAY_CHANGES = Symbol('day changes');

/**
 * Adds a shipment's change to its day summaries at the end of the transaction of the change: where counts are
 * appended as changes, as rows of day_changes (one INSERT, no row that another desk's create locks too); elsewhere
 * (SQLite's one writer) onto the summary rows.
 */
function addDay(sql: Sql, change: DayChange): void {
  const changes = sql.gather(DAY_CHANGES, (atEnd) => {
    const gathered: DayChange[] = [];
    atEnd(async () => {
      if (sql.dialect.countsAsChanges) {
        await sql.send(...dayChangesInsert(gathered));
        return;
      }
      for (const each of gathered) {
        if (sql.dialect.writesInWith)
          await sql.run(
            `WITH carrier AS (${DAY_UPSERTS.carrier}), person AS (${DAY_UPSERTS.person}) ${DAY_UPSERTS.destination}`,
            dayValues(each),
          );
        else for (const statement of Object.values(DAY_UPSERTS)) await sql.run(statement, dayValues(each));
      }
    });
    return gathered;
  });
  changes.push(change);
}

/** Folds the appended day changes into the summaries before they are read (countsAsChanges; none waiting: nothing to do). */
async function foldDayChanges(sql: Sql): Promise<void> {
  if (!sql.dialect.countsAsChanges || !(await sql.one('SELECT 1 FROM day_changes LIMIT 1'))) return;
  await sql.tx(async (tx) => {
    await tx.run(FOLD_DAY_CHANGES_LOCK);
    await tx.run(FOLD_DAY_CHANGES);
  });
}

/** Creates between two folds of the appended counts by one store, so the changes never pile up unread. */
const CHANGES_PER_FOLD = 1_000;

/** A summary reads the summaries index alone: every column it shows is in it, the latest tracking event too. */
const SUMMARY_COLUMNS = `s.id, s.reference, s.ship_date, s.status, s.scheduled, s.ship_from_name, s.ship_from_country,
  s.ship_to_name, s.ship_to_country, s.tracking_status, s.tracking_date, s.created_by, s.created_at FROM shipments s`;
/**
 * The summaries' owner, dates, maker and page ($1 to $9), only returns or none of them when asked (a statement of
 * its own each, so that the list without that filter still reads the summaries index alone), and their order.
 */
const summaryScope = (
  returns: boolean | null | undefined,
  site: number | null | undefined,
) => `s.client_id = $1 AND s.sandbox = $2 AND s.deleted_at IS NULL AND s.ship_date >= $3 AND s.ship_date <= $4
    AND (CAST($6 AS TEXT) IS NULL OR s.created_by = $6) AND (CAST($7 AS TEXT) IS NULL OR (s.ship_date, s.created_at, s.id) < ($7, $8, $9))
    ${returns === true ? 'AND s.return_of IS NOT NULL' : returns === false ? 'AND s.return_of IS NULL' : ''}
    ${typeof site === 'number' ? `AND s.site = ${Math.trunc(site)}` : ''}
  ORDER BY s.ship_date DESC, s.created_at DESC, s.id DESC LIMIT $5`;

/** The summaries of a client's days; and those a reference, tracking number, customer reference or order number ($10) names. */
const summaries = (returns: boolean | null | undefined, site: number | null | undefined) =>
  `SELECT ${SUMMARY_COLUMNS} WHERE ${summaryScope(returns, site)}`;
const summariesByKey = (sql: Sql, returns: boolean | null | undefined, site: number | null | undefined) => `SELECT ${SUMMARY_COLUMNS}
  WHERE s.id IN (SELECT id FROM shipments WHERE reference = $10 UNION SELECT id FROM shipments WHERE tracking_number = $10
                 UNION SELECT id FROM shipments WHERE ${sql.dialect.jsonMember('attributes', 'customerReference')} = $10
                 UNION SELECT id FROM shipments WHERE client_id = $1 AND sandbox = $2 AND order_number = $10 AND deleted_at IS NULL AND status <> -1)
    AND ${summaryScope(returns, site)}`;

type TrackingRow = { status: number; occurred_at: string; location: string; text: string };
const tracking = (row: TrackingRow): TrackingEvent => ({
  status: row.status,
  occurredAt: row.occurred_at,
  location: row.location,
  text: row.text,
});

const shipmentById = async (sql: Sql, id: string) =>
  shipmentRecord((await sql.one<ShipmentRow>('SELECT * FROM shipments WHERE id = $1', [id]))!);
const latestOf = async (sql: Sql, id: string) => {
  const row = await sql.one<TrackingRow>(
    'SELECT status, occurred_at, location, text FROM tracking_events WHERE shipment_id = $1 ORDER BY occurred_at DESC, id DESC LIMIT 1',
    [id],
  );
  return row && tracking(row);
};
const owner = (filter: { clientId: string; sandbox: boolean }) => [numericId(filter.clientId), filter.sandbox ? 1 : 0];

function reads(sql: Sql): ShipmentReads {
  const one = async (text: string, values: unknown[]) => {
    const row = await sql.one<ShipmentRow>(text, values);
    return row && shipmentRecord(row);
  };
  // A person's report and the people's hours, of every site (no site clause: the covering index alone) or of one.
  const scope = { clientId: '$1', sandbox: '$2', dateFrom: '$3', dateTo: '$4', createdBy: '$5' };
  const person = personQueries(sql.dialect, scope);
  const personAtSite = personQueries(sql.dialect, { ...scope, site: '$6' });
  const hours = personQueries(sql.dialect, scope).hours;
  const hoursAtSite = personQueries(sql.dialect, { ...scope, createdBy: '$6', site: '$5' }).hours;
  const integer = sql.dialect.integer;

  return {
    voided: async (id, clientId, sandbox) =>
      storable(id) &&
      (await sql.one('SELECT 1 FROM shipments WHERE id = $1 AND client_id = $2 AND sandbox = $3 AND deleted_at IS NOT NULL', [
        id,
        numericId(clientId),
        sandbox ? 1 : 0,
      ])) !== undefined,
    get: async (id, clientId, sandbox) =>
      !storable(id)
        ? undefined
        : one('SELECT * FROM shipments WHERE id = $1 AND client_id = $2 AND sandbox = $3 AND deleted_at IS NULL', [
            id,
            numericId(clientId),
            sandbox ? 1 : 0,
          ]),
    document: async (id) => {
      const row = await sql.one<{ content_type: string; file_name: string; data: Buffer }>(
        'SELECT content_type, file_name, data FROM shipment_documents WHERE shipment_id = $1',
        [id],
      );
      return row && { contentType: row.content_type, fileName: row.file_name, data: row.data };
    },
    trackingNumberTaken: async (trackingNumber) =>
      (await sql.one('SELECT 1 FROM shipments WHERE tracking_number = $1', [trackingNumber])) !== undefined,
    latestEvent: (id) => latestOf(sql, id),
    trackingHistory: async (id) =>
      (
        await sql.all<TrackingRow>(
          'SELECT status, occurred_at, location, text FROM tracking_events WHERE shipment_id = $1 ORDER BY occurred_at DESC, id DESC LIMIT 500',
          [id],
        )
      ).map(tracking),
    summaries: async (filter) => {
      if ([filter.search, filter.createdBy ?? null, ...(filter.after ?? [])].some((text) => text !== null && !storable(text))) return [];
      const after = filter.after ?? [null, null, null];
      const scope = [
        ...owner(filter),
        filter.dateFrom ?? '0000-00-00',
        // A page after a cursor ends at the cursor's day: the day range is a bound of the summaries index on both back
        // ends, where the cursor's row comparison is not on SQLite (a page a million rows in would walk them all).
        [filter.dateTo ?? '9999-99-99', after[0] ?? '9999-99-99'].sort()[0],
        filter.limit,
        filter.createdBy ?? null,
        ...after,
      ];
      // A reference or tracking number names at most one shipment each: found through their unique indexes.
      const rows =
        filter.search === null
          ? await sql.all<SummaryRowColumns>(summaries(filter.returns, filter.site), scope)
          : await sql.all<SummaryRowColumns>(summariesByKey(sql, filter.returns, filter.site), [...scope, filter.search]);
      return rows.map(summaryRecord);
    },
    audit: (id) =>
      sql.all<{ action: string; detail: string | null; at: string }>(
        'SELECT action, detail, at FROM shipment_audit WHERE shipment_id = $1 ORDER BY id',
        [id],
      ),
    findForAdmin: async (key) =>
      !storable(key)
        ? undefined
        : one('SELECT * FROM shipments WHERE deleted_at IS NULL AND (id = $1 OR reference = $1 OR tracking_number = $1)', [key]),
    byTrackingHash: async (hash) =>
      !storable(hash) ? undefined : one('SELECT * FROM shipments WHERE tracking_hash = $1 AND status = 3 AND deleted_at IS NULL', [hash]),
    report: async (filter) => {
      await foldDayChanges(sql);
      const values = [...owner(filter), filter.dateFrom, filter.dateTo];
      const site = filter.site ?? null;
      if (filter.createdBy) {
        if (!storable(filter.createdBy)) return { days: [], countries: [] };
        return {
          days: await (site === null
            ? sql.all<DayRow>(person.days, [...values, filter.createdBy])
            : sql.all<DayRow>(personAtSite.days, [...values, filter.createdBy, site])),
          countries: await (site === null
            ? sql.all<CountryRow>(person.countries, [...values, filter.createdBy])
            : sql.all<CountryRow>(personAtSite.countries, [...values, filter.createdBy, site])),
        };
      }
      // Summed over the sites (each has its own row), or one site's.
      const days = await sql.all<DayRow>(
        `SELECT ship_date, carrier_code, ${integer('sum(shipments)')} AS shipments, ${integer('sum(packages)')} AS packages,
           ${integer('sum(weight_g)')} AS weight_g, ${integer('sum(cost_cents)')} AS cost_cents
         FROM shipment_days WHERE client_id = $1 AND sandbox = $2 AND ship_date BETWEEN $3 AND $4 AND (CAST($5 AS INTEGER) IS NULL OR site = $5)
         GROUP BY ship_date, carrier_code HAVING sum(shipments) > 0
         ORDER BY ship_date, carrier_code`,
        [...values, site],
      );
      const countries = await sql.all<CountryRow>(
        `SELECT country, ${integer('sum(shipments)')} AS shipments FROM destination_days WHERE client_id = $1 AND sandbox = $2 AND ship_date BETWEEN $3 AND $4
           AND (CAST($5 AS INTEGER) IS NULL OR site = $5)
         GROUP BY country HAVING sum(shipments) > 0 ORDER BY sum(shipments) DESC, country LIMIT 10`,
        [...values, site],
      );
      return { days, countries };
    },
    deliveredLanes: async (filter) => {
      const rows = await sql.all<{
        carrier_code: string;
        service_code: string;
        from_country: string;
        from_prefix: string;
        to_country: string;
        to_prefix: string;
        ship_date: string;
        delivered_hour: string;
        parcels: number;
      }>(
        `SELECT carrier_code, service_code, from_country, from_prefix, to_country, to_prefix, ship_date, delivered_hour, parcels
         FROM delivered_lanes WHERE client_id = $1 AND sandbox = $2 AND ship_date >= $3`,
        [...owner(filter), filter.since],
      );
      return rows.map((row) => ({
        lane: {
          carrierCode: row.carrier_code,
          serviceCode: row.service_code,
          fromCountry: row.from_country,
          fromPrefix: row.from_prefix,
          toCountry: row.to_country,
          toPrefix: row.to_prefix,
        },
        shipDate: row.ship_date,
        deliveredAt: `${row.delivered_hour}:00:00.000Z`,
        parcels: Number(row.parcels),
      }));
    },
    emissionTotals: async (filter) => {
      const rows = await sql.all<{
        month: string;
        site: number;
        carrier_code: string;
        service_code: string;
        service_name: string;
        shipments: number;
        with_figure: number;
        co2e_kg: number | string;
      }>(
        `SELECT substr(ship_date, 1, 7) AS month, site, carrier_code, service_code, max(service_name) AS service_name,
                ${integer('count(*)')} AS shipments, ${integer('count(co2e_kg)')} AS with_figure, coalesce(sum(co2e_kg), 0) AS co2e_kg
         FROM shipments
         WHERE client_id = $1 AND sandbox = $2 AND ship_date >= $3 AND ship_date <= $4 AND status = 3 AND deleted_at IS NULL
           AND (CAST($5 AS INTEGER) IS NULL OR site = $5)
         GROUP BY substr(ship_date, 1, 7), site, carrier_code, service_code
         ORDER BY substr(ship_date, 1, 7), site, carrier_code, service_code`,
        [...owner(filter), filter.dateFrom, filter.dateTo, filter.site ?? null],
      );
      return rows.map((row) => ({
        month: row.month,
        site: Number(row.site),
        carrierCode: row.carrier_code,
        serviceCode: row.service_code,
        serviceName: row.service_name,
        shipments: Number(row.shipments),
        withFigure: Number(row.with_figure),
        co2eKg: Math.round(Number(row.co2e_kg) * 10_000) / 10_000,
      }));
    },
    returnCounts: async (filter) => {
      if (filter.createdBy && !storable(filter.createdBy)) return [];
      const rows = await sql.all<{ reason: string | null; returns: number }>(
        `SELECT return_reason AS reason, ${integer('count(*)')} AS returns FROM shipments
         WHERE client_id = $1 AND sandbox = $2 AND ship_date >= $3 AND ship_date <= $4 AND return_of IS NOT NULL AND status = 3 AND deleted_at IS NULL
           AND (CAST($5 AS TEXT) IS NULL OR created_by = $5) AND (CAST($6 AS INTEGER) IS NULL OR site = $6)
         GROUP BY return_reason ORDER BY count(*) DESC, return_reason`,
        [...owner(filter), filter.dateFrom, filter.dateTo, filter.createdBy ?? null, filter.site ?? null],
      );
      return rows.map((row) => ({ reason: row.reason ?? 'OTHER', returns: Number(row.returns) }));
    },
    dayCounts: async (filter) =>
      filter.createdBy && !storable(filter.createdBy)
        ? []
        : sql.all<DayCountRow>(DAY_COUNTS, [...owner(filter), filter.date, filter.createdBy ?? null, filter.site ?? null]),
    personHours: async (filter) => {
      await foldDayChanges(sql);
      const site = filter.site ?? null;
      return site === null
        ? sql.all<PersonHourRow>(hours, [...owner(filter), filter.dateFrom, filter.dateTo])
        : sql.all<PersonHourRow>(hoursAtSite, [...owner(filter), filter.dateFrom, filter.dateTo, site]);
    },
    upstreamBookings: async (since, limit) =>
      (
        await sql.all<UpstreamBookingRow>(
          `SELECT u.shipment_id, u.carrier_choice, u.remote_id, s.sandbox FROM upstream_bookings u JOIN shipments s ON s.id = u.shipment_id
           WHERE s.status = 3 AND s.deleted_at IS NULL AND (s.tracking_status IS NULL OR s.tracking_status NOT IN (5, 9, 10)) AND s.ship_date >= $1
           ORDER BY coalesce(u.refreshed_at, ''), u.shipment_id LIMIT $2`,
          [since, limit],
        )
      ).map(upstreamBooking),
    outbox: async (filter) =>
      (
        await sql.all<ShipmentRow & { sending: number | boolean }>(
          `SELECT *, claim_token IS NOT NULL AS sending FROM shipments
           WHERE client_id = $1 AND sandbox = $2 AND scheduled = 1 AND deleted_at IS NULL AND (status = 0 OR (status = -1 AND processed_at >= $3))
           ORDER BY created_at, id LIMIT $4`,
          [...owner(filter), filter.failedSince, filter.limit],
        )
      ).map((row) => ({ record: shipmentRecord(row), sending: Boolean(row.sending) })),
  };
}

function writes(sql: Sql, { now, claimLeaseMs }: TableContext): ShipmentWrites {
  const leaseCutoff = () => new Date(Date.parse(now()) - claimLeaseMs).toISOString();
  const audit = (tx: Sql, id: string, clientId: string | number, action: string, detail: object | null = null) =>
    tx.send('INSERT INTO shipment_audit (shipment_id, client_id, action, detail, at) VALUES ($1, $2, $3, $4, $5)', [
      id,
      Number(clientId),
      action,
      detail && JSON.stringify(detail),
      now(),
    ]);
  /** The event of a shipment's change, from its row as the change left it (read again when not at hand). */
  const announce = async (tx: Sql, type: EventType, row: ShipmentRow | string) =>
    appendEvent(tx, shipmentEvent(type, typeof row === 'string' ? await shipmentById(tx, row) : shipmentRecord(row)), now());
  const allocateReference = async (on: Sql) => (await on.one<{ reference: string }>(on.dialect.nextReference))!.reference;

  /** Records a processing under its claim (token); the row as processed, or undefined when the claim was lost. */
  const complete = async (tx: Sql, id: string, token: string | null, result: ProcessedResult): Promise<ShipmentRow | undefined> => {
    const at = now();
    const done = await tx.one<ShipmentRow>(
      `UPDATE shipments SET status = 3, carrier_code = $3, carrier_name = $4, service_code = $5, service_name = $6, final_cents = $7,
         insurance_cents = $8, currency = $9, tracking_number = $10, tracking_hash = $11, error = NULL, claim_token = NULL, processed_at = $12,
         customs_data = $13, ship_date = coalesce($14, ship_date), attributes = coalesce($15, attributes), emissions = $16, co2e_kg = $17
       WHERE id = $1 AND status = 0 AND deleted_at IS NULL AND claim_token IS NOT DISTINCT FROM $2
       RETURNING *`,
      [
        id,
        token,
        result.carrierCode,
        result.carrierName,
        result.serviceCode,
        result.serviceName,
        result.finalCents,
        result.insuranceCents,
        result.currency,
        result.trackingNumber,
        result.trackingHash,
        at,
        result.customsData ?? null,
        result.redated?.shipDate ?? null,
        result.redated ? JSON.stringify(result.redated.attributes) : null,
        result.emissions ? JSON.stringify(result.emissions) : null,
        result.emissions?.co2eKg ?? null,
      ],
    );
    if (!done) return undefined;
    await recordProcessing(tx, done, result, at);
    return done;
  };
  /** What a processing adds beside the row: its day's figures, its documents and bookings, its audit entry and event. */
  const recordProcessing = async (tx: Sql, done: ShipmentRow, result: ProcessedResult, at: string) => {
    const id = done.id;
    const attributes = JSON.parse(done.attributes) as ShipmentAttributes;
    addDay(
      tx,
      dayChange(
        {
          clientId: done.client_id,
          sandbox: done.sandbox,
          shipDate: done.ship_date,
          attributes,
          createdBy: done.created_by,
          processedAt: at,
          site: done.site,
        },
        result.carrierCode,
        result.finalCents,
        1,
      ),
    );
    await tx.send('INSERT INTO shipment_documents (shipment_id, content_type, file_name, data, created_at) VALUES ($1, $2, $3, $4, $5)', [
      id,
      result.document.contentType,
      result.document.fileName,
      Buffer.from(result.document.data),
      at,
    ]);
    if (result.remote) {
      await tx.send(
        'INSERT INTO upstream_bookings (shipment_id, carrier_choice, remote_id, remote_reference, created_at) VALUES ($1, $2, $3, $4, $5)',
        [id, result.remote.carrierChoice, result.remote.id, result.remote.reference, at],
      );
    }
    if (result.booking) {
      await tx.send(
        'INSERT INTO collection_bookings (shipment_id, carrier_code, collection_date, address, created_at) VALUES ($1, $2, $3, $4, $5)',
        [id, result.carrierCode, result.booking.collectionDate, JSON.stringify(result.booking.address), at],
      );
    }
    await audit(tx, id, done.client_id, 'processed', {
      trackingNumber: result.trackingNumber,
      carrierCode: result.carrierCode,
      serviceCode: result.serviceCode,
    });
    await announce(tx, 'shipment.processed', done);
  };
  /** The row a processed create wrote, as it was before the processing: waiting, with no carrier's figures yet. */
  const waitingView = (row: ShipmentRow, shipment: NewShipment): ShipmentRow => ({
    ...row,
    status: 0,
    ship_date: shipment.shipDate,
    attributes: JSON.stringify(shipment.attributes),
    carrier_code: null,
    carrier_name: null,
    service_code: null,
    service_name: null,
    final_cents: null,
    insurance_cents: null,
    currency: null,
    tracking_number: null,
    tracking_hash: null,
    processed_at: null,
    customs_data: null,
    emissions: null,
  });
  /** Adds a return to its original's list, under the original's row lock: two returns made at once both stay listed. */
  const listReturn = async (tx: Sql, originalId: string, returnId: string) => {
    const original = await tx.one<{ returns: string | null }>(`SELECT returns FROM shipments WHERE id = $1${tx.dialect.lockRows}`, [
      originalId,
    ]);
    const returns = original?.returns ? (JSON.parse(original.returns) as string[]) : [];
    await tx.run('UPDATE shipments SET returns = $2 WHERE id = $1', [originalId, JSON.stringify([...returns, returnId])]);
  };
  const log = async (tx: Sql, logged: NewAuditEvent | undefined) => {
    if (logged) await appendAudit(tx, logged, now());
  };

  let createsSinceFold = 0;
  /**
   * Once the create has committed, every CHANGES_PER_FOLD creates, folds the appended counts: a station whose
   * reports nobody opens keeps them few. A fold that fails leaves them for the next; the create stands.
   */
  const afterCreate = async <T>(created: Promise<T>): Promise<T> => {
    const record = await created;
    if (sql.dialect.countsAsChanges && ++createsSinceFold >= CHANGES_PER_FOLD) {
      createsSinceFold = 0;
      await foldDayChanges(sql)
        .then(() => foldAddressUses(sql))
        .catch(() => undefined);
    }
    return record;
  };

  const written: ShipmentWrites = {
    allocateReference: () => allocateReference(sql),
    reserveReferences: async (count) => {
      if (sql.dialect.referenceSeries !== null)
        return (await sql.all<{ reference: string }>(sql.dialect.referenceSeries, [count])).map((row) => row.reference);
      if (sql.dialect.referenceBlock === null) return Promise.all(Array.from({ length: count }, () => allocateReference(sql)));
      const first = BigInt((await sql.one<{ first: string }>(sql.dialect.referenceBlock, [count]))!.first);
      return Array.from({ length: count }, (_, index) => String(first + BigInt(index)));
    },
    insert: (shipment, processed, logged, key) =>
      sql.tx(async (tx) => {
        const names = summaryNames(shipment.attributes);
        const at = now();
        // A shipment processed before it was recorded is written processed at once (one row version, not a waiting
        // row changed at once). Its RETURNING row is what its events and the answer need: no read of the row again.
        const written = (await tx.one<ShipmentRow>(
          `INSERT INTO shipments (id, client_id, sandbox, origin, status, scheduled, service, carrier_choice, reference, ship_date, attributes,
                                  ship_from_name, ship_from_country, ship_to_name, ship_to_country, order_number, created_by, desk, created_at,
                                  return_of, return_reason, return_note, pay_on_use, site,
                                  carrier_code, carrier_name, service_code, service_name, final_cents, insurance_cents, currency,
                                  tracking_number, tracking_hash, processed_at, customs_data, emissions, co2e_kg)
           VALUES ($1, $2, $3, $4, $24, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
                   $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37)
           RETURNING *`,
          [
            shipment.id,
            Number(shipment.clientId),
            shipment.sandbox ? 1 : 0,
            shipment.origin,
            shipment.scheduled ? 1 : 0,
            shipment.service,
            shipment.carrierChoice,
            shipment.reference,
            processed?.redated?.shipDate ?? shipment.shipDate,
            JSON.stringify(processed?.redated?.attributes ?? shipment.attributes),
            names.shipFromName,
            names.shipFromCountry,
            names.shipToName,
            names.shipToCountry,
            shipment.orderNumber ?? null,
            shipment.createdBy ?? null,
            shipment.desk ?? null,
            at,
            shipment.returnOf ?? null,
            shipment.returnReason ?? null,
            shipment.returnNote ?? null,
            shipment.payOnUse ? 1 : 0,
            shipment.site ?? 1,
            processed ? 3 : 0,
            processed?.carrierCode ?? null,
            processed?.carrierName ?? null,
            processed?.serviceCode ?? null,
            processed?.serviceName ?? null,
            processed?.finalCents ?? null,
            processed?.insuranceCents ?? null,
            processed?.currency ?? null,
            processed?.trackingNumber ?? null,
            processed?.trackingHash ?? null,
            processed ? at : null,
            processed?.customsData ?? null,
            processed?.emissions ? JSON.stringify(processed.emissions) : null,
            processed?.emissions?.co2eKg ?? null,
          ],
        ))!;
        // Its created event shows the shipment as it was before its processing, as a waiting row would have.
        const inserted = processed ? waitingView(written, shipment) : written;
        if (shipment.returnOf) await listReturn(tx, shipment.returnOf, shipment.id);
        if (key) await recordKey(tx, key, now());
        await log(tx, logged);
        await audit(tx, shipment.id, shipment.clientId, 'created', { origin: shipment.origin, sandbox: shipment.sandbox });
        await announce(tx, 'shipment.created', inserted);
        if (shipment.returnOf) await announce(tx, 'shipment.return.created', inserted);
        // Its addresses go to the client's book in the same commit, at its end: where uses are appended as changes,
        // a shop's one sender address is locked by no create; on SQLite, one writer at a time counts it on the row.
        tx.gather(Symbol('addresses'), (atEnd) =>
          atEnd(async () => {
            for (const address of addressesOfShipment(shipment.attributes))
              await rememberAddress(tx, shipment.clientId, shipment.sandbox, address, now());
          }),
        );
        if (!processed) return shipmentRecord(written);
        await recordProcessing(tx, written, processed, at);
        return shipmentRecord(written);
      }),
    claimWaiting: ({ limit, token }) =>
      sql.tx(async (tx) => {
        const claimed = await tx.all<ShipmentRow>(
          `UPDATE shipments SET claim_token = $2, claimed_at = $3${tx.dialect.referenceOnClaim ? `, ${tx.dialect.referenceOnClaim}` : ''}
           WHERE id IN (
             SELECT id FROM shipments WHERE status = 0 AND scheduled = 1 AND deleted_at IS NULL AND claim_token IS NULL
             ORDER BY created_at, id LIMIT $1${tx.dialect.skipLockedRows})
           RETURNING *`,
          [limit, token, now()],
        );
        for (const row of claimed) {
          if (row.reference !== null) continue;
          row.reference = await allocateReference(tx);
          await tx.run('UPDATE shipments SET reference = $2 WHERE id = $1', [row.id, row.reference]);
        }
        return claimed.map(shipmentRecord).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
      }),
    // Other stations may share the queue: only claims past their lease are freed, never a live station's.
    releaseClaims: (before) => {
      const lease = leaseCutoff();
      return sql.run(
        'UPDATE shipments SET claim_token = NULL, claimed_at = NULL WHERE status = 0 AND claim_token IS NOT NULL AND claimed_at < $1',
        [before < lease ? before : lease],
      );
    },
    releaseWaitingClaims: () =>
      sql.run(
        'UPDATE shipments SET claim_token = NULL, claimed_at = NULL WHERE status = 0 AND scheduled = 1 AND claim_token IS NOT NULL AND claimed_at <= $1',
        [leaseCutoff()],
      ),
    releaseRunClaims: (token) =>
      sql.run('UPDATE shipments SET claim_token = NULL, claimed_at = NULL WHERE status = 0 AND claim_token = $1', [token]),
    claimSaved: async (id, token) =>
      (await sql.run(
        `UPDATE shipments SET claim_token = $2, claimed_at = $3
         WHERE id = $1 AND origin = 'save' AND status = 0 AND scheduled = 0 AND deleted_at IS NULL AND claim_token IS NULL`,
        [id, token, now()],
      )) === 1,
    releaseClaim: async (id, token) => {
      await sql.run(
        'UPDATE shipments SET claim_token = NULL, claimed_at = NULL WHERE id = $1 AND status = 0 AND claim_token IS NOT DISTINCT FROM $2',
        [id, token],
      );
    },
    confirmSaved: (id, token, confirmed, result, key) =>
      sql.tx(async (tx) => {
        const names = summaryNames(confirmed.attributes);
        const updated = await tx.run(
          `UPDATE shipments SET attributes = $3, ship_date = $4, ship_from_name = $5, ship_from_country = $6, ship_to_name = $7, ship_to_country = $8,
             order_number = coalesce($9, order_number)
           WHERE id = $1 AND status = 0 AND deleted_at IS NULL AND claim_token IS NOT DISTINCT FROM $2`,
          [
            id,
            token,
            JSON.stringify(confirmed.attributes),
            confirmed.shipDate,
            names.shipFromName,
            names.shipFromCountry,
            names.shipToName,
            names.shipToCountry,
            confirmed.orderNumber ?? null,
          ],
        );
        if (updated !== 1 || !(await complete(tx, id, token, result))) return false;
        if (key) await recordKey(tx, key, now());
        return true;
      }),
    complete: (id, token, result) => sql.tx(async (tx) => (await complete(tx, id, token, result)) !== undefined),
    fail: (id, token, reason) =>
      sql.tx(async (tx) => {
        const failed = await tx.one<{ client_id: number }>(
          `UPDATE shipments SET status = -1, error = $3, claim_token = NULL, processed_at = $4
           WHERE id = $1 AND status = 0 AND deleted_at IS NULL AND claim_token IS NOT DISTINCT FROM $2 RETURNING client_id`,
          [id, token, reason, now()],
        );
        if (!failed) return false;
        await audit(tx, id, failed.client_id, 'failed', { reason });
        await announce(tx, 'shipment.failed', id);
        return true;
      }),
    markDeleted: (record, logged) =>
      sql.tx(async (tx) => {
        if (
          (await tx.run('UPDATE shipments SET deleted_at = $2, claim_token = NULL WHERE id = $1 AND deleted_at IS NULL', [
            record.id,
            now(),
          ])) === 0
        )
          return;
        if (record.status === 3 && record.carrierCode) addDay(tx, dayChange(record, record.carrierCode, record.finalCents ?? 0, -1));
        await log(tx, logged);
        await audit(tx, record.id, record.clientId, 'deleted', {
          status: record.status,
          reference: record.reference,
          trackingNumber: record.trackingNumber,
        });
        await announce(tx, 'shipment.deleted', record.id);
      }),
    addEvent: (id, event, key) =>
      sql.tx(async (tx) => {
        if (key) await recordKey(tx, key, now());
        // A shipment's first delivery counts it on its lane, once (store/delivered-lanes.ts).
        if (event.status === 5 && !(await tx.one('SELECT 1 AS found FROM tracking_events WHERE shipment_id = $1 AND status = 5', [id])))
          await countDelivered(tx, id, event.occurredAt);
        await tx.run(
          'INSERT INTO tracking_events (shipment_id, status, occurred_at, location, text, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [id, event.status, event.occurredAt, event.location, event.text, now()],
        );
        // An event at the same time as the latest one is the newer news: it becomes the latest.
        await tx.run(
          'UPDATE shipments SET tracking_status = $2, tracking_date = $3 WHERE id = $1 AND (tracking_date IS NULL OR tracking_date <= $3)',
          [id, event.status, event.occurredAt],
        );
        appendEvent(tx, trackingEvent(await shipmentById(tx, id), await latestOf(tx, id), event), now());
      }),
    markRefreshed: async (id) => {
      await sql.run('UPDATE upstream_bookings SET refreshed_at = $2 WHERE shipment_id = $1', [id, now()]);
    },
  };
  return { ...written, insert: (...args) => afterCreate(written.insert(...args)) };
}

/** Counts a processed shipment's delivery on its lane (store/delivered-lanes.ts): one parcel more in its hour. */
async function countDelivered(tx: Sql, id: string, occurredAt: string): Promise<void> {
  await tx.run(
    `INSERT INTO delivered_lanes (client_id, sandbox, carrier_code, service_code, from_country, from_prefix, to_country, to_prefix,
                                  ship_date, delivered_hour, parcels)
     SELECT s.client_id, s.sandbox, s.carrier_code, coalesce(s.service_code, ''), s.ship_from_country,
            coalesce(${postalPrefixSql(tx.dialect, 'shipFrom')}, ''), s.ship_to_country, coalesce(${postalPrefixSql(tx.dialect, 'shipTo')}, ''),
            s.ship_date, substr(replace($2, ' ', 'T'), 1, 13), 1
     FROM shipments s WHERE s.id = $1 AND s.status = 3 AND s.deleted_at IS NULL AND s.carrier_code IS NOT NULL
     ON CONFLICT (client_id, sandbox, ship_date, carrier_code, service_code, from_country, from_prefix, to_country, to_prefix, delivered_hour)
     DO UPDATE SET parcels = delivered_lanes.parcels + 1`,
    [id, occurredAt],
  );
}

/** One chunk of a bulk import: its shipments in INSERTs of BULK_ROWS rows, then their tracking events. */
async function bulkChunk(tx: Sql, rows: BulkShipment[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BULK_ROWS) {
    const values: unknown[] = [];
    const tuples = rows.slice(start, start + BULK_ROWS).map((row) => {
      const ordered = bulkShipmentValues(row);
      const first = values.length;
      values.push(...ordered);
      return `(${ordered.map((_, index) => `$${first + index + 1}`).join(', ')})`;
    });
    await tx.run(`INSERT INTO shipments (${BULK_SHIPMENT_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`, values);
  }
  for (const row of rows) {
    for (const event of row.trackingEvents ?? []) {
      await tx.run(
        'INSERT INTO tracking_events (shipment_id, status, occurred_at, location, text, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
        [row.id, event.status, event.occurredAt, event.location, event.text, row.createdAt],
      );
    }
  }
}

function bulk(sql: Sql): ShipmentBulk {
  return {
    bulkInsert: async (rows) => {
      const total = await inBulkTransactions(sql, rows, bulkChunk);
      // An import brings whole days: the summaries, and the delivered parcels per lane, are made again from the shipments.
      await sql.tx(async (tx) => {
        for (const statement of rebuildAllDaysIn(tx.dialect)
          .split(';')
          .filter((text) => text.trim()))
          await tx.runLong(statement);
        await tx.runLong('DELETE FROM delivered_lanes');
        await tx.runLong(countDeliveredLanesSql(tx.dialect));
      });
      const analyze = sql.dialect.freshStatistics(
        'shipments, tracking_events, shipment_days, destination_days, person_days, delivered_lanes',
      );
      if (analyze) await sql.runLong(analyze);
      return total;
    },
  };
}

export const shipments: TableGroup<ShipmentReads, ShipmentWrites, ShipmentBulk> = { reads, writes, bulk };
