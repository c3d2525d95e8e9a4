// The booking use cases of spec 4.1: save, rate, confirm (a new shipment, or a saved one in place) and the
// one-step create, immediate or scheduled, each for an order when it names one. Each checks what its request
// alone decides, then books through the one booking of book-shipment.ts, inside the order guard.
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import { STATUS } from '../../../src-shared/shipment.ts';
import type { PriceChangeMeta } from '../../../src-shared/resources.ts';
import type { PriceList, Quote } from '../../domain/rating.ts';
import type { Emissions } from '../../../src-shared/emissions.ts';
import type { Transport } from '../../../src-shared/shipment-options.ts';
import type { ShipmentRecord } from '../../domain/shipment.ts';
import { ratedDocumentHash } from '../rated-document.ts';
import { noServiceMeta, noServiceReason, pickByService, unavailableEntry, unreachableReason } from '../processing.ts';
import type { ConfirmMeta } from '../../../src-shared/shipment-validation.ts';
import type { ShipmentService } from './types.ts';
import { checkShipDate, priceOnDay } from './calendar-day.ts';
import { keyOfShipment, newShipmentId, refuseUpstreamAway, type ShipmentContext } from './context.ts';
import { answerBookedAlready, createShipmentBooking, returnChoices } from './book-shipment.ts';
import { guardOrder } from './order-guard.ts';

/** A saved shipment still waiting for its confirm: the one kind a confirm naming it books (in place). */
const awaitsConfirm = (shipment: ShipmentRecord) => shipment.origin === 'save' && shipment.status === STATUS.created && !shipment.scheduled;

/**
 * The quote of the rate a confirm sends back, or its refusal: an upstream that is away (503), a service that
 * cannot carry this shipment, an unknown service or carrier (422 naming the rate), or a price that changed since
 * the rate was given (503 with both prices, confirmed again at the new one).
 */
function chooseRate(list: PriceList, meta: ConfirmMeta, isKnownCarrier: (code: string) => boolean) {
  const quote = list.quotes.find((candidate) => candidate.carrierCode === meta.carrierCode && candidate.serviceCode === meta.serviceCode);
  if (!quote) {
    const away = unreachableReason(list, meta.carrierCode);
    if (away) throw refuseUpstreamAway('upstream.unreachable', ERROR_TEXT.upstreamUnreachable(away));
    const why = list.unavailable.find((entry) => entry.carrierCode === meta.carrierCode && entry.serviceCode === meta.serviceCode);
    const detail = ERROR_TEXT.invalidData('data.meta.rate.id');
    const pointer = '/data/meta/rate/id';
    if (why)
      throw new StationError('rate.notAvailable', detail, { pointer, meta: { reason: why.reason, unavailable: [unavailableEntry(why)] } });
    throw isKnownCarrier(meta.carrierCode)
      ? new StationError('carrier.noSuchService', detail, { pointer, meta: { reason: ERROR_TEXT.noSuchService(meta.serviceCode) } })
      : new StationError('carrier.unknown', detail, { pointer, meta: { reason: ERROR_TEXT.noSuchCarrier(meta.carrierCode) } });
  }
  if (meta.finalCost !== undefined && Math.round(meta.finalCost * 100) !== quote.finalCents) {
    const change: PriceChangeMeta = { originalPrice: meta.finalCost, updatedPrice: quote.finalCents / 100, currency: quote.currency };
    throw new StationError('rate.priceChanged', ERROR_TEXT.priceIsDifferent(String(change.originalPrice), String(change.updatedPrice)), {
      meta: { ...change },
    });
  }
  return quote;
}

