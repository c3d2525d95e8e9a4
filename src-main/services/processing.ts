// Processing a shipment: price it with every carrier, pick a service, book it (tracking number), and make its
// documents. The result is returned, not stored: callers record it in one transaction, so a crash anywhere
// before that leaves the shipment untouched.
import { randomBytes } from 'node:crypto';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { parseCents } from '../../src-shared/money.ts';
import type { ServiceLevel, ShipmentAttributes } from '../../src-shared/shipment.ts';
import type { RateRequest } from '../carriers/carrier.ts';
import type { CarrierRegistry } from '../carriers/registry.ts';
import { upstreamOfCarrier } from '../carriers/upstream.ts';
import type { DocumentPool, Lane } from '../documents/pool.ts';
import type { PriceList, Quote, Unavailable } from '../domain/rating.ts';
import { rateId } from '../../src-shared/rates.ts';
import type { RateUnavailable } from '../../src-shared/resources.ts';
import type { UnavailableReason } from '../../src-shared/unavailable-reasons.ts';
import type { ProcessedResult } from '../domain/shipment.ts';
import type { EmissionEstimator } from './emissions.ts';

export interface ProcessingDeps {
  carriers: CarrierRegistry;
  documents: DocumentPool;
  /** Whether a tracking number is issued already: recorded, or booked by a shipment still being processed. */
  trackingNumberTaken: (trackingNumber: string) => Promise<boolean>;
  /** Holds a booked tracking number until its shipment is recorded, so no two shipments in flight share one. */
  holdTrackingNumber: (trackingNumber: string) => void;
  releaseTrackingNumber: (trackingNumber: string) => void;
  /** Each processed shipment's CO2e is worked out as it is booked, and kept with it. */
  emissions: EmissionEstimator;
}

export interface PriceOptions {
  /** The ship date each carrier choice prices with: the shipment's own, or the one it gets with that carrier (its cutoff). */
  shipDate: (choiceCode: string) => string;
  /** Days besides weekends on which nothing moves: transit times skip them. */
  holidays: readonly string[];
  /** The station's today, when the shipment is being made now: carriers refuse dates beyond their window. */
  today?: string;
  /** Only this carrier choice; null or absent: every carrier. */
  choiceCode?: string | null;
  sandbox?: boolean;
}

export async function priceShipment(carriers: CarrierRegistry, attributes: ShipmentAttributes, options: PriceOptions): Promise<PriceList> {
  const { choiceCode = null, sandbox = false, holidays } = options;
  const insuredCents = attributes.insuranceValue === null ? null : (parseCents(attributes.insuranceValue) ?? null);
  // Carriers whose choices ship on the same date are asked the same request: one copy of the shipment per date.
  const requests = new Map<string, RateRequest>();
  const requestFor = (carrier: { choiceCode: string }) => {
    const shipDate = options.shipDate(carrier.choiceCode);
    let request = requests.get(shipDate);
    if (request === undefined) {
      request = {
        from: attributes.shipFrom.country,
        to: attributes.shipTo.country,
        shipDate,
        today: options.today,
        holidays,
        packages: attributes.packages,
        insuredCents,
        attributes: { ...attributes, shipDate },
        sandbox,
      };
      requests.set(shipDate, request);
    }
    return request;
  };
  const chosen = (await carriers.carriers()).filter((carrier) => choiceCode === null || carrier.choiceCode === choiceCode);
  const outcomes = (await Promise.all(chosen.map((carrier) => carrier.rate(requestFor(carrier))))).flat();
  const quotes = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.quote] : []));
  const unavailable = outcomes.flatMap((outcome) =>
    outcome.ok
      ? []
      : [
          {
            carrierCode: outcome.carrierCode,
            serviceCode: outcome.serviceCode,
            reason: outcome.reason,
            outcome: outcome.outcome,
            ...(outcome.pointer ? { pointer: outcome.pointer } : {}),
            ...(outcome.unreachable ? { unreachable: true } : {}),
          },
        ],
  );
  quotes.sort((a, b) => a.finalCents - b.finalCents || a.transitDays - b.transitDays);
  return { quotes, unavailable };
}

/** express: the fastest service, then the cheapest; economy: the cheapest, then the fastest. */
export function pickByService(quotes: readonly Quote[], service: ServiceLevel): Quote | undefined {
  const sorted = [...quotes].sort((a, b) =>
    service === 'express'
      ? a.transitDays - b.transitDays || a.finalCents - b.finalCents
      : a.finalCents - b.finalCents || a.transitDays - b.transitDays,
  );
  return sorted[0];
}

/** Why no service could carry the shipment, in a sentence a packer can act on. */
export function noServiceReason(list: PriceList): string {
  const reasons = [...new Set(list.unavailable.map((entry) => entry.reason))];
  if (reasons.length === 0) return ERROR_TEXT.noCarrierConfigured;
  const shown = reasons.slice(0, 3);
  if (reasons.length > 3) shown.push(ERROR_TEXT.andMoreReasons(reasons.length - 3));
  return ERROR_TEXT.noService(shown.join('; '));
}

