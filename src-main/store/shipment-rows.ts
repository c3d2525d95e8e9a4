// The shipments' rows: a new shipment's columns, the row and its mapping to the domain record, the summaries'
// columns, the table group's contract (ShipmentReads, ShipmentWrites), and the events a change of a shipment
// announces. The statements that use them are in store/shipments.ts.
import type { ReturnReason } from '../../src-shared/returns.ts';
import type { Lane } from '../../src-shared/delivery-outlook.ts';
import type { ShipmentAttributes, ShipmentStatus } from '../../src-shared/shipment.ts';
import type { ProcessedResult, ShipmentOrigin, ShipmentRecord, SummaryKey, SummaryRow, TrackingEvent } from '../domain/shipment.ts';
import type { NewAuditEvent } from '../domain/audit.ts';
import type { EventType } from '../../src-shared/events.ts';
import type { NewIdempotencyKey } from '../domain/idempotency.ts';
import type { PersonHourRow, CountryRow, DayCountRow, DayRow } from './shipment-days.ts';

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
  /** The site of the account it ships from (1, the main site, when not given). */
  site?: number;
} & Partial<Pick<ShipmentRecord, 'returnOf' | 'returnReason' | 'returnNote' | 'payOnUse'>>;

/** A shipment as an import brings it: any status, with its processing outcome and tracking history, no documents. */
export type BulkShipment = NewShipment &
  Pick<
    ShipmentRecord,
    | 'status'
    | 'carrierCode'
    | 'carrierName'
    | 'serviceCode'
    | 'serviceName'
    | 'finalCents'
    | 'insuranceCents'
    | 'currency'
    | 'trackingNumber'
    | 'trackingHash'
    | 'error'
    | 'createdAt'
    | 'processedAt'
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
  /** Only returns (true), only the others (false), or both (null or absent). */
  returns?: boolean | null;
  /** Only this site's (a site's number); null or absent: every site of the account. */
  site?: number | null;
}

/** What a confirm changes in a saved shipment: its attributes and ship date, and the order it ships when it names one. */
export interface ConfirmedChanges {
  attributes: ShipmentAttributes;
  shipDate: string;
  orderNumber?: string | null;
}

export interface ShipmentReads {
  /** Whether the client's shipment of this id was deleted or voided: a request about it can say so. */
  voided(id: string, clientId: string, sandbox: boolean): Promise<boolean>;
  get(id: string, clientId: string, sandbox: boolean): Promise<ShipmentRecord | undefined>;
  document(id: string): Promise<{ contentType: string; fileName: string; data: Buffer } | undefined>;
  trackingNumberTaken(trackingNumber: string): Promise<boolean>;
  latestEvent(id: string): Promise<TrackingEvent | undefined>;
  /** Every tracking event of the shipment, newest first (by time, then arrival): the public page's history. */
  trackingHistory(id: string): Promise<TrackingEvent[]>;
  summaries(filter: SummaryFilter): Promise<SummaryRow[]>;
  audit(id: string): Promise<{ action: string; detail: string | null; at: string }[]>;
  /** Finds a live processed shipment by id or reference or tracking number, for the admin CLI. */
  findForAdmin(key: string): Promise<ShipmentRecord | undefined>;
  byTrackingHash(hash: string): Promise<ShipmentRecord | undefined>;
  /**
   * The day summaries of a client's processed shipments between two ship dates: per day and carrier, and per
   * country; with `createdBy`, those of one person (a username), read from the shipments.
   */
  report(filter: {
    clientId: string;
    sandbox: boolean;
    dateFrom: string;
    dateTo: string;
    createdBy?: string | null;
    site?: number | null;
  }): Promise<{ days: DayRow[]; countries: CountryRow[] }>;
  /** A client's live shipments of one ship date, counted per carrier, state and whether closed: the Today screen. */
  dayCounts(filter: {
    clientId: string;
    sandbox: boolean;
    date: string;
    createdBy?: string | null;
    site?: number | null;
  }): Promise<DayCountRow[]>;
  /** The processed returns shipped in the range, per reason. */
  returnCounts(filter: {
    clientId: string;
    sandbox: boolean;
    dateFrom: string;
    dateTo: string;
    createdBy?: string | null;
    site?: number | null;
  }): Promise<{ reason: string; returns: number }[]>;
  /**
   * A client's delivered shipments shipped since a date, counted per lane (carrier, service, countries, the first two
   * characters of each postal code), ship date and the hour (UTC) of their delivery: the delivery outlook's history.
   */
  deliveredLanes(filter: { clientId: string; sandbox: boolean; since: string }): Promise<DeliveredGroup[]>;
  /** A client's processed shipments between two ship dates, per month, site, carrier and service, with their CO2e. */
  emissionTotals(filter: {
    clientId: string;
    sandbox: boolean;
    dateFrom: string;
    dateTo: string;
    site?: number | null;
  }): Promise<EmissionTotalRow[]>;
  /** A client's processed shipments between two ship dates, per person and hour of the day they were processed in. */
  personHours(filter: {
    clientId: string;
    sandbox: boolean;
    dateFrom: string;
    dateTo: string;
    site?: number | null;
  }): Promise<PersonHourRow[]>;
  /** Shipments an upstream booked that may still move (not delivered, returned or cancelled), shipped since `since`, least recently refreshed first. */
  upstreamBookings(since: string, limit: number): Promise<UpstreamBooking[]>;
  /** A client's scheduled shipments not yet processed (claimed: being sent now), and those that failed since `failedSince`; oldest first. */
  outbox(filter: { clientId: string; sandbox: boolean; failedSince: string; limit: number }): Promise<OutboxRow[]>;
}

