// POST /clients/authentication (spec 5.1) and GET/HEAD /clients/current.
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import type { SignInMeta } from '../../../src-shared/resources.ts';
import type { AuthenticationService } from '../../services/authentication.ts';
import { BEARER_TOKEN, missingOrInvalidHeader, wwwAuthenticate } from '../middleware/authorization.ts';
import { respondData } from '../respond.ts';
import type { ApiRouter } from '../router.ts';
import { clientResource, signedInMeta } from '../serializers/client.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

/**
 * Reads `ServiceApi hash=<hex>, integrationKey=<key>[, username=<name>]`; parameter names are case-insensitive,
 * values may be quoted. `ParcelValueApi` is the upstream service's name for the same scheme; clients written for
 * it sign in unchanged. The username, percent-encoded as UTF-8 (any name fits a header that way), is the station's
 * own addition: the desk names whom it signs in, so that failures are counted under that name
 * (services/sign-in-backoff.ts); a header without it is the spec's, and signs in as ever.
 */
export function parseServiceApiHeader(header: string): { hash: string; integrationKey: string; username?: string } | undefined {
  const match = /^(?:ServiceApi|ParcelValueApi)\s+(.+)$/i.exec(header.trim());
  if (!match?.[1]) return undefined;
  const parameters = new Map<string, string>();
  for (const part of match[1].split(',')) {
    const separator = part.indexOf('=');
    if (separator < 0) return undefined;
    const name = part.slice(0, separator).trim().toLowerCase();
    const value = part
      .slice(separator + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    parameters.set(name, value);
  }
  const hash = parameters.get('hash');
  const integrationKey = parameters.get('integrationkey');
  if (!hash || !/^[0-9a-fA-F]{64}$/.test(hash) || !integrationKey) return undefined;
  const named = parameters.get('username');
  if (named === undefined) return { hash: hash.toLowerCase(), integrationKey };
  const username = decodedParameter(named);
  return username ? { hash: hash.toLowerCase(), integrationKey, username } : undefined;
}

/** A percent-encoded parameter's text; undefined when it is empty or not UTF-8 percent-encoded. */
function decodedParameter(value: string): string | undefined {
  try {
    return decodeURIComponent(value) || undefined;
  } catch {
    return undefined;
  }
}

/** Sign-in is public; the current client needs the Bearer token. */
export function clientRoutes(open: ApiRouter, guarded: ApiRouter, authentication: AuthenticationService): void {
  open.on(ROUTES.signIn, async (ctx) => {
    const credentials = parseServiceApiHeader(ctx.get('Authorization'));
    if (!credentials) throw missingOrInvalidHeader(ctx);
    const signedIn = await authentication.signIn({ ...credentials, address: ctx.ip });
    if (!signedIn) {
      throw new StationError('auth.failed', ERROR_TEXT.authorizationFailed, {
        headers: wwwAuthenticate(ctx, '401', ERROR_TEXT.authorizationFailed),
      });
    }
    const { token, expiresAt } = await authentication.issue(signedIn);
    const meta: SignInMeta = { token, expiresAt: expiresAt.toISOString(), ...signedInMeta(signedIn.user) };
    respondData(ctx, 200, clientResource(signedIn.client), { ...meta });
  });

  // The Bearer check has passed: the token still works, and is exchanged for one that lives a lifetime from now.
  guarded.on(ROUTES.renewToken, async (ctx) => {
    const renewed = await authentication.renew(BEARER_TOKEN.exec(ctx.get('Authorization'))?.[1] ?? '');
    if (!renewed.ok)
      throw new StationError(renewed.code, renewed.detail, { headers: wwwAuthenticate(ctx, 'invalid_token', renewed.detail) });
    const meta: SignInMeta = { token: renewed.token, expiresAt: renewed.expiresAt.toISOString(), ...signedInMeta(renewed.user) };
    respondData(ctx, 200, clientResource(renewed.client), { ...meta });
  });

  guarded.on(ROUTES.currentClient, (ctx) => {
    respondData(ctx, 200, clientResource(ctx.state.client!), { ...signedInMeta(ctx.state.user!) });
  });
}
