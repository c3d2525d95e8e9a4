// The administration extension's requests (docs/desk.md, "Roles and the audit log"): clients, integration keys,
// carrier settings and reading the audit log, checked with the same rules by the station and the desk UI.
// Liberal like the rest of the API: null means absent, roles in any case, numbers as decimal strings.
import { z } from 'zod';
import { CLIENT_PROFILE_RULES } from './client.ts';
import { AUDIT_ACTIONS } from './resources.ts';
import { ROLES, type Role } from './roles.ts';
import { expects, validateResource, type Result } from './resource-validation.ts';

// Each member says what it takes (its description is the API's, and its refusal's meta.reason), and its rule is on
// what is sent, so the description's JSON Schema is the rule the station checks: a request it allows is taken.
// A liberal reading (null for absent, a role in any case) only widens what is taken beyond what is described.

/** An optional member: null means absent. */
const absent = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined);
/** A role, in any case and with spaces around it taken too; described as the three names. */
const role = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  expects(z.enum(ROLES), 'packer, supervisor or admin (case does not matter)'),
);

/** A sign-in name: 1 to 64 characters, none a control character, no space at either end. */
export const USERNAME = /^[^\s\u0000-\u001f\u007f](?:[^\u0000-\u001f\u007f]{0,62}[^\s\u0000-\u001f\u007f])?$/u;
const username = expects(
  z.string().min(1).max(64).regex(USERNAME),
  'the sign-in name: 1 to 64 characters, without control characters or spaces at either end, not taken now or before on this station',
);

/** Passwords are at least this many characters: the sign-in backoff slows guessing, length makes it hopeless. */
export const MIN_PASSWORD_LENGTH = 10;
const password = expects(
  z
    .string()
    .min(MIN_PASSWORD_LENGTH)
    .regex(new RegExp(`^[\\s\\S]{${MIN_PASSWORD_LENGTH},}$`, 'u')),
  `a password of at least ${MIN_PASSWORD_LENGTH} characters`,
);

/** A name as people see it: at most `max` characters (spaces around it dropped), no control characters; blank when `blank`. */
const shownName = (max: number, blank: boolean) =>
  new RegExp(
    `^\\s*${blank ? '(?:' : ''}[^\\s\\u0000-\\u001f\\u007f](?:[^\\u0000-\\u001f\\u007f]{0,${max - 2}}[^\\s\\u0000-\\u001f\\u007f])?${blank ? ')?' : ''}\\s*$`,
    'u',
  );

/** true or false, and the spellings form-minded clients send: "true"/"false", 1/0, "1"/"0". */
const flag = expects(
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0']), z.literal(1), z.literal(0)])
    .transform((value) => value === true || value === 'true' || value === '1' || value === 1),
  'true or false (also "true", "false", 1, 0, "1" or "0")',
);

export interface NewClientRequest {
  username: string;
  password: string;
  role?: Role;
  name: string;
  address1?: string;
  address2?: string;
  city?: string;
  postalCode?: string;
  state?: string;
  country?: string;
  contact?: string;
  phone?: string;
  email?: string;
  taxIdentification?: string;
}

const profile = CLIENT_PROFILE_RULES;

/** POST /clients: the account's first user (username, password, role) and its profile, each by the profile's rule. */
export const newClientSchema = z.object({
  username,
  password,
  role: absent(role),
  name: profile.name,
  address1: absent(profile.address1),
  address2: absent(profile.address2),
  city: absent(profile.city),
  postalCode: absent(profile.postalCode),
  state: absent(profile.state),
  country: absent(profile.country),
  contact: absent(profile.contact),
  phone: absent(profile.phone),
  email: absent(profile.email),
  taxIdentification: absent(profile.taxIdentification),
});

export interface ClientChangeRequest {
  role?: Role;
  password?: string;
  /** true: a new client key, which ends every token the client holds. */
  rotateKey?: boolean;
}

/** PATCH /clients/<id>: any of these; none is no change. */
export const clientChangeSchema = z.object({ role: absent(role), password: absent(password), rotateKey: absent(flag) });

