// The Carrier interface the station books through, and the rate-card carrier that implements it offline.
// A real carrier API, or an upstream service of the same spec, plugs in by implementing Carrier.
import { randomInt } from 'node:crypto';
import type { Package, ShipmentAttributes } from '../../src-shared/shipment.ts';
import type { Quote } from '../domain/rating.ts';
import type { RateCard } from './rate-card.ts';
import { insuranceCents, measurePackages, priceService, zoneFor } from './pricing.ts';
import { issueTrackingNumber } from './tracking-numbers.ts';
import { addDays, addWorkingDays } from '../../src-shared/calendar.ts';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import type { UnavailableReason } from '../../src-shared/unavailable-reasons.ts';

export interface RateRequest {
  from: string;
  to: string;
  shipDate: string;
  /** The station's today: a carrier dates shipments at most its window ahead of it. */
  today?: string;
  /** The station's holidays: no working day for transit times. */
  holidays: readonly string[];
  packages: readonly Package[];
  /** The declared value in cents, when insured. */
  insuredCents: number | null;
  /** The whole shipment, for a carrier that prices it elsewhere (an upstream service). */
  attributes: ShipmentAttributes;
  sandbox: boolean;
}

/**
 * `reason` in English, `outcome` as its code and figures (unavailable-reasons.ts); `unreachable`: the carrier could
 * not be asked (an upstream that is down), not a refusal of this shipment.
 */
export type QuoteOutcome =
  | { ok: true; quote: Quote }
  | {
      ok: false;
      carrierCode: string;
      serviceCode: string;
      reason: string;
      outcome: UnavailableReason;
      pointer?: string;
      unreachable?: boolean;
    };

/** What a booking is about: the station's own shipment. */
export interface BookingContext {
  shipmentId: string;
  reference: string;
  attributes: ShipmentAttributes;
  shipDate: string;
  sandbox: boolean;
  /** A second try of the same shipment may find the first one's booking (the scheduler's runs). */
  retry: boolean;
}

export interface Booking {
  trackingNumber: string;
  /** The carrier's own label, when it makes one (an upstream service); otherwise the station renders it. */
  document?: { contentType: string; fileName: string; data: Uint8Array };
  /** What the carrier charged, when it says so itself. */
  finalCents?: number;
  insuranceCents?: number | null;
  /** The upstream's own record of the booking, for tracking refreshes. */
  remote?: RemoteBooking;
  /** Whether an upstream took the export declaration sent with the booking as data: it answered the same lines. */
  customsData?: 'accepted' | 'refused';
}

export interface RemoteBooking {
  carrierChoice: string;
  id: string;
  reference: string | null;
}

export interface Carrier {
  readonly choiceCode: string;
  readonly carrierCode: string;
  readonly carrierName: string;
  /** One outcome per service: a price, or why the service cannot carry this shipment. */
  rate(request: RateRequest): Promise<QuoteOutcome[]>;
  /** Books a priced service; `isTaken` lets the carrier avoid a tracking number the station already issued. */
  book(quote: Quote, isTaken: (trackingNumber: string) => Promise<boolean>, context: BookingContext): Promise<Booking>;
}

export type DigitSource = (count: number) => string;

export const randomDigits: DigitSource = (count) => Array.from({ length: count }, () => randomInt(10)).join('');

export function rateCardCarrier(card: RateCard, fuelSurchargePercent: number, digits: DigitSource = randomDigits): Carrier {
  return {
    choiceCode: card.choiceCode,
    carrierCode: card.carrierCode,
    carrierName: card.carrierName,
    async rate(request) {
      const latest = request.today === undefined ? undefined : addDays(request.today, card.shipDaysAhead);
      if (latest !== undefined && request.shipDate > latest) {
        const reason = ERROR_TEXT.shipDateBeyondCarrier(card.carrierName, card.shipDaysAhead, latest);
        const outcome: UnavailableReason = {
          code: 'shipDate.beyondCarrier',
          carrierName: card.carrierName,
          days: card.shipDaysAhead,
          latest,
        };
        return card.services.map((service): QuoteOutcome => ({
          ok: false,
          carrierCode: card.carrierCode,
          serviceCode: service.serviceCode,
          reason,
          outcome,
          pointer: '/data/attributes/shipDate',
        }));
      }
      // What is the same for every service of the card is worked out once: the route's zone, the packages' figures,
      // the delivery date of each transit time.
      const known = { zone: zoneFor(card, request.from, request.to), measured: measurePackages(request.packages) };
      const deliveryDates = new Map<number, string>();
      const deliveryDate = (transitDays: number) => {
        let date = deliveryDates.get(transitDays);
        if (date === undefined) {
          date = addWorkingDays(request.shipDate, transitDays, request.holidays);
          deliveryDates.set(transitDays, date);
        }
        return date;
      };
      return card.services.map((service): QuoteOutcome => {
        const price = priceService(card, service, request, request.packages, fuelSurchargePercent, request.attributes.services, known);
        if (!price.ok)
          return {
            ok: false,
            carrierCode: card.carrierCode,
            serviceCode: service.serviceCode,
            reason: price.reason,
            outcome: price.outcome,
            ...(price.pointer ? { pointer: price.pointer } : {}),
          };
        return {
          ok: true,
          quote: {
            carrierCode: card.carrierCode,
            carrierName: card.carrierName,
            choiceCode: card.choiceCode,
            serviceCode: service.serviceCode,
            serviceName: service.serviceName,
            serviceDefinitionCode: service.serviceDefinitionCode,
            accountId: card.accountId,
            currency: card.currency,
            finalCents: price.finalCents,
            prepaidCents: price.prepaidCents,
            vatPercent: card.vatPercent,
            insuranceCents: request.insuredCents === null ? null : insuranceCents(card, request.insuredCents),
            estimatedDeliveryDate: deliveryDate(price.transitDays),
            transitDays: price.transitDays,
            transport: service.transport,
            ...(price.breakdown ? { breakdown: price.breakdown } : {}),
          },
        };
      });
    },
    async book(_quote, isTaken) {
      for (let attempt = 0; attempt < 100; attempt++) {
        const trackingNumber = issueTrackingNumber(card.trackingNumber, digits);
        if (!(await isTaken(trackingNumber))) return { trackingNumber };
      }
      throw new Error(`${card.carrierName}: no free tracking number after 100 tries`);
    },
  };
}
