// Account administration: add an account (with its first user), list, rotate a client key, reset the first
// user's password or role, remove, merge one account into another, and the first-run account.
import { clientProfileSchema, type ClientProfile, type ClientProfileChange } from '../../src-shared/client.ts';
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import type { Role } from '../../src-shared/roles.ts';
import type { AuditedChange } from '../domain/audit.ts';
import type { Actor } from '../domain/caller.ts';
import type { ClientRecord } from '../domain/client.ts';
import type { UserRecord } from '../domain/user.ts';
import { requireRole, type AuditLog } from './audit-log.ts';
import { randomPassword, randomSecret } from '../security/secrets.ts';
import type { MergeCounts, Store } from '../store/index.ts';
import type { StationKeys } from './station-keys.ts';
import { credentialFor, passwordProblem, refusedMember, refuseTakenUsername, roleOf, usernameProblem } from './users.ts';

export { MIN_PASSWORD_LENGTH } from './users.ts';

export interface NewClient {
  username: string;
  password: string;
  /** The first user's role: packer when not given. */
  role?: Role | string;
  profile: Partial<ClientProfile> & { name: string };
}

/**
 * An account as administration shows it: with the role of its first user (the one with the account's username),
 * or null once that user is removed.
 */
export type ClientAccount = ClientRecord & { role: Role | null };

type Which = { id?: string; username?: string };

/** Managing accounts is an admin's work: each change is refused to other roles, and written to the audit log. */
export interface ClientService {
  add(actor: Actor, input: NewClient): Promise<ClientAccount>;
  list(actor: Actor): Promise<ClientAccount[]>;
  find(actor: Actor, which: Which): Promise<ClientAccount>;
  rotateKey(actor: Actor, which: Which): Promise<ClientAccount>;
  /** The first user's password (its username is the account's). */
  setPassword(actor: Actor, which: Which, password: string): Promise<ClientAccount>;
  /** The first user's role. */
  setRole(actor: Actor, which: Which, role: Role | string): Promise<ClientAccount>;
  /** Changes the account's name, address (its sender address) or contact details: admins; audited with before and after. */
  updateProfile(actor: Actor, which: Which, change: ClientProfileChange): Promise<ClientRecord>;
  /** No user of the account can sign in any more, and their tokens stop working; its shipments and records stay. */
  remove(actor: Actor, which: Which): Promise<ClientAccount>;
  /**
   * Moves every user and record of `from` into `into` and removes `from`, in one transaction: for a warehouse that
   * made one client per person. Refused (409, naming each thing) while `from` has work that cannot move.
   */
  merge(actor: Actor, into: Which, from: Which): Promise<{ into: ClientAccount; from: ClientAccount; moved: MergeCounts }>;
  /** On a station without clients, creates `admin` with a random password and returns its credentials once. */
  ensureFirstClient(): Promise<{ client: ClientAccount; password: string } | undefined>;
}

export const FIRST_CLIENT_USERNAME = 'admin';
/** The station making its own first-run admin, as the audit log names it. */
const STATION_ITSELF: Actor = { via: 'cli', user: 'station (first run)' };

const MANAGING = 'Managing clients';

