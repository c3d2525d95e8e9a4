// The shipment service's contract: what the API, the scheduler and the admin command call, and what it needs.
import type { ReturnReason } from '../../../src-shared/returns.ts';
import type { StationCalendar } from '../../../src-shared/calendar.ts';
import type { ConfirmMeta, CreateMeta } from '../../../src-shared/shipment-validation.ts';
import type { ShipmentAttributes } from '../../../src-shared/shipment.ts';
import type { VerificationAttributes } from '../../../src-shared/verification.ts';
import type { CarrierRegistry } from '../../carriers/registry.ts';
import type { DocumentPool } from '../../documents/pool.ts';
import type { Caller } from '../../domain/caller.ts';
import type { RatedPriceList } from '../../domain/rating.ts';
import type { ShipmentRecord, SummaryRow, TrackingEvent } from '../../domain/shipment.ts';
import type { Logger } from '../../logger.ts';
import type { Store, SummaryFilter } from '../../store/index.ts';
import type { IdempotencyTicket } from '../../domain/idempotency.ts';
import type { AuditLog } from '../audit-log.ts';
import type { WarehouseService } from '../warehouses.ts';
import type { ZplDpi } from '../../documents/zpl-label.ts';
import type { DocumentPart } from '../../../src-shared/shipment.ts';
import type { LabelStock } from '../../../src-shared/printing.ts';
import type { EmissionEstimator } from '../emissions.ts';
import type { DeliveryHistory } from '../delivery-history.ts';

export interface ShipmentServiceDeps {
  store: Store;
  carriers: CarrierRegistry;
  /** The document workers that render labels. */
  documents: DocumentPool;
  clock: () => Date;
  /** The station's time zone and holidays, as stored now. */
  calendar: () => Promise<StationCalendar>;
  logger: Logger;
  /** Creates and voids are written to it with the shipment, in one transaction. */
  audit: AuditLog;
  /** This station's desk: each shipment records the desk and the user that made it. */
  desk: string;
  /** The account's sites: the site a shipment is made at, and each site's calendar and closed days. */
  warehouses: WarehouseService;
  /** Each processed shipment's CO2e, and each rate's. */
  emissions: EmissionEstimator;
  /** Each rate's delivery outlook, from the account's tracking history. */
  deliveryHistory: DeliveryHistory;
}

/** A page of the caller's shipment list: the store's filter, less the account and sandbox the caller brings. */
export type SummaryQuery = Omit<SummaryFilter, 'clientId' | 'sandbox'>;

/** The format the documents endpoint answers in: the stored PDF (labels, then the invoice), ZPL or EPL2 labels, or the labels as a 1-bit PNG. */
/** `document`: one of the PDF's documents on its own (the labels, the CN22, the CN23 with its copies, the commercial invoice). */
export type DocumentFormat =
  | { format: 'pdf'; document?: DocumentPart; stock?: { size: LabelStock; start: number } }
  | { format: 'zpl'; dpi: ZplDpi }
  | { format: 'epl2'; dpi: ZplDpi }
  | { format: 'png'; dpi: ZplDpi };

export interface ProcessingRun {
  claimed: number;
  processed: number;
  failed: number;
  /** Shipments that meet a fault outside themselves (disk full, database locked): they wait for the next run. */
  deferred: number;
}

/** The order a new shipment ships (`data.meta.orderNumber`, the orders extension), or the shipment it returns. */
export interface OrderLink {
  orderNumber?: string;
  /** A return (services/returns.ts): the shipment it returns, why, and whether it is paid only once used. */
  returnOf?: { id: string; reason: ReturnReason; note: string | null; payOnUse: boolean };
}

export interface ShipmentService {
  /** `key`: the request's idempotency key, stored with the new shipment. */
  save(caller: Caller, attributes: ShipmentAttributes, key?: IdempotencyTicket): Promise<ShipmentRecord>;
  /** The carrier choices a one-step create may name (`data.meta.carrierChoice`). */
  carrierChoices(): Promise<string[]>;
  rate(caller: Caller, attributes: ShipmentAttributes): Promise<RatedPriceList>;
  /**
   * Confirms with a rate. When `savedId` names a shipment this caller saved and has not processed, that shipment is
   * confirmed (same id and reference); any other id is ignored and a new shipment is made.
   */
  confirm(
    caller: Caller,
    attributes: ShipmentAttributes,
    meta: ConfirmMeta & OrderLink,
    savedId?: string,
    key?: IdempotencyTicket,
  ): Promise<ShipmentRecord>;
  create(caller: Caller, attributes: ShipmentAttributes, meta: CreateMeta & OrderLink, key?: IdempotencyTicket): Promise<ShipmentRecord>;
  get(caller: Caller, id: string): Promise<ShipmentRecord>;
  /** The caller's own live shipment in any state, e.g. one a create acknowledged with 202: to answer a repeated request again. */
  acknowledged(caller: Caller, id: string): Promise<ShipmentRecord | undefined>;
  remove(caller: Caller, id: string): Promise<void>;
  /** The stored PDF, or (`zpl`) the labels drawn again as ZPL at the given dpi. */
  documents(
    caller: Caller,
    id: string,
    format?: DocumentFormat,
  ): Promise<{ record: ShipmentRecord; contentType: string; fileName: string; data: Buffer }>;
  tracking(caller: Caller, id: string): Promise<{ record: ShipmentRecord; latest: TrackingEvent | undefined }>;
  /** Every tracking event of a processed shipment (the last 500), oldest first. */
  trackingHistory(caller: Caller, id: string): Promise<TrackingEvent[]>;
  summaries(caller: Caller, query: SummaryQuery): Promise<SummaryRow[]>;
  /** Checks a scan of a processed parcel against its label, and records it (a mismatch is also logged). */
  verify(caller: Caller, id: string, scanned: string): Promise<VerificationAttributes>;
  /** Tracking by the opaque hash of links.tracking, for whoever holds the link, with the whole history. */
  publicTracking(hash: string): Promise<{ record: ShipmentRecord; latest: TrackingEvent | undefined; history: TrackingEvent[] }>;
  /** Processes up to `limit` waiting scheduled shipments; each ends at status 3 or -1, or waits again after a fault. */
  processWaiting(limit: number): Promise<ProcessingRun>;
  /** Frees the claims made before `before`: those of a run that was killed midway. */
  releaseStaleClaims(before: Date): Promise<number>;
}
