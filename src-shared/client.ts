// The client resource of spec 2.9 and the rules for its profile fields (limits from field-rules.md).
import { z } from 'zod';
import { expects } from './resource-validation.ts';

const profileFields = {
  name: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  postalCode: z.string(),
  state: z.string(),
  country: z.string(),
  contact: z.string(),
  phone: z.string(),
  email: z.string(),
  taxIdentification: z.string(),
};
export type ClientProfile = { [K in keyof typeof profileFields]: string };
/** The profile's fields as answered, every one a text (an address of the account, or of one of its sites). */
export const profileAttributesSchema = z.object(profileFields);

/** The account as answered: its profile (the sender address), and its client key. */
export const clientAttributesSchema = z.object({ ...profileFields, clientKey: z.string() }).meta({ id: 'ClientAttributes' });

const text = (max: number, what: string) =>
  expects(z.string().trim().max(max, `at most ${max} characters`), `${what}: text of at most ${max} characters`);

/** An e-mail address, or nothing. */
const EMAIL_OR_NOTHING = new RegExp(`^$|${z.regexes.email.source}`);

/**
 * Each profile field's rule, without its default. Each says what it takes (the API description's words and its
 * refusal's meta.reason); spaces around a value are dropped before its length is counted, and a country is taken in
 * any case.
 */
export const CLIENT_PROFILE_RULES = {
  name: expects(
    z.string().regex(/\S/, 'required').trim().max(35, 'at most 35 characters'),
    'the account’s name (the sender’s name on labels): 1 to 35 characters',
  ),
  address1: text(30, 'the street and number'),
  address2: text(30, 'more of the address'),
  city: text(30, 'the city'),
  postalCode: text(30, 'the postal code'),
  state: text(20, 'the state or province code'),
  country: expects(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2})?$/, 'a two-letter ISO 3166-1 code'),
    'an ISO 3166-1 alpha-2 country code such as IT (case does not matter), or empty',
  ),
  contact: text(35, 'the contact person'),
  phone: expects(
    z
      .string()
      .trim()
      .regex(/^\+?[0-9 ]{0,25}$/, 'digits only, at most 25'),
    'a phone number: digits and spaces with a leading + allowed, at most 25 characters',
  ),
  email: expects(
    z.string().trim().max(50, 'at most 50 characters').regex(EMAIL_OR_NOTHING, 'an e-mail address'),
    'an e-mail address such as name@example.com, at most 50 characters, or empty',
  ),
  taxIdentification: text(45, 'the tax identification (VAT number)'),
} as const;
const PROFILE_RULES = CLIENT_PROFILE_RULES;

/** Profile fields as an admin enters them; blanks are allowed so a first client can be completed later. */
export const clientProfileSchema = z.object({
  name: PROFILE_RULES.name,
  address1: PROFILE_RULES.address1.default(''),
  address2: PROFILE_RULES.address2.default(''),
  city: PROFILE_RULES.city.default(''),
  postalCode: PROFILE_RULES.postalCode.default(''),
  state: PROFILE_RULES.state.default(''),
  country: PROFILE_RULES.country.default(''),
  contact: PROFILE_RULES.contact.default(''),
  phone: PROFILE_RULES.phone.default(''),
  email: PROFILE_RULES.email.default(''),
  taxIdentification: PROFILE_RULES.taxIdentification.default(''),
});

/** A member as real clients send it: a number (a postal code, a phone) as its text; null for empty where empty is taken. */
const sentText = <T extends z.ZodType>(rule: T) => z.preprocess((value) => (typeof value === 'number' ? String(value) : value), rule);
const asSent = <T extends z.ZodType>(rule: T) =>
  sentText(rule)
    .nullable()
    .transform((value) => value ?? '')
    .optional();

/** A change of the profile (PATCH /clients/current): any of the fields, each by the same rule; absent ones stay. */
export const clientProfileChangeSchema = z.object({
  name: sentText(PROFILE_RULES.name).optional(),
  address1: asSent(PROFILE_RULES.address1),
  address2: asSent(PROFILE_RULES.address2),
  city: asSent(PROFILE_RULES.city),
  postalCode: asSent(PROFILE_RULES.postalCode),
  state: asSent(PROFILE_RULES.state),
  country: asSent(PROFILE_RULES.country),
  contact: asSent(PROFILE_RULES.contact),
  phone: asSent(PROFILE_RULES.phone),
  email: asSent(PROFILE_RULES.email),
  taxIdentification: asSent(PROFILE_RULES.taxIdentification),
});
export type ClientProfileChange = z.infer<typeof clientProfileChangeSchema>;

/** The profile's fields in the order a form shows them (the account's address, a site's addresses). */
export const PROFILE_FIELD_ORDER: readonly (keyof ClientProfile)[] = [
  'name',
  'contact',
  'address1',
  'address2',
  'postalCode',
  'city',
  'state',
  'country',
  'phone',
  'email',
  'taxIdentification',
];

/** The sender fields a shipment needs of the account's address before it is the desk's sender. */
export const SENDER_FIELDS = ['name', 'contact', 'address1', 'postalCode', 'city', 'country', 'email'] as const;

/** Whether the account's address can be a shipment's sender as it is. */
export const senderComplete = (profile: ClientProfile): boolean => SENDER_FIELDS.every((field) => profile[field].trim() !== '');
