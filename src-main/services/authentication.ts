// Who is calling: the ServiceApi sign-in of spec 5.1 and the Bearer token check of 5.2, and how long the tokens
// the station issues live: a lifetime the admin sets (a working shift unless set), renewed by a desk while it runs.
import { availableParallelism } from 'node:os';
import type { ErrorCode } from '../../src-shared/error-codes.ts';
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import type { Actor } from '../domain/caller.ts';
import { requireRole, type AuditLog } from './audit-log.ts';
import { deriveCredential } from '../security/credentials.ts';
import { secretsEqual } from '../security/secrets.ts';
import { createWorkGate, GateFullError } from '../security/work-gate.ts';
import { signClientToken, tokenKey, TokenError, verifyClientToken, type ClientClaims, type VerifiedClaims } from '../security/tokens.ts';
import type { ClientRecord } from '../domain/client.ts';
import type { UserRecord } from '../domain/user.ts';
import type { Store } from '../store/index.ts';
import { createSignInBackoff, type SignInSource } from './sign-in-backoff.ts';
import type { StationKeys } from './station-keys.ts';

/** Who a good token speaks for: the account, the user acting, and whether it was signed with the server key. */
export interface Bearer {
  client: ClientRecord;
  user: UserRecord;
  serverKeyToken: boolean;
}

/** A refused token says why as a code: auth.failed, auth.tokenInvalid, auth.tokenExpired or auth.tokenMissingData. */
export type BearerCheck = ({ ok: true } & Bearer) | { ok: false; code: ErrorCode; detail: string };

/** A token the station issued, and when it expires. */
export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

/** A ServiceApi sign-in: the hash and key of spec 5.1, the username it names (if it does), where it comes from. */
export interface SignInAttempt extends SignInSource {
  hash: string;
}

/** A user, their account, and the integration key they signed in through. */
export interface SignedIn {
  client: ClientRecord;
  user: UserRecord;
  integrationId: string;
}

export interface AuthenticationService {
  /**
   * The user whose credentials the hash proves, with their account, through a known integration; undefined otherwise
   * (also when the sign-in names another user than the hash proves). A username, key or address that failed too
   * often is refused with 429 before any work (sign-in-backoff.ts), and a full scrypt queue with 503.
   */
  signIn(attempt: SignInAttempt): Promise<SignedIn | undefined>;
  /** A token for a sign-in, expiring after the station's token lifetime. */
  issue(signedIn: SignedIn): Promise<IssuedToken>;
  /** The token of `issue`, alone. */
  tokenFor(signedIn: SignedIn): Promise<string>;
  checkBearer(token: string): Promise<BearerCheck>;
  /**
   * A fresh token for a good one (the same client, user and integration), expiring a lifetime from now: a desk renews
   * its session this way before it ends, without the password. A refused token is refused as checkBearer says.
   */
  renew(token: string): Promise<({ ok: true } & Bearer & IssuedToken) | Extract<BearerCheck, { ok: false }>>;
}

/** How long the station's tokens live, in seconds: a working shift unless the admin sets it, from 5 minutes to 7 days. */
export const TOKEN_LIFETIME = { defaultSeconds: 12 * 3600, minSeconds: 5 * 60, maxSeconds: 7 * 24 * 3600 } as const;

/** Where the token settings are kept (station settings, shared by every desk). */
const TOKEN_SETTINGS_KEY = 'station:tokens';

interface StoredTokenSettings {
  lifetimeSeconds?: number;
  /**
   * When this station first ran with expiring tokens: a token it issued before (no exp) lives a lifetime from then
   * or from its issue, whichever is later, so the upgrade ends no session mid-shift and every desk renews in time.
   */
  expiryFrom?: string;
}

export interface TokenSettings {
  lifetimeSeconds: number;
  /** Whether the lifetime is the default one, not set by the admin. */
  isDefault: boolean;
  expiryFrom: string | undefined;
}

async function storedTokenSettings(store: Store): Promise<StoredTokenSettings> {
  return ((await store.settings.get(TOKEN_SETTINGS_KEY)) as StoredTokenSettings | undefined) ?? {};
}

