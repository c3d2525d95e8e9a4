// Reports: a client's processed shipments over a date range from the day summaries (per day and carrier, per
// carrier, top destinations, cost per kg), per person (person_days) and the return rate per reason, as the Reports screen, the CSV export and integrations read them.
import type { CarrierTotals, DailyReportAttributes, DailyReportMeta, PersonTotals } from '../../src-shared/reports.ts';
import type { Caller } from '../domain/caller.ts';
import type { Store } from '../store/index.ts';
import type { WarehouseService } from './warehouses.ts';
import type { CarrierRegistry } from '../carriers/registry.ts';

export interface DailyReport {
  rows: DailyReportAttributes[];
  meta: DailyReportMeta;
}

export interface ReportService {
  /**
   * `createdBy`: one person's shipments only (a username); `meta.people` is the whole site's either way. `site`: a
   * site's id, `all`, or absent for the desk's site (warehouses.ts, scope).
   */
  daily(caller: Caller, range: { dateFrom: string; dateTo: string }, createdBy?: string | null, site?: string | null): Promise<DailyReport>;
}

/** The station prices in euros (every rate card's currency). */
const CURRENCY = 'EUR';
const money = (cents: number) => ({ amount: cents / 100, currency: CURRENCY });
const perKg = (cents: number, grams: number) => (grams > 0 ? Math.round(cents / (grams / 1000)) / 100 : null);

/** Parcels per person and hour of the day, from the day summaries, with each person's name from the account's users. */
export async function peopleOf(
  store: Store,
  caller: Caller,
  range: { dateFrom: string; dateTo: string },
  site: number | null,
): Promise<PersonTotals[]> {
  const [rows, users] = await Promise.all([
    store.shipments.personHours({ clientId: caller.client.id, sandbox: caller.sandbox, ...range, site }),
    store.users.list(caller.client.id),
  ]);
  const names = new Map(users.map((user) => [user.username, user.name]));
  const people = new Map<string, PersonTotals>();
  for (const row of rows) {
    let person = people.get(row.created_by);
    if (!person) {
      const username = row.created_by === '' ? null : row.created_by;
      person = {
        username,
        name: username === null ? 'Imported' : (names.get(username) ?? username),
        shipments: 0,
        activeHours: 0,
        perHour: 0,
        byHour: [],
      };
      people.set(row.created_by, person);
    }
    person.shipments += Number(row.shipments);
    person.activeHours += Number(row.active_hours);
    person.byHour.push({ hour: row.hour_of_day, shipments: Number(row.shipments) });
  }
  for (const person of people.values()) person.perHour = Math.round((person.shipments / Math.max(1, person.activeHours)) * 10) / 10;
  return [...people.values()].sort((a, b) => b.shipments - a.shipments || (a.username ?? '').localeCompare(b.username ?? ''));
}

export function createReportService(store: Store, warehouses: WarehouseService, carrierCards: CarrierRegistry): ReportService {
  return {
    async daily(caller, range, createdBy = null, asked = null) {
      const site = await warehouses.scope(caller, asked, 'A report');
      const [{ days, countries }, people, returnCounts, cards] = await Promise.all([
        store.shipments.report({ clientId: caller.client.id, sandbox: caller.sandbox, ...range, createdBy, site }),
        peopleOf(store, caller, range, site),
        store.shipments.returnCounts({ clientId: caller.client.id, sandbox: caller.sandbox, ...range, createdBy, site }),
        carrierCards.cards(),
      ]);
      // Each carrier by the name a packer reads; an upstream's carrier, which has no card here, by its code.
      const names = new Map(cards.map((loaded) => [loaded.card.carrierCode, loaded.card.carrierName]));
      const nameOf = (code: string) => names.get(code) ?? code;
      const byCarrier = new Map<string, { shipments: number; grams: number; cents: number }>();
      let packages = 0;
      for (const day of days) {
        const entry = byCarrier.get(day.carrier_code) ?? { shipments: 0, grams: 0, cents: 0 };
        entry.shipments += Number(day.shipments);
        entry.grams += Number(day.weight_g);
        entry.cents += Number(day.cost_cents);
        byCarrier.set(day.carrier_code, entry);
        packages += Number(day.packages);
      }
      const carriers: CarrierTotals[] = [...byCarrier.entries()]
        .map(([carrier, entry]) => ({
          carrier,
          carrierName: nameOf(carrier),
          shipments: entry.shipments,
          weightKg: entry.grams / 1000,
          cost: money(entry.cents),
          costPerKg: perKg(entry.cents, entry.grams),
        }))
        .sort((a, b) => b.cost.amount - a.cost.amount);
      const grams = [...byCarrier.values()].reduce((total, entry) => total + entry.grams, 0);
      const cents = [...byCarrier.values()].reduce((total, entry) => total + entry.cents, 0);
      const byDate = new Map<string, DailyReportAttributes>();
      for (const day of days) {
        let entry = byDate.get(day.ship_date);
        if (!entry) {
          entry = { date: day.ship_date, carriers: [] };
          byDate.set(day.ship_date, entry);
        }
        entry.carriers.push({
          carrier: day.carrier_code,
          carrierName: nameOf(day.carrier_code),
          shipments: Number(day.shipments),
          packages: Number(day.packages),
          weightKg: Number(day.weight_g) / 1000,
          cost: money(Number(day.cost_cents)),
        });
      }
      const shipments = carriers.reduce((total, entry) => total + entry.shipments, 0);
      const returned = returnCounts.reduce((total, entry) => total + entry.returns, 0);
      // A return rate is of the parcels sent out: the shipments that are not returns themselves.
      const outbound = shipments - returned;
      const rate = (count: number) => (outbound > 0 ? Math.round((count / outbound) * 10_000) / 10_000 : null);
      return {
        rows: [...byDate.values()],
        meta: {
          ...range,
          createdBy,
          people,
          carriers,
          topDestinations: countries.map((country) => ({ country: country.country, shipments: Number(country.shipments) })),
          totals: { shipments, packages, weightKg: grams / 1000, cost: money(cents), costPerKg: perKg(cents, grams) },
          returns: {
            returns: returned,
            rate: rate(returned),
            byReason: returnCounts.map((entry) => ({ ...entry, rate: rate(entry.returns) })),
          },
        },
      };
    },
  };
}
