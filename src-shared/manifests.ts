// The end-of-day extension (docs/shipments.md, "End of day"): closing a carrier's day into a manifest, and the manifest and
// preview resources answered. The station and the desk UI check requests with these rules. Liberal: the carrier in
// any case, null for absent members.
import { z } from 'zod';
import { isCalendarDate } from './calendar.ts';
import { parseCents } from './money.ts';
import { CALENDAR_DATE, NOT_BLANK, said } from './json-schema-words.ts';
import { validateResource, type Result } from './resource-validation.ts';
import { resourceSchema } from './resource-schema.ts';

export interface CloseRequest {
  /** The carrier code the shipments were booked with, e.g. UPS, or PV.UPS through an upstream service. */
  carrier: string;
  /** The ship date to close, YYYY-MM-DD; absent: the site's day when the close starts, in its time zone. */
  date?: string;
  /** The site whose day it closes, by its id; absent: the desk's site. */
  site?: string;
}

export const closeDaySchema = z.object({
  carrier: said(
    z
      .string()
      .trim()
      .min(1)
      .max(40)
      .transform((text) => text.toUpperCase()),
    { type: 'string', maxLength: 40, pattern: NOT_BLANK },
  ),
  date: said(
    z
      .union([
        z.null(),
        z
          .string()
          .trim()
          .refine((text) => text === '' || isCalendarDate(text)),
      ])
      .optional()
      .transform((text) => text || undefined),
    // Blank or null: the station's day.
    { anyOf: [{ type: 'null' }, { type: 'string', pattern: `^\\s*$|${CALENDAR_DATE}` }] },
  ),
  site: said(
    z
      .union([
        z.null(),
        z.number().int().min(1).max(999_999),
        z
          .string()
          .trim()
          .regex(/^([1-9][0-9]{0,5})?$/),
      ])
      .optional()
      .transform((id) => (id === null || id === undefined || id === '' ? undefined : String(id))),
    // Blank or null: the desk's site.
    {
      anyOf: [
        { type: 'null' },
        { type: 'integer', minimum: 1, maximum: 999999 },
        { type: 'string', pattern: '^\\s*([1-9][0-9]{0,5})?\\s*$' },
      ],
      description: 'The site whose day it closes (GET /warehouses), by its id; the desk’s own site when absent, blank or null.',
    },
  ),
});

export function validateClose(document: unknown): Result<CloseRequest> {
  return validateResource(document, 'manifest', closeDaySchema, false);
}

/** Why a shipment of the carrier and day is not in the close. */
export const LEFT_OUT_REASONS = ['voided', 'failed', 'waiting', 'closed', 'return'] as const;

export const manifestLineSchema = z.object({
  shipmentId: z.string(),
  reference: z.string(),
  trackingNumber: z.string(),
  serviceName: z.string(),
  receiverCity: z.string(),
  receiverCountry: z.string(),
  packages: z.number(),
  /** Kilograms, as the packages declare them. */
  weightKg: z.number(),
  /** Declared value in cents: the shipment's invoice value (0 for documents only). */
  declaredCents: z.number(),
  /** The amount the carrier collects on delivery, when the shipment asks it (services.cashOnDelivery). */
  cashOnDelivery: z.object({ amount: z.string(), currency: z.string() }).optional(),
  /** The dry ice (UN1845) of its packages together, in kg, when any has some. */
  dryIceKg: z.number().optional(),
  /** Who must sign for it, when the shipment asks a signature (services.deliveryConfirmation; minimumAge with adultSignature). */
  deliveryConfirmation: z.enum(['signature', 'adultSignature', 'direct', 'indirect']).optional(),
  minimumAge: z.number().optional(),
  /** The UN numbers its packages declare, each once: dangerous goods, and lithium batteries (UN3480, UN3481, UN3090, UN3091). */
  dangerousGoods: z.array(z.string()).optional(),
});
export type ManifestLine = z.infer<typeof manifestLineSchema>;

/**
 * What the driver must know of a close: the COD to collect per currency (in cents, currencies in order), the
 * shipments someone signs for, the dry ice (kg, and in how many shipments), and the shipments with dangerous goods
 * (lithium batteries included) with their UN numbers, each once, in order. The manifest PDF says it in English;
 * the desk's Close day in the packer's language.
 */
export interface SpecialHandling {
  cod: { currency: string; cents: number }[];
  signed: number;
  dryIce: { kg: number; shipments: number };
  dangerous: { shipments: number; unNumbers: string[] };
}

