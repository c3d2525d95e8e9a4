// Serves the built desk UI (out/renderer) from the station's own origin, so a browser at the desk and the
// tests use it exactly as Electron does. Only files that exist are served; everything else goes to the API.
import { existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { Next } from 'koa';
import send from 'koa-send';
import type { ApiContext } from '../context.ts';

/** The UI's Content-Security-Policy: its own scripts only; pdf.js renders in a blob worker. */
export const DESK_UI_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "worker-src 'self' blob:; connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

export function deskUi(rendererDir: string | undefined) {
  return async function serveDeskUi(ctx: ApiContext, next: Next): Promise<void> {
    if (!rendererDir || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const path = ctx.path === '/' ? '/index.html' : ctx.path;
    const file = normalize(join(rendererDir, path));
    if (!file.startsWith(rendererDir) || !existsSync(file) || !statSync(file).isFile()) return next();
    if (path === '/index.html') {
      ctx.set('Content-Security-Policy', DESK_UI_CSP);
      ctx.set('Cache-Control', 'no-cache');
    } else {
      // Built assets carry a content hash in their names.
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    }
    await send(ctx, path, { root: rendererDir });
  };
}
