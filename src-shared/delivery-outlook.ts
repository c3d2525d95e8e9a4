// When a parcel will arrive, from the station's own tracking history (issue 52): for each lane (carrier, service,
// origin and destination country with their postal prefixes, widened to the countries until it holds enough
// delivered parcels) the distribution of working days from ship date to delivery, and from it, for a new parcel,
// the chance of arriving by each of the next days. Where the history is too thin, the rate card's nominal days, said
// so. Pure: the station reads the history (src-main/services/delivery-history.ts); the desk reads the same answer.
import { z } from 'zod';
import { addDays, isWorkingDay } from './calendar.ts';

/** The fewest delivered parcels a lane needs before its history is trusted over the card's nominal days. */
export const MIN_LANE_PARCELS = 30;
/** How far back the history reaches: a year of ship dates. */
export const HISTORY_DAYS = 365;
/** The longest transit the outlook counts days for; later deliveries count as this many. */
export const MAX_TRANSIT_DAYS = 20;

/** From the narrowest lane to the widest: both postal prefixes, the destination's only, the two countries only. */
export const LANE_LEVELS = ['postalPrefixes', 'destinationPrefix', 'countries'] as const;
export type LaneLevel = (typeof LANE_LEVELS)[number];

export interface Lane {
  carrierCode: string;
  serviceCode: string;
  fromCountry: string;
  /** The first two characters of the sender's postal code ('' when it has none). */
  fromPrefix: string;
  toCountry: string;
  toPrefix: string;
}

const laneSchema = z.object({
  level: z.enum(LANE_LEVELS).meta({ description: 'How wide the lane had to be to hold enough delivered parcels.' }),
  carrierCode: z.string(),
  serviceCode: z.string(),
  from: z.string().meta({ description: 'The origin: its country, with its postal prefix at the narrowest level (IT-20).' }),
  to: z.string().meta({ description: 'The destination: its country, with its postal prefix where the level has it (DE-80).' }),
});

export const deliveryOutlookSchema = z
  .object({
    expectedDate: z
      .string()
      .nullable()
      .meta({ description: 'The day it arrives by with 50 %, or the card’s date where history is too thin.' }),
    basis: z.object({
      source: z.enum(['history', 'card']).meta({
        description: `history: the lane's delivered parcels (at least ${MIN_LANE_PARCELS} in the last ${HISTORY_DAYS} days); card: the rate card's nominal transit days.`,
      }),
      lane: laneSchema.nullable(),
      parcels: z.number().meta({ description: 'Delivered parcels the history has on the widest lane asked (or on the lane used).' }),
      minimumParcels: z.number(),
    }),
    byDay: z
      .array(z.object({ date: z.string(), probability: z.number().meta({ description: 'The share delivered by that day, 0 to 1.' }) }))
      .meta({ description: 'From the ship date, each working day until every parcel of the lane had arrived; empty on the card’s basis.' }),
    percentiles: z
      .object({ p50: z.string(), p90: z.string(), p95: z.string() })
      .nullable()
      .meta({ description: 'The day it arrives by with 50, 90 and 95 %; null on the card’s basis.' }),
  })
  .meta({
    id: 'DeliveryOutlook',
    description: 'When the parcel arrives on this service (an extension): from the station’s tracking history, or the card.',
  });
export type DeliveryOutlook = z.infer<typeof deliveryOutlookSchema>;

/** Working days from the ship date to the delivery day: 0 the same day, 1 the next working day, weekends and holidays not counted. */
export function workingDaysBetween(shipDate: string, deliveredOn: string, holidays: readonly string[]): number {
  let count = 0;
  for (let day = addDays(shipDate, 1); day <= deliveredOn && count < MAX_TRANSIT_DAYS; day = addDays(day, 1))
    if (isWorkingDay(day, holidays)) count++;
  return count;
}

