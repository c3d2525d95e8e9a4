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

/** One person's processed parcels over the report's dates: what supervisors ask for. */
export interface PersonTotals {
  /** The user's username; null for shipments imported in bulk, which name nobody. */
  username: string | null;
  /** The name the desk shows (the username when the user is gone). */
  name: string;
  shipments: number;
  /** Hours (on the station's clock, in UTC hours) in which the person processed at least one parcel. */
  activeHours: number;
  /** Parcels per active hour, one decimal. */
  perHour: number;
  /** Parcels per hour of the day they were processed in (0–23, UTC), for the busiest-hour chart. */
  byHour: { hour: string; shipments: number }[];
}

export interface DailyReportMeta {
  dateFrom: string;
  dateTo: string;
  /** The person the report is filtered to (filter[createdBy]), or null for the whole account. */
  createdBy: string | null;
  /** Per person who processed parcels, most parcels first. */
  people: PersonTotals[];
  carriers: CarrierTotals[];
  topDestinations: { country: string; shipments: number }[];
  totals: { shipments: number; packages: number; weightKg: number; cost: { amount: number; currency: string }; costPerKg: number | null };
  /** Returns shipped in the range (an extension): how many, per reason, and each as a share of the other shipments (null without any). */
  returns: { returns: number; rate: number | null; byReason: { reason: string; returns: number; rate: number | null }[] };
}
