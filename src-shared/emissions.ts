// A parcel's transport emissions (kg CO2e, well-to-wheel) by ISO 14083:2023 with default intensities: the legs its
// service implies (road; or road, air, road), each the parcel's mass × the leg's distance × the leg's intensity.
// Pure arithmetic on points and factors the station hands in (src-main/services/emissions.ts reads them from
// resources/emissions/); the schema is what a processed shipment's and a rate's meta carry, for the desk too.
import { z } from 'zod';
import type { Transport } from './shipment-options.ts';

/** How precisely an end of the route is placed: by its postal code, its region (state, province), or its country. */
export const LOCATION_PRECISIONS = ['postalCode', 'region', 'country'] as const;
export type LocationPrecision = (typeof LOCATION_PRECISIONS)[number];

/** A point on the earth, in degrees, and how it was found. */
export interface Located {
  latitude: number;
  longitude: number;
  precision: LocationPrecision;
  /** What placed it: the postal code, the region's code (IT-MI) or the country's (DE). */
  key: string;
}

/** One default intensity: grams of CO2e per tonne-kilometre, well-to-wheel, with its parts and its source. */
export interface Intensity {
  id: string;
  mode: 'road' | 'air';
  vehicle: string;
  wtw: number;
  ttw: number;
  wtt: number;
  source: string;
  year: number;
}

/** A rule of the calculation: its figure, what it does, and where it comes from. */
export interface EmissionRule {
  value: number;
  what: string;
  source: string;
}

/** The factor set: resources/emissions/intensities.json. */
export interface EmissionFactors {
  version: string;
  method: string;
  note: string;
  rules: {
    roadCircuity: EmissionRule;
    airDistanceAddKm: EmissionRule;
    airFeederRoadKm: EmissionRule;
    roadBetweenEuropeAndAsiaUpToKm: EmissionRule;
    airShortHaulUpToKm: EmissionRule;
  };
  intensities: Intensity[];
}

const place = z
  .object({
    precision: z.enum(LOCATION_PRECISIONS),
    key: z.string().meta({ description: 'The postal code, region (IT-MI) or country (DE) that placed it.' }),
    latitude: z.number(),
    longitude: z.number(),
  })
  .meta({ description: 'Where the calculation put this end of the route, and how precisely.' });

export const emissionLegSchema = z.object({
  mode: z.enum(['road', 'air']),
  distanceKm: z.number().meta({ description: 'The leg’s distance, to 0.1 km, as `distanceBasis` says it was found.' }),
  distanceBasis: z.string(),
  intensity: z.number().meta({ description: 'g CO2e per tonne-km, well-to-wheel.' }),
  intensityId: z.string().meta({ description: 'Which default intensity (resources/emissions/intensities.json).' }),
  co2eKg: z.number().meta({ description: 'massKg / 1000 × distanceKm × intensity / 1000, to 0.1 g.' }),
});
export type EmissionLeg = z.infer<typeof emissionLegSchema>;

export const emissionsSchema = z
  .object({
    co2eKg: z.number().meta({ description: 'Kilograms of CO2e, well-to-wheel: the sum of the legs, to 0.1 g.' }),
    method: z.string(),
    factors: z.string().meta({ description: 'The version of the factor set used.' }),
    massKg: z.number().meta({ description: 'The parcels’ actual mass (their weights), as ISO 14083 counts freight.' }),
    mode: z.enum(['road', 'air']).meta({ description: 'What the service implies: road, or road–air–road.' }),
    modeAssumed: z.boolean().meta({
      description:
        'True when the mode is not the one the service’s card states: the carrier does not say (road is assumed), or a road or postal service crosses between continents (flown is assumed).',
    }),
    from: place,
    to: place,
    legs: z.array(emissionLegSchema),
    dataQuality: z.string().meta({ description: 'What the figure rests on: default intensities, modelled distances.' }),
  })
  .meta({
    id: 'Emissions',
    description:
      'The parcel’s transport emissions by ISO 14083:2023 with the GLEC Framework’s default intensities (an extension): modelled, not a carrier’s own data, and not an offset.',
  });
export type Emissions = z.infer<typeof emissionsSchema>;

