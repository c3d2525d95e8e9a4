// One booking of a shipment, top to bottom: the day read and the ship date checked; price; choose; reserve the
// reference; book and render; record. A one-step create (immediate, or scheduled: recorded waiting after the
// choice), a confirm of a new shipment and a confirm of a saved one in place all take these steps in this order;
// what differs is how the quote is chosen and how the result is recorded. The order guard wraps it
// (order-guard.ts); the requests' own checks come before it (booking.ts).
import { randomUUID } from 'node:crypto';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import { STATUS, type ShipmentAttributes } from '../../../src-shared/shipment.ts';
import type { CarrierDayClosedWarning } from '../../../src-shared/closed-day.ts';
import type { Caller } from '../../domain/caller.ts';
import type { PriceList, Quote } from '../../domain/rating.ts';
import type { ShipmentRecord } from '../../domain/shipment.ts';
import type { IdempotencyTicket } from '../../domain/idempotency.ts';
import { UpstreamUnreachableError } from '../../carriers/upstream-client.ts';
import { ratedDocumentHash } from '../rated-document.ts';
import { checkShipDate, priceOnDay } from './calendar-day.ts';
import { keyOfShipment, newShipmentId, refuseUpstreamAway, type ShipmentContext } from './context.ts';
import type { OrderLink } from './types.ts';

/** What a new shipment records of the request besides its document: the create's choices, its order, a return's link. */
export type ShipmentChoices = { service: string | null; carrierChoice: string | null; orderNumber?: string } & Partial<
  Pick<ShipmentRecord, 'returnOf' | 'returnReason' | 'returnNote' | 'payOnUse'>
>;

export interface BookingRequest {
  caller: Caller;
  /** The shipment as the request gave it, validated. */
  given: ShipmentAttributes;
  origin: 'create' | 'confirm';
  /** The one carrier choice priced (a create's data.meta.carrierChoice), or null for every carrier. */
  choiceCode: string | null;
  /** Picks the quote that books it, or refuses; undefined only where `scheduled` may wait for an upstream that is away. */
  choose(list: PriceList): Quote | undefined;
  choices: ShipmentChoices;
  /** A one-step create with scheduledProcessing: recorded waiting once chosen, booked by the scheduler. */
  scheduled?: boolean;
  /** A saved shipment confirmed in place (same id and reference). */
  saved?: ShipmentRecord;
  key?: IdempotencyTicket;
}

/** A return's link to its original, as the shipment's columns. */
export const returnChoices = (link: OrderLink['returnOf']): Partial<ShipmentChoices> =>
  link ? { returnOf: link.id, returnReason: link.reason, returnNote: link.note, payOnUse: link.payOnUse } : {};

/** The same document as booked: its attributes but the ship date the booking gave it (the rated document's hash). */
const isSameDocument = (booked: ShipmentAttributes, given: ShipmentAttributes) => {
  const { shipDate: _booked, ...bookedRest } = booked;
  const { shipDate: _given, ...givenRest } = given;
  return ratedDocumentHash(bookedRest) === ratedDocumentHash(givenRest);
};

/** A booked or waiting shipment with what its answer says besides (a carrier's closed day), never stored. */
const addNotices = (record: ShipmentRecord, notice: CarrierDayClosedWarning | undefined): ShipmentRecord =>
  notice ? { ...record, notices: [notice] } : record;

/**
 * A confirm naming a shipment that is booked already (a retry after a lost answer, or a second click): the same
 * document with the same rate is answered with the shipment as booked, a replay that books nothing; another rate,
 * another document (a parcel sent under a booked one's id), or a shipment that is not a saved one (waiting for the
 * scheduler, or failed), is refused with 409 naming it: nothing is booked, and nobody is answered another parcel.
 */
