// The shipment use cases of spec 4.1: save, rate, confirm, one-step create, retrieve, delete, documents,
// tracking and summaries, plus the scheduled processing run. The API and the scheduler both call these.
import { randomBytes, randomUUID } from 'node:crypto';
import { addDays, dayIn, shipDateAt, type StationCalendar } from '../../src-shared/calendar.ts';
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import type { ConfirmMeta, CreateMeta } from '../../src-shared/shipment-validation.ts';
import { STATUS, type ShipmentAttributes } from '../../src-shared/shipment.ts';
import type { DeleteRefusal, PriceChangeMeta } from '../../src-shared/resources.ts';
import type { VerificationAttributes } from '../../src-shared/verification.ts';
import type { CarrierRegistry } from '../carriers/registry.ts';
import { PoolBusyError, RenderFailedError, type DocumentPool } from '../documents/pool.ts';
import { actorOf, type Caller } from '../domain/caller.ts';
import type { PriceList, RatedPriceList } from '../domain/rating.ts';
import type { ProcessedResult, ShipmentRecord, SummaryRow, TrackingEvent } from '../domain/shipment.ts';
import { StoreFaultError, TrackingNumberTakenError } from '../domain/store-fault.ts';
import { OrderTakenError } from '../domain/order.ts';
import type { OrderShipmentLink } from '../../src-shared/orders.ts';
import { UpstreamRefusedError, UpstreamUnreachableError } from '../carriers/upstream-client.ts';
import { upstreamOfCarrier } from '../carriers/upstream.ts';
import { storedCutoffs } from './carrier-settings.ts';
import type { Logger } from '../logger.ts';
import type { Store } from '../store/index.ts';
import type { SummaryKey } from '../domain/shipment.ts';
import { addressesOfShipment } from '../store/addresses.ts';
import type { IdempotencyTicket, NewIdempotencyKey } from '../domain/idempotency.ts';
import { requireRole, type AuditLog } from './audit-log.ts';
import { ratedDocumentHash } from './rated-document.ts';
import { labelInput } from './label-input.ts';
import { renderZplLabels, type ZplDpi } from '../documents/zpl-label.ts';
import { noServiceReason, pickByService, priceShipment, processShipment, unreachableReason, type ProcessInput, type ProcessingDeps } from './processing.ts';

export interface ShipmentServiceDeps {
  store: Store;
  carriers: CarrierRegistry;
  /** The document workers that render labels. */
  documents: DocumentPool;
  clock: () => Date;
  /** The station's time zone and holidays, as stored now. */
  calendar: () => Promise<StationCalendar>;
  logger: Logger;
  /** Creates and voids are written to it with the shipment, in one transaction. */
  audit: AuditLog;
  /** This station's desk: each shipment records the desk and the user that made it. */
  desk: string;
}

export interface SummaryQuery {
  dateFrom: string | null;
  dateTo: string | null;
  search: string | null;
  /** Only the shipments this user (username) made. */
  createdBy?: string | null;
  /** The last summary of the page before: its ship date, when it was made, its id. */
  after?: SummaryKey | null;
  limit: number;
}

/** The format the documents endpoint answers in: the stored PDF (labels, then the invoice), or ZPL labels. */
export type DocumentFormat = { format: 'pdf' } | { format: 'zpl'; dpi: ZplDpi };

export interface ProcessingRun {
  claimed: number;
  processed: number;
  failed: number;
  /** Shipments that meet a fault outside themselves (disk full, database locked): they wait for the next run. */
  deferred: number;
}

/** The order a new shipment ships (`data.meta.orderNumber`, the orders extension). */
export interface OrderLink {
  orderNumber?: string;
}

