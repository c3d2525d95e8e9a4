// What the shipment use cases share: the service's dependencies, and the steps every one of them takes (the
// station's calendar read once per request, a ship date checked, a priced shipment processed and recorded, an
// order's shipment guarded, a caller's own shipment found). services/shipments.ts puts the use cases together.
import { randomBytes } from 'node:crypto';
import { addDays, dayIn, nextWorkingDay, shipDateAt } from '../../../src-shared/calendar.ts';
import { carrierDayClosedWarning, type CarrierDayClosedWarning } from '../../../src-shared/closed-day.ts';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import { STATUS, type ShipmentAttributes } from '../../../src-shared/shipment.ts';
import { renderRefusal } from '../../documents/pool.ts';
import { actorOf, type Caller } from '../../domain/caller.ts';
import type { ProcessedResult, ShipmentRecord } from '../../domain/shipment.ts';
import { TrackingNumberTakenError } from '../../domain/store-fault.ts';
import { OrderTakenError } from '../../domain/order.ts';
import type { OrderShipmentLink } from '../../../src-shared/orders.ts';
import { UpstreamRefusedError, UpstreamUnreachableError } from '../../carriers/upstream-client.ts';
import { storedCutoffs } from '../carrier-settings.ts';
import { addressesOfShipment } from '../../store/index.ts';
import type { IdempotencyTicket, NewIdempotencyKey } from '../../domain/idempotency.ts';
import { priceShipment, processShipment, type ProcessInput, type ProcessingDeps } from '../processing.ts';
import type { ShipmentServiceDeps } from './types.ts';

/** The window of ship dates when no rate card says otherwise (an upstream's carriers): today and 30 days on. */
const SHIP_DAYS_AHEAD = 30;

