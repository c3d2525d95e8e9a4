// The Today extension (docs/shipments.md, "End of day"): one ship date of a client at a glance, as GET /today answers it and
// the desk's Today screen shows it: shipments made, waiting and failed per carrier, what is left to close, the
// desk's open print jobs and the next pickup.
import { z } from 'zod';
import { pickupAddressSchema } from './manifests.ts';
import { resourceSchema } from './resource-schema.ts';

export const todayCarrierSchema = z.object({
  /** The carrier code; before processing, the carrier chosen; null: any carrier (not chosen yet). */
  carrier: z.string().nullable(),
  carrierName: z.string(),
  /** Processed (labels made). */
  made: z.number(),
  /** Scheduled and not processed yet. */
  waiting: z.number(),
  failed: z.number(),
  /** Saved drafts, not sent to processing. */
  saved: z.number(),
  /** Processed and in no closed manifest: what a close would take now. */
  toClose: z.number(),
  /** The carrier's closed manifest of the day, if it was closed. */
  manifest: z.object({ id: z.string(), number: z.string(), closedAt: z.string(), transmittedAt: z.string().nullable() }).nullable(),
});
export type TodayCarrier = z.infer<typeof todayCarrierSchema>;

export const todayPrintJobSchema = z.object({
  id: z.string(),
  shipmentId: z.string(),
  printer: z.string(),
  status: z.enum(['queued', 'printing']),
  createdAt: z.string(),
});

export const todayPickupSchema = z.object({
  carrier: z.string(),
  carrierName: z.string(),
  /** The collection date, YYYY-MM-DD. */
  date: z.string(),
  /** Until when it may be cancelled, on the station's clock (YYYY-MM-DD HH:MM). */
  cancelBefore: z.string(),
  address: pickupAddressSchema,
  /** Parcels and shipments the carrier collects there that day. */
  parcels: z.number(),
  shipments: z.number(),
});
export type TodayPickup = z.infer<typeof todayPickupSchema>;

export const todayAttributesSchema = z.object({
  date: z.string(),
  /** `returns`: the returns made for the day (an extension), also counted in `made`. */
  totals: z.object({
    made: z.number(),
    waiting: z.number(),
    failed: z.number(),
    saved: z.number(),
    toClose: z.number(),
    returns: z.number(),
  }),
  carriers: z.array(todayCarrierSchema),
  /** This desk's print jobs of the client still queued or printing, oldest first. */
  printJobs: z.array(todayPrintJobSchema),
  /** The first collection still booked on or after the date, with the others of that carrier, day and address. */
  nextPickup: todayPickupSchema.nullable(),
  /** Parcels made that day per person of the account, most first (the whole account's, whatever the filter). */
  people: z.array(z.object({ username: z.string().nullable(), name: z.string(), made: z.number(), perHour: z.number() })),
  /** The person the counts are filtered to (filter[createdBy]), or null for the whole account. */
  createdBy: z.string().nullable(),
});
export type TodayAttributes = z.infer<typeof todayAttributesSchema>;

/** Its id is the date. */
export const todayResourceSchema = resourceSchema('today', todayAttributesSchema).meta({ id: 'Today' });
export type TodayResource = z.infer<typeof todayResourceSchema>;
