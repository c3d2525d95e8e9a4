// Today: one ship date of an account at a glance (of one person's work, when filtered), for the desk's home screen. Counts per carrier come from the
// day's shipments (a day is hundreds of rows, read through the summaries index), the close status from the
// day's manifests, the open print jobs from this desk's queue, and the next pickup from the collection bookings.
import { dayIn } from '../../src-shared/calendar.ts';
import type { WarehouseService } from './warehouses.ts';
import type { TodayAttributes, TodayCarrier, TodayPickup } from '../../src-shared/today.ts';
import { STATUS } from '../../src-shared/shipment.ts';
import type { CarrierRegistry } from '../carriers/registry.ts';
import type { Caller } from '../domain/caller.ts';
import type { Store } from '../store/index.ts';
import type { PickupService } from './pickups.ts';
import { peopleOf } from './reports.ts';

export interface TodayService {
  /**
   * `date` null: the site's day now, in its time zone; `createdBy`: one person's shipments only (a username); `site`:
   * a site's id, `all`, or absent for the desk's site (a packer sees their desk's only).
   */
  today(caller: Caller, date: string | null, createdBy?: string | null, site?: string | null): Promise<TodayAttributes>;
}

export function createTodayService(deps: {
  store: Store;
  carriers: CarrierRegistry;
  pickups: PickupService;
  desk: string;
  clock: () => Date;
  warehouses: WarehouseService;
}): TodayService {
  const { store, carriers, pickups, desk, clock, warehouses } = deps;

  async function nextPickup(caller: Caller, date: string, site: number | null): Promise<TodayPickup | null> {
    // A pickup is one collection already: a carrier, an address and a day, with every shipment it takes.
    const first = await pickups.next(caller, date, site);
    if (!first) return null;
    return {
      carrier: first.carrierCode,
      carrierName: first.carrierName,
      date: first.collectionDate,
      cancelBefore: first.cancelBefore,
      address: {
        name: first.address.name,
        address1: first.address.address1,
        city: first.address.city,
        postalCode: first.address.postalCode,
        country: first.address.country,
      },
      parcels: first.parcels,
      shipments: first.shipments.length,
    };
  }

  return {
    async today(caller, given, createdBy = null, asked = null) {
      const site = await warehouses.scope(caller, asked, 'Today');
      // The day of the site it shows (the desk's when it shows every site).
      const shown = site === null ? await warehouses.deskSite(caller) : await warehouses.numbered(caller, site);
      const date = given ?? dayIn(clock(), (await warehouses.calendarOf(shown)).timeZone);
      const scope = { clientId: caller.client.id, sandbox: caller.sandbox };
      const [counts, manifests, jobs, pickup, cards, people, returnCounts] = await Promise.all([
        store.shipments.dayCounts({ ...scope, date, createdBy, site }),
        store.manifests.list({ ...scope, date, carrierCode: null, limit: 100, site }),
        store.printJobs.open(desk),
        nextPickup(caller, date, site),
        carriers.cards(),
        peopleOf(store, caller, { dateFrom: date, dateTo: date }, site),
        store.shipments.returnCounts({ ...scope, dateFrom: date, dateTo: date, createdBy, site }),
      ]);
      const byCarrier = new Map<string | null, TodayCarrier>();
      const entryFor = (carrier: string | null, name: string | null) => {
        let entry = byCarrier.get(carrier);
        if (!entry) {
          entry = {
            carrier,
            carrierName: name ?? carrier ?? 'Any carrier',
            made: 0,
            waiting: 0,
            failed: 0,
            saved: 0,
            toClose: 0,
            manifest: null,
          };
          byCarrier.set(carrier, entry);
        }
        return entry;
      };
      for (const row of counts) {
        // Before processing, a shipment names the carrier it chose (a rate card's choice code): the carrier it books.
        const card = row.status === STATUS.processed ? undefined : cards.find((loaded) => loaded.card.choiceCode === row.carrier)?.card;
        const entry = entryFor(card?.carrierCode ?? row.carrier, row.carrier_name ?? card?.carrierName ?? null);
        const count = Number(row.shipments);
        if (row.status === STATUS.processed) {
          entry.made += count;
          if (Number(row.closed) === 0 && Number(row.is_return) === 0) entry.toClose += count;
        } else if (row.status === STATUS.failed) entry.failed += count;
        else if (Number(row.scheduled) === 1) entry.waiting += count;
        else entry.saved += count;
      }
      for (const manifest of manifests.filter((each) => each.status === 'closed')) {
        const name = cards.find((loaded) => loaded.card.carrierCode === manifest.carrierCode)?.card.carrierName ?? null;
        entryFor(manifest.carrierCode, name).manifest = {
          id: manifest.id,
          number: manifest.number,
          closedAt: manifest.createdAt,
          transmittedAt: manifest.transmittedAt,
        };
      }
      const carriersOfDay = [...byCarrier.values()].sort((a, b) =>
        a.carrier === null ? 1 : b.carrier === null ? -1 : a.carrierName.localeCompare(b.carrierName),
      );
      const sum = (field: 'made' | 'waiting' | 'failed' | 'saved' | 'toClose') =>
        carriersOfDay.reduce((total, entry) => total + entry[field], 0);
      return {
        date,
        totals: {
          made: sum('made'),
          waiting: sum('waiting'),
          failed: sum('failed'),
          saved: sum('saved'),
          toClose: sum('toClose'),
          returns: returnCounts.reduce((total, entry) => total + entry.returns, 0),
        },
        carriers: carriersOfDay,
        printJobs: jobs
          .filter((job) => job.clientId === caller.client.id && (job.status === 'queued' || job.status === 'printing'))
          .map((job) => ({
            id: job.id,
            shipmentId: job.shipmentId,
            printer: job.printer,
            status: job.status as 'queued' | 'printing',
            createdAt: job.createdAt,
          })),
        nextPickup: pickup,
        people: people.map((person) => ({ username: person.username, name: person.name, made: person.shipments, perHour: person.perHour })),
        createdBy,
      };
    },
  };
}
