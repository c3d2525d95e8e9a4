// Pickups as the desk sees them: the collections booked with the client's shipments, by day and carrier, each
// with the deadline until which its carrier takes a cancellation (from the rate card), and the cancel itself.
import { instantAt, type StationCalendar } from '../../src-shared/calendar.ts';
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import type { CarrierRegistry } from '../carriers/registry.ts';
import { actorOf, type Caller } from '../domain/caller.ts';
import type { PickupRecord } from '../domain/pickup.ts';
import type { Store } from '../store/index.ts';
import type { AuditLog } from './audit-log.ts';

export interface Pickup extends PickupRecord {
  /** The collection date at the carrier's cancellation deadline, in the station's time zone: YYYY-MM-DD HH:MM. */
  cancelBefore: string;
}

export interface PickupService {
  /** `upcomingFrom`: only collections still booked on or after that date. */
  list(caller: Caller, filter: { date: string | null; carrier: string | null; limit: number; upcomingFrom?: string }): Promise<Pickup[]>;
  cancel(caller: Caller, shipmentId: string): Promise<void>;
}

/** The deadline of a carrier without a rate card (an upstream service's): the rate card schema's default. */
const DEFAULT_CANCEL_BEFORE = '10:00';

export function createPickupService(deps: { store: Store; carriers: CarrierRegistry; audit: AuditLog; clock: () => Date; calendar: () => Promise<StationCalendar> }): PickupService {
  const { store, carriers, audit, clock } = deps;
  const withDeadline = async (pickups: PickupRecord[]): Promise<Pickup[]> => {
    const cards = await carriers.cards();
    return pickups.map((pickup) => {
      const time = cards.find((entry) => entry.card.carrierCode === pickup.carrierCode)?.card.pickupCancelBefore ?? DEFAULT_CANCEL_BEFORE;
      return { ...pickup, cancelBefore: `${pickup.collectionDate} ${time}` };
    });
  };
  /** Whether the deadline (YYYY-MM-DD HH:MM on the station's wall clock) has come: from its first instant on, for good. */
  const passed = async (deadline: string) => {
    const { timeZone } = await deps.calendar();
    return clock().getTime() >= instantAt(deadline.slice(0, 10), deadline.slice(11), timeZone).getTime();
  };

  return {
    list: async (caller, filter) => withDeadline(await store.pickups.list({ clientId: caller.client.id, sandbox: caller.sandbox, date: filter.date, carrierCode: filter.carrier, limit: filter.limit, upcomingFrom: filter.upcomingFrom })),

    async cancel(caller, shipmentId) {
      const found = await store.pickups.get(shipmentId, caller.client.id, caller.sandbox);
      if (!found) throw new StationError(404, ERROR_TEXT.noSuchPickup(shipmentId));
      const [pickup] = await withDeadline([found]);
      if (pickup!.status === 'cancelled') throw new StationError(409, ERROR_TEXT.pickupAlreadyCancelled);
      if (await passed(pickup!.cancelBefore)) throw new StationError(409, ERROR_TEXT.pickupPastDeadline(pickup!.carrierName, pickup!.cancelBefore), { meta: { cancelBefore: pickup!.cancelBefore } });
      const cancelled = await store.pickups.cancel(shipmentId, audit.entry(actorOf(caller), 'pickup.cancelled', { type: 'pickup', id: shipmentId }, { carrier: pickup!.carrierCode, date: pickup!.collectionDate, reference: pickup!.reference }));
      if (!cancelled) throw new StationError(409, ERROR_TEXT.pickupAlreadyCancelled);
    },
  };
}
