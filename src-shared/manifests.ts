// The end-of-day extension (README, "End of day"): closing a carrier's day into a manifest, and the manifest and
// preview resources answered. The station and the desk UI check requests with these rules. Liberal: the carrier in
// any case, null for absent members.
import { z } from 'zod';
import { isCalendarDate } from './calendar.ts';
import { validateResource, type Result } from './resource-validation.ts';

export interface CloseRequest {
  /** The carrier code the shipments were booked with, e.g. UPS, or PV.UPS through an upstream service. */
  carrier: string;
  /** The ship date to close, YYYY-MM-DD; absent: the station's day when the close starts, in its time zone. */
  date?: string;
}

const closeSchema = z.object({
  carrier: z.string().trim().min(1).max(40).transform((text) => text.toUpperCase()),
  date: z
    .union([z.null(), z.string().trim().refine((text) => text === '' || isCalendarDate(text))])
    .optional()
    .transform((text) => text || undefined),
});

export function validateClose(document: unknown): Result<CloseRequest> {
  return validateResource(document, 'manifest', closeSchema, false);
}

/** Why a shipment of the carrier and day is not in the close. */
export type LeftOutReason = 'voided' | 'failed' | 'waiting' | 'closed';

export interface ManifestLine {
  shipmentId: string;
  reference: string;
  trackingNumber: string;
  serviceName: string;
  receiverCity: string;
  receiverCountry: string;
  packages: number;
  /** Kilograms, as the packages declare them. */
  weightKg: number;
  /** Declared value in cents: the shipment's invoice value (0 for documents only). */
  declaredCents: number;
}

export interface ManifestTotals {
  shipments: number;
  packages: number;
  weightKg: number;
  declaredCents: number;
  currency: string;
}

export interface LeftOut {
  shipmentId: string;
  reference: string | null;
  reason: LeftOutReason;
  /** In words, e.g. "voided at 14:02", "waiting to be processed", "in manifest UPS-20261122-2-1". */
  detail: string;
}

export interface ManifestPreviewAttributes {
  carrier: string;
  date: string;
  included: ManifestLine[];
  totals: ManifestTotals;
  leftOut: LeftOut[];
}

/** Sending a manifest to the upstream service that booked its shipments, through the outbox. */
export interface ManifestTransmission {
  /** none: a rate-card carrier's, nothing to send; pending: waiting to be sent (again); sent; failed: refused upstream. */
  status: 'none' | 'pending' | 'sent' | 'failed';
  attempts: number;
  /** Why the last try failed (the upstream's own text when it refused); null after a success. */
  error: string | null;
  /** When it is tried next, while pending. */
  nextTryAt: string | null;
  /** The upstream's number for the manifest, once sent. */
  remoteNumber: string | null;
}

export interface ManifestAttributes {
  number: string;
  carrier: string;
  date: string;
  status: 'closed' | 'reopened';
  totals: ManifestTotals;
  closedAt: string;
  closedBy: string;
  reopenedAt: string | null;
  /** When the manifest was sent to an upstream service; null for rate-card carriers. */
  transmittedAt: string | null;
  transmission: ManifestTransmission;
}

export interface ManifestResource {
  type: 'manifest';
  id: string;
  attributes: ManifestAttributes;
  links: { self: string; document: string };
}

/** A pickup (GET /pickups): the collection booked with a shipment. */
export interface PickupAttributes {
  carrier: string;
  carrierName: string;
  /** The collection date, YYYY-MM-DD. */
  date: string;
  address: { name: string; address1: string; city: string; postalCode: string; country: string };
  /** The parcels of every shipment collected. */
  parcels: number;
  /** The first shipment's: the one that names the pickup (its id). */
  reference: string | null;
  trackingNumber: string | null;
  /** Every shipment the carrier collects on this visit: one carrier, one address, one day is one pickup. */
  shipments: { id: string; reference: string | null; trackingNumber: string | null }[];
  status: 'booked' | 'cancelled';
  /** Until when it may be cancelled: the collection date at the carrier's deadline, on the station's clock (YYYY-MM-DD HH:MM). */
  cancelBefore: string;
  /** Booked, and the deadline is still ahead on the station's clock: a cancel would be taken. */
  cancellable: boolean;
  cancelledAt: string | null;
}

export interface PickupResource {
  type: 'pickup';
  id: string;
  attributes: PickupAttributes;
}
