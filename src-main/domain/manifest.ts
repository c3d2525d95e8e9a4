// End of day's records: a manifest closes one client's shipments of one carrier and ship date, and the day's
// shipments as a close sees them (in, or left out and why).
import type { ManifestTotals, ManifestTransmission } from '../../src-shared/manifests.ts';
import type { ShipmentAttributes, ShipmentStatus } from '../../src-shared/shipment.ts';

export interface ManifestRecord {
  id: string;
  number: string;
  clientId: string;
  sandbox: boolean;
  carrierCode: string;
  shipDate: string;
  /** The site of the account whose day it closes. */
  site: number;
  status: 'closed' | 'reopened';
  totals: ManifestTotals;
  closedBy: string;
  createdAt: string;
  reopenedAt: string | null;
  transmittedAt: string | null;
  transmission: ManifestTransmission;
}

/** `transmit`: the carrier is an upstream service's, and the manifest is to be sent there. */
export type NewManifest = Pick<
  ManifestRecord,
  'number' | 'clientId' | 'sandbox' | 'carrierCode' | 'shipDate' | 'site' | 'totals' | 'closedBy'
> & {
  document: Uint8Array;
  transmit: boolean;
};

/** A shipment of the day as the close sees it. */
export interface DayShipment {
  id: string;
  reference: string | null;
  status: ShipmentStatus;
  scheduled: boolean;
  deletedAt: string | null;
  /** The closed manifest it is in, if any. */
  manifestNumber: string | null;
  carrierCode: string | null;
  carrierName: string | null;
  serviceName: string | null;
  trackingNumber: string | null;
  currency: string | null;
  attributes: ShipmentAttributes;
  /** A return's original: the customer hands a return to the carrier, never the warehouse's driver. */
  returnOf: string | null;
}

/** The shipments changed between the preview and the close: nothing was closed, and the close is tried again. */
export class ManifestChangedError extends Error {
  constructor() {
    super('the shipments of the day changed while the close was written');
    this.name = 'ManifestChangedError';
  }
}
