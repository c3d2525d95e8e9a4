// The rate-card file format: what a shipper edits to price a carrier with its own negotiated rates.
// Cards are JSON files in resources/carriers/ (bundled) or <data folder>/carriers/ (overrides and additions).
import { z } from 'zod';
import { SERVICE_OPTIONS, TRANSPORTS } from '../../src-shared/shipment-options.ts';

const weightBreak = z.tuple([z.number().positive(), z.number().nonnegative()]);

const zonePrice = z.object({
  transitDays: z.number().int().min(0).max(60),
  /** [up to kg, price] rows in ascending weight. */
  breaks: z.array(weightBreak).min(1),
  /** Price per kg above the last break; without it, heavier packages are not carried in this zone. */
  perKgAbove: z.number().nonnegative().optional(),
});

/**
 * What an option costs on a service: `flat` plus `percent` of the freight (the weight-break price; for cashOnDelivery,
 * of the amount collected), at least `minimum`, once per shipment or for each package that carries it (`per`).
 * `zones`: the card's zones it is offered in, when not all of the service's.
 */
const surcharge = z.object({
  flat: z.number().nonnegative().default(0),
  percent: z.number().min(0).max(100).default(0),
  minimum: z.number().nonnegative().default(0),
  per: z.enum(['shipment', 'package']).default('shipment'),
  zones: z.array(z.string().min(1)).min(1).optional(),
});

const service = z.object({
  serviceCode: z.string().regex(/^[A-Z0-9_]+$/),
  serviceName: z.string().min(1),
  serviceDefinitionCode: z.string().default('DAY_DEFINITE'),
  limits: z.object({
    maxWeightKg: z.number().positive(),
    maxLengthCm: z.number().positive(),
    /** Length plus twice width plus twice height. */
    maxGirthCm: z.number().positive(),
  }),
  zones: z.record(z.string(), zonePrice),
  /** How it carries: air refuses what air may not carry, the post what the post refuses (src-shared/shipment-options.ts). */
  transport: z.enum(TRANSPORTS).default('road'),
  /** The special services it takes, each with its surcharge; one not listed is not offered. */
  options: z.partialRecord(z.enum(SERVICE_OPTIONS), surcharge).default({}),
});

const trackingNumber = z.discriminatedUnion('scheme', [
  z.object({ scheme: z.literal('dhl-express') }),
  z.object({
    scheme: z.literal('ups-1z'),
    shipperNumber: z.string().regex(/^[A-Z0-9]{6}$/),
    serviceIndicator: z.string().regex(/^[0-9]{2}$/),
  }),
  z.object({ scheme: z.literal('fedex-express') }),
  z.object({ scheme: z.literal('tnt-consignment') }),
  z.object({ scheme: z.literal('upu-s10'), prefix: z.string().regex(/^[A-Z]{2}$/), countrySuffix: z.string().regex(/^[A-Z]{2}$/) }),
]);

export const rateCardSchema = z.object({
  /** The code of `meta.carrierChoice`, e.g. DHL. */
  choiceCode: z.string().regex(/^[A-Z0-9_]+$/),
  /** The code in rate ids, e.g. DHL_EXPRESS in t2-DHL_EXPRESS-EXP. */
  carrierCode: z.string().regex(/^[A-Z0-9_]+$/),
  carrierName: z.string().min(1),
  accountId: z.string().min(1),
  currency: z.literal('EUR'),
  vatPercent: z.number().min(0).max(100),
  fuelSurchargePercent: z.number().min(0).max(200),
  volumetricDivisor: z.number().positive(),
  insurance: z.object({ percentOfValue: z.number().min(0), minimum: z.number().min(0) }),
  /** Local time on the collection day until which a booked pickup may be cancelled (HH:MM). */
  pickupCancelBefore: z
    .string()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/)
    .default('10:00'),
  trackingNumber,
  /** Returns: whether the carrier makes return labels paid only once it scans them first (pay on use). */
  returns: z.object({ payOnUse: z.boolean().default(false) }).default({ payOnUse: false }),
  /** How many days after today a shipment may be dated: a carrier books pickups and labels so far ahead. */
  shipDaysAhead: z.number().int().min(0).max(365).default(30),
  /**
   * The first zone whose `from` and `to` match the route wins. Entries are country codes, "EU" for any
   * member state, "*" for any country, and in `to` "SAME" for the origin country itself.
   */
  zones: z.array(z.object({ zone: z.string().min(1), from: z.array(z.string()).min(1), to: z.array(z.string()).min(1) })).min(1),
  services: z.array(service).min(1),
});

export type RateCard = z.infer<typeof rateCardSchema>;
export type RateCardService = RateCard['services'][number];
export type TrackingNumberFormat = RateCard['trackingNumber'];
export type OptionSurcharge = z.infer<typeof surcharge>;