/** The group's bulk writes: run by the store as writes, on its own connection (table-group.ts). */
export interface ShipmentBulk {
  /**
   * Imports many finished or waiting shipments, many to a transaction, and makes the day summaries again: the bulk
   * path of imports and the benchmark's seed.
   */
  bulkInsert(rows: Iterable<BulkShipment>): Promise<number>;
}

export interface ShipmentWrites {
  /** The next shipment reference, never the same twice (from the block the store holds; see reserveReferences). */
  allocateReference(): Promise<string>;
  /**
   * Reserves `count` references in one statement and answers them in order: the store hands them out from memory,
   * one per create, so a create needs no commit (SQLite) or round trip (PostgreSQL) of its own to draw its reference.
   * SQLite's are consecutive; PostgreSQL's come from the shared sequence, rising, other desks' between them.
   */
  reserveReferences(count: number): Promise<string[]>;
  /**
   * Records a new shipment, processed already when `processed` is given, with its audit entries (the shipment's, and
   * the audit log's when given), its events, and the request's idempotency key when it came with one.
   */
  insert(shipment: NewShipment, processed?: ProcessedResult, logged?: NewAuditEvent, key?: NewIdempotencyKey): Promise<ShipmentRecord>;
  /** Claims up to `limit` unclaimed waiting scheduled shipments for a processing run, oldest first, giving each its reference on first claim. */
  claimWaiting(input: { limit: number; token: string }): Promise<ShipmentRecord[]>;
  /** Frees the claims made before `before` (an ISO time): at start, those of a run that ended, never this run's. */
  releaseClaims(before: string): Promise<number>;
  /** Frees the claims on waiting scheduled shipments, left by a run that could not free them itself. */
  releaseWaitingClaims(): Promise<number>;
  /** Frees what one run claimed and did not finish. */
  releaseRunClaims(token: string): Promise<number>;
  /** Claims a saved, unprocessed shipment for a confirm; false when it is not one, or another confirm holds it. */
  claimSaved(id: string, token: string): Promise<boolean>;
  /** Gives up a claim whose work did not finish, so the shipment can be confirmed or processed again. */
  releaseClaim(id: string, token: string): Promise<void>;
  /** Records the confirm of a claimed saved shipment: its confirmed attributes and ship date, and the processing outcome. */
  confirmSaved(id: string, token: string, confirmed: ConfirmedChanges, result: ProcessedResult, key?: NewIdempotencyKey): Promise<boolean>;
  /** Records the outcome of a claimed shipment; false when the claim was lost (deleted, or claimed anew). */
  complete(id: string, token: string, result: ProcessedResult): Promise<boolean>;
  fail(id: string, token: string, reason: string): Promise<boolean>;
  /** Deletes (voids) a shipment, with the audit log's entry when given, in one transaction. */
  markDeleted(record: ShipmentRecord, logged?: NewAuditEvent): Promise<void>;
  /** Records a tracking event, and the Idempotency-Key of the request that sent it when given, in one transaction. */
  addEvent(id: string, event: TrackingEvent, key?: NewIdempotencyKey): Promise<void>;
  markRefreshed(id: string): Promise<void>;
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
  site?: number;
  return_of?: string | null;
  return_reason?: string | null;
  return_note?: string | null;
  pay_on_use?: number;
  returns?: string | null;
  customs_data?: string | null;
  emissions?: string | null;
}

