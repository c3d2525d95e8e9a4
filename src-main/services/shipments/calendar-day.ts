// The calendar as one request reads it at its site (the desk's, or a shipment's own): today in the site's zone,
// its holidays, each carrier's cutoff and the days the caller's account closed at that site; from them, the ship date a shipment gets with a carrier, the
// check of a ship date the caller gave, and the price list with each carrier's ship date. Read once per request
// (or once per account in a scheduled run), so every step of one booking sees the same day.
import { addDays, dayIn, nextWorkingDay, shipDateAt } from '../../../src-shared/calendar.ts';
import { carrierDayClosedWarning, type CarrierDayClosedWarning } from '../../../src-shared/closed-day.ts';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import type { ShipmentAttributes } from '../../../src-shared/shipment.ts';
import type { CarrierRegistry } from '../../carriers/registry.ts';
import { priceShipment } from '../processing.ts';
import type { ShipmentServiceDeps } from './types.ts';

/** The window of ship dates when no rate card says otherwise (an upstream's carriers): today and 30 days on. */
const SHIP_DAYS_AHEAD = 30;

/** The station's calendar at one instant, as a request reads it once. */
export interface CalendarDay {
  /** The site of the account whose day it is (its calendar, its closed carriers): what a new shipment is made at. */
  site: number;
  today: string;
  timeZone: string;
  holidays: readonly string[];
  /**
   * `carrier`: the carrier code a quote books (an upstream's carriers close as `up1.UPS`, not by their choice `up1`);
   * without it, the choice's own card's.
   */
  shipDateWith(choiceCode: string | null | undefined, carrier?: string): string;
  /** The ship date by the calendar and the cutoff alone, its carrier's closed day aside: a return's (the customer hands it in). */
  soonestShipDate(choiceCode: string | null | undefined): string;
  /** The warning a shipment of this carrier (a carrier or choice code) and ship date gets when the carrier's day is closed and it moved on. */
  closedDayWarning(carrier: string | null | undefined, shipDate: string): CarrierDayClosedWarning | undefined;
  /** The carrier's next working day when its day is closed today (a waiting shipment of today's is booked for it). */
  dayAfterClose(carrier: string): string | undefined;
}

/**
 * Whose closed days a request or a waiting shipment meets: an account, live or in the sandbox, at a site (a
 * shipment's own; absent: the desk's).
 */
export type DayOwner = { client: { id: string; profile?: { name: string } }; sandbox: boolean; site?: number };

type CalendarDeps = Pick<ShipmentServiceDeps, 'store' | 'carriers' | 'clock' | 'warehouses'>;

/** The carriers whose day the owner's account has closed today at the site, by carrier code, with the manifest's number. */
async function readClosedCarriers(deps: CalendarDeps, owner: DayOwner, today: string, site: number): Promise<Map<string, string>> {
  const manifests = await deps.store.manifests.list({
    clientId: owner.client.id,
    sandbox: owner.sandbox,
    date: today,
    carrierCode: null,
    limit: 100,
    site,
  });
  return new Map(manifests.filter((manifest) => manifest.status === 'closed').map((manifest) => [manifest.carrierCode, manifest.number]));
}

/**
 * Reads the station's calendar at this instant: its holidays, and the ship date a shipment without one gets with a
 * carrier choice: today on a working day before that carrier's cutoff (HH:MM in the station's zone) and before the
 * owner's account closed that carrier's day, otherwise the next working day (its driver has come for today's
 * parcels, or nobody ships today). `closedDays: false` leaves the closed days unread (a saved shipment's date).
 */
