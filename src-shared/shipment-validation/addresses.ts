// An address of a shipment request: its members, how the station keeps them (the postal code as its country writes
// it, state codes in capitals, phones as digits), and the rules that tie them to its country: postal code, state,
// phone. An order's addresses (orders.ts) and the cross-field rules use the same ones.
import { z } from 'zod';
import { STATE_REQUIRED, isCountryCode } from '../countries.ts';
import { STATE_CODES, checkPhone, checkUsPhone, isWrittenPhone, phoneAsDigits } from '../address-checks.ts';
import { checkPostalCode } from '../postal-codes.ts';
import { component, said } from '../json-schema-words.ts';
import { country, email, flag, optional, optionalText, phone, requiredText } from './fields.ts';
import { isAbsent, isObject, rawText, type Path, type Violations } from './violations.ts';

/**
 * An address as the station keeps it: its postal code written as the country writes it, state codes in capitals,
 * and a receiver's phone (and a US sender's) as E.164 digits; any other phone without its dashes, dots and brackets.
 * A value the checks refuse is left as given: checkAddressRules reports it.
 */
function canonicaliseAddress<T extends { country: string; postalCode: string; state?: string | undefined; phone?: string | undefined }>(
  address: T,
  receiver: boolean,
): T {
  const postal = checkPostalCode(address.country, address.postalCode);
  const written = { ...address, postalCode: postal.ok ? postal.postalCode : address.postalCode };
  if (address.state !== undefined && STATE_CODES[address.country]) written.state = address.state.toUpperCase();
  if (address.phone) {
    const phone =
      address.country === 'US' ? checkUsPhone(address.phone) : receiver ? checkPhone(address.country, address.phone) : undefined;
    written.phone = phone?.ok ? phone.phone : phoneAsDigits(address.phone);
  }
  return written;
}

/** An address's members as read, kept as canonicaliseAddress writes them: `emailRequired` for the sender; `receiver` keeps the phone as E.164 digits. */
export function makeAddressSchema(emailRequired: boolean, receiver = false) {
  const schema = z
    .object({
      name: requiredText(35),
      address1: requiredText(30),
      address2: optionalText(30),
      city: requiredText(30),
      postalCode: requiredText(30),
      state: optionalText(20),
      country,
      contact: requiredText(35),
      phone: optional(phone),
      email: emailRequired ? email : optional(z.union([z.literal(''), email])),
      taxIdentification: optionalText(45),
      isResidential: optional(flag),
    })
    .transform((address) => canonicaliseAddress(address, receiver));
  // The postal code in the country's format, and its state where the country needs one (checkAddressRules).
  return said(schema, (rendered) => ({ ...rendered, allOf: [component('AddressRules')] }));
}

/**
 * The rules of an address that tie its fields to its country: a postal code of the country's format, a state where
 * the country needs one (and one that exists, where the station knows them all), a US phone of the North American
 * plan, and a receiver's phone that can be dialled there: each read as people write it, "(212) 736-3100".
 */
export function checkAddressRules(address: unknown, path: Path, violations: Violations, receiver = false): void {
  if (!isObject(address)) return;
  const code = typeof address.country === 'string' ? address.country.trim().toUpperCase() : undefined;
  if (!code || !isCountryCode(code)) return;
  const postalCode = address.postalCode;
  if ((typeof postalCode === 'string' && postalCode.trim() !== '' && postalCode.length <= 30) || typeof postalCode === 'number') {
    const checked = checkPostalCode(code, postalCode);
    if (!checked.ok) violations.invalid([...path, 'postalCode'], checked.expected);
  }
  if (STATE_REQUIRED.has(code) && isAbsent(address.state)) violations.missing([...path, 'state']);
  const states = STATE_CODES[code];
  if (states && typeof address.state === 'string' && address.state.trim() !== '' && !states.codes.has(address.state.trim().toUpperCase())) {
    violations.invalid([...path, 'state'], states.expected);
  }
  const given = rawText(address.phone);
  // A phone written with letters is refused by its format rule, which says what one is.
  if (given.replace(/\D/g, '') === '' || !isWrittenPhone(given)) return;
  const checked = code === 'US' ? checkUsPhone(given) : receiver ? checkPhone(code, given) : undefined;
  if (checked && !checked.ok) violations.invalid([...path, 'phone'], checked.expected);
}

/** An address's postal code, as given (text or a number), for the customs route; undefined when it has none. */
export const readPostalCode = (address: unknown) =>
  isObject(address) && (typeof address.postalCode === 'string' || typeof address.postalCode === 'number') ? address.postalCode : undefined;
