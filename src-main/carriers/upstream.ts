// The upstream gateway carrier: an upstream service of the same API books with the real carriers, and the station
// sits in front of it. Rates come from the upstream's POST /shipments/rate (a short deadline, cached per request
// shape for a minute), side by side with the rate cards under codes of their own (PV.UPS for the upstream's UPS).
// Booking forwards a confirm, then keeps the upstream's reference, tracking number, cost and label. When the
// upstream cannot be reached the carrier says so at once for a while (growing waits), instead of making every
// request wait for a timeout; a booking whose answer was lost is looked up by its customer reference before any
// retry, so nothing is booked twice upstream.
import { createHash } from 'node:crypto';
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';
import { parseRateId, rateBreakdownSchema } from '../../src-shared/rates.ts';
import { askedOptions, type ServiceOption } from '../../src-shared/shipment-options.ts';
import { knownReason } from '../../src-shared/unavailable-reasons.ts';
import type { UpstreamHealthMeta } from '../../src-shared/upstream.ts';
import type { Quote } from '../domain/rating.ts';
import type { Booking, BookingContext, Carrier, QuoteOutcome, RateRequest } from './carrier.ts';
import {
  UpstreamRefusedError,
  UpstreamUnreachableError,
  upstreamClient,
  type UpstreamClient,
  type UpstreamConfig,
} from './upstream-client.ts';

export interface UpstreamTimeouts {
  rateMs: number;
  bookMs: number;
  lookupMs: number;
}

export const DEFAULT_UPSTREAM_TIMEOUTS: UpstreamTimeouts = { rateMs: 3_000, bookMs: 20_000, lookupMs: 5_000 };

/** How long a priced request shape is answered from the cache, and how many shapes are kept. */
const RATE_CACHE_MS = 60_000;
const RATE_CACHE_ENTRIES = 500;
/** After a failure the upstream is not tried again for this long, doubling up to the most. */
const FIRST_BACKOFF_MS = 2_000;
const MOST_BACKOFF_MS = 60_000;

/** An upstream's reachability as this station last saw it (GET /outbox's meta.upstreams). */
export type UpstreamHealth = UpstreamHealthMeta;

export interface UpstreamCarrier extends Carrier {
  readonly config: UpstreamConfig;
  health(): UpstreamHealth;
  /** The upstream's tracking of a shipment it booked. */
  tracking(remoteId: string, sandbox: boolean): Promise<{ status: number | null; date: string | null }>;
  /**
   * Closes the day of one of the upstream's carriers there (its own code, e.g. UPS of PV.UPS): the manifest's
   * number upstream. A repeat is harmless: the upstream answers the manifest it made the first time.
   */
  closeDay(carrierCode: string, date: string, sandbox: boolean): Promise<{ number: string }>;
}

interface RateJson {
  id: string;
  attributes: {
    carrierCode: string;
    carrierName: string;
    serviceCode: string;
    serviceName: string;
    serviceDefinitionCode?: string;
    accountId?: string;
    finalCost: { amount: number; currency: string };
    prepaidCost?: { amount: number; currency: string };
    vatValue?: number;
    estimatedDeliveryDate?: string | null;
    breakdown?: unknown;
  };
}

interface ShipmentJson {
  id: string;
  attributes?: { exportDeclaration?: { lineItems?: unknown[] } | null };
  meta: {
    status: number;
    reference: string | null;
    carrierName: string | null;
    finalCost: { amount: number; currency: string } | null;
    insuranceCost: { amount: number } | null;
    trackingNumber: string | null;
    error?: string | null;
  };
}

/** The members a shipment's options are sent in, by the pointer an upstream's unknownMember warning names. */
const OPTION_MEMBER = /^\/data\/attributes\/(services(\/|$)|packages\/\d+\/(dangerousGoods|lithiumBatteries|dryIceKg)$)/;

/**
 * The first option the request asks for that an upstream said it does not know (an unknownMember warning at its
 * member: a station of an earlier release, say); undefined when none is asked or the upstream knows them all.
 */
