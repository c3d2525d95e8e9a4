// Booking a shipment: save, rate, confirm (a new shipment, or a saved one in place) and the one-step create,
// immediate or scheduled, each for an order when it names one.
import { randomUUID } from 'node:crypto';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import { STATUS, type ShipmentAttributes } from '../../../src-shared/shipment.ts';
import type { PriceChangeMeta } from '../../../src-shared/resources.ts';
import type { CarrierDayClosedWarning } from '../../../src-shared/closed-day.ts';
import type { Caller } from '../../domain/caller.ts';
import type { PriceList } from '../../domain/rating.ts';
import type { ShipmentRecord } from '../../domain/shipment.ts';
import { UpstreamUnreachableError } from '../../carriers/upstream-client.ts';
import type { IdempotencyTicket } from '../../domain/idempotency.ts';
import { ratedDocumentHash } from '../rated-document.ts';
import { noServiceMeta, noServiceReason, pickByService, unavailableEntry, unreachableReason } from '../processing.ts';
import type { OrderLink, ShipmentService } from './types.ts';
import type { ShipmentContext } from './context.ts';

/** The same document as booked: its attributes but the ship date the booking gave it (the rated document's hash). */
const sameDocument = (booked: ShipmentAttributes, given: ShipmentAttributes) => {
  const { shipDate: _booked, ...bookedRest } = booked;
  const { shipDate: _given, ...givenRest } = given;
  return ratedDocumentHash(bookedRest) === ratedDocumentHash(givenRest);
};

/** A booked or waiting shipment with what its answer says besides (a carrier's closed day), never stored. */
const withNotices = (record: ShipmentRecord, notice: CarrierDayClosedWarning | undefined): ShipmentRecord => (notice ? { ...record, notices: [notice] } : record);

type ReturnColumns = Partial<Pick<ShipmentRecord, 'returnOf' | 'returnReason' | 'returnNote' | 'payOnUse'>>;

/** A return's link to its original, as the shipment's columns. */
const returnColumns = (link: OrderLink['returnOf']): ReturnColumns =>
  link ? { returnOf: link.id, returnReason: link.reason, returnNote: link.note, payOnUse: link.payOnUse } : {};

