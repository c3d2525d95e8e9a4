// A pickup: the carrier's collection booked with a shipment, at its collection address on its collection date.
import type { Address } from '../../src-shared/shipment.ts';

export interface PickupRecord {
  /** Pickups are one per shipment: the shipment's id names it. */
  shipmentId: string;
  reference: string | null;
  trackingNumber: string | null;
  carrierCode: string;
  carrierName: string;
  collectionDate: string;
  address: Address;
  parcels: number;
  status: 'booked' | 'cancelled';
  cancelledAt: string | null;
  /** The site of the account whose parcels it collects. */
  site: number;
}
