// The upstream gateway as the desk and integrations see it: the outbox (scheduled shipments waiting to be sent,
// being sent, or failed, with why, beside each upstream's reachability), and the tracking refresh that pulls the
// upstream's tracking of what it booked and records what moved (each change is a tracking.updated event).
import { addDays, dayIn, type StationCalendar } from '../../src-shared/calendar.ts';
import type { CarrierRegistry } from '../carriers/registry.ts';
import type { UpstreamHealth } from '../carriers/upstream.ts';
import type { Caller } from '../domain/caller.ts';
import type { ShipmentRecord } from '../domain/shipment.ts';
import type { Logger } from '../logger.ts';
import type { Store } from '../store/index.ts';

export interface OutboxEntry {
  shipment: ShipmentRecord;
  state: 'queued' | 'sending' | 'failed';
  /** Why it failed, or why it waits (its upstream cannot be reached); null while nothing is wrong. */
  reason: string | null;
}

export interface UpstreamService {
  outbox(caller: Caller): Promise<{ entries: OutboxEntry[]; upstreams: UpstreamHealth[] }>;
  /** Pulls the tracking of up to `limit` upstream bookings, least recently looked at first. */
  refreshTracking(limit?: number): Promise<{ checked: number; updated: number }>;
}

/** Failed shipments stay in the outbox view this long. */
const FAILED_SHOWN_MS = 7 * 24 * 60 * 60_000;
/** Bookings shipped longer ago than this are no longer followed. */
const FOLLOWED_DAYS = 60;
const OUTBOX_LIMIT = 500;

export function createUpstreamService(deps: {
  store: Store;
  carriers: CarrierRegistry;
  clock: () => Date;
  calendar: () => Promise<StationCalendar>;
  logger: Logger;
}): UpstreamService {
  const { store, carriers, clock, logger } = deps;
  const upstreamsNow = () => carriers.refreshUpstreams();
  return {
    async outbox(caller) {
      const upstreams = await upstreamsNow();
      const health = new Map(upstreams.map((carrier) => [carrier.choiceCode, carrier.health()]));
      const anyDown = [...health.values()].find((entry) => !entry.reachable);
      const rows = await store.shipments.outbox({
        clientId: caller.client.id,
        sandbox: caller.sandbox,
        failedSince: new Date(clock().getTime() - FAILED_SHOWN_MS).toISOString(),
        limit: OUTBOX_LIMIT,
      });
      const entries = rows.map(({ record, sending }): OutboxEntry => {
        if (record.status === -1) return { shipment: record, state: 'failed', reason: record.error };
        const waitsFor = record.carrierChoice ? health.get(record.carrierChoice) : anyDown;
        const reason = waitsFor && !waitsFor.reachable ? `${waitsFor.problem}; next try at ${waitsFor.nextTryAt}` : null;
        return { shipment: record, state: sending ? 'sending' : 'queued', reason };
      });
      return { entries, upstreams: upstreams.map((carrier) => carrier.health()) };
    },

    async refreshTracking(limit = 200) {
      const upstreams = new Map((await upstreamsNow()).map((carrier) => [carrier.choiceCode, carrier]));
      const since = addDays(dayIn(clock(), (await deps.calendar()).timeZone), -FOLLOWED_DAYS);
      const bookings = await store.shipments.upstreamBookings(since, limit);
      let checked = 0;
      let updated = 0;
      for (const booking of bookings) {
        const carrier = upstreams.get(booking.carrierChoice);
        if (!carrier) continue;
        let tracking: { status: number | null; date: string | null };
        try {
          tracking = await carrier.tracking(booking.remoteId, booking.sandbox);
        } catch (error) {
          logger.warn(`Tracking from ${carrier.carrierName} waits for the next refresh: ${(error as Error).message}`);
          break;
        }
        checked++;
        await store.shipments.markRefreshed(booking.shipmentId);
        if (tracking.status === null || tracking.date === null) continue;
        const latest = await store.shipments.latestEvent(booking.shipmentId);
        if (latest && (latest.occurredAt > tracking.date || (latest.occurredAt === tracking.date && latest.status === tracking.status)))
          continue;
        await store.shipments.addEvent(booking.shipmentId, {
          status: tracking.status,
          occurredAt: tracking.date,
          location: '',
          text: `Reported by ${carrier.carrierName}`,
        });
        updated++;
      }
      return { checked, updated };
    },
  };
}