/** The station's calendar at one instant, as a request reads it once. */
interface Dating {
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

/** Whose closed days a request or a waiting shipment meets: an account, live or in the sandbox. */
type DayOwner = { client: { id: string }; sandbox: boolean };

/** Draws of a tracking number per shipment before a clash with another desk's counts as a fault. */
const TRACKING_NUMBER_ATTEMPTS = 5;

/** The shared steps of the shipment use cases, over their dependencies. */
export function createShipmentContext(deps: ShipmentServiceDeps) {
  const { store, carriers, documents, clock, logger, audit } = deps;
  /** Who made a shipment and where: the user's username (never reused) and this desk. */
  const madeBy = (caller: Caller) => ({ createdBy: caller.user.username, desk: deps.desk });
  const held = new Set<string>();
  const processing: ProcessingDeps = {
    carriers,
    documents,
    trackingNumberTaken: async (trackingNumber) => held.has(trackingNumber) || (await store.shipments.trackingNumberTaken(trackingNumber)),
    holdTrackingNumber: (trackingNumber) => held.add(trackingNumber),
    releaseTrackingNumber: (trackingNumber) => held.delete(trackingNumber),
  };

  /**
   * Processes a priced shipment, then records the result with `record` (one transaction). A full document queue
   * answers 503 with Retry-After, so a burst slows callers down instead of piling up.
   */
  const processThen = async <T>(input: ProcessInput, record: (result: ProcessedResult) => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      let result: ProcessedResult;
      try {
        result = await processShipment(processing, input);
      } catch (error) {
        // The scheduler's batch tells a renderer that failed on the shipment (it fails it) from one that was busy.
        const refusal = input.lane === 'request' ? renderRefusal(error) : undefined;
        if (refusal) {
          if (refusal.code === 'document.renderFailed') logger.error(`Rendering the documents of shipment ${input.reference} failed`, error);
          throw refusal;
        }
        if (error instanceof UpstreamUnreachableError && input.lane === 'request') {
          // Sent, and no answer heard: whether it was booked is not known yet. The caller keeps the shipment safe.
          if (error.maybeDone) throw error;
          throw upstreamAway('upstream.unreachable', ERROR_TEXT.upstreamUnreachable(error.message));
        }
        if (error instanceof UpstreamRefusedError && input.lane === 'request') throw new StationError(error.status >= 500 ? 'upstream.failed' : 'upstream.refused', error.message);
        throw error;
      }
      try {
        return await record(result);
      } catch (error) {
        // Another desk recorded the same number a moment ago: nothing was stored, so draw a new one and render again.
        if (!(error instanceof TrackingNumberTakenError) || attempt === TRACKING_NUMBER_ATTEMPTS) throw error;
        logger.warn(`Tracking number drawn for shipment ${input.reference} was just taken by another desk; drawing another`);
      } finally {
        held.delete(result.trackingNumber);
      }
    }
  };
  /**
   * An upstream service that could not be asked: the request itself may be right, so it is a 503 the caller sends
   * again later (an ERP retries 5xx and gives up on 4xx), however long the upstream has been away.
   */
  const upstreamAway = (code: 'upstream.unreachable' | 'upstream.maybeBooked', text: string, meta?: Record<string, unknown>) =>
    new StationError(code, text, meta ? { meta } : {});
  const newId = () => randomBytes(32).toString('hex').toUpperCase();
  /** The carriers whose day the caller's account has closed today, by carrier code, with the manifest's number. */
  const closedToday = async (caller: DayOwner, today: string) => {
    const manifests = await store.manifests.list({ clientId: caller.client.id, sandbox: caller.sandbox, date: today, carrierCode: null, limit: 100 });
    return new Map(manifests.filter((manifest) => manifest.status === 'closed').map((manifest) => [manifest.carrierCode, manifest.number]));
  };
  /**
   * The station's calendar at one instant, read once per request: its holidays, and the ship date a shipment
   * without one gets with a carrier choice: today on a working day before that carrier's cutoff (HH:MM in the station's zone)
   * and before the caller's account closed that carrier's day, otherwise the next working day (its driver has come
   * for today's parcels, or nobody ships today).
   */
  const dating = async (caller: DayOwner, options: { closedDays: boolean } = { closedDays: true }): Promise<Dating> => {
    const [calendar, cutoffs] = await Promise.all([deps.calendar(), storedCutoffs(store)]);
    const now = clock();
    const today = dayIn(now, calendar.timeZone);
    const closed = options.closedDays ? await closedToday(caller, today) : new Map<string, string>();
    /** The closed day of a carrier: by its code (`UPS`, `DHL_EXPRESS`, `up1.UPS`), or by a rate card's choice code (`DHL`). */
    const closedFor = (code: string) => {
      const card = carriers.carrierOfChoice(code);
      const carrier = card?.carrierCode ?? code;
      const manifest = closed.get(carrier);
      return manifest === undefined ? undefined : { carrier, carrierName: card?.carrierName ?? carrier, manifest };
    };
    const soonestShipDate = (choiceCode: string | null | undefined) => shipDateAt(now, calendar, choiceCode ? cutoffs[choiceCode] : undefined);
    return {
      today,
      timeZone: calendar.timeZone,
      holidays: calendar.holidays,
      soonestShipDate,
      shipDateWith(choiceCode, carrier) {
        const soonest = soonestShipDate(choiceCode);
        const code = carrier ?? choiceCode;
        return soonest === today && code && closedFor(code) ? nextWorkingDay(today, calendar.holidays) : soonest;
      },
      dayAfterClose: (carrier) => (closedFor(carrier) ? nextWorkingDay(today, calendar.holidays) : undefined),
      closedDayWarning(carrier, shipDate) {
        const day = carrier && shipDate !== today ? closedFor(carrier) : undefined;
        return day && carrierDayClosedWarning(day.carrier, day.carrierName, day.manifest, shipDate);
      },
    };
  };
  /** The price list of a shipment: with its own ship date, or each carrier with the date it would ship on. */
  const priceList = (attributes: ShipmentAttributes, dates: Dating, options: { choiceCode?: string | null; sandbox: boolean }) =>
    priceShipment(carriers, attributes, { ...options, today: dates.today, holidays: dates.holidays, shipDate: (choiceCode) => attributes.shipDate ?? dates.shipDateWith(choiceCode) });

  /**
   * The shipment with its ship date checked against the station's today: a day before it, or further ahead than
   * the carrier (any carrier, without a choice) takes, is refused at once naming shipDate, not booked for a day
   * that has gone. Today itself means "as soon as possible": today before the carrier's cutoff, otherwise the next
   * working day, as a shipment without a date.
   */
  const dated = async (attributes: ShipmentAttributes, dates: Dating, choiceCode: string | null | undefined): Promise<ShipmentAttributes> => {
    const given = attributes.shipDate;
    if (given === undefined) return attributes;
    const refuse = (code: 'shipment.shipDatePast' | 'shipment.shipDateTooFar', reason: string) =>
      new StationError(code, ERROR_TEXT.invalidData('data.attributes.shipDate'), { pointer: '/data/attributes/shipDate', meta: { reason } });
    if (given < dates.today) throw refuse('shipment.shipDatePast', ERROR_TEXT.shipDatePast(given, dates.today, dates.timeZone));
    if (given === dates.today) {
      const { shipDate: _today, ...soonest } = attributes;
      return soonest;
    }
    // A later day: within the carrier's window (the cards are read only for such a date).
    const cards = (await carriers.cards()).map((entry) => entry.card);
    const chosen = cards.filter((card) => card.choiceCode === choiceCode);
    const windows = (chosen.length > 0 ? chosen : cards).map((card) => card.shipDaysAhead);
    const days = windows.length > 0 ? Math.max(...windows) : SHIP_DAYS_AHEAD;
    const latest = addDays(dates.today, days);
    if (given > latest) throw refuse('shipment.shipDateTooFar', ERROR_TEXT.shipDateTooFar(given, days, latest));
    return attributes;
  };

