// The client resource of spec 2.9 and the rules for its profile fields (limits from field-rules.md).
import { z } from 'zod';

export interface ClientProfile {
  name: string;
  address1: string;
  address2: string;
  city: string;
  postalCode: string;
  state: string;
  country: string;
  contact: string;
  phone: string;
  email: string;
  taxIdentification: string;
}

export interface ClientAttributes extends ClientProfile {
  clientKey: string;
}

const text = (max: number) => z.string().trim().max(max, `at most ${max} characters`);

/** Profile fields as an admin enters them; blanks are allowed so a first client can be completed later. */
export const clientProfileSchema = z.object({
  name: text(35).min(1, 'required'),
  address1: text(30).default(''),
  address2: text(30).default(''),
  city: text(30).default(''),
  postalCode: text(30).default(''),
  state: text(20).default(''),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, 'a two-letter ISO 3166-1 code')
    .default(''),
  contact: text(35).default(''),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ]{0,25}$/, 'digits only, at most 25')
    .default(''),
  email: text(50)
    .refine((value) => value === '' || z.email().safeParse(value).success, 'an e-mail address')
    .default(''),
  taxIdentification: text(45).default(''),
});
