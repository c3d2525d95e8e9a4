// Postal codes checked before the label: a code a carrier cannot route is refused here, not at the depot a day later.
// Whether a country uses postal codes, and the pattern of each, come from postal-codes-js (Cimpress, Apache-2.0; 248
// countries). What is ours: the way a code is written back (the canonical spacing and dash, leading zeros a JSON
// number lost) and, for the countries packers meet most, the pattern in words with examples for the error.
import { validate } from 'postal-codes-js';
import { boundedMemo } from './bounded-memo.ts';
import { countryName } from './countries.ts';

interface Format {
  /** The pattern in words; "digits" alone when it is a fixed count of them. */
  words: string;
  examples: readonly string[];
  /** How the code is written once its spaces and dashes are taken out: where they go back. */
  write?: (compact: string) => string;
  /** A code of only digits, this many: a JSON number that lost its leading zeros gets them back. */
  digits?: number;
}

const spaceBefore = (tail: number) => (compact: string) =>
  compact.length > tail ? `${compact.slice(0, -tail)} ${compact.slice(-tail)}` : compact;
const dashAfter = (head: number) => (compact: string) =>
  /^\d+$/.test(compact) && compact.length > head ? `${compact.slice(0, head)}-${compact.slice(head)}` : compact;
const digits = (count: number, ...examples: string[]): Format => ({ words: `${count} digits`, examples, digits: count });
const BRITISH: Format = {
  words: 'an outward code, a space and an inward code of a digit and two letters',
  examples: ['SW1A 1AA', 'M1 1AE'],
  write: spaceBefore(3),
};

/** The pattern of each country, in words, for the error that refuses a code. Each example passes postal-codes-js (a test checks). */
const FORMATS: Readonly<Record<string, Format>> = {
  US: {
    words: '5 digits, or 5+4',
    examples: ['12345', '12345-6789'],
    write: (compact) => (compact.length === 9 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact),
    digits: 5,
  },
  CA: { words: 'letter, digit, letter, a space, digit, letter, digit', examples: ['K1A 0B1', 'M5V 3L9'], write: spaceBefore(3) },
  GB: BRITISH,
  JE: { ...BRITISH, words: 'JE, a district digit, a space and an inward code', examples: ['JE2 3AB'] },
  GG: { ...BRITISH, words: 'GY, a district digit, a space and an inward code', examples: ['GY1 1AA'] },
  IM: { ...BRITISH, words: 'IM, a district digit, a space and an inward code', examples: ['IM1 1AA'] },
  IE: {
    words: 'an Eircode: a routing key of a letter and two digits, a space and four letters or digits',
    examples: ['D02 X285', 'A65 F4E2'],
    write: spaceBefore(4),
  },
  NL: { words: '4 digits, a space and 2 letters', examples: ['1012 AB', '3511 LX'], write: spaceBefore(2) },
  PL: { words: '2 digits, a dash and 3 digits', examples: ['00-950', '31-154'], write: dashAfter(2), digits: 5 },
  PT: { words: '4 digits, a dash and 3 digits', examples: ['1000-001', '4050-062'], write: dashAfter(4), digits: 7 },
  JP: { words: '3 digits, a dash and 4 digits', examples: ['100-0001', '530-0001'], write: dashAfter(3), digits: 7 },
  BR: { words: '5 digits, a dash and 3 digits', examples: ['01310-100', '20040-002'], write: dashAfter(5), digits: 8 },
  SE: { words: '3 digits, a space and 2 digits', examples: ['114 55', '211 20'], write: spaceBefore(2), digits: 5 },
  CZ: { words: '3 digits, a space and 2 digits', examples: ['110 00', '602 00'], write: spaceBefore(2), digits: 5 },
  SK: { words: '3 digits, a space and 2 digits', examples: ['811 01', '040 01'], write: spaceBefore(2), digits: 5 },
  GR: { words: '3 digits, a space and 2 digits', examples: ['105 57', '546 24'], write: spaceBefore(2), digits: 5 },
  MT: { words: '3 letters, a space and 4 digits', examples: ['VLT 1117', 'SLM 1549'], write: spaceBefore(4) },
  LV: {
    words: 'LV, a dash and 4 digits',
    examples: ['LV-1050'],
    write: (compact) => (/^\d{4}$/.test(compact) ? `LV-${compact}` : compact.replace(/^LV(?=\d)/, 'LV-')),
  },
  LT: { words: '5 digits, or LT-, a dash and 5 digits', examples: ['01100', 'LT-01100'], digits: 5 },
  DE: digits(5, '80331', '10115'),
  IT: digits(5, '20129', '00195'),
  FR: digits(5, '75004', '13001'),
  ES: digits(5, '28013', '08001'),
  FI: digits(5, '00100', '33100'),
  EE: digits(5, '10111'),
  HR: digits(5, '10000'),
  MX: digits(5, '06600'),
  TR: digits(5, '34000'),
  CN: digits(6, '100000', '200001'),
  IN: digits(6, '110001', '400001'),
  SG: digits(6, '018989'),
  RO: digits(6, '010011'),
  RU: digits(6, '101000'),
  CH: digits(4, '8001', '1201'),
  LI: digits(4, '9490'),
  AT: digits(4, '1010', '8010'),
  BE: digits(4, '1000', '2000'),
  BG: digits(4, '1000'),
  CY: digits(4, '1010'),
  DK: digits(4, '1050', '8000'),
  HU: digits(4, '1051'),
  LU: { words: '4 digits, or L- and 4 digits', examples: ['1111', 'L-1111'], digits: 4 },
  SI: digits(4, '1000'),
  NO: digits(4, '0150', '5003'),
  AU: digits(4, '2000', '3000'),
  NZ: digits(4, '6011'),
  ZA: digits(4, '8001'),
  IS: digits(3, '101'),
};

