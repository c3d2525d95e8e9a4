// The people of an account: an admin adds users, sets their roles, resets their passwords and removes them; the
// admin command does the same for any account. Each change is audited, and takes effect on every desk within a
// second, for tokens already issued too (the Bearer check looks users up again each second).
import { authenticationHash } from '../../src-shared/auth-hash.ts';
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import { MIN_PASSWORD_LENGTH, USER_NAME_MAX } from '../../src-shared/administration.ts';
import { DEFAULT_ROLE, parseRole, type Role } from '../../src-shared/roles.ts';
import type { Actor } from '../domain/caller.ts';
import type { UserRecord } from '../domain/user.ts';
import { deriveCredential } from '../security/credentials.ts';
import type { Store } from '../store/index.ts';
import { requireRole, type AuditLog } from './audit-log.ts';
import type { StationKeys } from './station-keys.ts';

export interface NewUser {
  /** The account: the admin command must name it; through the API it is the caller's own. */
  clientId?: string;
  username: string;
  password: string;
  name?: string;
  /** packer when not given. */
  role?: Role | string;
}

export type WhichUser = { id?: string; username?: string };

export interface UserService {
  /** The account's users; the admin command: one account's (clientId) or every account's. */
  list(actor: Actor, clientId?: string): Promise<UserRecord[]>;
  find(actor: Actor, which: WhichUser): Promise<UserRecord>;
  add(actor: Actor, input: NewUser): Promise<UserRecord>;
  setRole(actor: Actor, which: WhichUser, role: Role | string): Promise<UserRecord>;
  setPassword(actor: Actor, which: WhichUser, password: string): Promise<UserRecord>;
  rename(actor: Actor, which: WhichUser, name: string): Promise<UserRecord>;
  /** The user can no longer sign in, and their tokens stop working within a second; their records stay. */
  remove(actor: Actor, which: WhichUser): Promise<UserRecord>;
}

export { MIN_PASSWORD_LENGTH };

export function passwordProblem(password: string): string | undefined {
  return [...password].length < MIN_PASSWORD_LENGTH ? `password: at least ${MIN_PASSWORD_LENGTH} characters` : undefined;
}

export function usernameProblem(username: string): string | undefined {
  if (username.length === 0 || username.length > 64) return '1 to 64 characters';
  if (username !== username.trim()) return 'no leading or trailing spaces';
  if (/[\u0000-\u001f\u007f]/.test(username)) return 'no control characters';
  return undefined;
}

function nameProblem(name: string): string | undefined {
  return [...name].length > USER_NAME_MAX || /[\u0000-\u001f\u007f]/.test(name)
    ? `name: at most ${USER_NAME_MAX} characters, no control characters`
    : undefined;
}

export function roleOf(given: Role | string | undefined): Role {
  if (given === undefined) return DEFAULT_ROLE;
  const role = parseRole(given);
  if (!role)
    throw new StationError('field.invalid', ERROR_TEXT.invalidRole(String(given)), {
      pointer: '/data/attributes/role',
      parameter: 'role',
      meta: { reason: ROLE_REASON },
    });
  return role;
}

/** What a refused role is told over the API (the admin command's words name the option). */
const ROLE_REASON = 'Expected packer, supervisor or admin.';

/**
 * A check of the services (the admin command's words, which the CLI prints) refused a member: the API's requests are
 * checked by the shared rules first, so over the API this names the member and what it takes as well.
 */
function memberRefused(detail: string, member: 'username' | 'password' | 'name', reason: string): StationError {
  return new StationError('field.invalid', detail, { pointer: `/data/attributes/${member}`, meta: { reason } });
}

const MEMBER_REASONS = {
  username: 'Expected 1 to 64 characters, without control characters or spaces at either end.',
  password: `Expected a password of at least ${MIN_PASSWORD_LENGTH} characters.`,
  name: `Expected the name the desk shows: 1 to ${USER_NAME_MAX} characters, without control characters.`,
} as const;

/** The first member a list of the services' problems names ("password: …"), for its pointer. */
export function refusedMember(detail: string, problems: readonly string[]): StationError {
  const member = (['username', 'password', 'name'] as const).find((name) => problems[0]?.startsWith(`${name}:`)) ?? 'username';
  return memberRefused(detail, member, MEMBER_REASONS[member]);
}

/** The credential the ServiceApi sign-in of this username and password proves. */
export const credentialFor = (keys: StationKeys, username: string, password: string) =>
  deriveCredential(authenticationHash(username, password), keys.credentialSalt);

const USERNAME_POINTER = '/data/attributes/username';

/** Refuses (409) a new username that a user has or had: usernames are never given twice. */
export async function refuseTakenUsername(store: Store, username: string, removedText = ERROR_TEXT.usernameOfRemovedUser): Promise<void> {
  if (await store.users.byUsername(username))
    throw new StationError('client.usernameTaken', ERROR_TEXT.usernameTaken(username), { pointer: USERNAME_POINTER });
  if (await store.users.usernameTaken(username))
    throw new StationError('client.usernameReserved', removedText(username), { pointer: USERNAME_POINTER });
}

const MANAGING = 'Managing the team';

