// Writes resources/emissions/places.json: a point for each country and each first-level region (state, province,
// Land), and each country's continent, that the emissions estimate (src-main/services/emissions.ts) falls back on where no postal code gives one.
// From the Countries States Cities Database (dr5hn), ODbL 1.0, as npm's @countrystatecity/countries ships it. The
// package is large (65 MB) and only this script reads it, so it is not a dependency: unpack it and name its folder.
//   npm pack @countrystatecity/countries@1.0.9 && tar xzf countrystatecity-countries-1.0.9.tgz
//   node test/tools/make-places.ts package
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface Located {
  iso2: string;
  latitude: string | null;
  longitude: string | null;
  /** A country's continent: Africa, Americas, Asia, Europe, Oceania, Polar. */
  region?: string | null;
}

const packageDir = process.argv[2];
if (!packageDir) throw new Error('usage: node test/tools/make-places.ts <unpacked @countrystatecity/countries folder>');
const version = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
const dataDir = join(packageDir, 'dist', 'data');

/** A point to four decimals (about 11 m): far finer than a country's or a region's point means. */
const pointOf = (place: Located): [number, number] | null =>
  place.latitude && place.longitude ? [Number(Number(place.latitude).toFixed(4)), Number(Number(place.longitude).toFixed(4))] : null;

const countries: Record<string, [number, number, string]> = {};
const regions: Record<string, [number, number]> = {};
for (const folder of readdirSync(dataDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()) {
  const meta = JSON.parse(readFileSync(join(dataDir, folder, 'meta.json'), 'utf8')) as Located;
  const point = pointOf(meta);
  if (point) countries[meta.iso2] = [...point, meta.region || 'unknown'];
  for (const state of JSON.parse(readFileSync(join(dataDir, folder, 'states.json'), 'utf8')) as Located[]) {
    const statePoint = pointOf(state);
    if (statePoint && state.iso2) regions[`${meta.iso2}-${state.iso2}`] = statePoint;
  }
}

const places = {
  source: `Countries States Cities Database (github.com/dr5hn/countries-states-cities-database), from npm @countrystatecity/countries ${version}`,
  licence: 'Open Database License (ODbL) 1.0: this file is a derived database and is offered under the same licence.',
  countries,
  regions,
};
writeFileSync(new URL('../../resources/emissions/places.json', import.meta.url), `${JSON.stringify(places)}\n`);
console.log(`${Object.keys(countries).length} countries, ${Object.keys(regions).length} regions`);