export type PostalCodeCheck = { ok: true; postalCode: string } | { ok: false; expected: string };

/** What a postal code of the country looks like, in words with examples: what the error tells the caller. */
export function postalCodeExpectation(country: string): string {
  const format = FORMATS[country];
  const name = country === 'US' ? 'a US ZIP code' : `a postal code of ${countryName(country)}`;
  if (!format) return `${name} as written there`;
  return `${name}: ${format.words}, such as ${format.examples.join(' or ')}`;
}

/**
 * The postal code as the station keeps it, or what the country's codes look like when it is not one. Given as a
 * JSON number, a code of fixed digits gets back the leading zeros the number lost (00195, not 195). Spaces and
 * dashes are put where the country writes them; letters are upper case.
 */
export const checkPostalCode = boundedMemo(checkPostalCodeOnce, (country, given) => `${country}\u0000${typeof given}\u0000${given}`);

/** Whether postal-codes-js knows the country at all (Kosovo, say, it does not: any code is taken there). */
const known = boundedMemo(
  (country: string) => !String(validate(country, '0')).startsWith('Unknown'),
  (country) => country,
  300,
);

function checkPostalCodeOnce(country: string, given: string | number): PostalCodeCheck {
  const format = FORMATS[country];
  let text = String(given).trim().toUpperCase().replace(/\s+/g, ' ');
  if (typeof given === 'number' && format?.digits && /^\d+$/.test(text) && text.length < format.digits)
    text = text.padStart(format.digits, '0');
  const compact = text.replace(/[\s-]/g, '');
  const written = format?.write ? format.write(compact) : text;
  if (!known(country)) return { ok: true, postalCode: text };
  for (const candidate of new Set([written, text, compact])) {
    if (candidate !== '' && validate(country, candidate) === true) return { ok: true, postalCode: candidate };
  }
  return { ok: false, expected: postalCodeExpectation(country) };
}

/** The countries whose codes this module describes in words: the table the tests check against the data. */
export const DESCRIBED_POSTAL_CODES: Readonly<Record<string, { examples: readonly string[] }>> = FORMATS;