const EARTH_RADIUS_KM = 6371.0088;
const NORTH_AMERICA = new Set(['US', 'CA', 'MX']);
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const tenth = (value: number) => Math.round(value * 10) / 10;
const tenthOfGram = (kg: number) => Math.round(kg * 10_000) / 10_000;

/** The great-circle distance between two points (haversine, on the mean earth radius). */
export function greatCircleKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface ParcelRoute {
  from: Located;
  to: Located;
  fromCountry: string;
  toCountry: string;
  /** Each country's continent (Africa, Americas, Asia, Europe, Oceania): a road service between two is flown. */
  fromContinent: string;
  toContinent: string;
  /** The parcels' weights added up, in kg. */
  massKg: number;
  /** How the service moves it, as its card says; null when the carrier does not say. */
  transport: Transport | null;
}

/** Whether no road joins the two ends: they are on two continents, other than Europe and Asia within reach of a truck. */
function overseas(route: ParcelRoute, directKm: number, eurasianRoadKm: number): boolean {
  if (route.fromContinent === route.toContinent) return false;
  const eurasian = new Set([route.fromContinent, route.toContinent]);
  return !(eurasian.has('Europe') && eurasian.has('Asia') && directKm <= eurasianRoadKm);
}

function intensityOf(factors: EmissionFactors, id: string): Intensity {
  const found = factors.intensities.find((intensity) => intensity.id === id);
  if (!found) throw new Error(`the emission factors have no intensity ${id}`);
  return found;
}

function leg(massKg: number, mode: 'road' | 'air', distanceKm: number, distanceBasis: string, intensity: Intensity): EmissionLeg {
  const km = tenth(distanceKm);
  return {
    mode,
    distanceKm: km,
    distanceBasis,
    intensity: intensity.wtw,
    intensityId: intensity.id,
    co2eKg: tenthOfGram((massKg / 1000) * km * (intensity.wtw / 1000)),
  };
}

/** The parcel's emissions along the legs its transport implies. */
export function estimateEmissions(route: ParcelRoute, factors: EmissionFactors): Emissions {
  const { rules } = factors;
  // A road leg in North America (both its ends there) takes North America's intensity; any other, Europe's.
  const roadIn = (...countries: string[]) =>
    intensityOf(factors, countries.every((country) => NORTH_AMERICA.has(country)) ? 'road-north-america' : 'road-europe');
  const road = roadIn(route.fromCountry, route.toCountry);
  const direct = greatCircleKm(route.from, route.to);
  const mode = route.transport === 'air' || overseas(route, direct, rules.roadBetweenEuropeAndAsiaUpToKm.value) ? 'air' : 'road';
  const circuity = rules.roadCircuity.value;
  let legs: EmissionLeg[];
  if (mode === 'road') {
    legs = [leg(route.massKg, 'road', direct * circuity, `great-circle distance × ${circuity} (road circuity)`, road)];
  } else {
    const feeder = rules.airFeederRoadKm.value;
    const flown = direct + rules.airDistanceAddKm.value;
    const air = intensityOf(factors, direct <= rules.airShortHaulUpToKm.value ? 'air-short-haul' : 'air-long-haul');
    const feederBasis = `assumed: ${feeder} km by road between door and airport`;
    // Each airport's road leg lies in its own end's country.
    legs = [
      leg(route.massKg, 'road', feeder, feederBasis, roadIn(route.fromCountry)),
      leg(route.massKg, 'air', flown, `great-circle distance + ${rules.airDistanceAddKm.value} km`, air),
      leg(route.massKg, 'road', feeder, feederBasis, roadIn(route.toCountry)),
    ];
  }
  const modelled =
    route.from.precision === 'postalCode' && route.to.precision === 'postalCode' ? 'postal-code points' : 'region or country points';
  return {
    co2eKg: tenthOfGram(legs.reduce((sum, part) => sum + part.co2eKg, 0)),
    method: factors.method,
    factors: factors.version,
    massKg: route.massKg,
    mode,
    modeAssumed: route.transport === null || (mode === 'air' && route.transport !== 'air'),
    from: { precision: route.from.precision, key: route.from.key, latitude: route.from.latitude, longitude: route.from.longitude },
    to: { precision: route.to.precision, key: route.to.key, latitude: route.to.latitude, longitude: route.to.longitude },
    legs,
    dataQuality: `default intensities; modelled distances from ${modelled}`,
  };
}