export function createUserService(store: Store, keys: StationKeys, audit: AuditLog): UserService {
  /** The user, if the actor may manage them: an API admin only the users of their own account; others are not found. */
  const find = async (actor: Actor, { id, username }: WhichUser) => {
    const user =
      id !== undefined ? await store.users.byId(id) : username !== undefined ? await store.users.byUsername(username) : undefined;
    if (!user || (actor.via === 'api' && user.clientId !== actor.client.id)) {
      throw new StationError(
        'user.notFound',
        id !== undefined ? ERROR_TEXT.noUserWithId(id) : ERROR_TEXT.noUserWithUsername(username ?? ''),
      );
    }
    return user;
  };

  /** An account that has an admin keeps one, so someone can always manage its team; so does the station. */
  const keepsAnAdmin = async (user: UserRecord) => {
    if (user.role !== 'admin') return;
    const admins = (await store.users.list(user.clientId)).filter((other) => other.role === 'admin');
    if (admins.length <= 1)
      throw new StationError('account.lastAdmin', ERROR_TEXT.lastAccountAdmin(user.username), {
        meta: { reason: 'lastAccountAdmin', username: user.username },
      });
  };

  const subject = (user: UserRecord) => ({ type: 'user' as const, id: user.id });

  return {
    async list(actor, clientId) {
      requireRole(actor, 'admin', MANAGING);
      return store.users.list(actor.via === 'api' ? actor.client.id : clientId);
    },
    async find(actor, which) {
      requireRole(actor, 'admin', MANAGING);
      return find(actor, which);
    },
    async add(actor, { clientId: givenClientId, username, password, name, role: givenRole }) {
      requireRole(actor, 'admin', MANAGING);
      const clientId = actor.via === 'api' ? actor.client.id : givenClientId;
      if (clientId === undefined) throw new StationError('user.needsClient', ERROR_TEXT.userNeedsClient, { parameter: 'client' });
      const role = roleOf(givenRole);
      const displayName = (name ?? '').trim() || username;
      const problems = [
        usernameProblem(username) && `username: ${usernameProblem(username)}`,
        passwordProblem(password),
        nameProblem(displayName),
      ].filter(Boolean);
      if (problems.length > 0) throw refusedMember(ERROR_TEXT.invalidUser(problems.join('; ')), problems as string[]);
      const client = await store.clients.byId(clientId);
      if (!client) throw new StationError('client.notFound', ERROR_TEXT.noClientWithId(clientId));
      await refuseTakenUsername(store, username);
      let user: UserRecord;
      try {
        const added = audit.change(
          actor,
          'user.added',
          { type: 'user', id: '' },
          { username, name: displayName, role, clientId },
          { fromResult: { subjectId: 'id' } },
        );
        user = await store.audited(added, 'users', 'add', {
          clientId,
          username,
          credential: await credentialFor(keys, username, password),
          role,
          name: displayName,
        });
      } catch (error) {
        // A concurrent add of the same username loses the race on the UNIQUE constraint.
        if (await store.users.usernameTaken(username))
          throw new StationError('client.usernameTaken', ERROR_TEXT.usernameTaken(username), { pointer: USERNAME_POINTER });
        throw error;
      }
      return user;
    },
    async setRole(actor, which, givenRole) {
      requireRole(actor, 'admin', MANAGING);
      const role = roleOf(givenRole);
      const user = await find(actor, which);
      if (user.role === role) return user;
      await keepsAnAdmin(user);
      await store.audited(
        audit.change(actor, 'user.role-changed', subject(user), { username: user.username, from: user.role, to: role }),
        'users',
        'setRole',
        user.id,
        role,
      );
      return { ...user, role };
    },
    async setPassword(actor, which, password) {
      requireRole(actor, 'admin', MANAGING);
      const problem = passwordProblem(password);
      if (problem) throw memberRefused(ERROR_TEXT.invalidUser(problem), 'password', MEMBER_REASONS.password);
      const user = await find(actor, which);
      const credential = await credentialFor(keys, user.username, password);
      await store.audited(
        audit.change(actor, 'user.password-changed', subject(user), { username: user.username }),
        'users',
        'setCredential',
        user.id,
        credential,
      );
      return user;
    },
    async rename(actor, which, givenName) {
      requireRole(actor, 'admin', MANAGING);
      const name = givenName.trim();
      const problem = name === '' ? 'name: 1 to 100 characters' : nameProblem(name);
      if (problem) throw memberRefused(ERROR_TEXT.invalidUser(problem), 'name', MEMBER_REASONS.name);
      const user = await find(actor, which);
      if (user.name === name) return user;
      await store.audited(
        audit.change(actor, 'user.renamed', subject(user), { username: user.username, from: user.name, to: name }),
        'users',
        'setName',
        user.id,
        name,
      );
      return { ...user, name };
    },
    async remove(actor, which) {
      requireRole(actor, 'admin', MANAGING);
      const user = await find(actor, which);
      await keepsAnAdmin(user);
      await store.audited(audit.change(actor, 'user.removed', subject(user), { username: user.username }), 'users', 'remove', user.id);
      return user;
    },
  };
}
