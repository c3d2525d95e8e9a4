// Reading a query parameter the way every list and report endpoint takes it: by its plain name or its JSON:API
// filter form (dateFrom or filter[dateFrom]); given twice, the last one counts. A refusal says what it takes.
import { errorObject } from '../../src-shared/errors.ts';
import type { ErrorObject } from '../../src-shared/jsonapi.ts';
import type { ApiContext } from './context.ts';

export function queryParameter(ctx: ApiContext, name: string): string | undefined {
  const value = ctx.query[name] ?? ctx.query[`filter[${name}]`];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** A refused query parameter: the detail, the parameter, and in meta.reason what it takes and what came. */
export function parameterError(detail: string, name: string, expected: string, given: string): ErrorObject {
  const error = errorObject('parameter.invalid', detail, undefined, name);
  error.meta = { reason: `Expected ${expected}; got ${JSON.stringify(given)}.` };
  return error;
}