export function answerBookedAlready(
  shipment: ShipmentRecord,
  rate: { carrierCode: string; serviceCode: string },
  given: ShipmentAttributes,
): ShipmentRecord {
  const sameRate = shipment.carrierCode === rate.carrierCode && shipment.serviceCode === rate.serviceCode;
  if (shipment.status === STATUS.processed && sameRate && isSameDocument(shipment.attributes, given)) return shipment;
  const name = shipment.reference ?? shipment.id;
  const processed = shipment.status === STATUS.processed;
  const text = processed
    ? ERROR_TEXT.confirmedAlready(name, shipment.carrierName ?? shipment.carrierCode ?? '', shipment.trackingNumber ?? '')
    : ERROR_TEXT.notAwaitingConfirm(name);
  throw new StationError(processed ? 'shipment.confirmedAlready' : 'shipment.notAwaitingConfirm', text, {
    pointer: '/data/id',
    meta: {
      reason: processed ? 'confirmedAlready' : 'notAwaitingConfirm',
      shipment: { id: shipment.id, reference: shipment.reference, status: shipment.status, trackingNumber: shipment.trackingNumber },
    },
  });
}

/** The refusal of a confirm whose saved shipment another confirm is booking this moment: 409 naming it, to retrieve it. */
const refuseBusy = (saved: ShipmentRecord, status: number, trackingNumber: string | null) =>
  new StationError('shipment.confirmInProgress', ERROR_TEXT.savedShipmentBusy, {
    pointer: '/data/id',
    meta: { reason: 'confirmInProgress', shipment: { id: saved.id, reference: saved.reference, status, trackingNumber } },
  });