async function readTokenSettings(store: Store): Promise<TokenSettings> {
  const found = await storedTokenSettings(store);
  return {
    lifetimeSeconds: found.lifetimeSeconds ?? TOKEN_LIFETIME.defaultSeconds,
    isDefault: found.lifetimeSeconds === undefined,
    expiryFrom: found.expiryFrom,
  };
}

/** At every start: the first start with expiring tokens notes when, for the tokens issued before (expiryFrom). */
export async function ensureTokenSettings(store: Store, now: Date): Promise<void> {
  const found = await storedTokenSettings(store);
  if (found.expiryFrom) return;
  await store.settings.set(TOKEN_SETTINGS_KEY, { ...found, expiryFrom: now.toISOString() });
}

/** The words of a lifetime out of range. */
const tokenLifetimeOutOfRange = (seconds: number) =>
  `The token lifetime must be from 5 minutes to 7 days; ${Number.isFinite(seconds) ? `${seconds} seconds` : 'that'} is not.`;

export interface TokenLifetimeSettings {
  read(): Promise<TokenSettings>;
  /** Sets the lifetime of the tokens issued from now on (the admin command); tokens issued before keep their exp. */
  set(actor: Actor, seconds: number): Promise<TokenSettings>;
}

/** The token lifetime as the admin command reads and sets it; a change is audited, with what it was before. */
export function createTokenLifetimeSettings(store: Store, audit: AuditLog): TokenLifetimeSettings {
  return {
    read: () => readTokenSettings(store),
    async set(actor, seconds) {
      requireRole(actor, 'admin', 'Setting the token lifetime');
      if (!Number.isInteger(seconds) || seconds < TOKEN_LIFETIME.minSeconds || seconds > TOKEN_LIFETIME.maxSeconds) {
        throw new StationError('field.invalid', tokenLifetimeOutOfRange(seconds), {
          parameter: 'lifetime',
          meta: { reason: 'from 5 minutes to 7 days' },
        });
      }
      const stored = await storedTokenSettings(store);
      const before = stored.lifetimeSeconds ?? TOKEN_LIFETIME.defaultSeconds;
      const changed =
        before === seconds
          ? []
          : [
              audit.change(
                actor,
                'tokens.lifetime-changed',
                { type: 'tokenSettings', id: 'station' },
                { lifetimeSeconds: { from: before, to: seconds } },
              ),
            ];
      await store.audited(changed, 'settings', 'set', TOKEN_SETTINGS_KEY, { ...stored, lifetimeSeconds: seconds });
      return readTokenSettings(store);
    },
  };
}

/** Tokens found good are remembered, so a busy client's calls skip the signature and the database; oldest go first. */
const REMEMBERED_TOKENS = 1000;
/**
 * How long a remembered token's client and user check holds. A key rotated, a user removed or a role changed by
 * this station counts at once; by another process (the admin command, another desk) within this time.
 */
export const CLIENT_RECHECK_MS = 1000;

interface Remembered extends Bearer {
  claims: VerifiedClaims;
  checkedAt: number;
  clientsVersion: number;
  /** When the token ends on the station's clock (its exp, or for an issued token without one, see expiryFrom). */
  expiresAt?: number;
}

/** Sign-ins derive a scrypt key on Node's thread pool: half the cores at most, so file reads and token checks keep the rest. */
const SCRYPT_AT_ONCE = Math.max(1, Math.floor(availableParallelism() / 2));
/** Sign-ins waiting beyond those: about a second's worth; later ones are told to come back (503). */
const SCRYPT_QUEUED = 16;

/** Whom a token that names no user acts as: the account's first admin, or its first user when it has no admin. */
export function actingUser(users: readonly UserRecord[]): UserRecord | undefined {
  return users.find((user) => user.role === 'admin') ?? users[0];
}