export interface ShipmentService {
  /** `key`: the request's idempotency key, stored with the new shipment. */
  save(caller: Caller, attributes: ShipmentAttributes, key?: IdempotencyTicket): Promise<ShipmentRecord>;
  /** The carrier choices a one-step create may name (`data.meta.carrierChoice`). */
  carrierChoices(): Promise<string[]>;
  rate(caller: Caller, attributes: ShipmentAttributes): Promise<RatedPriceList>;
  /**
   * Confirms with a rate. When `savedId` names a shipment this caller saved and has not processed, that shipment is
   * confirmed (same id and reference); any other id is ignored and a new shipment is made.
   */
  confirm(caller: Caller, attributes: ShipmentAttributes, meta: ConfirmMeta & OrderLink, savedId?: string, key?: IdempotencyTicket): Promise<ShipmentRecord>;
  create(caller: Caller, attributes: ShipmentAttributes, meta: CreateMeta & OrderLink, key?: IdempotencyTicket): Promise<ShipmentRecord>;
  get(caller: Caller, id: string): Promise<ShipmentRecord>;
  /** The caller's own live shipment in any state, e.g. one a create acknowledged with 202: to answer a repeated request again. */
  acknowledged(caller: Caller, id: string): Promise<ShipmentRecord | undefined>;
  remove(caller: Caller, id: string): Promise<void>;
  /** The stored PDF, or (`zpl`) the labels drawn again as ZPL at the given dpi. */
  documents(caller: Caller, id: string, format?: DocumentFormat): Promise<{ record: ShipmentRecord; contentType: string; fileName: string; data: Buffer }>;
  tracking(caller: Caller, id: string): Promise<{ record: ShipmentRecord; latest: TrackingEvent | undefined }>;
  /** Every tracking event of a processed shipment (the last 500), oldest first. */
  trackingHistory(caller: Caller, id: string): Promise<TrackingEvent[]>;
  summaries(caller: Caller, query: SummaryQuery): Promise<SummaryRow[]>;
  /** Checks a scan of a processed parcel against its label, and records it (a mismatch is also logged). */
  verify(caller: Caller, id: string, scanned: string): Promise<VerificationAttributes>;
  /** Tracking by the opaque hash of links.tracking, for whoever holds the link, with the whole history. */
  publicTracking(hash: string): Promise<{ record: ShipmentRecord; latest: TrackingEvent | undefined; history: TrackingEvent[] }>;
  /** Processes up to `limit` waiting scheduled shipments; each ends at status 3 or -1, or waits again after a fault. */
  processWaiting(limit: number): Promise<ProcessingRun>;
  /** Frees the claims made before `before`: those of a run that was killed midway. */
  releaseStaleClaims(before: Date): Promise<number>;
}

/** The window of ship dates when no rate card says otherwise (an upstream's carriers): today and 30 days on. */
const SHIP_DAYS_AHEAD = 30;

/** The station's calendar at one instant, as a request reads it once. */
interface Dating {
  today: string;
  timeZone: string;
  holidays: readonly string[];
  shipDateWith(choiceCode: string | null | undefined): string;
}

/** How long a caller is asked to wait before sending a request again that an upstream outage stopped. */
const UPSTREAM_RETRY_AFTER_S = 30;

/** The media type of ZPL labels as the documents endpoint answers them. */
const ZPL_MEDIA_TYPE = 'application/x-zpl';

/** Draws of a tracking number per shipment before a clash with another desk's counts as a fault. */
const TRACKING_NUMBER_ATTEMPTS = 5;

