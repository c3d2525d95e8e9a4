// The emissions arithmetic on the bundled factor set (resources/emissions/intensities.json): the great-circle
// distance against published airport pairs, which intensity a leg takes (North American road, short- or long-haul
// air), when a road service is counted as flown, and what the figure says it assumed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { estimateEmissions, greatCircleKm, type EmissionFactors, type Located, type ParcelRoute } from '../../src-shared/emissions.ts';

const factors = JSON.parse(readFileSync(new URL('../../resources/emissions/intensities.json', import.meta.url), 'utf8')) as EmissionFactors;
const at = (latitude: number, longitude: number, key = 'XX'): Located => ({ latitude, longitude, precision: 'country', key });

const route = (overrides: Partial<ParcelRoute>): ParcelRoute => ({
  from: at(45.4668, 9.1901),
  to: at(48.9468, 11.4039),
  fromCountry: 'IT',
  toCountry: 'DE',
  fromContinent: 'Europe',
  toContinent: 'Europe',
  massKg: 2,
  transport: 'road',
  ...overrides,
});

describe('the great-circle distance', () => {
  it('matches published airport-pair distances to within 1 km', () => {
    // Berlin Brandenburg → Paris Orly, and Seattle-Tacoma → Newark, as GLEC calculators give them (883 and 3,855 km).
    expect(greatCircleKm(at(52.3667, 13.5033), at(48.7233, 2.3794))).toBeCloseTo(883, -1);
    expect(greatCircleKm(at(47.449, -122.3093), at(40.6925, -74.1687))).toBeCloseTo(3855, -1);
    expect(greatCircleKm(at(10, 20), at(10, 20))).toBe(0);
  });
});

describe('which intensity a leg takes', () => {
  it('road in North America takes the North American default; elsewhere the European one', () => {
    const us = estimateEmissions(
      route({
        from: at(40.7484, -73.9967),
        to: at(41.8781, -87.6298),
        fromCountry: 'US',
        toCountry: 'US',
        fromContinent: 'Americas',
        toContinent: 'Americas',
      }),
      factors,
    );
    expect(us.legs.map((leg) => [leg.intensityId, leg.intensity])).toEqual([['road-north-america', 100]]);
    expect(estimateEmissions(route({}), factors).legs[0]).toMatchObject({ intensityId: 'road-europe', intensity: 116 });
  });

  it('an air leg up to 1,500 km great-circle is short-haul, a longer one long-haul', () => {
    const short = estimateEmissions(route({ transport: 'air' }), factors);
    expect(short.legs.map((leg) => leg.intensityId)).toEqual(['road-europe', 'air-short-haul', 'road-europe']);
    expect(short.legs[1]!.intensity).toBe(1359);
    const long = estimateEmissions(
      route({ transport: 'air', to: at(40.7484, -73.9967), toCountry: 'US', toContinent: 'Americas' }),
      factors,
    );
    expect(long.legs[1]).toMatchObject({ intensityId: 'air-long-haul', intensity: 817 });
    // Each airport's road leg in its own end's region: Italy's at Europe's intensity, the US's at North America's.
    expect(long.legs.map((leg) => leg.intensityId)).toEqual(['road-europe', 'air-long-haul', 'road-north-america']);
  });
});

describe('the mode a figure counts', () => {
  it('a road or postal service overseas is counted flown, and says so; Europe to Turkey stays on the road, Europe to Japan does not', () => {
    const toTurkey = estimateEmissions(
      route({ to: at(41.0082, 28.9784), toCountry: 'TR', toContinent: 'Asia', transport: 'postal' }),
      factors,
    );
    expect(toTurkey).toMatchObject({ mode: 'road', modeAssumed: false });
    const toJapan = estimateEmissions(
      route({ to: at(35.6762, 139.6503), toCountry: 'JP', toContinent: 'Asia', transport: 'road' }),
      factors,
    );
    expect(toJapan).toMatchObject({ mode: 'air', modeAssumed: true });
  });

  it('a service whose carrier does not say how it moves goes by road, and says it was assumed', () => {
    expect(estimateEmissions(route({ transport: null }), factors)).toMatchObject({ mode: 'road', modeAssumed: true });
  });

  it('the figure grows with the mass: ISO 14083 counts the parcels’ actual mass', () => {
    const light = estimateEmissions(route({ massKg: 1 }), factors).co2eKg;
    const heavy = estimateEmissions(route({ massKg: 10 }), factors).co2eKg;
    expect(heavy).toBeCloseTo(light * 10, 3);
  });
});
