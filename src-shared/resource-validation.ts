// Checks a JSON:API request document of one resource type against a zod schema of its attributes: the shared
// rules of the extensions' requests (printing, administration), each refusal naming its field by pointer.
import type { z } from 'zod';
import { ERROR_TEXT, errorObject } from './errors.ts';
import type { ErrorObject } from './jsonapi.ts';

export type Result<T> = { ok: true; value: T } | { ok: false; errors: ErrorObject[] };

export function validateResource<T>(document: unknown, type: string, schema: z.ZodType<T>, bodyOptional: boolean): Result<T> {
  const data = (document as { data?: unknown } | null)?.data;
  if (data === undefined && bodyOptional) return { ok: true, value: {} as T };
  if (typeof data !== 'object' || data === null) return { ok: false, errors: [errorObject(400, ERROR_TEXT.missingRequiredData('data'), '/data')] };
  const { type: given, attributes = {} } = data as { type?: unknown; attributes?: unknown };
  if (given !== type) return { ok: false, errors: [errorObject(400, ERROR_TEXT.invalidData('data.type'), '/data/type')] };
  const parsed = schema.safeParse(attributes);
  if (parsed.success) return { ok: true, value: parsed.data };
  // One error a field, the first problem zod found with it, which says what was expected.
  const byField = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return {
    ok: false,
    errors: [...byField].map(([field, reason]) => {
      const error = errorObject(400, ERROR_TEXT.invalidData(`data.attributes${field ? `.${field}` : ''}`), `/data/attributes${field ? `/${field.replace(/\./g, '/')}` : ''}`);
      error.meta = { reason: /[.!?]$/.test(reason) ? reason : `${reason}.` };
      return error;
    }),
  };
}

