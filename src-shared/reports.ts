// The reports extension (docs/shipments.md, "End of day"): a client's processed shipments per day and carrier over a date
// range, with cost per carrier, top destinations and cost per kg, answered by GET /reports/daily as JSON:API
// or CSV.
import { z } from 'zod';
import { resourceSchema } from './resource-schema.ts';
import { moneySchema } from './shipment.ts';

/** The longest range one report covers: a year and a day. */
export const REPORT_MAX_DAYS = 366;

/** One carrier's shipments of one day. */
/** A carrier's name as the desk shows it; its code where the station has no card of it (an upstream's carrier). */
const carrierNameSchema = z
  .string()
  .meta({ description: 'The carrier’s name, as the desk shows it (its code where the station knows no name).' });

export const carrierDaySchema = z.object({
  carrier: z.string(),
  carrierName: carrierNameSchema,
  shipments: z.number(),
  packages: z.number(),
  weightKg: z.number(),
  cost: moneySchema,
});

export const dailyReportAttributesSchema = z.object({
  date: z.string(),
  /** Per carrier that shipped that day, by carrier code. */
  carriers: z.array(carrierDaySchema),
});
export type DailyReportAttributes = z.infer<typeof dailyReportAttributesSchema>;

/** Its id is the date. */
export const dailyReportResourceSchema = resourceSchema('dailyReport', dailyReportAttributesSchema).meta({ id: 'DailyReport' });
export type DailyReportResource = z.infer<typeof dailyReportResourceSchema>;

export const carrierTotalsSchema = z.object({
  carrier: z.string(),
  carrierName: carrierNameSchema,
  shipments: z.number(),
  weightKg: z.number(),
  cost: moneySchema,
  /** Cost per kilogram shipped; null without weight. */
  costPerKg: z.number().nullable(),
});
export type CarrierTotals = z.infer<typeof carrierTotalsSchema>;

/** One person's processed parcels over the report's dates: what supervisors ask for. */
export const personTotalsSchema = z.object({
  /** The user's username; null for shipments imported in bulk, which name nobody. */
  username: z.string().nullable(),
  /** The name the desk shows (the username when the user is gone). */
  name: z.string(),
  shipments: z.number(),
  /** Hours (on the station's clock, in UTC hours) in which the person processed at least one parcel. */
  activeHours: z.number(),
  /** Parcels per active hour, one decimal. */
  perHour: z.number(),
  /** Parcels per hour of the day they were processed in (0–23, UTC), for the busiest-hour chart. */
  byHour: z.array(z.object({ hour: z.string(), shipments: z.number() })),
});
export type PersonTotals = z.infer<typeof personTotalsSchema>;

export const dailyReportMetaSchema = z
  .object({
    dateFrom: z.string(),
    dateTo: z.string(),
    /** The person the report is filtered to (filter[createdBy]), or null for the whole account. */
    createdBy: z.string().nullable(),
    /** Per person who processed parcels, most parcels first. */
    people: z.array(personTotalsSchema),
    carriers: z.array(carrierTotalsSchema),
    topDestinations: z.array(z.object({ country: z.string(), shipments: z.number() })),
    totals: z.object({
      shipments: z.number(),
      packages: z.number(),
      weightKg: z.number(),
      cost: moneySchema,
      costPerKg: z.number().nullable(),
    }),
    /** Returns shipped in the range (an extension): how many, per reason, and each as a share of the other shipments (null without any). */
    returns: z.object({
      returns: z.number(),
      rate: z.number().nullable(),
      byReason: z.array(z.object({ reason: z.string(), returns: z.number(), rate: z.number().nullable() })),
    }),
  })
  .meta({ id: 'DailyReportMeta' });
export type DailyReportMeta = z.infer<typeof dailyReportMetaSchema>;

/** One month, site, carrier and service of the emissions report (GET /reports/emissions). */
export const emissionsReportAttributesSchema = z.object({
  month: z.string().meta({ description: 'YYYY-MM, by ship date.' }),
  site: z.string().meta({ description: 'The site (GET /warehouses) it shipped from, by id.' }),
  carrier: z.string(),
  carrierName: carrierNameSchema,
  serviceCode: z.string(),
  serviceName: z.string(),
  shipments: z.number(),
  withFigure: z
    .number()
    .meta({ description: 'How many of them have a CO2e (those processed before the station worked it out have none).' }),
  co2eKg: z.number().meta({ description: 'Their CO2e added up, kg, well-to-wheel.' }),
  co2ePerShipmentKg: z.number().nullable().meta({ description: 'co2eKg over withFigure; null when none has a figure.' }),
});
export type EmissionsReportAttributes = z.infer<typeof emissionsReportAttributesSchema>;

/** Its id is month, site, carrier and service: 2026-11.1.UPS.STD. */
export const emissionsReportResourceSchema = resourceSchema('emissionsReport', emissionsReportAttributesSchema).meta({
  id: 'EmissionsReport',
});
export type EmissionsReportResource = z.infer<typeof emissionsReportResourceSchema>;

export const emissionsReportMetaSchema = z
  .object({
    dateFrom: z.string(),
    dateTo: z.string(),
    method: z.string().meta({ description: 'How each figure was worked out.' }),
    dataQuality: z.string().meta({ description: 'What the figures rest on: default intensities, modelled distances.' }),
    carriers: z.array(
      z.object({ carrier: z.string(), carrierName: carrierNameSchema, shipments: z.number(), withFigure: z.number(), co2eKg: z.number() }),
    ),
    totals: z.object({ shipments: z.number(), withFigure: z.number(), co2eKg: z.number() }),
  })
  .meta({ id: 'EmissionsReportMeta' });
export type EmissionsReportMeta = z.infer<typeof emissionsReportMetaSchema>;