export async function readCalendarDay(
  deps: CalendarDeps,
  owner: DayOwner,
  options: { closedDays: boolean } = { closedDays: true },
): Promise<CalendarDay> {
  const site = owner.site === undefined ? await deps.warehouses.deskSite(owner) : await deps.warehouses.numbered(owner, owner.site);
  const calendar = await deps.warehouses.calendarOf(site);
  const cutoffs = calendar.cutoffs;
  const now = deps.clock();
  const today = dayIn(now, calendar.timeZone);
  const closed = options.closedDays ? await readClosedCarriers(deps, owner, today, site.number) : new Map<string, string>();
  /** The closed day of a carrier: by its code (`UPS`, `DHL_EXPRESS`, `up1.UPS`), or by a rate card's choice code (`DHL`). */
  const findClosedDay = (code: string) => {
    const card = deps.carriers.carrierOfChoice(code);
    const carrier = card?.carrierCode ?? code;
    const manifest = closed.get(carrier);
    return manifest === undefined ? undefined : { carrier, carrierName: card?.carrierName ?? carrier, manifest };
  };
  // The day is read at one instant: each cutoff's date is worked out once (a rate asks it of every carrier, twice).
  const byCutoff = new Map<string | undefined, string>();
  const soonestShipDate = (choiceCode: string | null | undefined) => {
    const cutoff = choiceCode ? cutoffs[choiceCode] : undefined;
    let date = byCutoff.get(cutoff);
    if (date === undefined) {
      date = shipDateAt(now, calendar, cutoff);
      byCutoff.set(cutoff, date);
    }
    return date;
  };
  return {
    site: site.number,
    today,
    timeZone: calendar.timeZone,
    holidays: calendar.holidays,
    soonestShipDate,
    shipDateWith(choiceCode, carrier) {
      const soonest = soonestShipDate(choiceCode);
      const code = carrier ?? choiceCode;
      return soonest === today && code && findClosedDay(code) ? nextWorkingDay(today, calendar.holidays) : soonest;
    },
    dayAfterClose: (carrier) => (findClosedDay(carrier) ? nextWorkingDay(today, calendar.holidays) : undefined),
    closedDayWarning(carrier, shipDate) {
      const day = carrier && shipDate !== today ? findClosedDay(carrier) : undefined;
      return day && carrierDayClosedWarning(day.carrier, day.carrierName, day.manifest, shipDate);
    },
  };
}

/**
 * Checks the shipment's ship date against the day: a day before today, or further ahead than the carrier (any
 * carrier, without a choice) takes, is refused at once naming shipDate, not booked for a day that has gone. Today
 * itself means "as soon as possible": today before the carrier's cutoff, otherwise the next working day, as a
 * shipment without a date (answered without its shipDate).
 */
export async function checkShipDate(
  carriers: CarrierRegistry,
  attributes: ShipmentAttributes,
  day: CalendarDay,
  choiceCode: string | null | undefined,
): Promise<ShipmentAttributes> {
  const given = attributes.shipDate;
  if (given === undefined) return attributes;
  const refuse = (code: 'shipment.shipDatePast' | 'shipment.shipDateTooFar', reason: string) =>
    new StationError(code, ERROR_TEXT.invalidData('data.attributes.shipDate'), { pointer: '/data/attributes/shipDate', meta: { reason } });
  if (given < day.today) throw refuse('shipment.shipDatePast', ERROR_TEXT.shipDatePast(given, day.today, day.timeZone));
  if (given === day.today) {
    const { shipDate: _today, ...soonest } = attributes;
    return soonest;
  }
  // A later day: within the carrier's window (the cards are read only for such a date).
  const cards = (await carriers.cards()).map((entry) => entry.card);
  const chosen = cards.filter((card) => card.choiceCode === choiceCode);
  const windows = (chosen.length > 0 ? chosen : cards).map((card) => card.shipDaysAhead);
  const days = windows.length > 0 ? Math.max(...windows) : SHIP_DAYS_AHEAD;
  const latest = addDays(day.today, days);
  if (given > latest) throw refuse('shipment.shipDateTooFar', ERROR_TEXT.shipDateTooFar(given, days, latest));
  return attributes;
}

/** Prices the shipment on the day: with its own ship date, or each carrier with the date it would ship on. */
export function priceOnDay(
  carriers: CarrierRegistry,
  attributes: ShipmentAttributes,
  day: CalendarDay,
  options: { choiceCode?: string | null; sandbox: boolean },
) {
  return priceShipment(carriers, attributes, {
    ...options,
    today: day.today,
    holidays: day.holidays,
    shipDate: (choiceCode) => attributes.shipDate ?? day.shipDateWith(choiceCode),
  });
}
