// Users, the people inside client accounts: username, slow-hashed credential, role and display name. Removed users
// stay (their username reserved), so the records that name them keep meaning one person.
import type { Role } from '../../src-shared/roles.ts';
import type { UserRecord } from '../domain/user.ts';
import { rowId } from './row-id.ts';
import { storable, type Sql } from './sql/executor.ts';
import type { TableContext, TableGroup } from './table-group.ts';

export interface NewUser {
  clientId: string;
  username: string;
  credential: Buffer;
  role: Role;
  name: string;
}

export interface UserCredential {
  id: string;
  credential: Buffer;
}

export interface UserReads {
  /** An active user of an active account. */
  byId(id: string): Promise<UserRecord | undefined>;
  byUsername(username: string): Promise<UserRecord | undefined>;
  /** Whether any user, removed ones too, has or had this username: it is never given twice. */
  usernameTaken(username: string): Promise<boolean>;
  /** The active users of one account, or of every account; oldest first. */
  list(clientId?: string): Promise<UserRecord[]>;
  /** The credentials of every active user of an active account, for the sign-in to check each. */
  credentials(): Promise<UserCredential[]>;
}

export interface UserWrites {
  add(user: NewUser): Promise<UserRecord>;
  /** A new password's credential; the user's session epoch moves on with it, which ends their sessions. */
  setCredential(id: string, credential: Buffer): Promise<void>;
  setRole(id: string, role: Role): Promise<void>;
  setName(id: string, name: string): Promise<void>;
  remove(id: string): Promise<boolean>;
}

interface UserRow {
  id: number;
  client_id: number;
  username: string;
  role: Role;
  name: string;
  created_at: string;
  session_epoch: number | string;
}

const userRecord = (row: UserRow): UserRecord => ({
  id: String(row.id),
  clientId: String(row.client_id),
  username: row.username,
  name: row.name,
  role: row.role,
  createdAt: row.created_at,
  sessionEpoch: Number(row.session_epoch),
});

/** The columns a user record needs: never the credential. */
const USER_COLUMNS = 'users.id, users.client_id, users.username, users.role, users.name, users.created_at, users.session_epoch';
/** Active users of active accounts. */
const ACTIVE_USERS = 'users JOIN clients ON clients.id = users.client_id AND clients.removed_at IS NULL WHERE users.removed_at IS NULL';

/** Adds a user through `sql` (a client's first user is added in the client's transaction). */
export async function insertUser(sql: Sql, user: NewUser, at: string): Promise<UserRecord> {
  const row = await sql.one<UserRow>(
    `INSERT INTO users (client_id, username, credential, role, name, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING ${USER_COLUMNS}`,
    [Number(user.clientId), user.username, user.credential, user.role, user.name, at],
  );
  return userRecord(row!);
}

function reads(sql: Sql): UserReads {
  const users = async (text: string, values: unknown[] = []) => (await sql.all<UserRow>(text, values)).map(userRecord);
  return {
    byId: async (id) =>
      rowId(id) === undefined ? undefined : (await users(`SELECT ${USER_COLUMNS} FROM ${ACTIVE_USERS} AND users.id = $1`, [rowId(id)]))[0],
    byUsername: async (username) =>
      !storable(username) ? undefined : (await users(`SELECT ${USER_COLUMNS} FROM ${ACTIVE_USERS} AND users.username = $1`, [username]))[0],
    usernameTaken: async (username) =>
      storable(username) && (await sql.one('SELECT 1 FROM users WHERE username = $1', [username])) !== undefined,
    list: async (clientId) => {
      if (clientId === undefined) return users(`SELECT ${USER_COLUMNS} FROM ${ACTIVE_USERS} ORDER BY users.client_id, users.id`);
      return rowId(clientId) === undefined
        ? []
        : users(`SELECT ${USER_COLUMNS} FROM ${ACTIVE_USERS} AND users.client_id = $1 ORDER BY users.id`, [rowId(clientId)]);
    },
    credentials: async () =>
      (await sql.all<{ id: number; credential: Buffer }>(`SELECT users.id, users.credential FROM ${ACTIVE_USERS}`)).map((row) => ({
        id: String(row.id),
        credential: row.credential,
      })),
  };
}

function writes(sql: Sql, { now }: TableContext): UserWrites {
  const set = (column: string) => async (id: string, value: unknown) => {
    await sql.run(`UPDATE users SET ${column} = $2, updated_at = $3 WHERE id = $1`, [rowId(id) ?? 0, value, now()]);
  };
  return {
    add: (user) => insertUser(sql, user, now()),
    setCredential: async (id, credential) => {
      await sql.run('UPDATE users SET credential = $2, session_epoch = session_epoch + 1, updated_at = $3 WHERE id = $1', [
        rowId(id) ?? 0,
        credential,
        now(),
      ]);
    },
    setRole: set('role'),
    setName: set('name'),
    remove: async (id) =>
      (await sql.run('UPDATE users SET removed_at = $2, updated_at = $2 WHERE id = $1 AND removed_at IS NULL', [rowId(id) ?? 0, now()])) ===
      1,
  };
}

export const users: TableGroup<UserReads, UserWrites> = { reads, writes };
