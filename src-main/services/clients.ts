// Client administration: add, list, rotate a client key, reset a password, remove, and the first-run client.
import { clientProfileSchema, type ClientProfile, type ClientProfileChange } from '../../src-shared/client.ts';
import { authenticationHash } from '../../src-shared/auth-hash.ts';
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import { DEFAULT_ROLE, parseRole, type Role } from '../../src-shared/roles.ts';
import type { Actor } from '../domain/caller.ts';
import type { ClientRecord } from '../domain/client.ts';
import { requireRole, type AuditLog } from './audit-log.ts';
import { deriveCredential } from '../security/credentials.ts';
import { randomPassword, randomSecret } from '../security/secrets.ts';
import type { Store } from '../store/index.ts';
import type { StationKeys } from './station-keys.ts';

export interface NewClient {
  username: string;
  password: string;
  /** packer when not given. */
  role?: Role | string;
  profile: Partial<ClientProfile> & { name: string };
}

type Which = { id?: string; username?: string };

/** Managing clients is an admin's work: each change is refused to other roles, and written to the audit log. */
export interface ClientService {
  add(actor: Actor, input: NewClient): Promise<ClientRecord>;
  list(actor: Actor): Promise<ClientRecord[]>;
  find(actor: Actor, which: Which): Promise<ClientRecord>;
  rotateKey(actor: Actor, which: Which): Promise<ClientRecord>;
  setPassword(actor: Actor, which: Which, password: string): Promise<ClientRecord>;
  setRole(actor: Actor, which: Which, role: Role | string): Promise<ClientRecord>;
  /** Changes the account's name, address (its sender address) or contact details: admins; audited with before and after. */
  updateProfile(actor: Actor, which: Which, change: ClientProfileChange): Promise<ClientRecord>;
  /** The client can no longer sign in, and its tokens stop working; its shipments and their records stay. */
  remove(actor: Actor, which: Which): Promise<ClientRecord>;
  /** On a station without clients, creates `admin` with a random password and returns its credentials once. */
  ensureFirstClient(): Promise<{ client: ClientRecord; password: string } | undefined>;
}

export const FIRST_CLIENT_USERNAME = 'admin';
/** The station making its own first-run admin, as the audit log names it. */
const STATION_ITSELF: Actor = { via: 'cli', user: 'station (first run)' };
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

function roleOf(given: Role | string | undefined): Role {
  if (given === undefined) return DEFAULT_ROLE;
  const role = parseRole(given);
  if (!role) throw new StationError(400, ERROR_TEXT.invalidRole(String(given)), { pointer: '/data/attributes/role', parameter: 'role' });
  return role;
}

const MANAGING = 'Managing clients';

export function createClientService(store: Store, keys: StationKeys, audit: AuditLog): ClientService {
  const credentialFor = (username: string, password: string) =>
    deriveCredential(authenticationHash(username, password), keys.credentialSalt);

  const find = async ({ id, username }: Which) => {
    const client = id !== undefined ? await store.clients.byId(id) : username !== undefined ? await store.clients.byUsername(username) : undefined;
    if (!client) throw new StationError(404, id !== undefined ? ERROR_TEXT.noClientWithId(id) : ERROR_TEXT.noClientWithUsername(username ?? ''));
    return client;
  };

  /** An admin may not leave the station without one. */
  const keepsAnAdmin = async (client: ClientRecord) => {
    if (client.role !== 'admin') return;
    if ((await store.clients.all()).filter((other) => other.role === 'admin').length <= 1) throw new StationError(409, ERROR_TEXT.lastAdmin);
  };

  const add = async ({ username, password, role: givenRole, profile }: NewClient) => {
    const role = roleOf(givenRole);
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
      return await store.clients.add({ username, credential, clientKey: randomSecret(20), role, profile: parsed.data });
    } catch (error) {
      // A concurrent add of the same username loses the race on the UNIQUE constraint.
      if (await store.clients.byUsername(username)) throw new StationError(409, ERROR_TEXT.usernameTaken(username));
      throw error;
    }
  };

  const subject = (client: ClientRecord) => ({ type: 'client' as const, id: client.id });

  return {
    async add(actor, input) {
      requireRole(actor, 'admin', MANAGING);
      const client = await add(input);
      await audit.record(actor, 'client.added', subject(client), { username: client.username, role: client.role });
      return client;
    },
    async find(actor, which) {
      requireRole(actor, 'admin', MANAGING);
      return find(which);
    },
    async list(actor) {
      requireRole(actor, 'admin', MANAGING);
      return store.clients.all();
    },
    async rotateKey(actor, which) {
      requireRole(actor, 'admin', MANAGING);
      const client = await find(which);
      await store.clients.setClientKey(client.id, randomSecret(20));
      await audit.record(actor, 'client.key-rotated', subject(client), { username: client.username });
      return find({ id: client.id });
    },
    async setPassword(actor, which, password) {
      requireRole(actor, 'admin', MANAGING);
      const problem = passwordProblem(password);
      if (problem) throw new StationError(400, ERROR_TEXT.invalidClient(problem));
      const client = await find(which);
      await store.clients.setCredential(client.id, await credentialFor(client.username, password));
      await audit.record(actor, 'client.password-changed', subject(client), { username: client.username });
      return client;
    },
    async setRole(actor, which, givenRole) {
      requireRole(actor, 'admin', MANAGING);
      const role = roleOf(givenRole);
      const client = await find(which);
      if (client.role === role) return client;
      await keepsAnAdmin(client);
      await store.clients.setRole(client.id, role);
      await audit.record(actor, 'client.role-changed', subject(client), { username: client.username, from: client.role, to: role });
      return find({ id: client.id });
    },
    async updateProfile(actor, which, change) {
      requireRole(actor, 'admin', 'Changing the account’s address');
      const client = await find(which);
      const before: ClientProfile = { ...client.profile };
      const after: ClientProfile = { ...before };
      for (const [field, value] of Object.entries(change) as [keyof ClientProfile, string | undefined][]) if (value !== undefined) after[field] = value;
      const changed = (Object.keys(after) as (keyof ClientProfile)[]).filter((field) => after[field] !== before[field]);
      if (changed.length === 0) return client;
      await store.clients.setProfile(client.id, after);
      await audit.record(actor, 'client.profile-changed', subject(client), {
        username: client.username,
        from: Object.fromEntries(changed.map((field) => [field, before[field]])),
        to: Object.fromEntries(changed.map((field) => [field, after[field]])),
      });
      return find({ id: client.id });
    },
    async remove(actor, which) {
      requireRole(actor, 'admin', MANAGING);
      const client = await find(which);
      await keepsAnAdmin(client);
      await store.clients.remove(client.id);
      await audit.record(actor, 'client.removed', subject(client), { username: client.username });
      return client;
    },
    ensureFirstClient: async () => {
      if ((await store.clients.count()) > 0) return undefined;
      const password = randomPassword();
      const client = await add({ username: FIRST_CLIENT_USERNAME, password, role: 'admin', profile: { name: 'Shipping Station' } });
      await audit.record(STATION_ITSELF, 'client.added', subject(client), { username: client.username, role: client.role, firstRun: true });
      return { client, password };
    },
  };
}
