// The scale extension (docs/printing-and-hardware.md, "The scale"): GET /scale (settings and the live reading), PATCH /scale
// (supervisor), GET /scale/ports, and GET /scale/stream, the readings as Server-Sent Events for the desk UI.
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import { validateScaleSettings, type ScaleReading, type ScaleResource } from '../../../src-shared/scale.ts';
import type { ScaleService } from '../../services/scale.ts';
import { callerOf } from '../context.ts';
import { respondData } from '../respond.ts';
import { openEventStream } from '../event-stream.ts';
import type { ApiRouter } from '../router.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

const KEEP_ALIVE_MS = 15_000;
/** Readings streams open at once: a desk UI holds one; a few more for a second window or a LAN screen. */
const STREAMS_MAX = 20;

export function scaleRoutes(router: ApiRouter, scale: ScaleService, desk: string): void {
  let streams = 0;
  const resource = (state: ReturnType<ScaleService['state']>): ScaleResource => ({
    type: 'scale',
    id: desk,
    attributes: { settings: { ...state.settings }, reading: { ...state.reading } },
  });

  router.on(ROUTES.scale, (ctx) => {
    respondData(ctx, 200, resource(scale.state()));
  });

  router.on(ROUTES.changeScale, {
    parse: (raw) => {
      const changes = validateScaleSettings(raw);
      if (!changes.ok) throw StationError.many(changes.errors);
      return changes.value;
    },
    handle: async (ctx, { body: changes }) => {
      respondData(ctx, 200, resource(await scale.configure(callerOf(ctx), changes)));
    },
  });

  router.on(ROUTES.scalePorts, async (ctx) => {
    respondData(
      ctx,
      200,
      (await scale.ports()).map((path) => ({ type: 'serialPort', id: path, attributes: { path } })),
    );
  });

  router.on(ROUTES.scaleStream, (ctx) => {
    const accept = ctx.get('Accept');
    if (accept && !/text\/event-stream|\*\/\*/.test(accept))
      throw new StationError('request.notAcceptable', ERROR_TEXT.notAcceptable, { header: 'Accept' });
    if (streams >= STREAMS_MAX) throw new StationError('stream.tooMany', ERROR_TEXT.tooManyScaleStreams(STREAMS_MAX));
    streams++;
    const body = openEventStream(ctx, 2000);
    // A reading replaces the one before: one the reader has not taken yet is dropped, never queued.
    const send = (reading: ScaleReading) => {
      if (body.writableLength < 4096) body.write(`event: reading\ndata: ${JSON.stringify(reading)}\n\n`);
    };
    send(scale.state().reading);
    const keepAlive = setInterval(() => body.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    let closed = false;
    const finish = () => {
      if (closed) return;
      closed = true;
      streams--;
      clearInterval(keepAlive);
      unsubscribe();
      body.end();
    };
    const unsubscribe = scale.subscribe((reading, stopping) => (stopping ? finish() : send(reading)));
    ctx.req.on('close', finish);
    body.on('error', finish);
  });
}
