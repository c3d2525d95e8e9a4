// An address as the destination's post writes it, for the labels (PDF and ZPL) and the customs forms: the postal
// code before the city in most of Europe (80331 München), after the city and state in North America and
// Australia (New York NY 10001), on a line of its own in the UK and Ireland; the country's name last, in capitals.
// A table of our own: the address-formatting packages on npm format geocoder output, not a shipping label's lines.
import { countryName } from '../../src-shared/countries.ts';
import type { Address } from '../../src-shared/shipment.ts';

/** City, state and postal code on one line, in that order. */
const CITY_STATE_POSTAL = new Set(['US', 'CA', 'AU', 'PR', 'GU', 'VI', 'AS', 'MP']);
/** The city on one line, the postal code on the next. */
const POSTAL_CODE_BELOW = new Set(['GB', 'IM', 'JE', 'GG', 'IE', 'GI', 'FK']);

/** The country line: its English name in capitals and its code, "SWITZERLAND (CH)". */
export function countryLine(country: string): string {
  const name = countryName(country);
  return name === country ? country : `${name.toUpperCase()} (${country})`;
}

/** The lines of the place: city, state and postal code in the order the country writes them. */
export function placeLines(address: Pick<Address, 'city' | 'postalCode' | 'state' | 'country'>): string[] {
  const { city, postalCode, state, country } = address;
  if (CITY_STATE_POSTAL.has(country)) return [[city, state, postalCode].filter(Boolean).join(' ')];
  if (POSTAL_CODE_BELOW.has(country)) return [[city, state].filter(Boolean).join(' '), postalCode];
  return [[postalCode, city, state].filter(Boolean).join(' ')];
}

/** Name, contact, street lines, the place as the country writes it, the country, and the phone. */
export function addressLines(address: Address): string[] {
  return [
    address.name,
    address.contact,
    address.address1,
    address.address2 ?? '',
    ...placeLines(address),
    countryLine(address.country),
    address.phone ? `Tel. ${address.phone}` : '',
  ].filter((line) => line && line.trim() !== '');
}
