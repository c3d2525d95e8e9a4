// Country facts the rules need: ISO 3166-1 alpha-2 codes, their English names, the EU's member states, and the
// countries whose addresses need a state. Whether a route goes through customs: ./customs.ts.
import { boundedMemo } from './bounded-memo.ts';
const ISO_CODES =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW';

export const COUNTRY_CODES: ReadonlySet<string> = new Set(ISO_CODES.split(' '));

/** The 27 member states: goods move between them without customs. */
export const EU_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/** Countries whose addresses need a state or province code (field-rules.md). */
export const STATE_REQUIRED: ReadonlySet<string> = new Set(['IT', 'CA', 'US']);

export function isCountryCode(value: string): boolean {
  return COUNTRY_CODES.has(value);
}

const names = new Intl.DisplayNames(['en'], { type: 'region' });

/** The country's English name (CLDR, through Intl), for messages and labels: "United States". Kept once asked. */
export const countryName = boundedMemo(
  (country: string): string => {
    try {
      return names.of(country) ?? country;
    } catch {
      return country;
    }
  },
  (country) => country,
  300,
);

/** Letters only, without accents, in lower case: "Österreich" and "osterreich" are one name. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** The desk's languages: a country's name in any of them is read as its code. */
const LANGUAGES = ['en', 'de', 'it', 'fr', 'es', 'pl'];
/** Names shops write that are not the country's name in CLDR. */
const USUAL_NAMES: Record<string, string> = { usa: 'US', unitedstatesofamerica: 'US', uk: 'GB', greatbritain: 'GB', england: 'GB' };
let countriesByName: Map<string, string> | undefined;

function countryIndex(): Map<string, string> {
  if (countriesByName) return countriesByName;
  countriesByName = new Map(Object.entries(USUAL_NAMES));
  for (const language of LANGUAGES) {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    for (const code of COUNTRY_CODES) {
      const name = names.of(code);
      if (name && name !== code && !countriesByName.has(fold(name))) countriesByName.set(fold(name), code);
    }
  }
  return countriesByName;
}

/** A country as shops give it, a code ("de") or a name ("Germany", "Deutschland", "Italia"), as its code; else as given. */
export function countryCode(given: string): string {
  const text = given.trim();
  if (COUNTRY_CODES.has(text.toUpperCase())) return text.toUpperCase();
  return countryIndex().get(fold(text)) ?? text;
}
