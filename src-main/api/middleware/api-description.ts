// Serves the API's description: GET /v3/openapi.json (under any prefix, with no token, whatever the Accept, its servers
// absolute at the request's own origin with its prefix first; the Host
// and Origin guards still apply, and no CORS header is given), and the reference for people at /docs, drawn by
// Swagger UI from the station's own copy of swagger-ui-dist, so it works offline.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Next } from 'koa';
import type { ApiContext } from '../context.ts';
import { DESK_UI_CSP } from './desk-ui.ts';

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Shipping Station API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/docs.js"></script>
</body>
</html>
`;

// Every tag open, nothing fetched from elsewhere (no validator badge), Try it out against this station.
const DOCS_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/v3/openapi.json', dom_id: '#docs', docExpansion: 'list', deepLinking: true, validatorUrl: null, defaultModelsExpandDepth: 0, displayOperationId: true });\n`;

/** The viewer's file, read once when first asked. */
const assets = new Map<string, Buffer>();
function asset(name: string): Buffer {
  let content = assets.get(name);
  if (!content) {
    const folder = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
    content = readFileSync(join(folder, name));
    assets.set(name, content);
  }
  return content;
}

/** What /docs serves, by path: its type and its body. */
const DOCS = new Map<string, { type: string; csp?: boolean; body: () => string | Buffer }>([
  ['/docs', { type: 'text/html; charset=utf-8', csp: true, body: () => DOCS_HTML }],
  ['/docs/', { type: 'text/html; charset=utf-8', csp: true, body: () => DOCS_HTML }],
  ['/docs/docs.js', { type: 'text/javascript; charset=utf-8', body: () => DOCS_SCRIPT }],
  ['/docs/swagger-ui-bundle.js', { type: 'text/javascript; charset=utf-8', body: () => asset('swagger-ui-bundle.js') }],
  ['/docs/swagger-ui.css', { type: 'text/css; charset=utf-8', body: () => asset('swagger-ui.css') }],
]);

/** One look-up per request: the API's other requests pass straight on. */
export function apiDescription() {
  // A plain function for the API's requests, which pass straight on (securityHeaders, front.ts, says why).
  return function serveApiDescription(ctx: ApiContext, next: Next): Promise<void> {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.state.route === '/openapi.json') return serveOpenApi(ctx);
    const page = DOCS.get(ctx.path);
    if (!page) return next();
    if (page.csp) ctx.set('Content-Security-Policy', DESK_UI_CSP);
    ctx.type = page.type;
    ctx.body = page.body();
    return Promise.resolve();
  };
}

async function serveOpenApi(ctx: ApiContext): Promise<void> {
  // Loaded on the first request, so a station that is never asked does not pay for the generator at start.
  const { servedOpenApiJson } = await import('../openapi/document.ts');
  ctx.set('Content-Type', 'application/json; charset=utf-8');
  // Its servers are absolute, at this request's origin, as every answer's links are.
  ctx.body = servedOpenApiJson(ctx.state.origin, ctx.state.apiBase.slice(ctx.state.origin.length) as '/v3' | '/v3-testing' | '');
}
