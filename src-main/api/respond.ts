// Writes JSON:API documents: the media type, and compact JSON in the key order the document was built in.
import { JSONAPI_MEDIA_TYPE, dataDocument } from '../../src-shared/jsonapi.ts';
import type { ApiContext } from './context.ts';

export function respond(ctx: ApiContext, status: number, document: object): void {
  ctx.status = status;
  ctx.type = JSONAPI_MEDIA_TYPE;
  ctx.body = JSON.stringify(document);
}

export function respondData(ctx: ApiContext, status: number, data: unknown, meta?: Record<string, unknown>): void {
  respond(ctx, status, dataDocument(data, meta));
}