export function bookingUseCases(context: ShipmentContext): Pick<ShipmentService, 'save' | 'carrierChoices' | 'rate' | 'confirm' | 'create'> {
  const { store, carriers, clock, madeBy, processThen, upstreamAway, newId, dating, priceList, dated, remember, created, keyFor, find, forOrder } = context;
  /** Prices, books and documents a new shipment during the call, and records it processed in one transaction. */
  const recordProcessed = async (
    caller: Caller,
    attributes: ShipmentAttributes,
    shipDate: string,
    origin: 'confirm' | 'create',
    quote: PriceList['quotes'][number],
    meta: { service: string | null; carrierChoice: string | null; orderNumber?: string } & ReturnColumns,
    key: IdempotencyTicket | undefined,
  ) => {
    const reference = await store.shipments.allocateReference();
    const id = newId();
    const input = { shipmentId: id, attributes, shipDate, sandbox: caller.sandbox, reference, quote, at: clock(), lane: 'request' as const, retry: false, ...(meta.returnOf ? { returnLabel: { payOnUse: meta.payOnUse === true } } : {}) };
    const shipment = { id, clientId: caller.client.id, sandbox: caller.sandbox, origin, scheduled: false, reference, shipDate, attributes, ...meta, ...madeBy(caller) };
    let record: ShipmentRecord;
    try {
      record = await processThen(input, (processed) => store.shipments.insert(shipment, processed, created(caller, shipment), keyFor(key, shipment.id)));
    } catch (error) {
      if (!(error instanceof UpstreamUnreachableError)) throw error;
      // The upstream may have booked it without our hearing back: the shipment is kept in the outbox, where the
      // scheduler looks the booking up before it books (never twice). A repeat with the request's key finds it.
      const kept = { ...shipment, scheduled: true, service: meta.service ?? 'economy', carrierChoice: quote.choiceCode };
      await store.shipments.insert(kept, undefined, created(caller, kept), keyFor(key, kept.id));
      throw upstreamAway('upstream.maybeBooked', ERROR_TEXT.upstreamMaybeBooked(error.message, kept.id), { shipmentId: kept.id });
    }
    return record;
  };

  /** A saved shipment still waiting for its confirm: the one kind a confirm naming it books (in place). */
  const awaitsConfirm = (shipment: ShipmentRecord) => shipment.origin === 'save' && shipment.status === STATUS.created && !shipment.scheduled;

  /**
   * A confirm naming a shipment that is booked already (a retry after a lost answer, or a second click): the same
   * document with the same rate is answered with the shipment as booked, a replay that books nothing; another rate,
   * another document (a parcel sent under a booked one's id), or a shipment that is not a saved one (waiting for the
   * scheduler, or failed), is refused with 409 naming it: nothing is booked, and nobody is answered another parcel.
   */
  const answerBookedAlready = (shipment: ShipmentRecord, rate: { carrierCode: string; serviceCode: string }, given: ShipmentAttributes) => {
    const sameRate = shipment.carrierCode === rate.carrierCode && shipment.serviceCode === rate.serviceCode;
    if (shipment.status === STATUS.processed && sameRate && sameDocument(shipment.attributes, given)) return shipment;
    const name = shipment.reference ?? shipment.id;
    const text = shipment.status === STATUS.processed ? ERROR_TEXT.confirmedAlready(name, shipment.carrierName ?? shipment.carrierCode ?? '', shipment.trackingNumber ?? '') : ERROR_TEXT.notAwaitingConfirm(name);
    throw new StationError(shipment.status === STATUS.processed ? 'shipment.confirmedAlready' : 'shipment.notAwaitingConfirm', text, {
      pointer: '/data/id',
      meta: { reason: shipment.status === STATUS.processed ? 'confirmedAlready' : 'notAwaitingConfirm', shipment: { id: shipment.id, reference: shipment.reference, status: shipment.status, trackingNumber: shipment.trackingNumber } },
    });
  };

  /**
   * A confirm that lost its saved shipment to another confirm at the same moment: booked by it already, the
   * shipment as a replay (or the refusal of another document or rate); still being booked, 409 naming it with its
   * reference, so the caller retrieves it.
   */
  const lostClaim = async (saved: ShipmentRecord, quote: PriceList['quotes'][number], attributes: ShipmentAttributes): Promise<ShipmentRecord> => {
    const now = await store.shipments.get(saved.id, saved.clientId, saved.sandbox);
    if (now && now.status === STATUS.processed) return answerBookedAlready(now, quote, attributes);
    throw new StationError('shipment.confirmInProgress', ERROR_TEXT.savedShipmentBusy, {
      pointer: '/data/id',
      meta: { reason: 'confirmInProgress', shipment: { id: saved.id, reference: saved.reference, status: now?.status ?? saved.status, trackingNumber: now?.trackingNumber ?? null } },
    });
  };

  /** Confirms a saved shipment in place: claimed first, so two confirms of it never book twice. */
  const confirmSaved = async (
    saved: ShipmentRecord,
    attributes: ShipmentAttributes & { shipDate: string },
    quote: PriceList['quotes'][number],
    key: IdempotencyTicket | undefined,
    orderNumber: string | undefined,
  ) => {
    const token = randomUUID();
    if (!(await store.shipments.claimSaved(saved.id, token))) return lostClaim(saved, quote, attributes);
    try {
      const input = { shipmentId: saved.id, attributes, shipDate: attributes.shipDate, sandbox: saved.sandbox, reference: saved.reference!, quote, at: clock(), lane: 'request' as const, retry: true };
      const confirmed = await processThen(input, (processed) =>
        store.shipments.confirmSaved(saved.id, token, { attributes, shipDate: attributes.shipDate, orderNumber }, processed, keyFor(key, saved.id)),
      );
      if (!confirmed) throw new StationError('shipment.confirmInProgress', ERROR_TEXT.savedShipmentBusy, { pointer: '/data/id', meta: { reason: 'confirmInProgress', shipment: { id: saved.id, reference: saved.reference, status: saved.status, trackingNumber: null } } });
    } catch (error) {
      await store.shipments.releaseClaim(saved.id, token);
      // A confirm of a saved shipment looks its upstream booking up first, so confirming it again is safe.
      if (error instanceof UpstreamUnreachableError) {
        throw error.maybeDone
          ? upstreamAway('upstream.maybeBooked', ERROR_TEXT.upstreamMaybeBookedSaved(error.message))
          : upstreamAway('upstream.unreachable', ERROR_TEXT.upstreamUnreachable(error.message));
      }
      throw error;
    }
    await remember(saved, attributes);
    return (await store.shipments.get(saved.id, saved.clientId, saved.sandbox))!;
  };


  return {
    async save(caller, given, key) {
      // A saved shipment gets its date again when it is confirmed: no carrier's closed day is read for it.
      const dates = await dating(caller, { closedDays: false });
      const attributes = await dated(given, dates, null);
      const shipDate = attributes.shipDate ?? dates.shipDateWith(null);
      const shipment = {
        id: newId(),
        clientId: caller.client.id,
        sandbox: caller.sandbox,
        origin: 'save' as const,
        scheduled: false,
        service: null,
        carrierChoice: null,
        reference: await store.shipments.allocateReference(),
        shipDate,
        attributes: { ...attributes, shipDate },
        ...madeBy(caller),
      };
      return store.shipments.insert(shipment, undefined, created(caller, shipment), keyFor(key, shipment.id));
    },

    // Upstream services are read again first: one added a moment ago by the admin command is a choice at once.
    carrierChoices: async () => {
      await carriers.refreshUpstreams();
      return carriers.choiceCodes();
    },

    async rate(caller, given) {
      const dates = await dating(caller);
      const attributes = await dated(given, dates, null);
      const list = await priceList(attributes, dates, { sandbox: caller.sandbox });
      // Nothing quoted and an upstream could not be asked: not an answer about the shipment, so ask again later.
      const away = list.quotes.length === 0 ? unreachableReason(list) : undefined;
      if (away) throw upstreamAway('upstream.unreachable', ERROR_TEXT.upstreamUnreachableForRates(away));
      // A carrier whose day is closed prices the parcel for its next working day, and the list says so once per carrier.
      const byCarrier = [...new Map(list.quotes.map((quote) => [quote.carrierCode, quote])).values()];
      const warnings = attributes.shipDate === undefined ? byCarrier.flatMap((quote) => dates.closedDayWarning(quote.carrierCode, dates.shipDateWith(quote.choiceCode, quote.carrierCode)) ?? []) : [];
      // The hash is of the document as sent, which its confirm sends again.
      return { ...list, documentHash: ratedDocumentHash(given), warnings };
    },

    async confirm(caller, given, meta, savedId, key) {
      return forOrder(caller, meta.orderNumber, savedId, async () => {
        // A shipment named by data.id that is no longer waiting to be confirmed is never booked again.
        const named = savedId === undefined ? undefined : await find(caller, savedId);
        if (named && !awaitsConfirm(named)) return answerBookedAlready(named, meta, given);
        // A rate handed out for another document (the desk's form, or a script's, changed after rating) books nothing.
        if (meta.documentHash !== undefined && meta.documentHash !== ratedDocumentHash(given)) {
          throw new StationError('shipment.notTheRated', ERROR_TEXT.notTheRatedShipment, { pointer: '/data/meta/rate/meta/documentHash', meta: { reason: ERROR_TEXT.notTheRatedShipment } });
        }
        const dates = await dating(caller);
        const attributes = await dated(given, dates, null);
        const list = await priceList(attributes, dates, { sandbox: caller.sandbox });
        const quote = list.quotes.find((candidate) => candidate.carrierCode === meta.carrierCode && candidate.serviceCode === meta.serviceCode);
        if (!quote) {
          const away = unreachableReason(list, meta.carrierCode);
          if (away) throw upstreamAway('upstream.unreachable', ERROR_TEXT.upstreamUnreachable(away));
          const known = carriers.bookingCarrier(meta.carrierCode) !== undefined;
          const why = list.unavailable.find((entry) => entry.carrierCode === meta.carrierCode && entry.serviceCode === meta.serviceCode);
          const detail = ERROR_TEXT.invalidData('data.meta.rate.id');
          const pointer = '/data/meta/rate/id';
          if (why) throw new StationError('rate.notAvailable', detail, { pointer, meta: { reason: why.reason, unavailable: [unavailableEntry(why)] } });
          throw known
            ? new StationError('carrier.noSuchService', detail, { pointer, meta: { reason: ERROR_TEXT.noSuchService(meta.serviceCode) } })
            : new StationError('carrier.unknown', detail, { pointer, meta: { reason: ERROR_TEXT.noSuchCarrier(meta.carrierCode) } });
        }
        if (meta.finalCost !== undefined && Math.round(meta.finalCost * 100) !== quote.finalCents) {
          const change: PriceChangeMeta = { originalPrice: meta.finalCost, updatedPrice: quote.finalCents / 100, currency: quote.currency };
          throw new StationError('rate.priceChanged', ERROR_TEXT.priceIsDifferent(String(change.originalPrice), String(change.updatedPrice)), { meta: { ...change } });
        }
        const shipDate = attributes.shipDate ?? dates.shipDateWith(quote.choiceCode, quote.carrierCode);
        const confirmed = { ...attributes, shipDate };
        const booked = named
          ? await confirmSaved(named, confirmed, quote, key, meta.orderNumber)
          : await recordProcessed(caller, confirmed, shipDate, 'confirm', quote, { service: null, carrierChoice: null, orderNumber: meta.orderNumber }, key);
        return withNotices(booked, attributes.shipDate === undefined ? dates.closedDayWarning(quote.carrierCode, shipDate) : undefined);
      });
    },

    async create(caller, given, meta, key) {
      return forOrder(caller, meta.orderNumber, undefined, async () => {
        const dates = await dating(caller);
        const choice = { service: meta.service, carrierChoice: meta.carrierChoice ?? null, orderNumber: meta.orderNumber, ...returnColumns(meta.returnOf) };
        const attributes = await dated(given, dates, choice.carrierChoice);
        // A scheduled shipment meets the same rules before its 202 as an immediate one before its 201: once
        // acknowledged, it fails later only for a reason outside the request (a rate card changed meanwhile).
        const list = await priceList(attributes, dates, { choiceCode: choice.carrierChoice, sandbox: caller.sandbox });
        const quote = pickByService(list.quotes, meta.service);
        // Offline first: a scheduled shipment for an upstream that cannot be reached now is accepted into the outbox.
        const away = quote ? undefined : unreachableReason(list);
        if (!quote && !away) throw new StationError('shipment.noService', noServiceReason(list), { meta: noServiceMeta(list) });
        if (!quote && !meta.scheduledProcessing) throw upstreamAway('upstream.unreachable', ERROR_TEXT.upstreamUnreachable(away!));
        // A return is handed in by the customer, never on the warehouse's closed day: only the calendar dates it.
        const soonest = meta.returnOf ? dates.soonestShipDate(quote?.choiceCode ?? choice.carrierChoice) : dates.shipDateWith(quote?.choiceCode ?? choice.carrierChoice, quote?.carrierCode);
        const shipDate = attributes.shipDate ?? soonest;
        const withDate = { ...attributes, shipDate };
        const closedDay = attributes.shipDate === undefined && !meta.returnOf ? dates.closedDayWarning(quote?.carrierCode ?? choice.carrierChoice, shipDate) : undefined;
        if (meta.scheduledProcessing) {
          const shipment = {
            id: newId(),
            clientId: caller.client.id,
            sandbox: caller.sandbox,
            origin: 'create' as const,
            scheduled: true,
            reference: null,
            shipDate,
            attributes: withDate,
            ...choice,
            ...madeBy(caller),
          };
          const waiting = await store.shipments.insert(shipment, undefined, created(caller, shipment), keyFor(key, shipment.id));
          return withNotices(waiting, closedDay);
        }
        return withNotices(await recordProcessed(caller, withDate, shipDate, 'create', quote!, choice, key), closedDay);
      });
    },
  };
}
