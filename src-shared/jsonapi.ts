// JSON:API 1.0 document shapes as the station sends them, shared by the server and the UI's client.
export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';
export const JSONAPI_VERSION = { version: '1.0' } as const;

export interface ErrorObject {
  status: number;
  title: string;
  detail: string;
  source?: { pointer?: string; parameter?: string; header?: string };
  meta?: Record<string, unknown>;
}

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