/** Delivered parcels of one lane, shipped on one day and delivered in one hour (UTC: deliveredAt is that hour's start). */
export interface DeliveredGroup {
  lane: Lane;
  shipDate: string;
  deliveredAt: string;
  parcels: number;
}

/** One month, site, carrier and service of the emissions report: its shipments, those with a figure, and their sum. */
export interface EmissionTotalRow {
  month: string;
  site: number;
  carrierCode: string;
  serviceCode: string;
  serviceName: string;
  shipments: number;
  withFigure: number;
  co2eKg: number;
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
    site: Number(row.site ?? 1),
    returnOf: row.return_of ?? null,
    returnReason: (row.return_reason as ReturnReason | null) ?? null,
    returnNote: row.return_note ?? null,
    payOnUse: row.pay_on_use === 1,
    returns: row.returns ? (JSON.parse(row.returns) as string[]) : [],
    customsData: (row.customs_data as ShipmentRecord['customsData']) ?? null,
    emissionsJson: row.emissions ?? null,
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

/** The shipments' columns a bulk import writes, in the order bulkShipmentValues gives them. */
export const BULK_SHIPMENT_COLUMNS = [
  'id',
  'client_id',
  'sandbox',
  'origin',
  'status',
  'scheduled',
  'service',
  'carrier_choice',
  'reference',
  'ship_date',
  'attributes',
  'ship_from_name',
  'ship_from_country',
  'ship_to_name',
  'ship_to_country',
  'carrier_code',
  'carrier_name',
  'service_code',
  'service_name',
  'final_cents',
  'insurance_cents',
  'currency',
  'tracking_number',
  'tracking_hash',
  'error',
  'created_at',
  'processed_at',
  'tracking_status',
  'tracking_date',
] as const;

/** A bulk shipment's row, in BULK_SHIPMENT_COLUMNS' order: its summary names, and its latest tracking event beside it. */
export function bulkShipmentValues(row: BulkShipment): (string | number | null)[] {
  const events = row.trackingEvents ?? [];
  // The latest by time; of equal times, the last given, as addEvent would leave it.
  const latest = events.reduce<TrackingEvent | undefined>(
    (best, event) => (!best || event.occurredAt >= best.occurredAt ? event : best),
    undefined,
  );
  const names = summaryNames(row.attributes);
  return [
    row.id,
    Number(row.clientId),
    row.sandbox ? 1 : 0,
    row.origin,
    row.status,
    row.scheduled ? 1 : 0,
    row.service,
    row.carrierChoice,
    row.reference,
    row.shipDate,
    JSON.stringify(row.attributes),
    names.shipFromName,
    names.shipFromCountry,
    names.shipToName,
    names.shipToCountry,
    row.carrierCode,
    row.carrierName,
    row.serviceCode,
    row.serviceName,
    row.finalCents,
    row.insuranceCents,
    row.currency,
    row.trackingNumber,
    row.trackingHash,
    row.error,
    row.createdAt,
    row.processedAt,
    latest?.status ?? null,
    latest?.occurredAt ?? null,
  ];
}
