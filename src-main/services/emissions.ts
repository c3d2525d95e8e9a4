// Where a parcel's CO2e figure gets its points and factors: each end of the route placed by its US ZIP code (the
// `zipcodes` package's coordinates), else its region (state, province: IT-MI), else its country (the points of
// resources/emissions/places.json, ODbL); the intensities and rules from resources/emissions/intensities.json. The
// arithmetic is src-shared/emissions.ts. Both files are read at the first estimate, not at start.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { estimateEmissions, type EmissionFactors, type Emissions, type Located } from '../../src-shared/emissions.ts';
import type { Transport } from '../../src-shared/shipment-options.ts';
import type { Address, ShipmentAttributes } from '../../src-shared/shipment.ts';
import type { Logger } from '../logger.ts';

interface Places {
  /** A country's point and its continent. */
  countries: Record<string, [number, number, string]>;
  regions: Record<string, [number, number]>;
}

export interface EmissionEstimator {
  /** The parcel's emissions on this transport; null when an end of its route cannot be placed (a country without a point). */
  ofParcel(attributes: ParcelAttributes, transport: Transport | null): Promise<Emissions | null>;
  /** The same on each of several transports, in their order: a rate list's, with the route's ends placed once. */
  onEach(attributes: ParcelAttributes, transports: readonly (Transport | null)[]): Promise<(Emissions | null)[]>;
}

type ParcelAttributes = Pick<ShipmentAttributes, 'shipFrom' | 'shipTo' | 'packages'>;

let usZipCodes: Promise<Record<string, { latitude: number; longitude: number }>> | undefined;

/** A US address's ZIP code point; undefined for any other country, or a ZIP code the data set does not have. */
async function zipCodePoint(address: Address): Promise<Located | undefined> {
  if (address.country !== 'US') return undefined;
  if (!usZipCodes) {
    usZipCodes = import('zipcodes/lib/codes.js').then((module) => module.codes);
    // A failed load is tried again at the next lookup, not kept.
    usZipCodes.catch(() => (usZipCodes = undefined));
  }
  const zip = String(address.postalCode).slice(0, 5);
  const entry = (await usZipCodes)[zip];
  return entry ? { latitude: entry.latitude, longitude: entry.longitude, precision: 'postalCode', key: zip } : undefined;
}

export function createEmissionEstimator(resourcesDir: string, logger?: Logger): EmissionEstimator {
  let loaded: { factors: EmissionFactors; places: Places } | undefined;
  const data = () =>
    (loaded ??= {
      factors: JSON.parse(readFileSync(join(resourcesDir, 'emissions', 'intensities.json'), 'utf8')) as EmissionFactors,
      places: JSON.parse(readFileSync(join(resourcesDir, 'emissions', 'places.json'), 'utf8')) as Places,
    });

  const locate = async (address: Address): Promise<Located | undefined> => {
    const byZip = await zipCodePoint(address);
    if (byZip) return byZip;
    const { places } = data();
    const regionKey = address.state ? `${address.country}-${address.state.trim().toUpperCase()}` : undefined;
    const region = regionKey === undefined ? undefined : places.regions[regionKey];
    if (region) return { latitude: region[0], longitude: region[1], precision: 'region', key: regionKey! };
    const country = places.countries[address.country];
    return country ? { latitude: country[0], longitude: country[1], precision: 'country', key: address.country } : undefined;
  };

  const estimate = async (attributes: ParcelAttributes, transports: readonly (Transport | null)[]): Promise<(Emissions | null)[]> => {
    const [from, to] = await Promise.all([locate(attributes.shipFrom), locate(attributes.shipTo)]);
    if (!from || !to) return transports.map(() => null);
    const massKg = Math.round(attributes.packages.reduce((sum, parcel) => sum + Number(parcel.weight.value), 0) * 1000) / 1000;
    const { countries } = data().places;
    const fromCountry = attributes.shipFrom.country;
    const toCountry = attributes.shipTo.country;
    const continentOf = (country: string) => countries[country]?.[2] ?? 'unknown';
    const route = {
      from,
      to,
      fromCountry,
      toCountry,
      fromContinent: continentOf(fromCountry),
      toContinent: continentOf(toCountry),
      massKg,
    };
    return transports.map((transport) => estimateEmissions({ ...route, transport }, data().factors));
  };

  // A figure that cannot be worked out (its data files unreadable) is null, and said in the log: it never stops a
  // rate or a booking.
  const onEach: EmissionEstimator['onEach'] = async (attributes, transports) => {
    try {
      return await estimate(attributes, transports);
    } catch (error) {
      loaded = undefined;
      logger?.error('Working out a parcel’s emissions failed; the figure is left out', error);
      return transports.map(() => null);
    }
  };

  return { onEach, ofParcel: async (attributes, transport) => (await onEach(attributes, [transport]))[0]! };
}
