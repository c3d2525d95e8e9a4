// The reports extension (README, "End of day"): a client's processed shipments per day and carrier over a date
// range, with cost per carrier, top destinations and cost per kg, answered by GET /reports/daily as JSON:API
// or CSV.

/** The longest range one report covers: a year and a day. */
export const REPORT_MAX_DAYS = 366;

/** One carrier's shipments of one day. */
export interface CarrierDay {
  carrier: string;
  shipments: number;
  packages: number;
  weightKg: number;
  cost: { amount: number; currency: string };
}

export interface DailyReportAttributes {
  date: string;
  /** Per carrier that shipped that day, by carrier code. */
  carriers: CarrierDay[];
}

export interface DailyReportResource {
  type: 'dailyReport';
  /** The date. */
  id: string;
  attributes: DailyReportAttributes;
}

export interface CarrierTotals {
  carrier: string;
  shipments: number;
  weightKg: number;
  cost: { amount: number; currency: string };
  /** Cost per kilogram shipped; null without weight. */
  costPerKg: number | null;
}

export interface DailyReportMeta {
  dateFrom: string;
  dateTo: string;
  carriers: CarrierTotals[];
  topDestinations: { country: string; shipments: number }[];
  totals: { shipments: number; packages: number; weightKg: number; cost: { amount: number; currency: string }; costPerKg: number | null };
}
