// Bearer-token check of spec 5.2 for every endpoint but sign-in; the refusals carry the WWW-Authenticate
// header the spec prescribes, with the request's host as the realm.
import type { Next } from 'koa';
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import type { AuthenticationService } from '../../services/authentication.ts';
import type { ApiContext } from '../context.ts';

export function wwwAuthenticate(ctx: ApiContext, error: string, description: string): Record<string, string> {
  const quoted = (value: string) => value.replace(/["\\]/g, '');
  return {
    'WWW-Authenticate': `Bearer realm="${quoted(ctx.hostname)}", error="${error}", error_description="${quoted(description)}"`,
  };
}

export function missingOrInvalidHeader(ctx: ApiContext): StationError {
  return new StationError(401, ERROR_TEXT.missingOrInvalidAuthorization, {
    headers: wwwAuthenticate(ctx, 'authorization_exception', ERROR_TEXT.missingOrInvalidAuthorization),
  });
}

const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*) *$/i;

export function requireBearer(authentication: AuthenticationService) {
  return async function authorize(ctx: ApiContext, next: Next): Promise<void> {
    const token = BEARER.exec(ctx.get('Authorization'))?.[1];
    if (!token) throw missingOrInvalidHeader(ctx);
    const check = await authentication.checkBearer(token);
    if (!check.ok) {
      throw new StationError(401, check.detail, { headers: wwwAuthenticate(ctx, 'invalid_token', check.detail) });
    }
    ctx.state.client = check.client;
    ctx.state.user = check.user;
    if (check.serverKeyToken) ctx.state.serverKeyToken = true;
    await next();
  };
}
