// What the shipment use cases share: the service's dependencies, and the small steps several of them take (book
// and render a priced shipment, name who made it, find a caller's own shipment, keep its addresses, audit its
// creation). The calendar's steps are in calendar-day.ts, the order guard in order-guard.ts, a booking from price
// to record in book-shipment.ts; services/shipments.ts puts the use cases together.
import { randomBytes } from 'node:crypto';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import type { ShipmentAttributes } from '../../../src-shared/shipment.ts';
import { renderRefusal } from '../../documents/pool.ts';
import { actorOf, type Caller } from '../../domain/caller.ts';
import type { ProcessedResult } from '../../domain/shipment.ts';
import { TrackingNumberTakenError } from '../../domain/store-fault.ts';
import { UpstreamRefusedError, UpstreamUnreachableError } from '../../carriers/upstream-client.ts';
import { addressesOfShipment } from '../../store/index.ts';
import type { IdempotencyTicket, NewIdempotencyKey } from '../../domain/idempotency.ts';
import { processShipment, type ProcessInput, type ProcessingDeps } from '../processing.ts';
import { readCalendarDay, type DayOwner } from './calendar-day.ts';
import type { ShipmentServiceDeps } from './types.ts';

/** Draws of a tracking number per shipment before a clash with another desk's counts as a fault. */
const TRACKING_NUMBER_ATTEMPTS = 5;

/**
 * An upstream service that could not be asked: the request itself may be right, so it is a 503 the caller sends
 * again later (an ERP retries 5xx and gives up on 4xx), however long the upstream has been away.
 */
export const refuseUpstreamAway = (code: 'upstream.unreachable' | 'upstream.maybeBooked', text: string, meta?: Record<string, unknown>) =>
  new StationError(code, text, meta ? { meta } : {});

/** A new shipment's id: 64 hex digits, as the upstream service's. */
export const newShipmentId = () => randomBytes(32).toString('hex').toUpperCase();

/** The idempotency key of a request, as the store keeps it with the shipment the request made. */
export const keyOfShipment = (ticket: IdempotencyTicket | undefined, shipmentId: string): NewIdempotencyKey | undefined =>
  ticket && { ...ticket, subjectType: 'shipment', subjectId: shipmentId };

/** The refusal of a shipment that is not the caller's to read: unknown, another account's, or not processed yet. */
export const refuseRetrieval = () => new StationError('shipment.retrievalFailed', ERROR_TEXT.shipmentRetrieval);

/** The shared steps of the shipment use cases, over their dependencies. */
export function createShipmentContext(deps: ShipmentServiceDeps) {
  const { store, carriers, documents, logger, audit } = deps;
  /** Who made a shipment and where: the user's username (never reused) and this desk. */
  /** Who made it, at which desk, and at which site (the day's: the desk's, or a return's original's). */
  const madeBy = (caller: Caller, day: { site: number }) => ({ createdBy: caller.user.username, desk: deps.desk, site: day.site });
  const held = new Set<string>();
  const processing: ProcessingDeps = {
    carriers,
    documents,
    trackingNumberTaken: async (trackingNumber) => held.has(trackingNumber) || (await store.shipments.trackingNumberTaken(trackingNumber)),
    holdTrackingNumber: (trackingNumber) => held.add(trackingNumber),
    releaseTrackingNumber: (trackingNumber) => held.delete(trackingNumber),
    emissions: deps.emissions,
  };

  /**
   * Books and renders a priced shipment, then records the result with `record` (one transaction). A full document
   * queue answers 503 with Retry-After, so a burst slows callers down instead of piling up.
   */
  const bookAndRender = async <T>(input: ProcessInput, record: (result: ProcessedResult) => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      let result: ProcessedResult;
      try {
        result = await processShipment(processing, input);
      } catch (error) {
        // The scheduler's batch tells a renderer that failed on the shipment (it fails it) from one that was busy.
        const refusal = input.lane === 'request' ? renderRefusal(error) : undefined;
        if (refusal) {
          if (refusal.code === 'document.renderFailed')
            logger.error(`Rendering the documents of shipment ${input.reference} failed`, error);
          throw refusal;
        }
        if (error instanceof UpstreamUnreachableError && input.lane === 'request') {
          // Sent, and no answer heard: whether it was booked is not known yet. The caller keeps the shipment safe.
          if (error.maybeDone) throw error;
          throw refuseUpstreamAway('upstream.unreachable', ERROR_TEXT.upstreamUnreachable(error.message));
        }
        if (error instanceof UpstreamRefusedError && input.lane === 'request')
          throw new StationError(error.status >= 500 ? 'upstream.failed' : 'upstream.refused', error.message);
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
   * Every address a client ships from, to or collects at goes into its address book: a new shipment's with it, in
   * its own commit (the store's insert); a confirmed saved one's here, after it is recorded, where a failure is
   * logged, never answered, or a retried request would ship twice.
   */
  const rememberAddresses = async (owner: { clientId: string; sandbox: boolean }, attributes: ShipmentAttributes) => {
    try {
      for (const address of addressesOfShipment(attributes)) await store.addresses.remember(owner.clientId, owner.sandbox, address);
    } catch (error) {
      logger.warn(`The address book was not updated: ${(error as Error).message}`);
    }
  };
  /** The audit log's entry of a new shipment, written with it. */
  const auditCreation = (
    caller: Caller,
    shipment: {
      id: string;
      origin: string;
      scheduled: boolean;
      reference: string | null;
      returnOf?: string | null;
      returnReason?: string | null;
    },
  ) =>
    audit.entry(
      actorOf(caller),
      shipment.returnOf ? 'shipment.return.created' : 'shipment.created',
      { type: 'shipment', id: shipment.id },
      {
        origin: shipment.origin,
        scheduled: shipment.scheduled,
        reference: shipment.reference,
        sandbox: caller.sandbox,
        ...(shipment.returnOf ? { returnOf: shipment.returnOf, reason: shipment.returnReason } : {}),
      },
    );

  /** The caller's own live shipment; another client's, a deleted or an unknown one is not found. */
  const findOwnShipment = (caller: Caller, id: string) => store.shipments.get(id, caller.client.id, caller.sandbox);
  /** The station's calendar as the owner's request reads it once (calendar-day.ts). */
  const readDay = (owner: DayOwner, options?: { closedDays: boolean }) => readCalendarDay(deps, owner, options);

  return { ...deps, deps, madeBy, bookAndRender, rememberAddresses, auditCreation, findOwnShipment, readDay };
}

export type ShipmentContext = ReturnType<typeof createShipmentContext>;
