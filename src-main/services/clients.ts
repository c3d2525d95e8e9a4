// Client administration: add, list, rotate a client key, reset a password, and the first-run client.
import { clientProfileSchema, type ClientProfile } from '../../src-shared/client.ts';
import { authenticationHash } from '../../src-shared/auth-hash.ts';
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import type { ClientRecord } from '../domain/client.ts';
import { deriveCredential } from '../security/credentials.ts';
import { randomPassword, randomSecret } from '../security/secrets.ts';
import type { Store } from '../store/index.ts';
import type { StationKeys } from './station-keys.ts';

export interface NewClient {
  username: string;
  password: string;
  profile: Partial<ClientProfile> & { name: string };
}

export interface ClientService {
  add(input: NewClient): Promise<ClientRecord>;
  list(): ClientRecord[];
  find(idOrUsername: { id?: string; username?: string }): ClientRecord;
  rotateKey(idOrUsername: { id?: string; username?: string }): Promise<ClientRecord>;
  setPassword(idOrUsername: { id?: string; username?: string }, password: string): Promise<ClientRecord>;
  /** On a station without clients, creates `admin` with a random password and returns its credentials once. */
  ensureFirstClient(): Promise<{ client: ClientRecord; password: string } | undefined>;
}

export const FIRST_CLIENT_USERNAME = 'admin';

function usernameProblem(username: string): string | undefined {
  if (username.length === 0 || username.length > 64) return '1 to 64 characters';
  if (username !== username.trim()) return 'no leading or trailing spaces';
  if (/[\u0000-\u001f\u007f]/.test(username)) return 'no control characters';
  return undefined;
}

export function createClientService(store: Store, keys: StationKeys): ClientService {
  const credentialFor = (username: string, password: string) =>
    deriveCredential(authenticationHash(username, password), keys.credentialSalt);

  const find: ClientService['find'] = ({ id, username }) => {
    const client = id !== undefined ? store.clients.byId(id) : username !== undefined ? store.clients.byUsername(username) : undefined;
    if (!client) throw new StationError(404, id !== undefined ? ERROR_TEXT.noClientWithId(id) : ERROR_TEXT.noClientWithUsername(username ?? ''));
    return client;
  };

  const add: ClientService['add'] = async ({ username, password, profile }) => {
    const problems: string[] = [];
    const usernameIssue = usernameProblem(username);
    if (usernameIssue) problems.push(`username: ${usernameIssue}`);
    if (password.length === 0) problems.push('password: required');
    const parsed = clientProfileSchema.safeParse(profile);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
    }
    if (problems.length > 0 || !parsed.success) throw new StationError(400, ERROR_TEXT.invalidClient(problems.join('; ')));
    if (store.clients.byUsername(username)) throw new StationError(409, ERROR_TEXT.usernameTaken(username));
    const credential = await credentialFor(username, password);
    try {
      return await store.clients.add({ username, credential, clientKey: randomSecret(20), profile: parsed.data });
    } catch (error) {
      // A concurrent add of the same username loses the race on the UNIQUE constraint.
      if (store.clients.byUsername(username)) throw new StationError(409, ERROR_TEXT.usernameTaken(username));
      throw error;
    }
  };

  return {
    add,
    find,
    list: () => store.clients.all(),
    rotateKey: async (which) => {
      const client = find(which);
      await store.clients.setClientKey(client.id, randomSecret(20));
      return find({ id: client.id });
    },
    setPassword: async (which, password) => {
      if (password.length === 0) throw new StationError(400, ERROR_TEXT.invalidClient('password: required'));
      const client = find(which);
      await store.clients.setCredential(client.id, await credentialFor(client.username, password));
      return client;
    },
    ensureFirstClient: async () => {
      if (store.clients.count() > 0) return undefined;
      const password = randomPassword();
      const client = await add({ username: FIRST_CLIENT_USERNAME, password, profile: { name: 'Shipping Station' } });
      return { client, password };
    },
  };
}
