// The Today extension (README, "End of day"): one ship date of a client at a glance, as GET /today answers it and
// the desk's Today screen shows it: shipments made, waiting and failed per carrier, what is left to close, the
// desk's open print jobs and the next pickup.

export interface TodayCarrier {
  /** The carrier code; before processing, the carrier chosen; null: any carrier (not chosen yet). */
  carrier: string | null;
  carrierName: string;
  /** Processed (labels made). */
  made: number;
  /** Scheduled and not processed yet. */
  waiting: number;
  failed: number;
  /** Saved drafts, not sent to processing. */
  saved: number;
  /** Processed and in no closed manifest: what a close would take now. */
  toClose: number;
  /** The carrier's closed manifest of the day, if it was closed. */
  manifest: { id: string; number: string; closedAt: string; transmittedAt: string | null } | null;
}

export interface TodayPrintJob {
  id: string;
  shipmentId: string;
  printer: string;
  status: 'queued' | 'printing';
  createdAt: string;
}

export interface TodayPickup {
  carrier: string;
  carrierName: string;
  /** The collection date, YYYY-MM-DD. */
  date: string;
  /** Until when it may be cancelled, on the station's clock (YYYY-MM-DD HH:MM). */
  cancelBefore: string;
  address: { name: string; address1: string; city: string; postalCode: string; country: string };
  /** Parcels and shipments the carrier collects there that day. */
  parcels: number;
  shipments: number;
}

export interface TodayAttributes {
  date: string;
  /** `returns`: the returns made for the day (an extension), also counted in `made`. */
  totals: { made: number; waiting: number; failed: number; saved: number; toClose: number; returns: number };
  carriers: TodayCarrier[];
  /** This desk's print jobs of the client still queued or printing, oldest first. */
  printJobs: TodayPrintJob[];
  /** The first collection still booked on or after the date, with the others of that carrier, day and address. */
  nextPickup: TodayPickup | null;
  /** Parcels made that day per person of the account, most first (the whole account's, whatever the filter). */
  people: { username: string | null; name: string; made: number; perHour: number }[];
  /** The person the counts are filtered to (filter[createdBy]), or null for the whole account. */
  createdBy: string | null;
}

export interface TodayResource {
  type: 'today';
  /** The date. */
  id: string;
  attributes: TodayAttributes;
}
