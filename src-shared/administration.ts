// The administration extension's requests (README, "Roles and the audit log"): clients, integration keys,
// carrier settings and reading the audit log, checked with the same rules by the station and the desk UI.
// Liberal like the rest of the API: null means absent, roles in any case, numbers as decimal strings.
import { z } from 'zod';
import { AUDIT_ACTIONS } from './resources.ts';
import { ROLES, type Role } from './roles.ts';
import { validateResource, type Result } from './resource-validation.ts';

const absent = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((value) => (value === null ? undefined : value), schema.optional());
const role = z.preprocess((value) => (typeof value === 'string' ? value.trim().toLowerCase() : value), z.enum(ROLES));
const text = z.string();

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

export const newClientSchema = z.object({
  username: text,
  password: text,
  role: absent(role),
  name: text,
  address1: absent(text),
  address2: absent(text),
  city: absent(text),
  postalCode: absent(text),
  state: absent(text),
  country: absent(text),
  contact: absent(text),
  phone: absent(text),
  email: absent(text),
  taxIdentification: absent(text),
});

export interface ClientChangeRequest {
  role?: Role;
  password?: string;
  /** true: a new client key, which ends every token the client holds. */
  rotateKey?: boolean;
}

const flag = z.preprocess((value) => (value === 'true' || value === 1 ? true : value === 'false' || value === 0 ? false : value), z.boolean());

export const clientChangeSchema = z.object({ role: absent(role), password: absent(text), rotateKey: absent(flag) });

export const newIntegrationSchema = z.object({ name: text });

/** A person added to the account (POST /users): packer unless a role is given; the name shown defaults to the username. */
export interface NewUserRequest {
  username: string;
  password: string;
  name?: string;
  role?: Role;
}

export const newUserSchema = z.object({ username: text, password: text, name: absent(text), role: absent(role) });

/** What an admin changes of a user (PATCH /users/<id>): the role, the name shown, or a new password. */
export interface UserChangeRequest {
  role?: Role;
  name?: string;
  password?: string;
}

export const userChangeSchema = z
  .object({ role: absent(role), name: absent(text), password: absent(text) })
  .refine((change) => change.role !== undefined || change.name !== undefined || change.password !== undefined, { path: ['role'], message: 'a role, name or password to change' });

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

export const carrierChangeSchema = z
  .object({
    fuelSurchargePercent: z.union([z.number(), z.string()]).optional(),
    cutoffTime: z.union([z.string().trim().regex(CUTOFF_TIME), z.null()]).optional(),
  })
  .refine((change) => change.fuelSurchargePercent !== undefined || change.cutoffTime !== undefined, { path: ['fuelSurchargePercent'] });

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
