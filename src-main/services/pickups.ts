// Pickups as the desk sees them: one collection per carrier, address and day, however many of the client's
// shipments asked for it (each shipment books its own; the carrier comes once), with the deadline until which its
// carrier takes a cancellation (from the rate card), whether that deadline is still ahead, and the cancel itself.
import { instantAt, type StationCalendar } from '../../src-shared/calendar.ts';
import type { WarehouseService } from './warehouses.ts';
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import type { CarrierRegistry } from '../carriers/registry.ts';
import { actorOf, type Caller } from '../domain/caller.ts';
import type { PickupRecord } from '../domain/pickup.ts';
import type { Store } from '../store/index.ts';
import type { AuditLog } from './audit-log.ts';

/** One collection: named by its first shipment, with every shipment it collects. */
export interface Pickup extends PickupRecord {
  /** The shipments collected, in booking order (shipmentId is the first). */
  shipments: { id: string; reference: string | null; trackingNumber: string | null }[];
  /** The collection date at the carrier's cancellation deadline, in the station's time zone: YYYY-MM-DD HH:MM. */
  cancelBefore: string;
  /** Booked, and its deadline is still ahead on the station's clock. */
  cancellable: boolean;
}

export interface PickupService {
  /** Collections in the order of their first booking; `after`: those after that collection (its day, carrier and id). */
  list(
    caller: Caller,
    /** `site`: a site's id, `all`, or absent for the desk's site (warehouses.ts, scope). */
    filter: { date: string | null; carrier: string | null; after?: PickupCursor | null; limit: number; site?: string | null },
  ): Promise<Pickup[]>;
  /** The first collection still booked on or after `date` (of one site, or any: null), with every shipment of it; undefined when none is. */
  next(caller: Caller, date: string, site: number | null): Promise<Pickup | undefined>;
  /** Cancels the collection that `shipmentId` is part of: every shipment of it. */
  cancel(caller: Caller, shipmentId: string): Promise<void>;
}

/** Where a page of collections starts: after this one (its day, its carrier, and the shipment that names it). */
export interface PickupCursor {
  date: string;
  carrierCode: string;
  id: string;
}

/** The deadline of a carrier without a rate card (an upstream service's): the rate card schema's default. */
const DEFAULT_CANCEL_BEFORE = '10:00';
/** Bookings are read for grouping in pages this long at most. */
const GROUPING_LIMIT = 5000;

/** The carrier, day and address a collection is one of; a cancelled one is apart from one booked later. */
function collectionKey(pickup: PickupRecord): string {
  const { name, address1, postalCode, city, country } = pickup.address;
  const place = [name, address1, postalCode, city, country].map((part) =>
    String(part ?? '')
      .trim()
      .toLowerCase()
      .replace(/\s+/g, ' '),
  );
  return JSON.stringify([pickup.carrierCode, pickup.collectionDate, pickup.status, ...place]);
}

