// Users, the people inside client accounts: username, slow-hashed credential, role and display name. Removed users
// stay (their username reserved), so the records that name them keep meaning one person.
import type { Role } from '../../src-shared/roles.ts';
import type { UserRecord } from '../domain/user.ts';
import { rowId } from './row-id.ts';
import type { Db } from './database.ts';

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

export interface UsersTable {
  add(user: NewUser): UserRecord;
  /** An active user of an active account. */
  byId(id: string): UserRecord | undefined;
  byUsername(username: string): UserRecord | undefined;
  /** Whether any user, removed ones too, has or had this username: it is never given twice. */
  usernameTaken(username: string): boolean;
  /** The active users of one account, or of every account; oldest first. */
  list(clientId?: string): UserRecord[];
  /** The credentials of every active user of an active account, for the sign-in to check each. */
  credentials(): UserCredential[];
  setCredential(id: string, credential: Buffer): void;
  setRole(id: string, role: Role): void;
  setName(id: string, name: string): void;
  remove(id: string): boolean;
}

export interface UserRow {
  id: number;
  client_id: number;
  username: string;
  role: Role;
  name: string;
  created_at: string;
}

export function userRecord(row: UserRow): UserRecord {
  return { id: String(row.id), clientId: String(row.client_id), username: row.username, name: row.name, role: row.role, createdAt: row.created_at };
}

/** The columns a user record needs: never the credential. */
export const USER_COLUMNS = 'users.id, users.client_id, users.username, users.role, users.name, users.created_at';
/** The one INSERT of a user, with its record back: SQLite's named parameters, and PostgreSQL's ($6 the time). */
export const USER_INSERT_SQLITE = `INSERT INTO users (client_id, username, credential, role, name, created_at, updated_at)
     VALUES (@clientId, @username, @credential, @role, @name, @now, @now) RETURNING ${USER_COLUMNS}`;
export const USER_INSERT_POSTGRES = `INSERT INTO users (client_id, username, credential, role, name, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING ${USER_COLUMNS}`;

/** Active users of active accounts. */
export const ACTIVE_USERS = 'users JOIN clients ON clients.id = users.client_id AND clients.removed_at IS NULL WHERE users.removed_at IS NULL';

export function usersTable(db: Db, now: () => string): UsersTable {
  const insert = db.prepare<Record<string, unknown>, UserRow>(USER_INSERT_SQLITE);
  const selectById = db.prepare<[number], UserRow>(`SELECT ${USER_COLUMNS} FROM ${ACTIVE_USERS} AND users.id = ?`);
  const selectByUsername = db.prepare<[string], UserRow>(`SELECT ${USER_COLUMNS} FROM ${ACTIVE_USERS} AND users.username = ?`);
  const selectTaken = db.prepare<[string], number>('SELECT 1 FROM users WHERE username = ?').pluck();
  const selectOfClient = db.prepare<[number], UserRow>(`SELECT ${USER_COLUMNS} FROM ${ACTIVE_USERS} AND users.client_id = ? ORDER BY users.id`);
  const selectAll = db.prepare<[], UserRow>(`SELECT ${USER_COLUMNS} FROM ${ACTIVE_USERS} ORDER BY users.client_id, users.id`);
  const selectCredentials = db.prepare<[], { id: number; credential: Buffer }>(`SELECT users.id, users.credential FROM ${ACTIVE_USERS}`);
  const update = (column: string) => db.prepare<{ id: number; value: unknown; now: string }>(`UPDATE users SET ${column} = @value, updated_at = @now WHERE id = @id`);
  const updateCredential = update('credential');
  const updateRole = update('role');
  const updateName = update('name');
  const markRemoved = db.prepare<{ id: number; now: string }>('UPDATE users SET removed_at = @now, updated_at = @now WHERE id = @id AND removed_at IS NULL');

  return {
    add: ({ clientId, username, credential, role, name }) => userRecord(insert.get({ clientId: Number(clientId), username, credential, role, name, now: now() }) as UserRow),
    byId: (id) => {
      const numeric = rowId(id);
      const row = numeric === undefined ? undefined : selectById.get(numeric);
      return row && userRecord(row);
    },
    byUsername: (username) => {
      const row = selectByUsername.get(username);
      return row && userRecord(row);
    },
    usernameTaken: (username) => selectTaken.get(username) !== undefined,
    list: (clientId) => {
      if (clientId === undefined) return selectAll.all().map(userRecord);
      const numeric = rowId(clientId);
      return numeric === undefined ? [] : selectOfClient.all(numeric).map(userRecord);
    },
    credentials: () => selectCredentials.all().map((row) => ({ id: String(row.id), credential: row.credential })),
    setCredential: (id, credential) => {
      updateCredential.run({ id: Number(id), value: credential, now: now() });
    },
    setRole: (id, role) => {
      updateRole.run({ id: Number(id), value: role, now: now() });
    },
    setName: (id, name) => {
      updateName.run({ id: Number(id), value: name, now: now() });
    },
    remove: (id) => markRemoved.run({ id: Number(id), now: now() }).changes === 1,
  };
}