/** The refusal of a token that failed verification, as a code and the spec's text family. */
function refusalOf(error: TokenError): Extract<BearerCheck, { ok: false }> {
  if (error.failure === 'missing-claims') return { ok: false, code: 'auth.tokenMissingData', detail: ERROR_TEXT.tokenMissingData };
  return {
    ok: false,
    code: error.failure === 'expired' ? 'auth.tokenExpired' : 'auth.tokenInvalid',
    detail: ERROR_TEXT.invalidToken(error.message),
  };
}

/** `clock`: the station's clock, which dates tokens and decides when they expire. */
export function createAuthenticationService(store: Store, keys: StationKeys, clock: () => Date = () => new Date()): AuthenticationService {
  const key = tokenKey(keys.serverKey);
  const remembered = new Map<string, Remembered>();
  // Waits are measured on the monotonic clock: a station clock set by hand (or by a test) cannot end them.
  const backoff = createSignInBackoff(() => performance.now());
  const scrypt = createWorkGate(SCRYPT_AT_ONCE, SCRYPT_QUEUED);

  const remember = (token: string, entry: Remembered) => {
    remembered.delete(token);
    if (remembered.size >= REMEMBERED_TOKENS) remembered.delete(remembered.keys().next().value!);
    remembered.set(token, entry);
  };

  /** The id of the integration with this key, if one is in use. */
  const integrationWith = async (integrationKey: string) => {
    // Check every key, without stopping at the first match, so timing reveals nothing.
    let id: string | undefined;
    for (const integration of await store.integrations.all()) {
      if (secretsEqual(integration.integrationKey, integrationKey)) id = integration.id;
    }
    return id;
  };

  const sign = async (claims: ClientClaims): Promise<IssuedToken> => {
    const { lifetimeSeconds } = await readTokenSettings(store);
    const issuedAt = clock();
    // Whole seconds, as exp says it: expiresAt is the instant the token stops working.
    const expiresAt = new Date((Math.floor(issuedAt.getTime() / 1000) + lifetimeSeconds) * 1000);
    return { token: await signClientToken(claims, key, { issuedAt, expiresAt }), expiresAt };
  };

  /**
   * When a token without exp ends: one the station issued (it names its user or integration) a lifetime after its
   * issue or the first start with expiring tokens, whichever is later; one an integration signed itself never.
   */
  const legacyExpiry = async (claims: VerifiedClaims): Promise<number | undefined> => {
    if (claims.userId === undefined && claims.integrationId === undefined) return undefined;
    const settings = await readTokenSettings(store);
    const from = Math.max(claims.issuedAt ?? 0, settings.expiryFrom ? Date.parse(settings.expiryFrom) : 0);
    return from + settings.lifetimeSeconds * 1000;
  };

  const check = async (token: string): Promise<({ ok: true; claims: VerifiedClaims } & Bearer) | Extract<BearerCheck, { ok: false }>> => {
    // How fresh a remembered check is counts in real time; when a token expires, on the station's clock.
    const checkedAt = Date.now();
    const now = clock();
    const known = remembered.get(token);
    if (
      known &&
      checkedAt - known.checkedAt < CLIENT_RECHECK_MS &&
      known.clientsVersion === store.clients.localVersion() &&
      (known.expiresAt === undefined || known.expiresAt > now.getTime())
    ) {
      return { ok: true, client: known.client, user: known.user, serverKeyToken: known.serverKeyToken, claims: known.claims };
    }
    let claims: VerifiedClaims;
    try {
      claims = await verifyClientToken(token, key, now);
    } catch (error) {
      if (!(error instanceof TokenError)) throw error;
      remembered.delete(token);
      return refusalOf(error);
    }
    const expiresAt = claims.expiresAt ?? (await legacyExpiry(claims));
    if (expiresAt !== undefined && expiresAt <= now.getTime()) {
      remembered.delete(token);
      return refusalOf(new TokenError('expired', 'token expired'));
    }
    const clientsVersion = store.clients.localVersion();
    const client = await store.clients.byId(claims.clientId);
    const revoked = claims.integrationId !== undefined && !(await store.integrations.active(claims.integrationId));
    const user =
      client && (claims.userId !== undefined ? await store.users.byId(claims.userId) : actingUser(await store.users.list(client.id)));
    // A token of the user's sessions before a change of their password (one from before epochs existed counts as 0).
    const endedByPasswordChange = claims.userId !== undefined && user !== undefined && (claims.sessionEpoch ?? 0) !== user.sessionEpoch;
    if (
      !client ||
      !user ||
      user.clientId !== client.id ||
      revoked ||
      endedByPasswordChange ||
      !secretsEqual(client.clientKey, claims.clientKey)
    ) {
      remembered.delete(token);
      return { ok: false, code: 'auth.failed', detail: ERROR_TEXT.authorizationFailed };
    }
    const bearer: Bearer = { client, user, serverKeyToken: claims.userId === undefined };
    remember(token, { ...bearer, claims, checkedAt, clientsVersion, ...(expiresAt === undefined ? {} : { expiresAt }) });
    return { ok: true, ...bearer, claims };
  };

  const issue = ({ client, user, integrationId }: SignedIn) =>
    sign({ clientId: client.id, clientKey: client.clientKey, integrationId, userId: user.id, sessionEpoch: user.sessionEpoch });

  return {
    async signIn(attempt) {
      const { hash, integrationKey, username } = attempt;
      const turn = backoff.begin(attempt);
      if (turn.kind === 'locked') {
        const seconds = Math.ceil(turn.waitMs / 1000);
        throw new StationError('auth.tooManySignIns', ERROR_TEXT.tooManySignIns(seconds), { headers: { 'Retry-After': String(seconds) } });
      }
      if (turn.kind === 'busy') throw new StationError('auth.signInsBusy', ERROR_TEXT.signInsBusy);
      // The check was reserved before any work, so guessers at once cannot all pass the count; it ends as a
      // failure, a success, or (too busy to check, or the store failed) as no check at all.
      let outcome: 'failed' | 'succeeded' | 'unchecked' = 'unchecked';
      let proved: string | undefined;
      try {
        let credential: Buffer;
        try {
          credential = await scrypt.run(() => deriveCredential(hash, keys.credentialSalt));
        } catch (error) {
          if (error instanceof GateFullError) throw new StationError('auth.signInsBusy', ERROR_TEXT.signInsBusy);
          throw error;
        }
        let matchId: string | undefined;
        for (const candidate of await store.users.credentials()) {
          if (secretsEqual(candidate.credential, credential)) matchId = candidate.id;
        }
        const integrationId = await integrationWith(integrationKey);
        const user = integrationId !== undefined && matchId !== undefined ? await store.users.byId(matchId) : undefined;
        const client = user && (await store.clients.byId(user.clientId));
        // A sign-in counted under one name proves that name's password or nothing: failures aimed at one user
        // cannot be spread over made-up names.
        const named = username === undefined || user?.username === username;
        if (!user || !client || integrationId === undefined || !named) {
          outcome = 'failed';
          return undefined;
        }
        outcome = 'succeeded';
        proved = user.username;
        return { client, user, integrationId };
      } finally {
        backoff.finished(attempt, outcome, proved);
      }
    },

    issue,
    tokenFor: async (signedIn) => (await issue(signedIn)).token,

    async checkBearer(token) {
      const checked = await check(token);
      if (!checked.ok) return checked;
      const { claims: _claims, ...bearer } = checked;
      return bearer;
    },

    async renew(token) {
      const checked = await check(token);
      if (!checked.ok) return checked;
      const { claims, ...bearer } = checked;
      // The same claims, newly dated; the client key is the account's now, which the check found equal. A token of
      // the user's from before session epochs existed is renewed into one that carries theirs (the check found it 0).
      const { issuedAt: _issuedAt, expiresAt: _expiresAt, ...same } = claims;
      const epoch = same.userId === undefined ? {} : { sessionEpoch: bearer.user.sessionEpoch };
      return { ...bearer, ...(await sign({ ...same, ...epoch })) };
    },
  };
}
