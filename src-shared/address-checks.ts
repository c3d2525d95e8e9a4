// Addresses checked before the label, by the station and the desk alike: what is certainly wrong (a US ZIP of 1234,
// a phone no carrier can dial, a state that does not exist) is refused with the format expected; what is likely
// wrong (a number outside the country's numbering plan) is a warning the packer sees before confirming. Postal
// codes: ./postal-codes.ts. Phones: libphonenumber-js (Google's libphonenumber metadata, MIT), to E.164.
import { getCountryCallingCode, getExampleNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import { jsonPointer } from './jsonapi.ts';
import { boundedMemo } from './bounded-memo.ts';
import { countryName } from './countries.ts';

/** The 50 states, the District of Columbia, the territories and the armed forces' codes the USPS routes. */
const US_STATES = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA ' +
    'RI SC SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP UM AA AE AP'
  ).split(' '),
);
/** Canada's 10 provinces and 3 territories. */
const CA_PROVINCES = new Set('AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '));

/** The state codes a country's carriers route by, where the station knows them all. */
export const STATE_CODES: Readonly<Record<string, { codes: ReadonlySet<string>; expected: string }>> = {
  US: { codes: US_STATES, expected: 'a US state’s two-letter USPS code, such as NY, CA or DC' },
  CA: { codes: CA_PROVINCES, expected: 'a Canadian province or territory’s two-letter code, such as ON, QC or BC' },
};

export type PhoneCheck = { ok: true; phone: string; likelyWrong?: string } | { ok: false; expected: string };

/**
 * A phone as people write it in any country: digits, spaces, dashes, dots, slashes and brackets, a leading plus
 * ("(212) 736-3100", "+1 212-736-3100", "01.42.00.00.00", "089/123456", "+49 (0)89 123456"); letters are not a number.
 */
export function isWrittenPhone(text: string): boolean {
  return /^\+?[0-9 ().\/-]*$/.test(text.trim()) && text.replace(/\D/g, '').length <= 25;
}

/** A phone's writing marks (dashes, dots, slashes, brackets) as spaces: the digits, spaces and plus the spec keeps. */
export function phoneAsDigits(text: string): string {
  return text
    .replace(/[().\/-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What a US address's phone is: the spec keeps it as 11 digits starting with 1; people write 10, with brackets and dashes. */
export const US_PHONE_EXPECTED = 'a US phone number: 10 digits, or 11 starting with 1, such as (201) 555-0123 or +1 201 555 0123';

/**
 * A US address's phone (a sender's too, whose country the spec asks it of): a number of the North American plan read
 * as it is written, kept as 11 digits with its 1; a number of another country is not a US phone.
 */
export function checkUsPhone(given: string): PhoneCheck {
  const checked = checkPhone('US', given);
  if (checked.ok && /^1[0-9]{10}$/.test(checked.phone)) return checked;
  return { ok: false, expected: US_PHONE_EXPECTED };
}

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

/** The country's calling code (49 for DE), or none for a code libphonenumber does not know. */
function callingCode(country: string): string {
  try {
    return getCountryCallingCode(country as CountryCode);
  } catch {
    return '\u0000';
  }
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
  // "+49 (0)89 …": the trunk zero in brackets is written for callers inside the country, not dialled from abroad.
  const text = phoneAsDigits(
    given
      .trim()
      .replace(/^00/, '+')
      .replace(/^(\+\d{1,3})\s*\(0\)/, '$1 '),
  );
  const national = parsed(text, country);
  const digits = text.replace(/\D/g, '');
  // Digits that begin with the country's calling code, with no trunk prefix to strip, are the spec's own form
  // (4921113890, 491701234567): read internationally first, else a number stored so would read as 49 49 211… the
  // next time it is checked (an order imported, then shipped).
  const ownForm = !text.startsWith('+') && national?.nationalNumber === digits && digits.startsWith(callingCode(country));
  // The international reading only when it may be the one (it costs a second parse).
  const international = text.startsWith('+') || (national?.isValid() && !ownForm) ? undefined : parsed(`+${digits}`, country);
  const readings = ownForm ? [international, national] : [national, international];
  const possible = readings.filter((reading) => reading?.isPossible());
  const number = possible.find((reading) => reading!.isValid()) ?? possible[0];
  if (!number) return { ok: false, expected: phoneExpectation(country) };
  const phone = number.number.slice(1);
  if (number.isValid()) return { ok: true, phone };
  return {
    ok: true,
    phone,
    likelyWrong: `This phone number is not in the numbering plan of ${countryName(number.country ?? country)}; carriers may not reach the receiver. Check it.`,
  };
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
  return checked.ok && checked.likelyWrong
    ? [{ code: 'likelyWrong', pointer: jsonPointer([...path, 'phone']), detail: checked.likelyWrong }]
    : [];
}
