// Writes JSON:API documents: the media type, and compact JSON in the key order the document was built in.
import { JSONAPI_MEDIA_TYPE, dataDocument } from '../../src-shared/jsonapi.ts';
import type { ApiContext } from './context.ts';

export function respond(ctx: ApiContext, status: number, document: object): void {
  ctx.status = status;
  // Set as a header, before the body: otherwise Koa looks a media type up in its MIME table on every response.
  ctx.set('Content-Type', JSONAPI_MEDIA_TYPE);
  ctx.body = JSON.stringify(document);
}

/** A document already written as JSON text (api/serializers/shipment.ts, shipmentDocumentText). */
export function respondText(ctx: ApiContext, status: number, text: string): void {
  ctx.status = status;
  ctx.set('Content-Type', JSONAPI_MEDIA_TYPE);
  ctx.body = text;
}

export function respondData(ctx: ApiContext, status: number, data: unknown, meta?: Record<string, unknown>): void {
  respond(ctx, status, dataDocument(data, meta));
}

/** A document's meta with the request's unknown members (meta.warnings), or nothing when there are none. */
export function warningsMeta<W>(warnings: readonly W[] | undefined): { warnings: W[] } | undefined {
  return warnings && warnings.length > 0 ? { warnings: [...warnings] } : undefined;
}
