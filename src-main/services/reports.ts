// Reports: a client's processed shipments over a date range from the day summaries (per day and carrier, per
// carrier, top destinations, cost per kg), per person (person_days) and the return rate per reason, as the Reports screen, the CSV export and integrations read them.
import type {
  CarrierTotals,
  DailyReportAttributes,
  DailyReportMeta,
  EmissionsReportAttributes,
  EmissionsReportMeta,
  PersonTotals,
} from '../../src-shared/reports.ts';
import type { Caller } from '../domain/caller.ts';
import type { Store } from '../store/index.ts';
import type { WarehouseService } from './warehouses.ts';
import type { CarrierRegistry } from '../carriers/registry.ts';

export interface DailyReport {
  rows: DailyReportAttributes[];
  meta: DailyReportMeta;
}

export interface EmissionsReport {
  rows: EmissionsReportAttributes[];
  meta: EmissionsReportMeta;
}

/** What every emissions figure rests on, as the report states it (docs/shipments.md, "Emissions"). */
export const EMISSIONS_METHOD = 'ISO 14083:2023 with the GLEC Framework’s default intensities, well-to-wheel, per shipment as processed';
export const EMISSIONS_DATA_QUALITY =
  'Modelled: default intensities (no carrier’s primary data) and distances from postal-code, region or country points; hubs not included; not an offset';

export interface ReportService {
  /**
   * `createdBy`: one person's shipments only (a username); `meta.people` is the whole site's either way. `site`: a
   * site's id, `all`, or absent for the desk's site (warehouses.ts, scope).
   */
  daily(caller: Caller, range: { dateFrom: string; dateTo: string }, createdBy?: string | null, site?: string | null): Promise<DailyReport>;
  /** Processed shipments' CO2e per month, site, carrier and service, with per-carrier totals. `site` as for daily. */
  emissions(caller: Caller, range: { dateFrom: string; dateTo: string }, site?: string | null): Promise<EmissionsReport>;
}

const toTenthOfGram = (kg: number) => Math.round(kg * 10_000) / 10_000;

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
  /** Each carrier by the name a packer reads; an upstream's carrier, which has no card here, by its code. */
  const carrierNames = async () => {
    const names = new Map((await carrierCards.cards()).map((loaded) => [loaded.card.carrierCode, loaded.card.carrierName]));
    return (code: string) => names.get(code) ?? code;
  };
  return {
    async emissions(caller, range, asked = null) {
      const site = await warehouses.scope(caller, asked, 'A report');
      const [totals, nameOf] = await Promise.all([
        store.shipments.emissionTotals({ clientId: caller.client.id, sandbox: caller.sandbox, ...range, site }),
        carrierNames(),
      ]);
      const rows = totals.map((row): EmissionsReportAttributes => ({
        month: row.month,
        site: String(row.site),
        carrier: row.carrierCode,
        carrierName: nameOf(row.carrierCode),
        serviceCode: row.serviceCode,
        serviceName: row.serviceName,
        shipments: row.shipments,
        withFigure: row.withFigure,
        co2eKg: row.co2eKg,
        co2ePerShipmentKg: row.withFigure > 0 ? toTenthOfGram(row.co2eKg / row.withFigure) : null,
      }));
      const byCarrier = new Map<string, EmissionsReportMeta['carriers'][number]>();
      for (const row of rows) {
        const entry = byCarrier.get(row.carrier) ?? {
          carrier: row.carrier,
          carrierName: row.carrierName,
          shipments: 0,
          withFigure: 0,
          co2eKg: 0,
        };
        entry.shipments += row.shipments;
        entry.withFigure += row.withFigure;
        entry.co2eKg = toTenthOfGram(entry.co2eKg + row.co2eKg);
        byCarrier.set(row.carrier, entry);
      }
      const carriers = [...byCarrier.values()].sort((a, b) => b.co2eKg - a.co2eKg || a.carrier.localeCompare(b.carrier));
      const sum = (pick: (entry: EmissionsReportMeta['carriers'][number]) => number) =>
        carriers.reduce((total, entry) => total + pick(entry), 0);
      return {
        rows,
        meta: {
          ...range,
          method: EMISSIONS_METHOD,
          dataQuality: EMISSIONS_DATA_QUALITY,
          carriers,
          totals: {
            shipments: sum((entry) => entry.shipments),
            withFigure: sum((entry) => entry.withFigure),
            co2eKg: toTenthOfGram(sum((entry) => entry.co2eKg)),
          },
        },
      };
    },

    async daily(caller, range, createdBy = null, asked = null) {
      const site = await warehouses.scope(caller, asked, 'A report');
      const [{ days, countries }, people, returnCounts, nameOf] = await Promise.all([
        store.shipments.report({ clientId: caller.client.id, sandbox: caller.sandbox, ...range, createdBy, site }),
        peopleOf(store, caller, range, site),
        store.shipments.returnCounts({ clientId: caller.client.id, sandbox: caller.sandbox, ...range, createdBy, site }),
        carrierNames(),
      ]);
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