  /**
   * Every address a client ships from, to or collects at goes into its address book: a new shipment's with it, in
   * its own commit (the store's insert); a confirmed saved one's here, after it is recorded, where a failure is
   * logged, never answered, or a retried request would ship twice.
   */
  const remember = async (owner: { clientId: string; sandbox: boolean }, attributes: ShipmentAttributes) => {
    try {
      for (const address of addressesOfShipment(attributes)) await store.addresses.remember(owner.clientId, owner.sandbox, address);
    } catch (error) {
      logger.warn(`The address book was not updated: ${(error as Error).message}`);
    }
  };
  /** The audit log's entry of a new shipment, written with it. */
  const created = (caller: Caller, shipment: { id: string; origin: string; scheduled: boolean; reference: string | null; returnOf?: string | null; returnReason?: string | null }) =>
    audit.entry(actorOf(caller), shipment.returnOf ? 'shipment.return.created' : 'shipment.created', { type: 'shipment', id: shipment.id }, {
      origin: shipment.origin,
      scheduled: shipment.scheduled,
      reference: shipment.reference,
      sandbox: caller.sandbox,
      ...(shipment.returnOf ? { returnOf: shipment.returnOf, reason: shipment.returnReason } : {}),
    });
  const keyFor = (ticket: IdempotencyTicket | undefined, shipmentId: string): NewIdempotencyKey | undefined =>
    ticket && { ...ticket, subjectType: 'shipment', subjectId: shipmentId };

  /** The caller's own live shipment; another client's, a deleted or an unknown one is not found. */
  const find = (caller: Caller, id: string) => store.shipments.get(id, caller.client.id, caller.sandbox);

  const notRetrievable = () => new StationError('shipment.retrievalFailed', ERROR_TEXT.shipmentRetrieval);

  /** The refusal of a second live shipment of one order: 409, naming the shipment that ships it. */
  const orderTaken = (number: string, shipment: OrderShipmentLink) =>
    new StationError(shipment.status === STATUS.processed ? 'order.shipped' : 'order.inProgress', (shipment.status === STATUS.processed ? ERROR_TEXT.orderShipped : ERROR_TEXT.orderInProgress)(number, shipment.reference ?? shipment.id), {
      pointer: '/data/meta/orderNumber',
      meta: { reason: shipment.status === STATUS.processed ? 'orderShipped' : 'orderInProgress', order: number, shipment: { ...shipment } },
    });
  /**
   * Runs a create or confirm that names an order: the order must be the caller's, and no live shipment but
   * `savedId` (the one being confirmed) may ship it. Another desk's shipment of it recorded in the meantime is
   * refused by the store's constraint, and answered as if it had been found first.
   */
  const forOrder = async (caller: Caller, number: string | undefined, savedId: string | undefined, work: () => Promise<ShipmentRecord>) => {
    if (number === undefined) return work();
    const order = await store.orders.get(caller.client.id, caller.sandbox, number);
    if (!order) throw new StationError('order.unknown', ERROR_TEXT.invalidData('data.meta.orderNumber'), { pointer: '/data/meta/orderNumber', meta: { reason: ERROR_TEXT.noSuchOrder(number), order: number } });
    if (order.shipment && order.shipment.id !== savedId) throw orderTaken(number, order.shipment);
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof OrderTakenError)) throw error;
      const now = await store.orders.get(caller.client.id, caller.sandbox, number);
      throw now?.shipment ? orderTaken(number, now.shipment) : error;
    }
  };

  return { ...deps, deps, madeBy, processThen, upstreamAway, newId, dating, priceList, dated, remember, created, keyFor, find, notRetrievable, forOrder };
}

export type ShipmentContext = ReturnType<typeof createShipmentContext>;