export function specialHandlingOf(lines: readonly ManifestLine[]): SpecialHandling {
  const cod = new Map<string, number>();
  for (const { cashOnDelivery } of lines)
    if (cashOnDelivery)
      cod.set(cashOnDelivery.currency, (cod.get(cashOnDelivery.currency) ?? 0) + (parseCents(cashOnDelivery.amount) ?? 0));
  const withDryIce = lines.filter((line) => line.dryIceKg !== undefined);
  const dangerous = lines.filter((line) => line.dangerousGoods);
  return {
    cod: [...cod.keys()].sort().map((currency) => ({ currency, cents: cod.get(currency)! })),
    signed: lines.filter((line) => line.deliveryConfirmation).length,
    dryIce: {
      kg: Math.round(withDryIce.reduce((total, line) => total + line.dryIceKg!, 0) * 1000) / 1000,
      shipments: withDryIce.length,
    },
    dangerous: { shipments: dangerous.length, unNumbers: [...new Set(dangerous.flatMap((line) => line.dangerousGoods!))].sort() },
  };
}

export const manifestTotalsSchema = z.object({
  shipments: z.number(),
  packages: z.number(),
  weightKg: z.number(),
  declaredCents: z.number(),
  currency: z.string(),
});
export type ManifestTotals = z.infer<typeof manifestTotalsSchema>;

export const leftOutSchema = z.object({
  shipmentId: z.string(),
  reference: z.string().nullable(),
  reason: z.enum(LEFT_OUT_REASONS),
  /** In words, e.g. "voided at 14:02", "waiting to be processed", "in manifest UPS-20261122-2-1". */
  detail: z.string(),
  /** voided: when, HH:MM on the station's clock (the figure of detail, for a desk that words it itself). */
  voidedAt: z.string().optional(),
  /** closed: the manifest it is in. */
  manifest: z.string().optional(),
});
export type LeftOut = z.infer<typeof leftOutSchema>;

export const manifestPreviewAttributesSchema = z
  .object({
    carrier: z.string(),
    date: z.string(),
    included: z.array(manifestLineSchema),
    totals: manifestTotalsSchema,
    leftOut: z.array(leftOutSchema),
  })
  .meta({ id: 'ManifestPreviewAttributes' });
export type ManifestPreviewAttributes = z.infer<typeof manifestPreviewAttributesSchema>;

/** Sending a manifest to the upstream service that booked its shipments, through the outbox. */
export const manifestTransmissionSchema = z.object({
  /** none: a rate-card carrier's, nothing to send; pending: waiting to be sent (again); sent; failed: refused upstream. */
  status: z.enum(['none', 'pending', 'sent', 'failed']),
  attempts: z.number(),
  /** Why the last try failed (the upstream's own text when it refused); null after a success. */
  error: z.string().nullable(),
  /** When it is tried next, while pending. */
  nextTryAt: z.string().nullable(),
  /** The upstream's number for the manifest, once sent. */
  remoteNumber: z.string().nullable(),
});
export type ManifestTransmission = z.infer<typeof manifestTransmissionSchema>;

export const manifestAttributesSchema = z.object({
  number: z.string(),
  carrier: z.string(),
  date: z.string(),
  /** The site (GET /warehouses) whose day it closed. */
  site: z.string(),
  status: z.enum(['closed', 'reopened']),
  totals: manifestTotalsSchema,
  closedAt: z.string(),
  closedBy: z.string(),
  reopenedAt: z.string().nullable(),
  /** When the manifest was sent to an upstream service; null for rate-card carriers. */
  transmittedAt: z.string().nullable(),
  transmission: manifestTransmissionSchema,
});

export const manifestResourceSchema = resourceSchema('manifest', manifestAttributesSchema, {
  links: z.object({ self: z.string(), document: z.string() }),
}).meta({ id: 'Manifest' });
export type ManifestResource = z.infer<typeof manifestResourceSchema>;

/** Where a carrier collects: the sender's name and street, as a pickup and the Today screen show it. */
export const pickupAddressSchema = z.object({
  name: z.string(),
  address1: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
});

/** A pickup (GET /pickups): the collection booked with a shipment. */
export const pickupAttributesSchema = z.object({
  carrier: z.string(),
  carrierName: z.string(),
  /** The collection date, YYYY-MM-DD. */
  date: z.string(),
  address: pickupAddressSchema,
  /** The parcels of every shipment collected. */
  parcels: z.number(),
  /** The first shipment's: the one that names the pickup (its id). */
  reference: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** Every shipment the carrier collects on this visit: one carrier, one address, one day is one pickup. */
  shipments: z.array(z.object({ id: z.string(), reference: z.string().nullable(), trackingNumber: z.string().nullable() })),
  status: z.enum(['booked', 'cancelled']),
  /** Until when it may be cancelled: the collection date at the carrier's deadline, on the station's clock (YYYY-MM-DD HH:MM). */
  cancelBefore: z.string(),
  /** Booked, and the deadline is still ahead on the station's clock: a cancel would be taken. */
  cancellable: z.boolean(),
  cancelledAt: z.string().nullable(),
});

export const pickupResourceSchema = resourceSchema('pickup', pickupAttributesSchema).meta({ id: 'Pickup' });
export type PickupResource = z.infer<typeof pickupResourceSchema>;
