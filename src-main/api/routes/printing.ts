// The printing extension, in the same JSON:API style: GET /printers, POST /shipments/<id>/print, POST /print-jobs
// (bulk), GET /print-jobs (one shipment's with filter[shipment]), GET /print-jobs/<id>, and GET/PATCH /print-settings: the calling client's own label printer.
import { StationError } from '../../../src-shared/errors.ts';
import { validateBulkPrintRequest, validatePrintRequest, validatePrintSettings, type BulkPrintMeta } from '../../../src-shared/printing.ts';
import type { Caller } from '../../domain/caller.ts';
import type { PrintService } from '../../services/printing.ts';
import { callerOf, type ApiContext } from '../context.ts';
import type { ApiRouter } from '../router.ts';
import { pageRequest, respondPage, text, type KeyReader } from '../paging.ts';
import { respondData } from '../respond.ts';
import type { IdempotencyService } from '../../services/idempotency.ts';
import type { IdempotencyKeyRecord } from '../../domain/idempotency.ts';
import type { PrintJobRecord } from '../../domain/print-job.ts';
import { idempotencyTicket, idempotent } from '../middleware/idempotency.ts';
import { printerResource, printJobResource, printSettingsResource } from '../serializers/printing.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

const JOB_PAGE = { default: 50, max: 500 } as const;
/** A print job's place in the list: when it was made, and its id. */
const byJob: KeyReader<readonly [string, string]> = ([createdAt, id, ...rest]) =>
  rest.length === 0 && text(createdAt) && text(id) ? [createdAt, id] : undefined;

export function printingRoutes(router: ApiRouter, printing: PrintService, idempotency: IdempotencyService): void {
  const caller = (ctx: ApiContext): Caller => callerOf(ctx);
  /** `meta`: a bulk print's left-out shipments and reprints. */
  const respondJob = (ctx: ApiContext, job: PrintJobRecord, meta?: BulkPrintMeta) => {
    const resource = printJobResource(job, ctx.state.apiBase);
    ctx.set('Location', resource.links.self);
    respondData(ctx, 202, resource, meta);
  };
  /** A print committed with its key, answered again after a restart lost the first answer; a job since gone is the key's record gone. */
  const answerAgain = async (ctx: ApiContext, record: IdempotencyKeyRecord) => {
    const job = await printing.job(caller(ctx), record.subjectId).catch((error: unknown) => {
      if (error instanceof StationError && error.code === 'print.jobNotFound')
        throw new StationError('idempotency.recordGone', error.detail, { header: 'Idempotency-Key' });
      throw error;
    });
    respondJob(ctx, job);
  };

  router.on(ROUTES.printers, async (ctx) => {
    respondData(ctx, 200, (await printing.printers()).map(printerResource));
  });

  router.on(ROUTES.printShipment, idempotent(idempotency, answerAgain), {
    parse: (raw) => {
      const request = validatePrintRequest(raw);
      if (!request.ok) throw StationError.many(request.errors);
      return request.value;
    },
    handle: async (ctx, { body: request, params }) => {
      respondJob(ctx, await printing.print(caller(ctx), params.id, request, idempotencyTicket(ctx)));
    },
  });

  router.on(ROUTES.printMany, idempotent(idempotency, answerAgain), {
    parse: (raw) => {
      const request = validateBulkPrintRequest(raw);
      if (!request.ok) throw StationError.many(request.errors);
      return request.value;
    },
    handle: async (ctx, { body: request }) => {
      const { job, meta } = await printing.bulkPrint(caller(ctx), request, idempotencyTicket(ctx));
      respondJob(ctx, job, meta);
    },
  });

  router.on(ROUTES.printJobs, async (ctx, { query }) => {
    const page = pageRequest(ctx, JOB_PAGE, byJob);
    const shipmentId = query.shipment?.trim().toUpperCase() || undefined;
    const jobs = await printing.jobs(caller(ctx), { after: page.after, limit: page.size + 1, shipmentId });
    respondPage(
      ctx,
      page,
      jobs,
      (job) => [job.createdAt, job.id],
      (job) => printJobResource(job, ctx.state.apiBase),
    );
  });

  router.on(ROUTES.printJob, async (ctx, { params }) => {
    respondData(ctx, 200, printJobResource(await printing.job(caller(ctx), params.id), ctx.state.apiBase));
  });

  router.on(ROUTES.printSettings, async (ctx) => {
    respondData(ctx, 200, printSettingsResource(await printing.settings(caller(ctx))));
  });

  router.on(ROUTES.changePrintSettings, {
    parse: (raw) => {
      const change = validatePrintSettings(raw);
      if (!change.ok) throw StationError.many(change.errors);
      return change.value;
    },
    handle: async (ctx, { body: change }) => {
      respondData(ctx, 200, printSettingsResource(await printing.updateSettings(caller(ctx), change)));
    },
  });
}
