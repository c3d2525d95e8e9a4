// The Bearer JWT of field-rules.md: HS256 over {sub: clientId, clientKey}, signed with the station's server key.
// A token the station issues at sign-in also names the integration key it was signed in through (`iid`), so that
// revoking the key ends its tokens too, the user who signed in (`uid`) and that user's session epoch (`sep`, which a
// change of their password moves on, so that the change ends the token), and it expires (`exp`); a token an
// integration makes itself has none of these, acts as the client's first admin, and expires only if it says so.
import { createSecretKey, type KeyObject } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export interface ClientClaims {
  clientId: string;
  clientKey: string;
  /** The integration signed in through, on tokens the station issued. */
  integrationId?: string;
  /** The user who signed in, on tokens the station issued. */
  userId?: string;
  /** That user's session epoch when the token was issued; tokens issued before epochs existed carry none (epoch 0). */
  sessionEpoch?: number;
}

/** A verified token's claims, with when it was issued and when it expires (milliseconds), where it says so. */
export interface VerifiedClaims extends ClientClaims {
  issuedAt?: number;
  expiresAt?: number;
}

export type TokenFailure = 'invalid' | 'expired' | 'missing-claims';

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

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * Signs the claims; `times` dates the token on the station's clock (iat) and makes it expire (exp). Without it the
 * token is dated by this computer's clock and never expires: what the upstream gateway signs for another station.
 */
export async function signClientToken(claims: ClientClaims, key: KeyObject, times?: { issuedAt: Date; expiresAt: Date }): Promise<string> {
  const jwt = new SignJWT({
    clientKey: claims.clientKey,
    ...(claims.integrationId === undefined ? {} : { iid: claims.integrationId }),
    ...(claims.userId === undefined ? {} : { uid: claims.userId }),
    ...(claims.sessionEpoch === undefined ? {} : { sep: claims.sessionEpoch }),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.clientId)
    .setIssuedAt(times ? seconds(times.issuedAt) : undefined);
  if (times) jwt.setExpirationTime(seconds(times.expiresAt));
  return jwt.sign(key);
}

/**
 * A client id as a token may name it: the text, or a whole number (its decimal text), as JSON encoders of
 * integrators often write an id that looks like a number.
 */
function clientIdOf(sub: unknown): string | undefined {
  if (typeof sub === 'string') return sub === '' ? undefined : sub;
  if (typeof sub === 'number' && Number.isSafeInteger(sub) && sub >= 0) return String(sub);
  return undefined;
}

/**
 * Verifies signature and algorithm (HS256 only, never `none`) and expiry at `now` (the station's clock), and returns
 * the claims, or throws TokenError.
 */
export async function verifyClientToken(token: string, key: KeyObject, now: Date = new Date()): Promise<VerifiedClaims> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now }));
  } catch (error) {
    throw new TokenError(error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid', describeJoseError(error));
  }
  const clientId = clientIdOf(payload.sub);
  const { clientKey } = payload;
  if (clientId === undefined || typeof clientKey !== 'string' || clientKey === '') {
    throw new TokenError('missing-claims', 'token lacks sub or clientKey');
  }
  const claims: VerifiedClaims = { clientId, clientKey };
  if (typeof payload.iid === 'string') claims.integrationId = payload.iid;
  if (typeof payload.uid === 'string') claims.userId = payload.uid;
  if (Number.isSafeInteger(payload.sep) && (payload.sep as number) >= 0) claims.sessionEpoch = payload.sep as number;
  if (typeof payload.iat === 'number') claims.issuedAt = payload.iat * 1000;
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
