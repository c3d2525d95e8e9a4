// Client administration: add, list, rotate a client key, reset a password, remove, and the first-run client.
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
  list(): Promise<ClientRecord[]>;
  find(idOrUsername: { id?: string; username?: string }): Promise<ClientRecord>;
  rotateKey(idOrUsername: { id?: string; username?: string }): Promise<ClientRecord>;
  setPassword(idOrUsername: { id?: string; username?: string }, password: string): Promise<ClientRecord>;
  /** The client can no longer sign in, and its tokens stop working; its shipments and their records stay. */
  remove(idOrUsername: { id?: string; username?: string }): Promise<ClientRecord>;
  /** On a station without clients, creates `admin` with a random password and returns its credentials once. */
  ensureFirstClient(): Promise<{ client: ClientRecord; password: string } | undefined>;
}

export const FIRST_CLIENT_USERNAME = 'admin';
/** Passwords are at least this many characters: the sign-in backoff slows guessing, length makes it hopeless. */
export const MIN_PASSWORD_LENGTH = 10;

function passwordProblem(password: string): string | undefined {
  return [...password].length < MIN_PASSWORD_LENGTH ? `password: at least ${MIN_PASSWORD_LENGTH} characters` : undefined;
}

function usernameProblem(username: string): string | undefined {
  if (username.length === 0 || username.length > 64) return '1 to 64 characters';
  if (username !== username.trim()) return 'no leading or trailing spaces';
  if (/[\u0000-\u001f\u007f]/.test(username)) return 'no control characters';
  return undefined;
}

export function createClientService(store: Store, keys: StationKeys): ClientService {
  const credentialFor = (username: string, password: string) =>
    deriveCredential(authenticationHash(username, password), keys.credentialSalt);

  const find: ClientService['find'] = async ({ id, username }) => {
    const client = id !== undefined ? await store.clients.byId(id) : username !== undefined ? await store.clients.byUsername(username) : undefined;
    if (!client) throw new StationError(404, id !== undefined ? ERROR_TEXT.noClientWithId(id) : ERROR_TEXT.noClientWithUsername(username ?? ''));
    return client;
  };

  const add: ClientService['add'] = async ({ username, password, profile }) => {
    const problems: string[] = [];
    const usernameIssue = usernameProblem(username);
    if (usernameIssue) problems.push(`username: ${usernameIssue}`);
    const passwordIssue = passwordProblem(password);
    if (passwordIssue) problems.push(passwordIssue);
    const parsed = clientProfileSchema.safeParse(profile);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}: ${issue.message}`);
    }
    if (problems.length > 0 || !parsed.success) throw new StationError(400, ERROR_TEXT.invalidClient(problems.join('; ')));
    if (await store.clients.byUsername(username)) throw new StationError(409, ERROR_TEXT.usernameTaken(username));
    if (await store.clients.usernameRemoved(username)) throw new StationError(409, ERROR_TEXT.usernameOfRemovedClient(username));
    const credential = await credentialFor(username, password);
    try {
      return await store.clients.add({ username, credential, clientKey: randomSecret(20), profile: parsed.data });
    } catch (error) {
      // A concurrent add of the same username loses the race on the UNIQUE constraint.
      if (await store.clients.byUsername(username)) throw new StationError(409, ERROR_TEXT.usernameTaken(username));
      throw error;
    }
  };

  return {
    add,
    find,
    list: () => store.clients.all(),
    rotateKey: async (which) => {
      const client = await find(which);
      await store.clients.setClientKey(client.id, randomSecret(20));
      return find({ id: client.id });
    },
    setPassword: async (which, password) => {
      const problem = passwordProblem(password);
      if (problem) throw new StationError(400, ERROR_TEXT.invalidClient(problem));
      const client = await find(which);
      await store.clients.setCredential(client.id, await credentialFor(client.username, password));
      return client;
    },
    remove: async (which) => {
      const client = await find(which);
      await store.clients.remove(client.id);
      return client;
    },
    ensureFirstClient: async () => {
      if ((await store.clients.count()) > 0) return undefined;
      const password = randomPassword();
      const client = await add({ username: FIRST_CLIENT_USERNAME, password, profile: { name: 'Shipping Station' } });
      return { client, password };
    },
  };
}