export function createClientService(store: Store, keys: StationKeys, audit: AuditLog): ClientService {
  /** The account's first user: the one with the account's username, while active. */
  const firstUserOf = async (client: ClientRecord) => {
    const user = await store.users.byUsername(client.username);
    return user?.clientId === client.id ? user : undefined;
  };
  const account = async (client: ClientRecord): Promise<ClientAccount> => ({ ...client, role: (await firstUserOf(client))?.role ?? null });

  const findClient = async ({ id, username }: Which) => {
    const client =
      id !== undefined ? await store.clients.byId(id) : username !== undefined ? await store.clients.byUsername(username) : undefined;
    if (!client)
      throw new StationError(
        'client.notFound',
        id !== undefined ? ERROR_TEXT.noClientWithId(id) : ERROR_TEXT.noClientWithUsername(username ?? ''),
      );
    return client;
  };
  const find = async (which: Which) => account(await findClient(which));
  /**
   * The account, if the actor may manage it: the admin command any; an admin through the API only their own, so an
   * account's people never see or change another's (another account is not found).
   */
  const findFor = async (actor: Actor, which: Which) => {
    const client = await findClient(which);
    if (actor.via === 'api' && client.id !== actor.client.id) {
      throw new StationError(
        'client.notFound',
        which.id !== undefined ? ERROR_TEXT.noClientWithId(which.id) : ERROR_TEXT.noClientWithUsername(which.username ?? ''),
      );
    }
    return client;
  };
  const firstUser = async (client: ClientRecord) => {
    const user = await firstUserOf(client);
    if (!user) throw new StationError('user.notFound', ERROR_TEXT.noUserWithUsername(client.username));
    return user;
  };

  /** The station keeps an admin: the users leaving (or losing the role) may not be all its admins. */
  const keepsAnAdmin = async (leaving: readonly UserRecord[]) => {
    if (!leaving.some((user) => user.role === 'admin')) return;
    const gone = new Set(leaving.map((user) => user.id));
    if (!(await store.users.list()).some((user) => user.role === 'admin' && !gone.has(user.id)))
      throw new StationError('account.lastAdmin', ERROR_TEXT.lastAdmin);
  };

  /** Adds the account and its first user, with the entry of `logged` (given the role) in the same transaction. */
  const add = async ({ username, password, role: givenRole, profile }: NewClient, logged: (role: Role) => AuditedChange) => {
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
    if (problems.length > 0 || !parsed.success) {
      const detail = ERROR_TEXT.invalidClient(problems.join('; '));
      const field = parsed.success ? undefined : parsed.error.issues[0]?.path[0];
      // A profile field's own rule names it; a username or password problem names that member.
      throw field !== undefined && !usernameIssue && !passwordIssue
        ? new StationError('field.invalid', detail, {
            pointer: `/data/attributes/${String(field)}`,
            meta: { reason: `Expected ${parsed.error!.issues[0]!.message}.` },
          })
        : refusedMember(detail, problems);
    }
    // The account's username is its first user's: taken by any user or account, now or before, it is refused.
    await refuseTakenUsername(store, username, ERROR_TEXT.usernameOfRemovedClient);
    if (await store.clients.byUsername(username))
      throw new StationError('client.usernameTaken', ERROR_TEXT.usernameTaken(username), { pointer: '/data/attributes/username' });
    const credential = await credentialFor(keys, username, password);
    try {
      const { client, user } = await store.audited(logged(role), 'clients', 'add', {
        username,
        credential,
        clientKey: randomSecret(20),
        role,
        profile: parsed.data,
      });
      return { client: { ...client, role: user.role }, user };
    } catch (error) {
      // A concurrent add of the same username loses the race on the UNIQUE constraint.
      if (await store.users.usernameTaken(username))
        throw new StationError('client.usernameTaken', ERROR_TEXT.usernameTaken(username), { pointer: '/data/attributes/username' });
      throw error;
    }
  };

  const subject = (client: ClientRecord) => ({ type: 'client' as const, id: client.id });

  return {
    async add(actor, input) {
      requireRole(actor, 'admin', MANAGING);
      const { client } = await add(input, (role) =>
        audit.change(
          actor,
          'client.added',
          { type: 'client', id: '' },
          { username: input.username, role, userId: '' },
          { fromResult: { subjectId: 'client.id', 'detail.userId': 'user.id' } },
        ),
      );
      return client;
    },
    async find(actor, which) {
      requireRole(actor, 'admin', MANAGING);
      return account(await findFor(actor, which));
    },
    async list(actor) {
      requireRole(actor, 'admin', MANAGING);
      const all = await store.clients.all();
      return Promise.all((actor.via === 'api' ? all.filter((client) => client.id === actor.client.id) : all).map(account));
    },
    async rotateKey(actor, which) {
      requireRole(actor, 'admin', MANAGING);
      const client = await findFor(actor, which);
      await store.audited(
        audit.change(actor, 'client.key-rotated', subject(client), { username: client.username }),
        'clients',
        'setClientKey',
        client.id,
        randomSecret(20),
      );
      return find({ id: client.id });
    },
    async setPassword(actor, which, password) {
      requireRole(actor, 'admin', MANAGING);
      const problem = passwordProblem(password);
      if (problem) throw refusedMember(ERROR_TEXT.invalidClient(problem), [problem]);
      const client = await account(await findFor(actor, which));
      const user = await firstUser(client);
      const credential = await credentialFor(keys, user.username, password);
      await store.audited(
        audit.change(actor, 'client.password-changed', subject(client), { username: client.username }),
        'users',
        'setCredential',
        user.id,
        credential,
      );
      return client;
    },
    async setRole(actor, which, givenRole) {
      requireRole(actor, 'admin', MANAGING);
      const role = roleOf(givenRole);
      const client = await account(await findFor(actor, which));
      const user = await firstUser(client);
      if (user.role === role) return client;
      // An account that has an admin keeps one to manage it, as Settings → Team and `user set-role` require.
      const team = await store.users.list(client.id);
      if (user.role === 'admin' && !team.some((other) => other.role === 'admin' && other.id !== user.id)) {
        throw new StationError('account.lastAdmin', ERROR_TEXT.lastAccountAdmin(user.username), {
          meta: { reason: 'lastAccountAdmin', username: user.username },
        });
      }
      await keepsAnAdmin([user]);
      await store.audited(
        audit.change(actor, 'client.role-changed', subject(client), { username: client.username, from: user.role, to: role }),
        'users',
        'setRole',
        user.id,
        role,
      );
      return { ...client, role };
    },
    async updateProfile(actor, which, change) {
      requireRole(actor, 'admin', 'Changing the account’s address');
      const client = await findFor(actor, which);
      const before: ClientProfile = { ...client.profile };
      const after: ClientProfile = { ...before };
      for (const [field, value] of Object.entries(change) as [keyof ClientProfile, string | undefined][])
        if (value !== undefined) after[field] = value;
      const changed = (Object.keys(after) as (keyof ClientProfile)[]).filter((field) => after[field] !== before[field]);
      if (changed.length === 0) return client;
      const logged = audit.change(actor, 'client.profile-changed', subject(client), {
        username: client.username,
        from: Object.fromEntries(changed.map((field) => [field, before[field]])),
        to: Object.fromEntries(changed.map((field) => [field, after[field]])),
      });
      await store.audited(logged, 'clients', 'setProfile', client.id, after);
      return findClient({ id: client.id });
    },
    async remove(actor, which) {
      requireRole(actor, 'admin', MANAGING);
      const client = await account(await findFor(actor, which));
      await keepsAnAdmin(await store.users.list(client.id));
      await store.audited(
        audit.change(actor, 'client.removed', subject(client), { username: client.username }),
        'clients',
        'remove',
        client.id,
      );
      return client;
    },
    async merge(actor, intoWhich, fromWhich) {
      requireRole(actor, 'admin', MANAGING);
      const into = await find(intoWhich);
      const from = await find(fromWhich);
      if (into.id === from.id) throw new StationError('client.mergeSameClient', ERROR_TEXT.mergeSameClient, { parameter: 'from' });
      const merged = audit.change(
        actor,
        'client.merged',
        subject(into),
        { from: { id: from.id, username: from.username }, into: { id: into.id, username: into.username }, moved: null },
        {
          fromResult: { 'detail.moved': 'moved' },
          onlyIf: 'merged',
        },
      );
      const result = await store.audited(merged, 'clients', 'merge', into.id, from.id);
      if (!result.merged)
        throw new StationError('client.mergeRefused', ERROR_TEXT.mergeRefused(result.problems.join('; ')), {
          meta: { problems: result.problems },
        });
      return { into, from, moved: result.moved };
    },
    ensureFirstClient: async () => {
      if ((await store.clients.count()) > 0) return undefined;
      const password = randomPassword();
      const { client } = await add(
        { username: FIRST_CLIENT_USERNAME, password, role: 'admin', profile: { name: 'Shipping Station' } },
        (role) =>
          audit.change(
            STATION_ITSELF,
            'client.added',
            { type: 'client', id: '' },
            { username: FIRST_CLIENT_USERNAME, role, userId: '', firstRun: true },
            {
              fromResult: { subjectId: 'client.id', 'detail.userId': 'user.id' },
            },
          ),
      );
      return { client, password };
    },
  };
}
