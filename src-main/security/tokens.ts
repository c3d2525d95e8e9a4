// The Bearer JWT of field-rules.md: HS256 over {sub: clientId, clientKey}, signed with the station's server key.
// A token the station issues at sign-in also names the integration key it was signed in through (`iid`), so that
// revoking the key ends its tokens too, and the user who signed in (`uid`); a token an integration makes itself
// has neither, and acts as the client's first admin.
import { createSecretKey, type KeyObject } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export interface ClientClaims {
  clientId: string;
  clientKey: string;
  /** The integration signed in through, on tokens the station issued. */
  integrationId?: string;
  /** The user who signed in, on tokens the station issued. */
  userId?: string;
}

export type TokenFailure = 'invalid' | 'missing-claims';

export class TokenError extends Error {
  readonly failure: TokenFailure;
  constructor(failure: TokenFailure, message: string) {
    super(message);
    this.name = 'TokenError';
    this.failure = failure;
  }
}

/** The server key as a key object, made once: importing it on every verification is measurable work. */
export function tokenKey(serverKey: string): KeyObject {
  return createSecretKey(Buffer.from(serverKey, 'utf8'));
}

export async function signClientToken(claims: ClientClaims, key: KeyObject): Promise<string> {
  return new SignJWT({
    clientKey: claims.clientKey,
    ...(claims.integrationId === undefined ? {} : { iid: claims.integrationId }),
    ...(claims.userId === undefined ? {} : { uid: claims.userId }),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.clientId)
    .setIssuedAt()
    .sign(key);
}

/** Verifies signature and algorithm (HS256 only, never `none`) and returns the claims, or throws TokenError. */
export async function verifyClientToken(token: string, key: KeyObject): Promise<ClientClaims & { expiresAt?: number }> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
  } catch (error) {
    throw new TokenError('invalid', describeJoseError(error));
  }
  const { sub, clientKey } = payload;
  if (typeof sub !== 'string' || sub === '' || typeof clientKey !== 'string' || clientKey === '') {
    throw new TokenError('missing-claims', 'token lacks sub or clientKey');
  }
  const claims: ClientClaims & { expiresAt?: number } = { clientId: sub, clientKey };
  if (typeof payload.iid === 'string') claims.integrationId = payload.iid;
  if (typeof payload.uid === 'string') claims.userId = payload.uid;
  if (typeof payload.exp === 'number') claims.expiresAt = payload.exp * 1000;
  return claims;
}

function describeJoseError(error: unknown): string {
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'signature verification failed';
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'algorithm not allowed';
  if (error instanceof joseErrors.JWTExpired) return 'token expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `claim '${error.claim}' is not valid`;
  if (error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JWTInvalid) return 'malformed token';
  return 'token could not be verified';
}
