// Addresses checked before the label, by the station and the desk alike: what is certainly wrong (a US ZIP of 1234,
// a phone no carrier can dial, a state that does not exist) is refused with the format expected; what is likely
// wrong (a number outside the country's numbering plan) is a warning the packer sees before confirming. Postal
// codes: ./postal-codes.ts. Phones: libphonenumber-js (Google's libphonenumber metadata, MIT), to E.164.
import { getExampleNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import { jsonPointer } from './jsonapi.ts';
import { boundedMemo } from './bounded-memo.ts';
import { countryName } from './countries.ts';

/** The 50 states, the District of Columbia, the territories and the armed forces' codes the USPS routes. */
const US_STATES = new Set(
  ('AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA ' +
    'RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP UM AA AE AP').split(' '),
);
/** Canada's 10 provinces and 3 territories. */
const CA_PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));

/** The state codes a country's carriers route by, where the station knows them all. */
export const STATE_CODES: Readonly<Record<string, { codes: ReadonlySet<string>; expected: string }>> = {
  US: { codes: US_STATES, expected: 'a US state’s two-letter USPS code, such as NY, CA or DC' },
  CA: { codes: CA_PROVINCES, expected: 'a Canadian province or territory’s two-letter code, such as ON, QC or BC' },
};

export type PhoneCheck =
  | { ok: true; phone: string; likelyWrong?: string }
  | { ok: false; expected: string };

/** A number that can be dialled in the country, as its international example shows it. */
export function phoneExpectation(country: string): string {
  let example = '';
  try {
    example = getExampleNumber(country as CountryCode, examples)?.formatInternational() ?? '';
  } catch {
    example = '';
  }
  return `a phone number for ${country} (${countryName(country)}), with or without its country code${example ? `, such as ${example}` : ''}`;
}

function parsed(text: string, country: string) {
  try {
    return parsePhoneNumberFromString(text, country as CountryCode);
  } catch {
    return undefined;
  }
}

/**
 * A receiver's phone read for the receiver's country: E.164 digits without the plus (4989123456) when it can be a
 * number at all; refused when it cannot (too short, too long); flagged when it is not in a numbering plan. Digits
 * without a plus are read as a national number first, then as an international one (the spec's own form, 4989…).
 */
export const checkPhone = boundedMemo(checkPhoneOnce, (country, given) => `${country}\u0000${given}`);

function checkPhoneOnce(country: string, given: string): PhoneCheck {
  const text = given.trim().replace(/^00/, '+');
  const national = parsed(text, country);
  // The international reading only when the national one is not a valid number (it costs a second parse).
  const international = national?.isValid() || text.startsWith('+') ? undefined : parsed(`+${text.replace(/\D/g, '')}`, country);
  const possible = [national, international].filter((reading) => reading?.isPossible());
  const number = possible.find((reading) => reading!.isValid()) ?? possible[0];
  if (!number) return { ok: false, expected: phoneExpectation(country) };
  const phone = number.number.slice(1);
  if (number.isValid()) return { ok: true, phone };
  return { ok: true, phone, likelyWrong: `This phone number is not in the numbering plan of ${countryName(number.country ?? country)}; carriers may not reach the receiver. Check it.` };
}

/** A warning on a field the station accepted but a person should look at before the label. */
export interface LikelyWrongWarning {
  code: 'likelyWrong';
  pointer: string;
  detail: string;
}

/** The receiver's likely errors, for meta.warnings and the desk's notice before confirm. */
export function receiverWarnings(shipTo: unknown, path: readonly (string | number)[]): LikelyWrongWarning[] {
  if (typeof shipTo !== 'object' || shipTo === null) return [];
  const { country, phone } = shipTo as Record<string, unknown>;
  if (typeof country !== 'string' || (typeof phone !== 'string' && typeof phone !== 'number') || String(phone).trim() === '') return [];
  const checked = checkPhone(country.trim().toUpperCase(), String(phone));
  return checked.ok && checked.likelyWrong ? [{ code: 'likelyWrong', pointer: jsonPointer([...path, 'phone']), detail: checked.likelyWrong }] : [];
}
