// Each rate's and each processed shipment's CO2e, over HTTP on SQLite and PostgreSQL (issue 52): the README's two
// worked examples (a road parcel Milan → Munich, an air parcel Milan → New York) to the tenth of a gram, the figure
// kept with the shipment as it was processed (its answer, a read, its event), how precisely each end was placed, and
// the rules a reader can check: every leg is mass × distance × intensity, a road service overseas is counted flown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, document, exportDeclaration, get, parcel, post, shipTo, shipToIn } from '../helpers/shipments.ts';
import { setClock } from '../helpers/clock.ts';
import { startTestStation, type TestStation } from '../helpers/station.ts';

const clock = setClock('2027-03-01 09:00', 'Europe/Rome', { running: false });
let t: TestStation;
let token: string;
/** The shipments this file has processed, for the report to add up. */
const processedIds: string[] = [];
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0, clock });
  token = await t.token();
});
afterAll(() => t.close());

interface Leg {
  mode: string;
  distanceKm: number;
  distanceBasis: string;
  intensity: number;
  intensityId: string;
  co2eKg: number;
}
interface Emissions {
  co2eKg: number;
  method: string;
  factors: string;
  massKg: number;
  mode: string;
  modeAssumed: boolean;
  from: { precision: string; key: string; latitude: number; longitude: number };
  to: { precision: string; key: string; latitude: number; longitude: number };
  legs: Leg[];
  dataQuality: string;
}
interface Rate {
  id: string;
  meta: { documentHash: string; emissions?: Emissions | null };
}

/** Munich with its Land: placed by Bavaria's point, as the README's example is. */
const munich = () => ({ ...shipTo(), state: 'BY' });

async function emissionsOfRates(attrs: Record<string, unknown>): Promise<Map<string, Emissions | null | undefined>> {
  const answer = await post(t, token, '/v3/shipments/rate', document(attrs));
  expect(answer.status, answer.text).toBe(202);
  return new Map((answer.json.data as Rate[]).map((rate) => [rate.id, rate.meta.emissions]));
}

/** What a reader recomputes from the figure's own parts: each leg, and their sum. */
function expectRecomputable(emissions: Emissions): void {
  for (const leg of emissions.legs) expect(leg.co2eKg).toBeCloseTo((emissions.massKg / 1000) * leg.distanceKm * (leg.intensity / 1000), 4);
  expect(emissions.co2eKg).toBeCloseTo(
    emissions.legs.reduce((sum, leg) => sum + leg.co2eKg, 0),
    4,
  );
}

describe('a rate says the parcel’s CO2e on its service', () => {
  it('a road parcel Milan → Munich: one road leg, 505.8 km, 0.0821 kg (the README’s example)', async () => {
    const rates = await emissionsOfRates(attributes({ shipTo: munich() }));
    const road = rates.get('t2-UPS-STD')!;
    expect(road).toMatchObject({
      co2eKg: 0.0821,
      massKg: 1.4,
      mode: 'road',
      modeAssumed: false,
      from: { precision: 'region', key: 'IT-MI', latitude: 45.4668, longitude: 9.1901 },
      to: { precision: 'region', key: 'DE-BY', latitude: 48.9468, longitude: 11.4039 },
      legs: [{ mode: 'road', distanceKm: 505.8, intensity: 116, intensityId: 'road-europe', co2eKg: 0.0821 }],
    });
    expect(road.method).toContain('ISO 14083:2023');
    expect(road.dataQuality).toBe('default intensities; modelled distances from region or country points');
    expectRecomputable(road);
    // Every service of the list has its figure: the same for the road services, more for the flown ones.
    expect(rates.get('t2-DHL_EXPRESS-ECO')!.co2eKg).toBe(0.0821);
    expect(rates.get('t2-DHL_EXPRESS-EXP')!.mode).toBe('air');
    expect(rates.get('t2-DHL_EXPRESS-EXP')!.co2eKg).toBeGreaterThan(road.co2eKg * 5);
  });

  it('an air parcel Milan → New York: road, air at the great circle + 95 km, road; the ZIP code places New York (the README’s example)', async () => {
    const rates = await emissionsOfRates(
      attributes({ shipTo: shipToIn('US'), packages: [parcel('1.4')], exportDeclaration: exportDeclaration() }),
    );
    const air = rates.get('t2-DHL_EXPRESS-EXP')!;
    expect(air).toMatchObject({
      co2eKg: 7.5141,
      mode: 'air',
      modeAssumed: false,
      to: { precision: 'postalCode', key: '10001', latitude: 40.7484, longitude: -73.9967 },
      legs: [
        { mode: 'road', distanceKm: 50, intensityId: 'road-europe', co2eKg: 0.0081 },
        { mode: 'air', distanceKm: 6556.2, intensity: 817, intensityId: 'air-long-haul', co2eKg: 7.499 },
        { mode: 'road', distanceKm: 50, intensityId: 'road-north-america', co2eKg: 0.007 },
      ],
    });
    expect(air.legs[1]!.distanceBasis).toBe('great-circle distance + 95 km');
    expectRecomputable(air);
    // A road service to another continent is counted as flown, and says the mode is assumed.
    const economy = rates.get('t2-TNT-ECO')!;
    expect(economy).toMatchObject({ mode: 'air', modeAssumed: true, co2eKg: 7.5141 });
  });

  it('an end the station can place only by its country says so, and so does the figure', async () => {
    const rates = await emissionsOfRates(attributes());
    const road = rates.get('t2-UPS-STD')!;
    expect(road.to).toMatchObject({ precision: 'country', key: 'DE', latitude: 51, longitude: 9 });
    expect(road.legs[0]!.distanceKm).toBe(738.5);
    expectRecomputable(road);
  });
});

