// The station's shipment record and what processing adds to it: the shapes services, the store and the API
// serializers share, kept apart from any one store back end.
import type { ReturnReason } from '../../src-shared/returns.ts';
import type { ShipmentAttributes, ShipmentStatus } from '../../src-shared/shipment.ts';
import type { CarrierDayClosedWarning } from '../../src-shared/closed-day.ts';
import type { Emissions } from '../../src-shared/emissions.ts';

/** How the shipment came in: saved for a later confirm, confirmed with a rate, or created in one step. */
export type ShipmentOrigin = 'save' | 'confirm' | 'create';

export interface ShipmentRecord {
  /** What the answer that made it says besides (its carrier's day was closed, so it ships later); never stored. */
  notices?: readonly CarrierDayClosedWarning[];
  id: string;
  clientId: string;
  sandbox: boolean;
  origin: ShipmentOrigin;
  status: ShipmentStatus;
  scheduled: boolean;
  service: string | null;
  carrierChoice: string | null;
  reference: string | null;
  shipDate: string;
  attributes: ShipmentAttributes;
  carrierCode: string | null;
  carrierName: string | null;
  serviceCode: string | null;
  serviceName: string | null;
  finalCents: number | null;
  insuranceCents: number | null;
  currency: string | null;
  trackingNumber: string | null;
  trackingHash: string | null;
  error: string | null;
  createdAt: string;
  processedAt: string | null;
  /** The order it ships (the orders extension), when it names one. */
  orderNumber?: string | null;
  /** The username of the user who made it (null for shipments imported in bulk), and the desk it was made at. */
  createdBy?: string | null;
  desk?: string | null;
  /** The site (warehouse) of its account it ships from: 1, the main site, unless the account has more. */
  site?: number;
  /** A return: the id of the shipment it returns, the reason's code, the packer's words, and whether it is paid only once used. */
  returnOf?: string | null;
  returnReason?: ReturnReason | null;
  returnNote?: string | null;
  payOnUse?: boolean;
  /** The ids of this shipment's returns, oldest first. */
  returns?: string[];
  /** Whether an upstream took the export declaration as data (paperless trade); null when it went to none. */
  customsData?: CustomsDataAnswer | null;
  /**
   * Its transport emissions (an Emissions, src-shared/emissions.ts) as the JSON text stored when it was processed; null
   * before, or when its route could not be placed. Kept as text: a read answers it as it is, never parsed and written
   * again (api/serializers/shipment.ts).
   */
  emissionsJson?: string | null;
}

/** An upstream's answer to the customs data sent with a booking. */
export type CustomsDataAnswer = 'accepted' | 'refused';

/** The outcome of processing a shipment: booked with a carrier, with its documents and collection booking. */
export interface ProcessedResult {
  carrierCode: string;
  carrierName: string;
  serviceCode: string;
  serviceName: string;
  finalCents: number;
  insuranceCents: number | null;
  currency: string;
  trackingNumber: string;
  trackingHash: string;
  document: { contentType: string; fileName: string; data: Uint8Array };
  booking: { collectionDate: string; address: object } | null;
  /** The upstream's record of a shipment booked through an upstream carrier. */
  remote: { carrierChoice: string; id: string; reference: string | null } | null;
  /** An upstream's answer to the customs data sent with the booking. */
  customsData?: CustomsDataAnswer | null;
  /** The parcel's emissions on the service that carries it; null when its route cannot be placed. */
  emissions?: Emissions | null;
  /** The ship date processing gave it instead of its own (its carrier's day was closed meanwhile), with its attributes. */
  redated?: { shipDate: string; attributes: ShipmentAttributes };
}

export interface TrackingEvent {
  status: number;
  occurredAt: string;
  location: string;
  text: string;
}

/** One line of the shipment list, with its latest tracking event. */
export interface SummaryRow {
  id: string;
  reference: string | null;
  shipDate: string;
  status: ShipmentStatus;
  scheduled: boolean;
  shipFromName: string;
  shipFromCountry: string;
  shipToName: string;
  shipToCountry: string;
  trackingStatus: number | null;
  trackingDate: string | null;
  /** The username of the user who made it. */
  createdBy: string | null;
  /** When it was made: with the ship date and id, its place in the list. */
  createdAt: string;
}

/** A summary's place in the list: its ship date, when it was made, and its id. */
export type SummaryKey = readonly [shipDate: string, createdAt: string, id: string];
