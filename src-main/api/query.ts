// Reading a query parameter the way every list and report endpoint takes it: by its plain name or its JSON:API
// filter form (dateFrom or filter[dateFrom]); given twice, the last one counts.
import type { ApiContext } from './context.ts';

export function queryParameter(ctx: ApiContext, name: string): string | undefined {
  const value = ctx.query[name] ?? ctx.query[`filter[${name}]`];
  return Array.isArray(value) ? value[value.length - 1] : value;
}
