// Postal data the station carries, for the countries an npm package ships it openly for: the US ZIP codes of the
// `zipcodes` package (BSD licence; the data is the US government's, from federalgovernmentzipcodes.us), one city
// and state per ZIP code. Loaded at the first US lookup (about 40,000 codes, a few MB), never at start.
import type { BookPlace } from '../store/index.ts';

let usCodes: Promise<Record<string, { city: string; state: string }>> | undefined;

/** The places the station's postal data has at a country's postal code (as the station keeps it); none where it has no data. */
export async function postalDataPlaces(country: string, postalCode: string): Promise<BookPlace[]> {
  if (country !== 'US') return [];
  usCodes ??= import('zipcodes/lib/codes.js').then((module) => module.codes);
  // A ZIP+4 (12345-6789) is at its five-digit ZIP code's place.
  const entry = (await usCodes)[postalCode.slice(0, 5)];
  return entry ? [{ postalCode, city: entry.city, state: entry.state, uses: 0 }] : [];
}
