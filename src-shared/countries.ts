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
