// Who is calling: the ServiceApi sign-in of spec 5.1 and the Bearer token check of 5.2.
import { availableParallelism } from 'node:os';
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import { deriveCredential } from '../security/credentials.ts';
import { secretsEqual } from '../security/secrets.ts';
import { createWorkGate, GateFullError } from '../security/work-gate.ts';
import { signClientToken, tokenKey, TokenError, verifyClientToken, type ClientClaims } from '../security/tokens.ts';
import type { ClientRecord } from '../domain/client.ts';
import type { UserRecord } from '../domain/user.ts';
import type { Store } from '../store/index.ts';
import { createSignInBackoff } from './sign-in-backoff.ts';
import type { StationKeys } from './station-keys.ts';

/** Who a good token speaks for: the account, the user acting, and whether it was signed with the server key. */
export interface Bearer {
  client: ClientRecord;
  user: UserRecord;
  serverKeyToken: boolean;
}

export type BearerCheck = ({ ok: true } & Bearer) | { ok: false; detail: string };

/** A user, their account, and the integration key they signed in through. */
export interface SignedIn {
  client: ClientRecord;
  user: UserRecord;
  integrationId: string;
}

export interface AuthenticationService {
  /**
   * The user whose credentials the hash proves, with their account, through a known integration; undefined otherwise. A key or
   * address that failed too often is refused with 429 before any work, and a full scrypt queue with 503.
   */
  signIn(hash: string, integrationKey: string, address: string): Promise<SignedIn | undefined>;
  tokenFor(signedIn: SignedIn): Promise<string>;
  checkBearer(token: string): Promise<BearerCheck>;
}

/** Tokens found good are remembered, so a busy client's calls skip the signature and the database; oldest go first. */
const REMEMBERED_TOKENS = 1000;
/**
 * How long a remembered token's client and user check holds. A key rotated, a user removed or a role changed by
 * this station counts at once; by another process (the admin command, another desk) within this time.
 */
export const CLIENT_RECHECK_MS = 1000;

interface Remembered extends Bearer {
  checkedAt: number;
  clientsVersion: number;
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

export function createAuthenticationService(store: Store, keys: StationKeys): AuthenticationService {
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

  return {
    async signIn(hash, integrationKey, address) {
      const turn = backoff.begin(integrationKey, address);
      if (turn.kind === 'locked') {
        const seconds = Math.ceil(turn.waitMs / 1000);
        throw new StationError(429, ERROR_TEXT.tooManySignIns(seconds), { headers: { 'Retry-After': String(seconds) } });
      }
      if (turn.kind === 'busy') throw new StationError(503, ERROR_TEXT.signInsBusy, { headers: { 'Retry-After': '1' } });
      // The check was reserved before any work, so guessers at once cannot all pass the count; it ends as a
      // failure, a success, or (too busy to check, or the store failed) as no check at all.
      let outcome: 'failed' | 'succeeded' | 'unchecked' = 'unchecked';
      try {
        let credential: Buffer;
        try {
          credential = await scrypt.run(() => deriveCredential(hash, keys.credentialSalt));
        } catch (error) {
          if (error instanceof GateFullError) throw new StationError(503, ERROR_TEXT.signInsBusy, { headers: { 'Retry-After': '1' } });
          throw error;
        }
        let matchId: string | undefined;
        for (const candidate of await store.users.credentials()) {
          if (secretsEqual(candidate.credential, credential)) matchId = candidate.id;
        }
        const integrationId = await integrationWith(integrationKey);
        const user = integrationId !== undefined && matchId !== undefined ? await store.users.byId(matchId) : undefined;
        const client = user && (await store.clients.byId(user.clientId));
        if (!user || !client || integrationId === undefined) {
          outcome = 'failed';
          return undefined;
        }
        outcome = 'succeeded';
        return { client, user, integrationId };
      } finally {
        backoff.finished(integrationKey, address, outcome);
      }
    },

    tokenFor: ({ client, user, integrationId }) => signClientToken({ clientId: client.id, clientKey: client.clientKey, integrationId, userId: user.id }, key),

    async checkBearer(token) {
      const now = Date.now();
      const known = remembered.get(token);
      if (
        known &&
        now - known.checkedAt < CLIENT_RECHECK_MS &&
        known.clientsVersion === store.clients.localVersion() &&
        (known.expiresAt === undefined || known.expiresAt > now)
      ) {
        return { ok: true, client: known.client, user: known.user, serverKeyToken: known.serverKeyToken };
      }
      try {
        const claims: ClientClaims & { expiresAt?: number } = await verifyClientToken(token, key);
        const clientsVersion = store.clients.localVersion();
        const client = await store.clients.byId(claims.clientId);
        const revoked = claims.integrationId !== undefined && !(await store.integrations.active(claims.integrationId));
        const user = client && (claims.userId !== undefined ? await store.users.byId(claims.userId) : actingUser(await store.users.list(client.id)));
        if (!client || !user || user.clientId !== client.id || revoked || !secretsEqual(client.clientKey, claims.clientKey)) {
          remembered.delete(token);
          return { ok: false, detail: ERROR_TEXT.authorizationFailed };
        }
        const bearer: Bearer = { client, user, serverKeyToken: claims.userId === undefined };
        remember(token, { ...bearer, checkedAt: now, clientsVersion, ...(claims.expiresAt === undefined ? {} : { expiresAt: claims.expiresAt }) });
        return { ok: true, ...bearer };
      } catch (error) {
        if (!(error instanceof TokenError)) throw error;
        return {
          ok: false,
          detail: error.failure === 'missing-claims' ? ERROR_TEXT.tokenMissingData : ERROR_TEXT.invalidToken(error.message),
        };
      }
    },
  };
}