/** The keys of a lane at each level, narrowest first. */
export function laneKeys(lane: Lane): Record<LaneLevel, string> {
  const service = `${lane.carrierCode}|${lane.serviceCode}`;
  return {
    postalPrefixes: `${service}|${lane.fromCountry}-${lane.fromPrefix}|${lane.toCountry}-${lane.toPrefix}`,
    destinationPrefix: `${service}|${lane.fromCountry}|${lane.toCountry}-${lane.toPrefix}`,
    countries: `${service}|${lane.fromCountry}|${lane.toCountry}`,
  };
}

/** Delivered parcels by working days in transit: counts[k] parcels took k working days. */
export type TransitCounts = number[];

/** The history's lanes at every level, each with its transit counts. */
export class LaneHistory {
  private readonly counts = new Map<string, TransitCounts>();

  add(lane: Lane, workingDays: number, parcels: number): void {
    const days = Math.min(Math.max(0, workingDays), MAX_TRANSIT_DAYS);
    for (const key of Object.values(laneKeys(lane))) {
      let counts = this.counts.get(key);
      if (!counts) this.counts.set(key, (counts = []));
      counts[days] = (counts[days] ?? 0) + parcels;
    }
  }

  /** The narrowest level of the lane with enough parcels, or none (with how many the widest has). */
  find(lane: Lane): { level: LaneLevel; counts: TransitCounts; parcels: number } | { level: null; parcels: number } {
    const keys = laneKeys(lane);
    let widest = 0;
    for (const level of LANE_LEVELS) {
      const counts = this.counts.get(keys[level]);
      const parcels = counts ? total(counts) : 0;
      widest = parcels;
      if (counts && parcels >= MIN_LANE_PARCELS) return { level, counts, parcels };
    }
    return { level: null, parcels: widest };
  }
}

const total = (counts: TransitCounts) => counts.reduce((sum, count) => sum + (count ?? 0), 0);

/**
 * A new parcel's outlook on a lane from its history: the working days from its ship date with the share delivered
 * by each, and the days of 50, 90 and 95 %; where the history is too thin, the card's date (`cardDate`).
 */
export function outlookOf(
  lane: Lane,
  history: LaneHistory,
  shipDate: string,
  holidays: readonly string[],
  cardDate: string | null,
): DeliveryOutlook {
  const found = history.find(lane);
  if (found.level === null)
    return {
      expectedDate: cardDate,
      basis: { source: 'card', lane: null, parcels: found.parcels, minimumParcels: MIN_LANE_PARCELS },
      byDay: [],
      percentiles: null,
    };
  const { counts, parcels, level } = found;
  const byDay: DeliveryOutlook['byDay'] = [];
  let delivered = 0;
  let day = shipDate;
  for (let workingDays = 0; delivered < parcels; workingDays++) {
    if (workingDays > 0) {
      day = addDays(day, 1);
      while (!isWorkingDay(day, holidays)) day = addDays(day, 1);
    }
    delivered += counts[workingDays] ?? 0;
    byDay.push({ date: day, probability: Math.round((delivered / parcels) * 10_000) / 10_000 });
  }
  const dayOf = (percent: number) => byDay.find((entry) => entry.probability * 100 >= percent - 1e-9)!.date;
  const keys = laneKeys(lane);
  const [, , from, to] = keys[level].split('|') as [string, string, string, string];
  return {
    expectedDate: dayOf(50),
    basis: {
      source: 'history',
      lane: { level, carrierCode: lane.carrierCode, serviceCode: lane.serviceCode, from, to },
      parcels,
      minimumParcels: MIN_LANE_PARCELS,
    },
    byDay,
    percentiles: { p50: dayOf(50), p90: dayOf(90), p95: dayOf(95) },
  };
}

/** The first day the outlook arrives by with at least `confidence` (0 to 1); on the card's basis, its date. */
export function arrivesBy(outlook: DeliveryOutlook, confidence: number): string | null {
  if (outlook.basis.source === 'card') return outlook.expectedDate;
  return outlook.byDay.find((entry) => entry.probability >= confidence - 1e-9)?.date ?? null;
}

/** The postal prefix a lane keys on: the first two characters, without spaces, upper case. */
export const postalPrefix = (postalCode: string | number | null | undefined): string =>
  String(postalCode ?? '')
    .replace(/\s+/g, '')
    .slice(0, 2)
    .toUpperCase();