export function bookingUseCases(
  context: ShipmentContext,
): Pick<ShipmentService, 'save' | 'carrierChoices' | 'rate' | 'confirm' | 'create'> {
  const { store, carriers, madeBy, auditCreation, findOwnShipment, readDay } = context;
  const bookShipment = createShipmentBooking(context);

  return {
    async save(caller, given, key) {
      // A saved shipment gets its date again when it is confirmed: no carrier's closed day is read for it.
      const day = await readDay(caller, { closedDays: false });
      const attributes = await checkShipDate(carriers, given, day, null);
      const shipDate = attributes.shipDate ?? day.shipDateWith(null);
      const shipment = {
        id: newShipmentId(),
        clientId: caller.client.id,
        sandbox: caller.sandbox,
        origin: 'save' as const,
        scheduled: false,
        service: null,
        carrierChoice: null,
        reference: await store.shipments.allocateReference(),
        shipDate,
        attributes: { ...attributes, shipDate },
        ...madeBy(caller, day),
      };
      return store.shipments.insert(shipment, undefined, auditCreation(caller, shipment), keyOfShipment(key, shipment.id));
    },

    // Upstream services are read again first: one added a moment ago by the admin command is a choice at once.
    carrierChoices: async () => {
      await carriers.refreshUpstreams();
      return carriers.choiceCodes();
    },

    async rate(caller, given) {
      const day = await readDay(caller);
      const attributes = await checkShipDate(carriers, given, day, null);
      const list = await priceOnDay(carriers, attributes, day, { sandbox: caller.sandbox });
      // Nothing quoted and an upstream could not be asked: not an answer about the shipment, so ask again later.
      const away = list.quotes.length === 0 ? unreachableReason(list) : undefined;
      if (away) throw refuseUpstreamAway('upstream.unreachable', ERROR_TEXT.upstreamUnreachableForRates(away));
      // A carrier whose day is closed prices the parcel for its next working day, and the list says so once per carrier.
      const byCarrier = [...new Map(list.quotes.map((quote) => [quote.carrierCode, quote])).values()];
      const warnings =
        attributes.shipDate === undefined
          ? byCarrier.flatMap(
              (quote) => day.closedDayWarning(quote.carrierCode, day.shipDateWith(quote.choiceCode, quote.carrierCode)) ?? [],
            )
          : [];
      // Each rate says the parcel's CO2e on its service: worked out once per way of moving it, not once per rate.
      const transports = [...new Set(list.quotes.map((quote) => quote.transport ?? null))];
      const figures = await context.emissions.onEach(attributes, transports);
      const emissionsOn = new Map<Transport | null, Emissions | null>(transports.map((transport, index) => [transport, figures[index]!]));
      // And when it arrives: the lane's history on the station's calendar, from the day each carrier ships it.
      const shipDateOf = (quote: Quote) => attributes.shipDate ?? day.shipDateWith(quote.choiceCode, quote.carrierCode);
      const outlooks = await context.deliveryHistory.outlooks(caller, attributes, list.quotes, shipDateOf, day.holidays);
      const quotes = list.quotes.map((quote, index) => ({
        ...quote,
        emissions: emissionsOn.get(quote.transport ?? null) ?? null,
        delivery: outlooks[index]!,
      }));
      // The hash is of the document as sent, which its confirm sends again.
      return { ...list, quotes, documentHash: ratedDocumentHash(given), warnings };
    },

    confirm: (caller, given, meta, savedId, key) =>
      guardOrder(store, caller, meta.orderNumber, savedId, async () => {
        // A shipment named by data.id that is no longer waiting to be confirmed is never booked again.
        const named = savedId === undefined ? undefined : await findOwnShipment(caller, savedId);
        if (named && !awaitsConfirm(named)) return answerBookedAlready(named, meta, given);
        // A rate handed out for another document (the desk's form, or a script's, changed after rating) books nothing.
        if (meta.documentHash !== undefined && meta.documentHash !== ratedDocumentHash(given)) {
          throw new StationError('shipment.notTheRated', ERROR_TEXT.notTheRatedShipment, {
            pointer: '/data/meta/rate/meta/documentHash',
            meta: { reason: ERROR_TEXT.notTheRatedShipment },
          });
        }
        return bookShipment({
          caller,
          given,
          origin: 'confirm',
          choiceCode: null,
          choose: (list) => chooseRate(list, meta, (code) => carriers.bookingCarrier(code) !== undefined),
          choices: { service: null, carrierChoice: null, orderNumber: meta.orderNumber },
          saved: named,
          key,
        });
      }),

    create: (caller, given, meta, key) =>
      guardOrder(store, caller, meta.orderNumber, undefined, () =>
        bookShipment({
          caller,
          given,
          origin: 'create',
          choiceCode: meta.carrierChoice ?? null,
          // The service level's best quote. Offline first: a scheduled shipment for an upstream that cannot be
          // reached now is accepted into the outbox; an immediate one is answered 503, to be sent again.
          choose: (list) => {
            const quote = pickByService(list.quotes, meta.service);
            if (quote) return quote;
            const away = unreachableReason(list);
            if (!away) throw new StationError('shipment.noService', noServiceReason(list), { meta: noServiceMeta(list) });
            if (!meta.scheduledProcessing) throw refuseUpstreamAway('upstream.unreachable', ERROR_TEXT.upstreamUnreachable(away));
            return undefined;
          },
          choices: {
            service: meta.service,
            carrierChoice: meta.carrierChoice ?? null,
            orderNumber: meta.orderNumber,
            ...returnChoices(meta.returnOf),
          },
          scheduled: meta.scheduledProcessing,
          key,
        }),
      ),
  };
}
