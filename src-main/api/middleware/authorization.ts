// Bearer-token check of spec 5.2 for every endpoint but sign-in; the refusals carry the WWW-Authenticate
// header the spec prescribes, with the request's host as the realm. Then the role the route table names for a
// route, checked before its body is: a packer learns that an admin's action is not theirs, not how to word it.
import type { Next } from 'koa';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import { hasRole } from '../../../src-shared/roles.ts';
import type { RouteSpec } from '../../../src-shared/routes.ts';
import type { AuthenticationService } from '../../services/authentication.ts';
import type { ApiContext } from '../context.ts';

export function wwwAuthenticate(ctx: ApiContext, error: string, description: string): Record<string, string> {
  const quoted = (value: string) => value.replace(/["\\]/g, '');
  return {
    'WWW-Authenticate': `Bearer realm="${quoted(ctx.hostname)}", error="${error}", error_description="${quoted(description)}"`,
  };
}

export function missingOrInvalidHeader(ctx: ApiContext): StationError {
  return new StationError('auth.missing', ERROR_TEXT.missingOrInvalidAuthorization, {
    headers: wwwAuthenticate(ctx, 'authorization_exception', ERROR_TEXT.missingOrInvalidAuthorization),
  });
}

/** The token of an `Authorization: Bearer <JWT>` header. */
export const BEARER_TOKEN = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*) *$/i;

export function requireBearer(authentication: AuthenticationService) {
  return async function authorize(ctx: ApiContext, next: Next): Promise<void> {
    const token = BEARER_TOKEN.exec(ctx.get('Authorization'))?.[1];
    if (!token) throw missingOrInvalidHeader(ctx);
    const check = await authentication.checkBearer(token);
    if (!check.ok) {
      throw new StationError(check.code, check.detail, { headers: wwwAuthenticate(ctx, 'invalid_token', check.detail) });
    }
    ctx.state.client = check.client;
    ctx.state.user = check.user;
    if (check.serverKeyToken) ctx.state.serverKeyToken = true;
    await next();
  };
}

/**
 * The least role the route table gives a route, checked as the services check it (the same 403, text and meta);
 * none for a route any signed-in user may call. The services check again, for the admin command's sake and for
 * what depends on the subject (voiding a processed shipment, reprinting).
 */
export function routeRole(spec: Pick<RouteSpec, 'method' | 'path' | 'access' | 'action'>) {
  const needed = spec.access;
  if (needed === 'open' || needed === 'packer') return undefined;
  // A plain function: it only looks (securityHeaders, front.ts, says why).
  return function requireRouteRole(ctx: ApiContext, next: Next): Promise<void> {
    const role = ctx.state.user?.role;
    if (role && !hasRole(role, needed)) {
      throw new StationError('role.required', ERROR_TEXT.roleNeeded(spec.action ?? `${spec.method} ${spec.path}`, needed, role), {
        meta: { neededRole: needed, role },
      });
    }
    return next();
  };
}