export function createShipmentBooking(context: ShipmentContext) {
  const { store, carriers, clock, madeBy, bookAndRender, rememberAddresses, auditCreation, readDay } = context;

  /** Records a new shipment waiting for the scheduler: no reference yet, booked in its run. */
  const recordWaiting = (
    caller: Caller,
    attributes: ShipmentAttributes & { shipDate: string },
    choices: ShipmentChoices,
    key: IdempotencyTicket | undefined,
    day: { site: number },
  ) => {
    const shipment = {
      id: newShipmentId(),
      clientId: caller.client.id,
      sandbox: caller.sandbox,
      origin: 'create' as const,
      scheduled: true,
      reference: null,
      shipDate: attributes.shipDate,
      attributes,
      ...choices,
      ...madeBy(caller, day),
    };
    return store.shipments.insert(shipment, undefined, auditCreation(caller, shipment), keyOfShipment(key, shipment.id));
  };

  /** Reserves a reference, books and renders the new shipment, and records it processed in one transaction. */
  const recordNew = async (
    request: BookingRequest,
    attributes: ShipmentAttributes & { shipDate: string },
    quote: Quote,
    day: { site: number },
  ) => {
    const { caller, choices, key } = request;
    const reference = await store.shipments.allocateReference();
    const id = newShipmentId();
    const shipment = {
      id,
      clientId: caller.client.id,
      sandbox: caller.sandbox,
      origin: request.origin,
      scheduled: false,
      reference,
      shipDate: attributes.shipDate,
      attributes,
      ...choices,
      ...madeBy(caller, day),
    };
    const input = {
      shipmentId: id,
      attributes,
      shipDate: attributes.shipDate,
      sandbox: caller.sandbox,
      reference,
      quote,
      at: clock(),
      lane: 'request' as const,
      retry: false,
      ...(choices.returnOf ? { returnLabel: { payOnUse: choices.payOnUse === true } } : {}),
    };
    try {
      return await bookAndRender(input, (processed) =>
        store.shipments.insert(shipment, processed, auditCreation(caller, shipment), keyOfShipment(key, shipment.id)),
      );
    } catch (error) {
      if (!(error instanceof UpstreamUnreachableError)) throw error;
      // The upstream may have booked it without our hearing back: the shipment is kept in the outbox, where the
      // scheduler looks the booking up before it books (never twice). A repeat with the request's key finds it.
      const kept = { ...shipment, scheduled: true, service: choices.service ?? 'economy', carrierChoice: quote.choiceCode };
      await store.shipments.insert(kept, undefined, auditCreation(caller, kept), keyOfShipment(key, kept.id));
      throw refuseUpstreamAway('upstream.maybeBooked', ERROR_TEXT.upstreamMaybeBooked(error.message, kept.id), { shipmentId: kept.id });
    }
  };

  /**
   * A confirm that lost its saved shipment to another confirm at the same moment: booked by it already, the
   * shipment as a replay (or the refusal of another document or rate); still being booked, 409 naming it.
   */
  const answerLostClaim = async (saved: ShipmentRecord, quote: Quote, attributes: ShipmentAttributes): Promise<ShipmentRecord> => {
    const now = await store.shipments.get(saved.id, saved.clientId, saved.sandbox);
    if (now && now.status === STATUS.processed) return answerBookedAlready(now, quote, attributes);
    throw refuseBusy(saved, now?.status ?? saved.status, now?.trackingNumber ?? null);
  };

  /** Books and renders a saved shipment under its reference, claimed first so two confirms of it never book twice. */
  const recordSaved = async (
    request: BookingRequest & { saved: ShipmentRecord },
    attributes: ShipmentAttributes & { shipDate: string },
    quote: Quote,
  ) => {
    const { saved, key } = request;
    const token = randomUUID();
    if (!(await store.shipments.claimSaved(saved.id, token))) return answerLostClaim(saved, quote, attributes);
    try {
      const input = {
        shipmentId: saved.id,
        attributes,
        shipDate: attributes.shipDate,
        sandbox: saved.sandbox,
        reference: saved.reference!,
        quote,
        at: clock(),
        lane: 'request' as const,
        retry: true,
      };
      const confirmed = await bookAndRender(input, (processed) =>
        store.shipments.confirmSaved(
          saved.id,
          token,
          { attributes, shipDate: attributes.shipDate, orderNumber: request.choices.orderNumber },
          processed,
          keyOfShipment(key, saved.id),
        ),
      );
      if (!confirmed) throw refuseBusy(saved, saved.status, null);
    } catch (error) {
      await store.shipments.releaseClaim(saved.id, token);
      // A confirm of a saved shipment looks its upstream booking up first, so confirming it again is safe.
      if (error instanceof UpstreamUnreachableError) {
        throw error.maybeDone
          ? refuseUpstreamAway('upstream.maybeBooked', ERROR_TEXT.upstreamMaybeBookedSaved(error.message))
          : refuseUpstreamAway('upstream.unreachable', ERROR_TEXT.upstreamUnreachable(error.message));
      }
      throw error;
    }
    await rememberAddresses(saved, attributes);
    return (await store.shipments.get(saved.id, saved.clientId, saved.sandbox))!;
  };

  /** The booking, step by step. */
  return async function bookShipment(request: BookingRequest): Promise<ShipmentRecord> {
    const { caller, choiceCode } = request;
    const isReturn = Boolean(request.choices.returnOf);
    // A saved shipment stays at its site, and a return is made at its original's (its calendar, its returns
    // address); anything else at the desk's.
    const returned = request.choices.returnOf
      ? await store.shipments.get(request.choices.returnOf, caller.client.id, caller.sandbox)
      : undefined;
    const site = request.saved?.site ?? returned?.site;
    const day = await readDay(site === undefined ? caller : { ...caller, site });
    const attributes = await checkShipDate(carriers, request.given, day, choiceCode);
    // 1. Price: a scheduled create meets the same rules before its 202 as an immediate one before its 201; once
    // acknowledged, it fails later only for a reason outside the request (a rate card changed meanwhile).
    const list = await priceOnDay(carriers, attributes, day, { choiceCode, sandbox: caller.sandbox });
    // 2. Choose, and date: a return is handed in by the customer, never on the warehouse's closed day.
    const quote = request.choose(list);
    const carrier = quote?.choiceCode ?? choiceCode;
    const shipDate = attributes.shipDate ?? (isReturn ? day.soonestShipDate(carrier) : day.shipDateWith(carrier, quote?.carrierCode));
    const dated = { ...attributes, shipDate };
    const closedDay =
      attributes.shipDate === undefined && !isReturn ? day.closedDayWarning(quote?.carrierCode ?? choiceCode, shipDate) : undefined;
    if (request.scheduled) return addNotices(await recordWaiting(caller, dated, request.choices, request.key, day), closedDay);
    if (!quote) throw new Error('a booking without a quote can only wait for the scheduler');
    // 3–5. Reserve the reference (a saved shipment has its own), book and render, record.
    const booked = request.saved
      ? await recordSaved({ ...request, saved: request.saved }, dated, quote)
      : await recordNew(request, dated, quote, day);
    return addNotices(booked, closedDay);
  };
}
