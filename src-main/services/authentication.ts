// Who is calling: the ServiceApi sign-in of spec 5.1 and the Bearer token check of 5.2.
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { deriveCredential } from '../security/credentials.ts';
import { secretsEqual } from '../security/secrets.ts';
import { signClientToken, TokenError, verifyClientToken } from '../security/tokens.ts';
import type { ClientRecord } from '../domain/client.ts';
import type { Store } from '../store/index.ts';
import type { StationKeys } from './station-keys.ts';

export type BearerCheck = { ok: true; client: ClientRecord } | { ok: false; detail: string };

export interface AuthenticationService {
  /** The client whose credentials the hash proves, through a known integration; undefined otherwise. */
  signIn(hash: string, integrationKey: string): Promise<ClientRecord | undefined>;
  tokenFor(client: ClientRecord): Promise<string>;
  checkBearer(token: string): Promise<BearerCheck>;
}

export function createAuthenticationService(store: Store, keys: StationKeys): AuthenticationService {
  const knownIntegration = (integrationKey: string) => {
    // Check every key, without stopping at the first match, so timing reveals nothing.
    let known = false;
    for (const integration of store.integrations.all()) {
      known = secretsEqual(integration.integrationKey, integrationKey) || known;
    }
    return known;
  };

  return {
    async signIn(hash, integrationKey) {
      const credential = await deriveCredential(hash, keys.credentialSalt);
      let matchId: string | undefined;
      for (const candidate of store.clients.credentials()) {
        if (secretsEqual(candidate.credential, credential)) matchId = candidate.id;
      }
      if (!knownIntegration(integrationKey) || matchId === undefined) return undefined;
      return store.clients.byId(matchId);
    },

    tokenFor: (client) => signClientToken({ clientId: client.id, clientKey: client.clientKey }, keys.serverKey),

    async checkBearer(token) {
      try {
        const claims = await verifyClientToken(token, keys.serverKey);
        const client = store.clients.byId(claims.clientId);
        if (!client || !secretsEqual(client.clientKey, claims.clientKey)) {
          return { ok: false, detail: ERROR_TEXT.authorizationFailed };
        }
        return { ok: true, client };
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
