// Opening a Server-Sent Events answer the way every stream of the station does: no socket timeout, no Nagle
// delay, no proxy buffering, and the reconnect delay a browser's EventSource is told first.
import { PassThrough } from 'node:stream';
import type { ApiContext } from './context.ts';

export function openEventStream(ctx: ApiContext, retryMs: number): PassThrough {
  const socket = ctx.req.socket;
  socket.setTimeout(0);
  socket.setNoDelay(true);
  socket.setKeepAlive(true);
  const body = new PassThrough();
  ctx.status = 200;
  ctx.set('Content-Type', 'text/event-stream; charset=utf-8');
  ctx.set('X-Accel-Buffering', 'no');
  ctx.body = body;
  body.write(`retry: ${retryMs}\n\n`);
  return body;
}
