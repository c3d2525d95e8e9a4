// JSON:API 1.0 document shapes as the station sends them, shared by the server and the UI's client.
import { z } from 'zod';
import { ERROR_CODE_LIST, type ErrorCode } from './error-codes.ts';
export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';
export const JSONAPI_VERSION = { version: '1.0' } as const;

/** One refusal: its status, the status's words, the catalogue's text (errors.ts), and what it is about. */
export const errorObjectSchema = z
  .object({
    status: z.number().int(),
    code: z.enum(ERROR_CODE_LIST as [ErrorCode, ...ErrorCode[]]).meta({
      description:
        'What the refusal is, as a stable code a program keys on (the catalogue: docs/error-codes.md); detail is its English words.',
    }),
    title: z.string(),
    detail: z.string().meta({ description: 'The catalogue’s text, word for word (spec section 7 and the station’s own).' }),
    source: z
      .object({ pointer: z.string().optional(), parameter: z.string().optional(), header: z.string().optional() })
      .optional()
      .meta({ description: 'The member (a JSON pointer), query parameter or header at fault.' }),
    meta: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: 'meta.reason says what was expected and what came; other members as the route documents.' }),
  })
  .meta({ id: 'Error' });
export type ErrorObject = z.infer<typeof errorObjectSchema>;

export const jsonApiVersionSchema = z.object({ version: z.literal('1.0') });

/** An error document: every refusal of the API, with any top-level meta the route adds (e.g. a 503's health). */
export const errorDocumentSchema = z
  .object({ jsonapi: jsonApiVersionSchema, errors: z.array(errorObjectSchema).min(1), meta: z.record(z.string(), z.unknown()).optional() })
  .meta({ id: 'ErrorDocument' });

/**
 * A warning about the request that was still taken: an unknown member, a likely wrong phone, a carrier whose day is
 * closed (meta.warnings); meta holds the figures its words name, for a client that words them itself.
 */
export const requestWarningSchema = z
  .object({
    code: z.string(),
    pointer: z.string(),
    detail: z.string(),
    meta: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: 'carrierDayClosed: carrier, carrierName, manifest, and shipDate, the day the parcel ships instead.' }),
  })
  .meta({ id: 'RequestWarning' });

export interface DataDocument<TData, TMeta = Record<string, unknown>> {
  jsonapi: typeof JSONAPI_VERSION;
  data: TData;
  meta?: TMeta;
}

export interface ErrorDocument {
  jsonapi: typeof JSONAPI_VERSION;
  errors: ErrorObject[];
}

export function dataDocument<TData>(data: TData, meta?: Record<string, unknown>): DataDocument<TData> {
  return meta === undefined ? { jsonapi: JSONAPI_VERSION, data } : { jsonapi: JSONAPI_VERSION, data, meta };
}

export function errorDocument(errors: ErrorObject[]): ErrorDocument {
  return { jsonapi: JSONAPI_VERSION, errors };
}

/** The JSON pointer (RFC 6901) of a member, e.g. ['data', 'attributes', 'packages', 0] → /data/attributes/packages/0. */
export function jsonPointer(path: readonly (string | number)[]): string {
  return path.map((part) => `/${String(part).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