describe('a processed shipment keeps its figure', () => {
  it('its answer, a read by id and its processed event carry the figure it was booked with; a saved one has none yet', async () => {
    const created = await post(
      t,
      token,
      '/v3/shipments',
      document(attributes({ shipTo: munich() }), { service: 'economy', scheduledProcessing: false }),
    );
    expect(created.status, created.text).toBe(201);
    processedIds.push(created.json.data.id);
    const answered = created.json.data.meta.emissions as Emissions;
    expect(answered).toMatchObject({ mode: 'road', massKg: 1.4, to: { key: 'DE-BY' } });
    expectRecomputable(answered);

    const read = await get(t, token, `/v3/shipments/${created.json.data.id}`);
    expect(read.json.data.meta.emissions).toEqual(answered);

    const events = await get(t, token, '/v3/events?filter[type]=shipment.processed');
    const processed = (events.json.data as { attributes: { resource: { id: string; meta: { emissions?: Emissions } } } }[]).find(
      (event) => event.attributes.resource.id === created.json.data.id,
    );
    expect(processed?.attributes.resource.meta.emissions).toEqual(answered);

    const saved = await post(t, token, '/v3/shipments/save', document(attributes()));
    expect(saved.status, saved.text).toBe(202);
    expect(saved.json.data.meta).not.toHaveProperty('emissions');
  });

  it('a confirm books the figure its rate showed, and the scheduler’s batch works it out too', async () => {
    const attrs = attributes({ shipTo: shipToIn('US'), exportDeclaration: exportDeclaration() });
    const rated = await post(t, token, '/v3/shipments/rate', document(attrs));
    const chosen = (rated.json.data as Rate[]).find((rate) => rate.id === 't2-UPS-XSS')!;
    const confirmed = await post(t, token, '/v3/shipments/confirm', document(attrs, { rate: chosen }));
    expect(confirmed.status, confirmed.text).toBe(202);
    expect(confirmed.json.data.meta.emissions).toEqual(chosen.meta.emissions);
    processedIds.push(confirmed.json.data.id);

    const scheduled = await post(t, token, '/v3/shipments', document(attributes({ shipTo: munich() }), { service: 'economy' }));
    expect(scheduled.status, scheduled.text).toBe(202);
    expect(scheduled.json.data.meta).not.toHaveProperty('emissions');
    await t.station.shipments.processWaiting(10);
    const processed = await get(t, token, `/v3/shipments/${scheduled.json.data.id}`);
    expect(processed.json.data.meta).toMatchObject({ status: 3, emissions: { mode: 'road', to: { key: 'DE-BY' } } });
    expectRecomputable(processed.json.data.meta.emissions as Emissions);
    processedIds.push(scheduled.json.data.id);
  });
});