function ignoredOption(request: RateRequest, warnings: unknown): ServiceOption | undefined {
  const asked = askedOptions(request.attributes.services, request.packages);
  if (asked.length === 0 || !Array.isArray(warnings)) return undefined;
  const unknown = warnings.some(
    (warning: unknown) =>
      typeof warning === 'object' &&
      warning !== null &&
      (warning as { code?: unknown }).code === 'unknownMember' &&
      OPTION_MEMBER.test(String((warning as { pointer?: unknown }).pointer)),
  );
  return unknown ? asked[0]!.option : undefined;
}

/**
 * The upstream whose carrier a carrier code names: an upstream's quotes are <upstream code>.<its carrier code>
 * (PV.UPS), and a rate card's codes have no dot (rate-card.ts); undefined for a rate card's.
 */
export function upstreamOfCarrier(carrierCode: string): string | undefined {
  const dot = carrierCode.indexOf('.');
  return dot > 0 ? carrierCode.slice(0, dot) : undefined;
}

/** The customer reference the station books under upstream: its own shipment id, which no other booking has. */
export const upstreamCustomerReference = (shipmentId: string) => `SS-${shipmentId.slice(0, 40)}`;

const cents = (amount: number) => Math.round(amount * 100);

export function upstreamCarrier(
  config: UpstreamConfig,
  timeouts: UpstreamTimeouts = DEFAULT_UPSTREAM_TIMEOUTS,
  clock: () => Date = () => new Date(),
): UpstreamCarrier {
  const client: UpstreamClient = upstreamClient(config);
  const cache = new Map<string, { at: number; outcomes: QuoteOutcome[] }>();
  let down: { problem: string; since: string; until: number; backoff: number } | undefined;

  const unreachable = (error: UpstreamUnreachableError) => {
    const backoff = down ? Math.min(down.backoff * 2, MOST_BACKOFF_MS) : FIRST_BACKOFF_MS;
    down = { problem: error.message, since: down?.since ?? clock().toISOString(), until: clock().getTime() + backoff, backoff };
  };
  /** Runs a call unless the upstream is resting after a failure; records how it went. */
  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    if (down && clock().getTime() < down.until) throw new UpstreamUnreachableError(down.problem);
    try {
      const value = await work();
      down = undefined;
      return value;
    } catch (error) {
      if (error instanceof UpstreamUnreachableError) unreachable(error);
      throw error;
    }
  };
  const shape = (request: RateRequest) =>
    createHash('sha256')
      .update(JSON.stringify([request.sandbox, request.shipDate, request.attributes]))
      .digest('hex');

  const quoteOf = (rate: RateJson, insuredCents: number | null): Quote => {
    const a = rate.attributes;
    // An upstream station says what its price is made of; taken only in this station's shape.
    const breakdown = rateBreakdownSchema.safeParse(a.breakdown);
    return {
      ...(breakdown.success
        ? {
            breakdown: {
              freightCents: cents(breakdown.data.freight.amount),
              fuelCents: cents(breakdown.data.fuelSurcharge.amount),
              options: breakdown.data.options.map((entry) => ({
                option: entry.option,
                cents: cents(entry.amount.amount),
                ...(entry.asked ? { asked: entry.asked } : {}),
              })),
            },
          }
        : {}),
      carrierCode: `${config.code}.${a.carrierCode}`,
      carrierName: a.carrierName,
      choiceCode: config.code,
      serviceCode: a.serviceCode,
      serviceName: a.serviceName,
      serviceDefinitionCode: a.serviceDefinitionCode ?? a.serviceCode,
      accountId: a.accountId ?? config.code,
      currency: a.finalCost.currency,
      finalCents: cents(a.finalCost.amount),
      prepaidCents: cents((a.prepaidCost ?? a.finalCost).amount),
      vatPercent: a.vatValue ?? 0,
      insuranceCents: insuredCents === null ? null : 0,
      estimatedDeliveryDate: a.estimatedDeliveryDate ?? null,
      transitDays: 0,
      upstreamRateId: rate.id,
    };
  };

  const lookUp = async (customerReference: string, sandbox: boolean): Promise<ShipmentJson | undefined> => {
    const found = await client.call<{ data: { id: string }[] }>(
      'GET',
      `/shipment-summaries?search=${encodeURIComponent(customerReference)}&limit=5`,
      { timeoutMs: timeouts.lookupMs, sandbox },
    );
    const id = found.body.data[0]?.id;
    if (!id) return undefined;
    return (
      await client.call<{ data: ShipmentJson }>('GET', `/shipments/${encodeURIComponent(id)}`, { timeoutMs: timeouts.lookupMs, sandbox })
    ).body.data;
  };

  /**
   * Paperless trade: the export declaration goes with the booking as data, and the upstream took it when its
   * shipment answers it with every line; an upstream that dropped it (one that declares on paper only) refused it.
   */
  const customsAnswer = (sent: ShipmentAttributes['exportDeclaration'], shipment: ShipmentJson): Booking['customsData'] => {
    if (!sent) return undefined;
    return shipment.attributes?.exportDeclaration?.lineItems?.length === sent.lineItems.length ? 'accepted' : 'refused';
  };

  const booked = async (
    shipment: ShipmentJson,
    sandbox: boolean,
    quote: Quote,
    sent?: ShipmentAttributes['exportDeclaration'],
  ): Promise<Booking> => {
    if (shipment.meta.status !== 3 || !shipment.meta.trackingNumber) {
      throw new UpstreamRefusedError(
        422,
        `${config.name} did not process the shipment${shipment.meta.error ? `: ${shipment.meta.error}` : ''}`,
      );
    }
    const documents = await client.call<{ data: { attributes: { contentType: string; fileName: string; fileData: string } } }>(
      'GET',
      `/shipments/${encodeURIComponent(shipment.id)}/documents`,
      { timeoutMs: timeouts.bookMs, sandbox },
    );
    const file = documents.body.data.attributes;
    return {
      trackingNumber: shipment.meta.trackingNumber,
      finalCents: shipment.meta.finalCost ? cents(shipment.meta.finalCost.amount) : quote.finalCents,
      insuranceCents: shipment.meta.insuranceCost ? cents(shipment.meta.insuranceCost.amount) : quote.insuranceCents,
      document: { contentType: file.contentType, fileName: file.fileName, data: new Uint8Array(Buffer.from(file.fileData, 'base64')) },
      remote: { carrierChoice: config.code, id: shipment.id, reference: shipment.meta.reference },
      ...(sent ? { customsData: customsAnswer(sent, shipment) } : {}),
    };
  };

  return {
    config,
    choiceCode: config.code,
    carrierCode: config.code,
    carrierName: config.name,

    async rate(request) {
      const key = shape(request);
      const cached = cache.get(key);
      if (cached && clock().getTime() - cached.at < RATE_CACHE_MS) return cached.outcomes;
      try {
        const answer = await guarded(() =>
          client.call<{
            data: RateJson[];
            meta?: { unavailable?: ({ id: string; reason: string } & Record<string, unknown>)[]; warnings?: unknown };
          }>('POST', '/shipments/rate', {
            body: { data: { type: 'shipment', attributes: request.attributes } },
            timeoutMs: timeouts.rateMs,
            sandbox: request.sandbox,
          }),
        );
        // Options go to the upstream as members of the shipment; one that says it does not know them cannot give them.
        const ignored = ignoredOption(request, answer.body.meta?.warnings);
        const outcomes: QuoteOutcome[] = [
          ...answer.body.data.map((rate): QuoteOutcome => {
            if (ignored === undefined) return { ok: true, quote: quoteOf(rate, request.insuredCents) };
            const serviceName = rate.attributes.serviceName;
            return {
              ok: false,
              carrierCode: `${config.code}.${rate.attributes.carrierCode}`,
              serviceCode: rate.attributes.serviceCode,
              reason: `${config.name}: ${rate.attributes.carrierName} ${serviceName} does not take the option ${ignored} through this upstream service`,
              outcome: { code: 'service.optionNotOffered', carrierName: rate.attributes.carrierName, serviceName, option: ignored },
            };
          }),
          ...(answer.body.meta?.unavailable ?? []).map((entry): QuoteOutcome => {
            const named = parseRateId(entry.id);
            // An upstream station says why with a code of its own catalogue; another service only in words.
            const outcome = knownReason(entry) ?? { code: 'upstream.declined', upstream: config.name };
            return {
              ok: false,
              carrierCode: `${config.code}.${named?.carrierCode ?? '?'}`,
              serviceCode: named?.serviceCode ?? '?',
              reason: `${config.name}: ${entry.reason}`,
              outcome,
            };
          }),
        ];
        if (cache.size >= RATE_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(key, { at: clock().getTime(), outcomes });
        return outcomes;
      } catch (error) {
        const reason =
          error instanceof UpstreamUnreachableError || error instanceof UpstreamRefusedError
            ? error.message
            : `${config.name}: ${(error as Error).message}`;
        const unreachable = error instanceof UpstreamUnreachableError;
        const outcome = {
          code: unreachable ? 'carrier.unreachable' : 'upstream.ratesRefused',
          upstream: config.name,
          problem: (error as Error).message,
        } as const;
        return [{ ok: false, carrierCode: config.code, serviceCode: '*', reason, outcome, unreachable }];
      }
    },

    async book(quote, _isTaken, context: BookingContext) {
      const reference = upstreamCustomerReference(context.shipmentId);
      const attributes: ShipmentAttributes = { ...context.attributes, shipDate: context.shipDate, customerReference: reference };
      // A retry (the scheduler's, or a repeat after a lost answer) first asks whether the upstream booked it already.
      if (context.retry) {
        const earlier = await guarded(() => lookUp(reference, context.sandbox));
        if (earlier) return booked(earlier, context.sandbox, quote, attributes.exportDeclaration);
      }
      try {
        const answer = await guarded(() =>
          client.call<{ data: ShipmentJson }>('POST', '/shipments/confirm', {
            body: { data: { type: 'shipment', attributes, meta: { rate: { id: quote.upstreamRateId } } } },
            timeoutMs: timeouts.bookMs,
            sandbox: context.sandbox,
            idempotencyKey: reference,
          }),
        );
        return await booked(answer.body.data, context.sandbox, quote, attributes.exportDeclaration);
      } catch (error) {
        if (!(error instanceof UpstreamUnreachableError)) throw error;
        // The answer is lost, not necessarily the booking: look before anyone tries again.
        down = undefined;
        let lookedUp = true;
        const earlier = await lookUp(reference, context.sandbox).catch(() => {
          lookedUp = false;
          return undefined;
        });
        if (earlier) return booked(earlier, context.sandbox, quote, attributes.exportDeclaration);
        unreachable(error);
        // Looked up and not there: it was not booked. Otherwise nobody can know yet.
        throw lookedUp ? new UpstreamUnreachableError(error.message, false) : error;
      }
    },

    health() {
      return {
        code: config.code,
        name: config.name,
        reachable: down === undefined,
        problem: down?.problem ?? null,
        since: down?.since ?? null,
        nextTryAt: down ? new Date(down.until).toISOString() : null,
      };
    },

    async closeDay(carrierCode, date, sandbox) {
      const answer = await guarded(() =>
        client.call<{ data: { attributes: { number: string } } }>('POST', '/manifests', {
          body: { data: { type: 'manifest', attributes: { carrier: carrierCode, date } } },
          timeoutMs: timeouts.bookMs,
          sandbox,
        }),
      );
      return { number: answer.body.data.attributes.number };
    },

    async tracking(remoteId, sandbox) {
      const answer = await guarded(() =>
        client.call<{ data: { attributes: { trackingStatus: number | null; trackingDate: string | null } } }>(
          'GET',
          `/shipments/${encodeURIComponent(remoteId)}/tracking`,
          {
            timeoutMs: timeouts.lookupMs,
            sandbox,
          },
        ),
      );
      return { status: answer.body.data.attributes.trackingStatus, date: answer.body.data.attributes.trackingDate };
    },
  };
}