export function createShipmentService(deps: ShipmentServiceDeps): ShipmentService {
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
        if (error instanceof PoolBusyError) throw new StationError(503, error.message, { headers: { 'Retry-After': '1' } });
        if (error instanceof UpstreamUnreachableError && input.lane === 'request') {
          // Sent, and no answer heard: whether it was booked is not known yet. The caller keeps the shipment safe.
          if (error.maybeDone) throw error;
          throw upstreamAway(ERROR_TEXT.upstreamUnreachable(error.message));
        }
        if (error instanceof UpstreamRefusedError && input.lane === 'request') throw new StationError(error.status >= 500 ? 502 : 400, error.message);
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
  const upstreamAway = (text: string) => new StationError(503, text, { headers: { 'Retry-After': String(UPSTREAM_RETRY_AFTER_S) } });
  const newId = () => randomBytes(32).toString('hex').toUpperCase();
  /**
   * The station's calendar at one instant, read once per request: its holidays, and the ship date a shipment
   * without one gets with a carrier choice: today on a working day before that carrier's cutoff (HH:MM in the station's zone),
   * otherwise the next working day (its driver has come for today's parcels, or nobody ships today).
   */
  const dating = async (): Promise<Dating> => {
    const [calendar, cutoffs] = await Promise.all([deps.calendar(), storedCutoffs(store)]);
    const now = clock();
    return {
      today: dayIn(now, calendar.timeZone),
      timeZone: calendar.timeZone,
      holidays: calendar.holidays,
      shipDateWith: (choiceCode: string | null | undefined) => shipDateAt(now, calendar, choiceCode ? cutoffs[choiceCode] : undefined),
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
    const refuse = (reason: string) =>
      new StationError(400, ERROR_TEXT.invalidData('data.attributes.shipDate'), { pointer: '/data/attributes/shipDate', meta: { reason } });
    if (given < dates.today) throw refuse(ERROR_TEXT.shipDatePast(given, dates.today, dates.timeZone));
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
    if (given > latest) throw refuse(ERROR_TEXT.shipDateTooFar(given, days, latest));
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
  const created = (caller: Caller, shipment: { id: string; origin: string; scheduled: boolean; reference: string | null }) =>
    audit.entry(actorOf(caller), 'shipment.created', { type: 'shipment', id: shipment.id }, {
      origin: shipment.origin,
      scheduled: shipment.scheduled,
      reference: shipment.reference,
      sandbox: caller.sandbox,
    });
  const keyFor = (ticket: IdempotencyTicket | undefined, shipmentId: string): NewIdempotencyKey | undefined =>
    ticket && { ...ticket, subjectType: 'shipment', subjectId: shipmentId };

  /** The caller's own live shipment; another client's, a deleted or an unknown one is not found. */
  const find = (caller: Caller, id: string) => store.shipments.get(id, caller.client.id, caller.sandbox);

  const notRetrievable = () => new StationError(404, ERROR_TEXT.shipmentRetrieval);

  /** The refusal of a second live shipment of one order: 409, naming the shipment that ships it. */
  const orderTaken = (number: string, shipment: OrderShipmentLink) =>
    new StationError(409, (shipment.status === STATUS.processed ? ERROR_TEXT.orderShipped : ERROR_TEXT.orderInProgress)(number, shipment.reference ?? shipment.id), {
      pointer: '/data/meta/orderNumber',
      meta: { shipment: { ...shipment } },
    });
  /**
   * Runs a create or confirm that names an order: the order must be the caller's, and no live shipment but
   * `savedId` (the one being confirmed) may ship it. Another desk's shipment of it recorded in the meantime is
   * refused by the store's constraint, and answered as if it had been found first.
   */
  const forOrder = async (caller: Caller, number: string | undefined, savedId: string | undefined, work: () => Promise<ShipmentRecord>) => {
    if (number === undefined) return work();
    const order = await store.orders.get(caller.client.id, caller.sandbox, number);
    if (!order) throw new StationError(400, ERROR_TEXT.invalidData('data.meta.orderNumber'), { pointer: '/data/meta/orderNumber', meta: { reason: ERROR_TEXT.noSuchOrder(number) } });
    if (order.shipment && order.shipment.id !== savedId) throw orderTaken(number, order.shipment);
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof OrderTakenError)) throw error;
      const now = await store.orders.get(caller.client.id, caller.sandbox, number);
      throw now?.shipment ? orderTaken(number, now.shipment) : error;
    }
  };

  /** Prices, books and documents a new shipment during the call, and records it processed in one transaction. */
  const recordProcessed = async (
    caller: Caller,
    attributes: ShipmentAttributes,
    shipDate: string,
    origin: 'confirm' | 'create',
    quote: PriceList['quotes'][number],
    meta: { service: string | null; carrierChoice: string | null; orderNumber?: string },
    key: IdempotencyTicket | undefined,
  ) => {
    const reference = await store.shipments.allocateReference();
    const id = newId();
    const input = { shipmentId: id, attributes, shipDate, sandbox: caller.sandbox, reference, quote, at: clock(), lane: 'request' as const, retry: false };
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
      throw new StationError(503, ERROR_TEXT.upstreamMaybeBooked(error.message, kept.id), { headers: { 'Retry-After': String(UPSTREAM_RETRY_AFTER_S) }, meta: { shipmentId: kept.id } });
    }
    return record;
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
    if (!(await store.shipments.claimSaved(saved.id, token))) throw new StationError(409, ERROR_TEXT.savedShipmentBusy);
    try {
      const input = { shipmentId: saved.id, attributes, shipDate: attributes.shipDate, sandbox: saved.sandbox, reference: saved.reference!, quote, at: clock(), lane: 'request' as const, retry: true };
      const confirmed = await processThen(input, (processed) =>
        store.shipments.confirmSaved(saved.id, token, { attributes, shipDate: attributes.shipDate, orderNumber }, processed, keyFor(key, saved.id)),
      );
      if (!confirmed) throw new StationError(409, ERROR_TEXT.savedShipmentBusy);
    } catch (error) {
      await store.shipments.releaseClaim(saved.id, token);
      // A confirm of a saved shipment looks its upstream booking up first, so confirming it again is safe.
      if (error instanceof UpstreamUnreachableError) {
        throw upstreamAway(error.maybeDone ? ERROR_TEXT.upstreamMaybeBookedSaved(error.message) : ERROR_TEXT.upstreamUnreachable(error.message));
      }
      throw error;
    }
    await remember(saved, attributes);
    return (await store.shipments.get(saved.id, saved.clientId, saved.sandbox))!;
  };

  const service: ShipmentService = {
    async save(caller, given, key) {
      const dates = await dating();
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
      const dates = await dating();
      const attributes = await dated(given, dates, null);
      const list = await priceList(attributes, dates, { sandbox: caller.sandbox });
      // Nothing quoted and an upstream could not be asked: not an answer about the shipment, so ask again later.
      const away = list.quotes.length === 0 ? unreachableReason(list) : undefined;
      if (away) throw upstreamAway(ERROR_TEXT.upstreamUnreachableForRates(away));
      // The hash is of the document as sent, which its confirm sends again.
      return { ...list, documentHash: ratedDocumentHash(given) };
    },

    async confirm(caller, given, meta, savedId, key) {
      // A rate handed out for another document (the desk's form, or a script's, changed after rating) books nothing.
      if (meta.documentHash !== undefined && meta.documentHash !== ratedDocumentHash(given)) {
        throw new StationError(409, ERROR_TEXT.notTheRatedShipment, { pointer: '/data/meta/rate/meta/documentHash', meta: { reason: ERROR_TEXT.notTheRatedShipment } });
      }
      const dates = await dating();
      const attributes = await dated(given, dates, null);
      const list = await priceList(attributes, dates, { sandbox: caller.sandbox });
      const quote = list.quotes.find((candidate) => candidate.carrierCode === meta.carrierCode && candidate.serviceCode === meta.serviceCode);
      if (!quote) {
        const away = unreachableReason(list, meta.carrierCode);
        if (away) throw upstreamAway(ERROR_TEXT.upstreamUnreachable(away));
        const known = carriers.bookingCarrier(meta.carrierCode) !== undefined;
        const why = list.unavailable.find((entry) => entry.carrierCode === meta.carrierCode && entry.serviceCode === meta.serviceCode);
        throw new StationError(400, ERROR_TEXT.invalidData('data.meta.rate.id'), {
          pointer: '/data/meta/rate/id',
          meta: { reason: why?.reason ?? (known ? ERROR_TEXT.noSuchService(meta.serviceCode) : ERROR_TEXT.noSuchCarrier(meta.carrierCode)) },
        });
      }
      if (meta.finalCost !== undefined && Math.round(meta.finalCost * 100) !== quote.finalCents) {
        const change: PriceChangeMeta = { originalPrice: meta.finalCost, updatedPrice: quote.finalCents / 100, currency: quote.currency };
        throw new StationError(503, ERROR_TEXT.priceIsDifferent(String(change.originalPrice), String(change.updatedPrice)), { meta: { ...change } });
      }
      const shipDate = attributes.shipDate ?? dates.shipDateWith(quote.choiceCode);
      const confirmed = { ...attributes, shipDate };
      const saved = savedId === undefined ? undefined : await find(caller, savedId);
      if (saved && saved.origin === 'save' && saved.status === STATUS.created && !saved.scheduled) {
        return confirmSaved(saved, confirmed, quote, key, meta.orderNumber);
      }
      return recordProcessed(caller, confirmed, shipDate, 'confirm', quote, { service: null, carrierChoice: null, orderNumber: meta.orderNumber }, key);
    },

    async create(caller, given, meta, key) {
      const dates = await dating();
      const choice = { service: meta.service, carrierChoice: meta.carrierChoice ?? null, orderNumber: meta.orderNumber };
      const attributes = await dated(given, dates, choice.carrierChoice);
      // A scheduled shipment meets the same rules before its 202 as an immediate one before its 201: once
      // acknowledged, it fails later only for a reason outside the request (a rate card changed meanwhile).
      const list = await priceList(attributes, dates, { choiceCode: choice.carrierChoice, sandbox: caller.sandbox });
      const quote = pickByService(list.quotes, meta.service);
      // Offline first: a scheduled shipment for an upstream that cannot be reached now is accepted into the outbox.
      const away = quote ? undefined : unreachableReason(list);
      if (!quote && !away) throw new StationError(400, noServiceReason(list));
      if (!quote && !meta.scheduledProcessing) throw upstreamAway(ERROR_TEXT.upstreamUnreachable(away!));
      const shipDate = attributes.shipDate ?? dates.shipDateWith(quote?.choiceCode ?? choice.carrierChoice);
      const withDate = { ...attributes, shipDate };
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
        return store.shipments.insert(shipment, undefined, created(caller, shipment), keyFor(key, shipment.id));
      }
      return recordProcessed(caller, withDate, shipDate, 'create', quote!, choice, key);
    },

    async get(caller, id) {
      const record = await find(caller, id);
      if (!record || (record.scheduled && record.status === STATUS.created)) throw notRetrievable();
      return record;
    },

    acknowledged: (caller, id) => find(caller, id),

    async remove(caller, id) {
      const record = await find(caller, id);
      if (!record) throw notRetrievable();
      const processed = record.status === STATUS.processed;
      if (processed) {
        // Voidable until the day is closed into a manifest, tracking starts, or the ship date passes. The refusal
        // keeps the spec's text, and says which in meta (README, "Shipments: the workflow").
        const manifest = await store.manifests.closedIn(record.id);
        const latest = manifest === null ? await store.shipments.latestEvent(record.id) : undefined;
        const refusal: DeleteRefusal | null =
          manifest !== null
            ? { reason: 'dayClosed', manifest }
            : latest !== undefined
              ? { reason: 'trackingStarted', trackingStatus: latest.status, trackingDate: latest.occurredAt }
              : dayIn(clock(), (await deps.calendar()).timeZone) > record.shipDate
                ? { reason: 'shipDatePassed', shipDate: record.shipDate }
                : null;
        if (refusal) throw new StationError(400, ERROR_TEXT.deleteNotAvailable, { meta: { ...refusal } });
        requireRole(actorOf(caller), 'supervisor', 'Voiding a processed shipment');
      }
      const detail = { reference: record.reference, trackingNumber: record.trackingNumber, status: record.status, sandbox: record.sandbox };
      await store.shipments.markDeleted(record, audit.entry(actorOf(caller), processed ? 'shipment.voided' : 'shipment.deleted', { type: 'shipment', id: record.id }, detail));
    },

    async documents(caller, id, format = { format: 'pdf' }) {
      const record = await find(caller, id);
      if (!record) throw new StationError(404, ERROR_TEXT.shipmentNotFound);
      if (record.status === STATUS.failed) throw new StationError(404, ERROR_TEXT.shipmentError);
      if (record.status === STATUS.created) throw new StationError(404, ERROR_TEXT.shipmentNotYetProcessed);
      if (format.format === 'zpl') {
        // An upstream's label is the carrier's own, kept as it came: the station does not draw another one.
        const upstream = record.carrierCode === null ? undefined : upstreamOfCarrier(record.carrierCode);
        if (upstream) throw new StationError(400, ERROR_TEXT.invalidOrEmptyParameter('format'), { parameter: 'format', meta: { reason: ERROR_TEXT.upstreamLabelPdfOnly(upstream) } });
        const zpl = renderZplLabels(labelInput(record), format.dpi);
        return { record, contentType: ZPL_MEDIA_TYPE, fileName: `${record.reference}.zpl`, data: Buffer.from(zpl, 'utf8') };
      }
      const document = await store.shipments.document(record.id);
      if (!document) throw new Error(`processed shipment ${record.id} has no documents`);
      return { record, ...document };
    },

    async verify(caller, id, scanned) {
      const record = await find(caller, id);
      if (!record || record.status !== STATUS.processed) throw notRetrievable();
      const code = scanned.trim();
      const matched = [record.trackingNumber, record.reference, record.orderNumber, record.attributes.customerReference].some((known) => known !== null && known !== undefined && known === code);
      await audit.record(actorOf(caller), matched ? 'shipment.verified' : 'shipment.verify-mismatch', { type: 'shipment', id: record.id }, { scanned: code, reference: record.reference });
      // The scan itself stays in the audit log: it may be another parcel's tracking number.
      if (!matched) logger.warn(`Parcel check failed: the scan does not belong to shipment ${record.reference ?? record.id}`);
      return { scanned: code, matched, trackingNumber: record.trackingNumber, reference: record.reference, at: clock().toISOString() };
    },

    async tracking(caller, id) {
      const record = await find(caller, id);
      if (!record || record.status !== STATUS.processed) throw notRetrievable();
      return { record, latest: await store.shipments.latestEvent(record.id) };
    },

    async trackingHistory(caller, id) {
      const record = await find(caller, id);
      if (!record || record.status !== STATUS.processed) throw notRetrievable();
      return (await store.shipments.trackingHistory(record.id)).reverse();
    },

    async publicTracking(hash) {
      const record = await store.shipments.byTrackingHash(hash);
      if (!record) throw notRetrievable();
      const history = await store.shipments.trackingHistory(record.id);
      return { record, latest: history[0], history };
    },

    summaries: (caller, query) => store.shipments.summaries({ clientId: caller.client.id, sandbox: caller.sandbox, ...query }),

    async processWaiting(limit) {
      // Runs never overlap and one station holds a data folder, so a claim found now is left by a run that could
      // not release it (the disk was full): its shipments wait again.
      await store.shipments.releaseWaitingClaims();
      // Read before the claim, so a fault here leaves nothing claimed.
      const { holidays } = await deps.calendar();
      const token = randomUUID();
      const claimed = await store.shipments.claimWaiting({ limit, token });
      const run: ProcessingRun = { claimed: claimed.length, processed: 0, failed: 0, deferred: 0 };
      // The whole batch goes to the document workers at once, in their batch lane: requests at the desk go
      // first. Each result is recorded in its own transaction as it arrives.
      const processOne = async (record: ShipmentRecord) => {
        try {
          const list = await priceShipment(carriers, record.attributes, { shipDate: () => record.shipDate, holidays, choiceCode: record.carrierChoice, sandbox: record.sandbox });
          // The carrier could not be asked (an upstream that is down): the shipment waits in the outbox.
          if (list.quotes.length === 0 && list.unavailable.some((entry) => entry.unreachable)) throw new UpstreamUnreachableError(noServiceReason(list));
          const quote = pickByService(list.quotes, (record.service ?? 'economy') as 'express' | 'economy');
          if (!quote) {
            if (await store.shipments.fail(record.id, token, noServiceReason(list))) run.failed++;
            return;
          }
          const input = { shipmentId: record.id, attributes: record.attributes, shipDate: record.shipDate, sandbox: record.sandbox, reference: record.reference!, quote, at: clock(), lane: 'batch' as const, retry: true };
          if (await processThen(input, (processed) => store.shipments.complete(record.id, token, processed))) run.processed++;
        } catch (error) {
          // Only a reason in the shipment itself ends it at -1: a document that kills the renderer twice. A full
          // disk, a locked database, a busy or stopping renderer, or a bug leave it waiting for the next run.
          if ((error instanceof RenderFailedError || error instanceof UpstreamRefusedError) && (await failQuietly(record, token, error.message))) {
            run.failed++;
            return;
          }
          run.deferred++;
          if (error instanceof UpstreamUnreachableError) {
            // Said once per run, not once per shipment: a thousand may wait for the same upstream.
            upstreamProblem = error.message;
            return;
          }
          const why = error instanceof StoreFaultError || error instanceof StationError ? error.message : undefined;
          if (why) logger.warn(`Shipment ${record.reference ?? record.id} waits for the next run: ${why}`);
          else logger.error(`Processing shipment ${record.reference ?? record.id} failed; it waits for the next run`, error);
        }
      };
      const failQuietly = async (record: ShipmentRecord, claim: string, reason: string) => {
        try {
          return await store.shipments.fail(record.id, claim, reason);
        } catch {
          return false;
        }
      };
      let upstreamProblem: string | undefined;
      const running: Promise<void>[] = [];
      for (const record of claimed) {
        running.push(processOne(record));
        // Pricing and booking run on this thread: let requests in between shipments, so a batch never stalls the desk.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all(running);
      if (upstreamProblem) logger.warn(`Shipments wait in the outbox for the upstream service: ${upstreamProblem}`);
      // What this run could not finish waits again at once, not after a timeout.
      if (run.deferred > 0) {
        await store.shipments.releaseRunClaims(token).catch((error: unknown) => logger.warn(`Claims of this run stay until the next run: ${(error as Error).message}`));
      }
      return run;
    },

    releaseStaleClaims: (before) => store.shipments.releaseClaims(before.toISOString()),
  };
  return {
    ...service,
    confirm: (caller, attributes, meta, savedId, key) => forOrder(caller, meta.orderNumber, savedId, () => service.confirm(caller, attributes, meta, savedId, key)),
    create: (caller, attributes, meta, key) => forOrder(caller, meta.orderNumber, undefined, () => service.create(caller, attributes, meta, key)),
  };
}