/** An integration's name: 1 to 64 characters once the spaces around it are dropped, no control characters. */
export const INTEGRATION_NAME = shownName(64, false);
export const newIntegrationSchema = z.object({
  name: expects(
    z
      .string()
      .regex(INTEGRATION_NAME)
      .transform((name) => name.trim()),
    'the integration’s name: 1 to 64 characters (spaces around it dropped), without control characters',
  ),
});

/** A person added to the account (POST /users): packer unless a role is given; the name shown defaults to the username. */
export interface NewUserRequest {
  username: string;
  password: string;
  name?: string;
  role?: Role;
}

/** A user's name as the desk shows it: at most 100 characters. */
export const USER_NAME_MAX = 100;

export const newUserSchema = z.object({
  username,
  password,
  name: absent(
    expects(
      z.string().regex(shownName(USER_NAME_MAX, true)),
      `the name the desk shows: at most ${USER_NAME_MAX} characters, without control characters (the username when blank or absent)`,
    ),
  ),
  role: absent(role),
});

/** What an admin changes of a user (PATCH /users/<id>): the role, the name shown, or a new password; none is no change. */
export interface UserChangeRequest {
  role?: Role;
  name?: string;
  password?: string;
}

export const userChangeSchema = z.object({
  role: absent(role),
  name: absent(
    expects(
      z.string().regex(shownName(USER_NAME_MAX, false)),
      `the name the desk shows: 1 to ${USER_NAME_MAX} characters, without control characters`,
    ),
  ),
  password: absent(password),
});

export function validateNewUser(document: unknown): Result<NewUserRequest> {
  return validateResource(document, 'user', newUserSchema, false) as Result<NewUserRequest>;
}

export function validateUserChange(document: unknown): Result<UserChangeRequest> {
  return validateResource(document, 'user', userChangeSchema, false) as Result<UserChangeRequest>;
}

export interface CarrierChangeRequest {
  /** Percent, 0 to 200: a number or its decimal text. */
  fuelSurchargePercent?: number | string;
  /** HH:MM (24 h, on the station's clock, in its time zone), or null for no cutoff. */
  cutoffTime?: string | null;
}

/** A cutoff time: 00:00 to 23:59. */
export const CUTOFF_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

/** The largest fuel surcharge, in percent. */
export const MAX_FUEL_SURCHARGE_PERCENT = 200;
/** A surcharge as decimal text: 0 to 200 with a point for decimals. */
export const SURCHARGE_TEXT = /^\s*0*(?:200(?:\.0+)?|1[0-9]{2}(?:\.[0-9]+)?|[0-9]{1,2}(?:\.[0-9]+)?)\s*$/;

/** PATCH /carriers/<code>: the surcharge, the cutoff, or both; none is no change. */
export const carrierChangeSchema = z.object({
  fuelSurchargePercent: expects(
    z.union([z.number().min(0).max(MAX_FUEL_SURCHARGE_PERCENT), z.string().regex(SURCHARGE_TEXT)]),
    `the fuel surcharge in percent, from 0 to ${MAX_FUEL_SURCHARGE_PERCENT}: a number, or text with a point for decimals such as "12.5"`,
  ).optional(),
  cutoffTime: expects(
    z.union([z.string().trim().regex(CUTOFF_TIME), z.null()]),
    'the cutoff time as HH:MM on the station’s clock (00:00 to 23:59), or null for none: shipments made from then on ship the next working day',
  ).optional(),
});

export function validateNewClient(document: unknown): Result<NewClientRequest> {
  return validateResource(document, 'client', newClientSchema, false) as Result<NewClientRequest>;
}

export function validateClientChange(document: unknown): Result<ClientChangeRequest> {
  return validateResource(document, 'client', clientChangeSchema, false) as Result<ClientChangeRequest>;
}

export function validateNewIntegration(document: unknown): Result<{ name: string }> {
  return validateResource(document, 'integration', newIntegrationSchema, false);
}

export function validateCarrierChange(document: unknown): Result<CarrierChangeRequest> {
  return validateResource(document, 'carrier', carrierChangeSchema, false);
}

/** The audit log's page sizes: 50 unless asked, 500 at most. */
export const AUDIT_PAGE = { default: 50, max: 500 } as const;

export const isAuditAction = (value: string): boolean => (AUDIT_ACTIONS as readonly string[]).includes(value);
