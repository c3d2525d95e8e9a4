// Serves the built desk UI (out/renderer) from the station's own origin, so a browser at the desk and the
// tests use it exactly as Electron does. The build's files are listed once, when the API is made: a request
// for anything else goes to the API without touching the filesystem.
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Next } from 'koa';
import send from 'koa-send';
import type { ApiContext } from '../context.ts';

/** The UI's Content-Security-Policy: its own scripts only; pdf.js renders in a blob worker. */
export const DESK_UI_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "worker-src 'self' blob:; connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** Every file under the folder, as URL paths (`/index.html`, `/assets/index-abc.js`). */
function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.add(`/${relative(root, path).split(sep).join('/')}`);
    }
  };
  walk(root);
  return files;
}

export function deskUi(rendererDir: string | undefined) {
  const files = rendererDir ? listFiles(rendererDir) : new Set<string>();
  // A plain function for the API's requests, which pass straight on (securityHeaders, front.ts, says why).
  return function serveDeskUi(ctx: ApiContext, next: Next): Promise<void> {
    if (files.size === 0 || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const path = ctx.path === '/' ? '/index.html' : ctx.path;
    if (!files.has(path)) return next();
    return serveFile(ctx, path);
  };
  async function serveFile(ctx: ApiContext, path: string): Promise<void> {
    if (path === '/index.html') {
      ctx.set('Content-Security-Policy', DESK_UI_CSP);
      ctx.set('Cache-Control', 'no-cache');
    } else {
      // Built assets carry a content hash in their names.
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    }
    await send(ctx, path, { root: rendererDir! });
  }
}
