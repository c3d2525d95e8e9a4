// The end-of-day extension (docs/shipments.md, "End of day"): GET /manifests/preview?carrier=&date=, POST /manifests (close),
// GET /manifests (with date, carrier, limit), GET /manifests/<id>, GET /manifests/<id>/document (the PDF, to
// reprint), POST /manifests/<id>/reopen, and POST /manifests/<id>/transmit (send again what an upstream refused).
import { ERROR_TEXT, StationError, errorObject } from '../../../src-shared/errors.ts';
import { isCalendarDate } from '../../../src-shared/calendar.ts';
import { validateClose, type ManifestPreviewAttributes, type ManifestResource } from '../../../src-shared/manifests.ts';
import type { ErrorObject } from '../../../src-shared/jsonapi.ts';
import type { ManifestRecord } from '../../domain/manifest.ts';
import type { ManifestService } from '../../services/manifests.ts';
import { callerOf, type ApiContext } from '../context.ts';
import { byId, pageRequest, respondPage } from '../paging.ts';
import { parameterError } from '../query.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter, QueryOf } from '../router.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

const LIST_LIMIT = { default: 50, max: 500 } as const;

export function manifestResource(manifest: ManifestRecord, apiBase: string): ManifestResource {
  const self = `${apiBase}/manifests/${manifest.id}`;
  return {
    type: 'manifest',
    id: manifest.id,
    attributes: {
      number: manifest.number,
      carrier: manifest.carrierCode,
      date: manifest.shipDate,
      site: String(manifest.site),
      status: manifest.status,
      totals: manifest.totals,
      closedAt: manifest.createdAt,
      closedBy: manifest.closedBy,
      reopenedAt: manifest.reopenedAt,
      transmittedAt: manifest.transmittedAt,
      transmission: manifest.transmission,
    },
    links: { self, document: `${self}/document` },
  } satisfies ManifestResource;
}

export function manifestRoutes(router: ApiRouter, manifests: ManifestService): void {
  const caller = (ctx: ApiContext) => callerOf(ctx);
  /** carrier and date from the query, checked with the close's own rules. */
  const day = (query: QueryOf<typeof ROUTES.manifestPreview>) => {
    const checked = validateClose({
      data: { type: 'manifest', attributes: { carrier: query.carrier ?? '', date: query.date, site: query.site } },
    });
    if (checked.ok) return checked.value;
    throw StationError.many(
      checked.errors.map((error) => {
        const name = error.source?.pointer?.split('/').at(-1) ?? 'carrier';
        // The close's own words for what the member takes, as the parameter's.
        const reason =
          typeof error.meta?.reason === 'string'
            ? error.meta.reason
            : `Expected ${name === 'date' ? 'a date as YYYY-MM-DD' : name === 'site' ? 'a site’s id' : 'a carrier code'}.`;
        return { ...errorObject('parameter.invalid', ERROR_TEXT.invalidOrEmptyParameter(name), undefined, name), meta: { reason } };
      }),
    );
  };

  router.on(ROUTES.manifestPreview, async (ctx, { query }) => {
    const request = day(query);
    const preview = await manifests.preview(caller(ctx), request);
    const attributes: ManifestPreviewAttributes = {
      carrier: preview.carrier,
      date: preview.date,
      included: preview.included,
      totals: preview.totals,
      leftOut: preview.leftOut,
    };
    respondData(ctx, 200, { type: 'manifestPreview', id: `${preview.carrier}-${preview.date}`, attributes });
  });

  router.on(ROUTES.closeDay, {
    parse: (raw) => {
      const request = validateClose(raw);
      if (!request.ok) throw StationError.many(request.errors);
      return request.value;
    },
    handle: async (ctx, { body: request }) => {
      const { manifest, created } = await manifests.close(caller(ctx), request);
      const resource = manifestResource(manifest, ctx.state.apiBase);
      ctx.set('Location', resource.links.self);
      // A second desk's close of the same day answers the manifest the first made.
      respondData(ctx, created ? 201 : 200, resource, created ? undefined : { alreadyClosed: true });
    },
  });

  router.on(ROUTES.manifests, async (ctx, { query }) => {
    const errors: ErrorObject[] = [];
    const date = query.date ?? null;
    if (date !== null && !isCalendarDate(date))
      errors.push(parameterError(ERROR_TEXT.invalidOrEmptyParameter('date'), 'date', 'a date as YYYY-MM-DD', date));
    const page = pageRequest(ctx, LIST_LIMIT, byId, { sizeAliases: ['limit'], errors });
    const found = await manifests.list(caller(ctx), {
      date,
      carrier: query.carrier?.trim().toUpperCase() || null,
      after: page.after,
      limit: page.size + 1,
      site: query.site ?? null,
    });
    respondPage(
      ctx,
      page,
      found,
      (manifest) => [Number(manifest.id)],
      (manifest) => manifestResource(manifest, ctx.state.apiBase),
    );
  });

  router.on(ROUTES.manifest, async (ctx, { params }) => {
    respondData(ctx, 200, manifestResource(await manifests.get(caller(ctx), params.id), ctx.state.apiBase));
  });

  router.on(ROUTES.manifestDocument, async (ctx, { params }) => {
    const { manifest, data } = await manifests.document(caller(ctx), params.id);
    respondData(ctx, 200, {
      type: 'manifestDocument',
      id: manifest.id,
      attributes: {
        contentType: 'application/pdf',
        fileName: `manifest-${manifest.number}.pdf`,
        fileData: Buffer.from(data).toString('base64'),
      },
    });
  });

  router.on(ROUTES.reopenManifest, async (ctx, { params }) => {
    respondData(ctx, 200, manifestResource(await manifests.reopen(caller(ctx), params.id), ctx.state.apiBase));
  });

  router.on(ROUTES.transmitManifest, async (ctx, { params }) => {
    respondData(ctx, 202, manifestResource(await manifests.transmitAgain(caller(ctx), params.id), ctx.state.apiBase));
  });
}
