// The client resource of spec 2.9 and the rules for its profile fields (limits from field-rules.md).
import { z } from 'zod';

const profileFields = { name: z.string(), address1: z.string(), address2: z.string(), city: z.string(), postalCode: z.string(), state: z.string(), country: z.string(), contact: z.string(), phone: z.string(), email: z.string(), taxIdentification: z.string() };
export type ClientProfile = { [K in keyof typeof profileFields]: string };

/** The account as answered: its profile (the sender address), and its client key. */
export const clientAttributesSchema = z.object({ ...profileFields, clientKey: z.string() }).meta({ id: 'ClientAttributes' });

const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`);

/** Each profile field's rule, without its default. */
const PROFILE_RULES = {
  name: text(35).min(1, 'required'),
  address1: text(30),
  address2: text(30),
  city: text(30),
  postalCode: text(30),
  state: text(20),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, 'a two-letter ISO 3166-1 code'),
  contact: text(35),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ]{0,25}$/, 'digits only, at most 25'),
  email: text(50).refine((value) => value === '' || z.email().safeParse(value).success, 'an e-mail address'),
  taxIdentification: text(45),
} as const;

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

/** A member as real clients send it: null for empty, a number (a postal code, a phone) as its text. */
const asSent = <T extends z.ZodType>(rule: T) => z.preprocess((value) => (value === null ? '' : typeof value === 'number' ? String(value) : value), rule).optional();

/** A change of the profile (PATCH /clients/current): any of the fields, each by the same rule; absent ones stay. */
export const clientProfileChangeSchema = z.object({
  name: asSent(PROFILE_RULES.name),
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

/** The sender fields a shipment needs of the account's address before it is the desk's sender. */
export const SENDER_FIELDS = ['name', 'contact', 'address1', 'postalCode', 'city', 'country', 'email'] as const;

/** Whether the account's address can be a shipment's sender as it is. */
export const senderComplete = (profile: ClientProfile): boolean => SENDER_FIELDS.every((field) => profile[field].trim() !== '');