describe('the emissions report', () => {
  interface ReportRow {
    id: string;
    attributes: {
      month: string;
      site: string;
      carrier: string;
      serviceCode: string;
      shipments: number;
      withFigure: number;
      co2eKg: number;
    };
  }
  const range = `dateFrom=${clock.day(-5)}&dateTo=${clock.day(20)}`;

  it('adds up each month, site, carrier and service from the shipments’ own figures, states its method, and leaves a voided one out', async () => {
    // One more, voided: it moved nothing.
    const voided = await post(
      t,
      token,
      '/v3/shipments',
      document(attributes({ shipTo: munich() }), { service: 'express', scheduledProcessing: false }),
    );
    expect(voided.status, voided.text).toBe(201);
    expect((await get(t, token, `/v3/shipments/${voided.json.data.id}`, 'DELETE')).status).toBe(204);

    const expected = new Map<string, { shipments: number; co2eKg: number }>();
    for (const id of processedIds) {
      const shipment = (await get(t, token, `/v3/shipments/${id}`)).json.data;
      const key = `${shipment.attributes.shipDate.slice(0, 7)}.1.${shipment.meta.carrierName}`;
      const entry = expected.get(key) ?? { shipments: 0, co2eKg: 0 };
      entry.shipments += 1;
      entry.co2eKg += (shipment.meta.emissions as Emissions).co2eKg;
      expected.set(key, entry);
    }

    const report = await get(t, token, `/v3/reports/emissions?${range}`);
    expect(report.status, report.text).toBe(200);
    const rows = report.json.data as ReportRow[];
    const names = new Map(
      (report.json.meta.carriers as { carrier: string; carrierName: string }[]).map((entry) => [entry.carrier, entry.carrierName]),
    );
    const found = new Map<string, { shipments: number; co2eKg: number }>();
    for (const row of rows) {
      expect(row.id).toBe(`${row.attributes.month}.${row.attributes.site}.${row.attributes.carrier}.${row.attributes.serviceCode}`);
      expect(row.attributes.withFigure).toBe(row.attributes.shipments);
      const key = `${row.attributes.month}.${row.attributes.site}.${names.get(row.attributes.carrier)}`;
      const entry = found.get(key) ?? { shipments: 0, co2eKg: 0 };
      entry.shipments += row.attributes.shipments;
      entry.co2eKg += row.attributes.co2eKg;
      found.set(key, entry);
    }
    expect([...found.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, entry] of expected) {
      expect(found.get(key)!.shipments, key).toBe(entry.shipments);
      expect(found.get(key)!.co2eKg, key).toBeCloseTo(entry.co2eKg, 4);
    }
    expect(report.json.meta.totals.shipments).toBe(processedIds.length);
    expect(report.json.meta.method).toContain('ISO 14083:2023');
    expect(report.json.meta.dataQuality).toContain('default intensities');
  });

  it('exports the same rows as CSV for a spreadsheet, with the method on every line', async () => {
    const json = (await get(t, token, `/v3/reports/emissions?${range}`)).json.data as ReportRow[];
    const csv = await t.call(`/v3/reports/emissions?${range}&format=csv`, { headers: { Authorization: `Bearer ${token}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="emissions-${clock.day(-5)}-${clock.day(20)}.csv"`);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'month,site,carrier,service,service_name,shipments,shipments_with_figure,co2e_kg,co2e_kg_per_shipment,method,data_quality',
    );
    expect(lines).toHaveLength(json.length + 1);
    const first = lines[1]!.split(',');
    expect(first.slice(0, 4)).toEqual([json[0]!.attributes.month, '1', json[0]!.attributes.carrier, json[0]!.attributes.serviceCode]);
    expect(Number(first[7])).toBe(json[0]!.attributes.co2eKg);
    expect(lines[1]).toContain('ISO 14083:2023');
    // Asked by Accept, as the desk and a spreadsheet tool ask: the same file.
    const accepted = await t.call(`/v3/reports/emissions?${range}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.text).toBe(csv.text);
  });

  it('refuses a range the wrong way round, naming dateTo', async () => {
    const refused = await get(t, token, `/v3/reports/emissions?dateFrom=${clock.day(5)}&dateTo=${clock.day(1)}`);
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0]).toMatchObject({ code: 'report.invalidRange', source: { parameter: 'dateTo' } });
  });
});