/** A service that cannot carry the shipment as the API says it: its rate id, the English reason, and its code and figures. */
export function unavailableEntry(entry: Unavailable): RateUnavailable {
  return {
    id: rateId(entry.carrierCode, entry.serviceCode),
    reason: entry.reason,
    ...(entry.pointer ? { pointer: entry.pointer } : {}),
    ...entry.outcome,
  };
}

/**
 * The meta of the shipment.noService refusal: every service and why (as a rate list's meta.unavailable), and the
 * distinct reasons in the order the detail gives them, each with its code and figures (carrier.notConfigured alone
 * when no carrier is configured for the shipment).
 */
export function noServiceMeta(list: PriceList): {
  reason: string;
  unavailable: RateUnavailable[];
  reasons: (UnavailableReason & { reason: string })[];
} {
  const distinct = new Map(list.unavailable.map((entry) => [entry.reason, { ...entry.outcome, reason: entry.reason }]));
  const reasons =
    distinct.size > 0 ? [...distinct.values()] : [{ code: 'carrier.notConfigured' as const, reason: ERROR_TEXT.noCarrierConfigured }];
  return {
    reason: 'Expected a shipment a service of the station can carry: meta.reasons says what each service refused.',
    unavailable: list.unavailable.map(unavailableEntry),
    reasons,
  };
}

/**
 * Why the carriers that could not be asked (an upstream service that is away) were not: one sentence, or undefined
 * when every carrier answered. `carrierCode` narrows it to the carrier of one rate (PV.UPS is PV's).
 */
export function unreachableReason(list: PriceList, carrierCode?: string): string | undefined {
  const away = list.unavailable.filter(
    (entry) =>
      entry.unreachable &&
      (carrierCode === undefined || carrierCode === entry.carrierCode || upstreamOfCarrier(carrierCode) === entry.carrierCode),
  );
  return away.length === 0 ? undefined : [...new Set(away.map((entry) => entry.reason))].join('; ');
}

export interface ProcessInput {
  /** The station's shipment being processed: an upstream carrier books under it. */
  shipmentId: string;
  attributes: ShipmentAttributes;
  shipDate: string;
  sandbox: boolean;
  reference: string;
  quote: Quote;
  at: Date;
  /** `request` for a caller waiting at the desk, `batch` for the scheduler. */
  lane: Lane;
  /** Processing it may have been tried before (a scheduled or saved shipment): an upstream looks for its booking first. */
  retry: boolean;
  /** A return's label says so, and whether it is paid only once used. */
  returnLabel?: { payOnUse: boolean };
}

/** Books and documents a priced shipment. Its tracking number stays held until the caller records the result. */
export async function processShipment(deps: ProcessingDeps, input: ProcessInput): Promise<ProcessedResult> {
  const carrier = deps.carriers.bookingCarrier(input.quote.carrierCode);
  if (!carrier) throw new Error(`carrier ${input.quote.carrierCode} is no longer configured`);
  // Worked out before booking: nothing is held yet if it fails.
  const emissions = await deps.emissions.ofParcel(input.attributes, input.quote.transport ?? null);
  const booking = await carrier.book(input.quote, deps.trackingNumberTaken, {
    shipmentId: input.shipmentId,
    reference: input.reference,
    attributes: input.attributes,
    shipDate: input.shipDate,
    sandbox: input.sandbox,
    retry: input.retry,
  });
  deps.holdTrackingNumber(booking.trackingNumber);
  let pdf: Uint8Array;
  try {
    // An upstream service makes its own label; the station renders the others.
    pdf = booking.document
      ? booking.document.data
      : await deps.documents.render(
          {
            reference: input.reference,
            trackingNumber: booking.trackingNumber,
            carrierName: input.quote.carrierName,
            serviceName: input.quote.serviceName,
            shipDate: input.shipDate,
            sandbox: input.sandbox,
            attributes: input.attributes,
            createdAt: input.at,
            postage: { cents: booking.finalCents ?? input.quote.finalCents, currency: input.quote.currency },
            ...(input.returnLabel ? { returnLabel: input.returnLabel } : {}),
          },
          {},
          input.lane,
        );
  } catch (error) {
    deps.releaseTrackingNumber(booking.trackingNumber);
    throw error;
  }
  const { attributes } = input;
  return {
    carrierCode: input.quote.carrierCode,
    carrierName: input.quote.carrierName,
    serviceCode: input.quote.serviceCode,
    serviceName: input.quote.serviceName,
    finalCents: booking.finalCents ?? input.quote.finalCents,
    insuranceCents: booking.insuranceCents !== undefined ? booking.insuranceCents : input.quote.insuranceCents,
    currency: input.quote.currency,
    trackingNumber: booking.trackingNumber,
    trackingHash: randomBytes(18).toString('base64url'),
    document: { contentType: booking.document?.contentType ?? 'application/pdf', fileName: `${input.reference}.pdf`, data: pdf },
    booking: attributes.booking ? { collectionDate: input.shipDate, address: attributes.collectionLocation ?? attributes.shipFrom } : null,
    remote: booking.remote ?? null,
    customsData: booking.customsData ?? null,
    emissions,
  };
}
