// Keeps the localhost API local: refuses Host headers that are not loopback names (DNS rebinding),
// refuses browser Origins that are not allow-listed (CSRF), and answers CORS only for allow-listed origins.
import type { Next } from 'koa';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import type { ApiContext } from '../context.ts';

export interface GuardOptions {
  /** Extra host names beyond the loopback ones, e.g. when the station is told to listen elsewhere. */
  allowedHosts?: readonly string[];
  /** Browser origins other than the station's own that may call the API, e.g. a dev server. */
  allowedOrigins?: readonly string[];
}

const ALLOWED_METHODS = 'GET, HEAD, POST, PATCH, DELETE, OPTIONS';
const ALLOWED_REQUEST_HEADERS = 'Accept, Authorization, Content-Type';
const EXPOSED_HEADERS = 'Location, WWW-Authenticate, Allow';

export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (name === '::1' || name === '0:0:0:0:0:0:0:1') return true;
  if (/^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)) return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

/** The host name of a Host header value, without the port; IPv6 literals keep no brackets. */
function hostnameOf(host: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(host);
  if (bracketed?.[1]) return bracketed[1];
  return host.replace(/:\d+$/, '');
}

export function loopbackGuard(options: GuardOptions = {}) {
  const extraHosts = new Set((options.allowedHosts ?? []).map((host) => host.toLowerCase()));
  const allowedOrigins = new Set((options.allowedOrigins ?? []).map((origin) => origin.toLowerCase().replace(/\/$/, '')));

  // A client sends the same Host with every request: each is judged once (a bounded few are kept).
  const hostVerdicts = new Map<string, boolean>();
  const hostAllowed = (host: string) => {
    let allowed = hostVerdicts.get(host);
    if (allowed === undefined) {
      const hostname = hostnameOf(host);
      allowed = host !== '' && (isLoopbackHostname(hostname) || extraHosts.has(hostname.toLowerCase()));
      if (hostVerdicts.size >= 64) hostVerdicts.clear();
      hostVerdicts.set(host, allowed);
    }
    return allowed;
  };

  // A plain function (securityHeaders, front.ts, says why); a refusal it throws, Koa answers as a rejection.
  return function guard(ctx: ApiContext, next: Next): Promise<void> {
    const host = ctx.get('Host');
    if (!hostAllowed(host)) throw new StationError('request.hostNotAllowed', ERROR_TEXT.hostNotAllowed(host), { header: 'Host' });

    const origin = ctx.get('Origin');
    if (origin) {
      const normalised = origin.toLowerCase();
      const sameOrigin = normalised === `${ctx.protocol}://${host}`.toLowerCase();
      const listed = allowedOrigins.has(normalised);
      if (!sameOrigin && !listed)
        throw new StationError('request.originNotAllowed', ERROR_TEXT.originNotAllowed(origin), { header: 'Origin' });
      if (listed) {
        ctx.set('Access-Control-Allow-Origin', origin);
        ctx.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
        ctx.vary('Origin');
        // A preflight gets the CORS answer here, and its 204 with Allow from the router like any OPTIONS.
        if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method')) {
          ctx.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
          ctx.set('Access-Control-Allow-Headers', ALLOWED_REQUEST_HEADERS);
          ctx.set('Access-Control-Max-Age', '600');
        }
      }
    }
    return next();
  };
}