export function createPickupService(deps: {
  store: Store;
  carriers: CarrierRegistry;
  audit: AuditLog;
  clock: () => Date;
  calendar: () => Promise<StationCalendar>;
  warehouses: WarehouseService;
}): PickupService {
  const { store, carriers, audit, clock } = deps;

  /** Whether the deadline (YYYY-MM-DD HH:MM on the station's wall clock) has come: from its first instant on, for good. */
  const passed = (deadline: string, timeZone: string) =>
    clock().getTime() >= instantAt(deadline.slice(0, 10), deadline.slice(11), timeZone).getTime();

  /** Bookings grouped into collections, in the order of their first booking, each with its deadline in its site's zone. */
  const collections = async (caller: Caller, bookings: PickupRecord[]): Promise<Pickup[]> => {
    const cards = await carriers.cards();
    const zones = new Map<number, string>();
    for (const site of new Set(bookings.map((booking) => booking.site)))
      zones.set(site, (await deps.warehouses.calendarOf(await deps.warehouses.numbered(caller, site))).timeZone);
    const grouped = new Map<string, Pickup>();
    for (const booking of bookings) {
      const key = collectionKey(booking);
      const shipment = { id: booking.shipmentId, reference: booking.reference, trackingNumber: booking.trackingNumber };
      const known = grouped.get(key);
      if (known) {
        known.shipments.push(shipment);
        known.parcels += booking.parcels;
        continue;
      }
      const time = cards.find((entry) => entry.card.carrierCode === booking.carrierCode)?.card.pickupCancelBefore ?? DEFAULT_CANCEL_BEFORE;
      const cancelBefore = `${booking.collectionDate} ${time}`;
      grouped.set(key, {
        ...booking,
        shipments: [shipment],
        cancelBefore,
        cancellable: booking.status === 'booked' && !passed(cancelBefore, zones.get(booking.site)!),
      });
    }
    return [...grouped.values()];
  };

  return {
    async list(caller, filter) {
      const after = filter.after ?? null;
      const startingAt = after && { date: after.date, carrierCode: after.carrierCode };
      const bookings = await store.pickups.list({
        clientId: caller.client.id,
        sandbox: caller.sandbox,
        date: filter.date,
        carrierCode: filter.carrier,
        startingAt,
        limit: GROUPING_LIMIT,
        site: await deps.warehouses.scope(caller, filter.site, 'The pickups'),
      });
      const grouped = await collections(caller, bookings);
      if (!after) return grouped.slice(0, filter.limit);
      // The page starts after the cursor's collection. Should that one have changed meanwhile (cancelled, it is a
      // collection of its own), the page starts at the next day or carrier instead.
      const at = grouped.findIndex((pickup) => pickup.shipmentId === after.id);
      const rest =
        at >= 0
          ? grouped.slice(at + 1)
          : grouped.filter((pickup) => pickup.collectionDate !== after.date || pickup.carrierCode !== after.carrierCode);
      return rest.slice(0, filter.limit);
    },

    // Today asks every 30 s: the first booking found by its index, then only its carrier's bookings of that day.
    async next(caller, date, site) {
      const owner = { clientId: caller.client.id, sandbox: caller.sandbox, site };
      const [first] = await store.pickups.list({ ...owner, date: null, carrierCode: null, limit: 1, upcomingFrom: date });
      if (!first) return undefined;
      const sameDay = await store.pickups.list({
        ...owner,
        date: first.collectionDate,
        carrierCode: first.carrierCode,
        limit: GROUPING_LIMIT,
      });
      return (await collections(caller, sameDay)).find((pickup) => pickup.shipments.some((shipment) => shipment.id === first.shipmentId));
    },

    async cancel(caller, shipmentId) {
      const found = await store.pickups.get(shipmentId, caller.client.id, caller.sandbox);
      if (!found) throw new StationError('pickup.notFound', ERROR_TEXT.noSuchPickup(shipmentId));
      if (found.status === 'cancelled') throw new StationError('pickup.alreadyCancelled', ERROR_TEXT.pickupAlreadyCancelled);
      // A packer cancels their desk's site's collections only, as they list them.
      await deps.warehouses.mayShow(caller, found.site, 'A pickup');
      const sameDay = await store.pickups.list({
        clientId: caller.client.id,
        sandbox: caller.sandbox,
        date: found.collectionDate,
        carrierCode: found.carrierCode,
        limit: GROUPING_LIMIT,
        site: found.site,
      });
      const pickup = (await collections(caller, sameDay)).find((candidate) =>
        candidate.shipments.some((shipment) => shipment.id === shipmentId),
      )!;
      if (!pickup.cancellable)
        throw new StationError('pickup.pastDeadline', ERROR_TEXT.pickupPastDeadline(pickup.carrierName, pickup.cancelBefore), {
          meta: { cancelBefore: pickup.cancelBefore },
        });
      const ids = pickup.shipments.map((shipment) => shipment.id);
      const logged = audit.entry(
        actorOf(caller),
        'pickup.cancelled',
        { type: 'pickup', id: pickup.shipmentId },
        {
          carrier: pickup.carrierCode,
          date: pickup.collectionDate,
          references: pickup.shipments.map((shipment) => shipment.reference),
        },
      );
      if (!(await store.pickups.cancel(ids, logged))) throw new StationError('pickup.alreadyCancelled', ERROR_TEXT.pickupAlreadyCancelled);
    },
  };
}
