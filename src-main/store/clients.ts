// Client accounts: profile, the account's username (its first user's), the current client key; and adding an
// account with its first user in one transaction.
import type { ClientProfile } from '../../src-shared/client.ts';
import type { Role } from '../../src-shared/roles.ts';
import type { ClientRecord } from '../domain/client.ts';
import type { UserRecord } from '../domain/user.ts';
import type { Db } from './database.ts';
import { rowId } from './row-id.ts';
import { USER_INSERT_SQLITE, userRecord, type UserRow } from './users.ts';
import { MERGE_CHECKS, MERGE_COUNTS, MERGE_STATEMENTS, mergeSql, type MergeCounts, type MergeResult } from './merge-clients.ts';

export interface NewAccount {
  /** The account's username, and its first user's. */
  username: string;
  credential: Buffer;
  clientKey: string;
  /** The first user's role. */
  role: Role;
  profile: ClientProfile;
}

export interface ClientsTable {
  /** The account and its first user, with the same username, password and role. */
  add(input: NewAccount): { client: ClientRecord; user: UserRecord };
  byId(id: string): ClientRecord | undefined;
  byUsername(username: string): ClientRecord | undefined;
  all(): ClientRecord[];
  /** Every client ever added, removed ones too: a station whose clients were all removed gets no new first client. */
  count(): number;
  setClientKey(id: string, clientKey: string): void;
  /** The account's name and address (its sender address) and contact details. */
  setProfile(id: string, profile: ClientProfile): void;
  /** Removes an account and its users: none can sign in, and their tokens stop working; its shipments stay. */
  remove(id: string): boolean;
  /** Moves `fromId`'s users and records into `intoId` and removes it, in one transaction; or says what keeps it. */
  merge(intoId: string, fromId: string): MergeResult;
}

export interface ClientRow {
  id: number;
  username: string;
  credential: Buffer;
  client_key: string;
  name: string;
  address1: string;
  address2: string;
  city: string;
  postal_code: string;
  state: string;
  country: string;
  contact: string;
  phone: string;
  email: string;
  tax_identification: string;
  created_at: string;
  updated_at: string;
}

export function clientRecord(row: ClientRow): ClientRecord {
  return {
    id: String(row.id),
    username: row.username,
    clientKey: row.client_key,
    createdAt: row.created_at,
    profile: {
      name: row.name,
      address1: row.address1,
      address2: row.address2,
      city: row.city,
      postalCode: row.postal_code,
      state: row.state,
      country: row.country,
      contact: row.contact,
      phone: row.phone,
      email: row.email,
      taxIdentification: row.tax_identification,
    },
  };
}

export function clientsTable(db: Db, now: () => string): ClientsTable {
  // The clients' credential and role columns are the first user's, written for old backups' sake and never read.
  const insert = db.prepare<Record<string, unknown>, ClientRow>(
    `INSERT INTO clients (username, credential, client_key, role, name, address1, address2, city, postal_code, state,
                          country, contact, phone, email, tax_identification, created_at, updated_at)
     VALUES (@username, @credential, @clientKey, @role, @name, @address1, @address2, @city, @postalCode, @state,
             @country, @contact, @phone, @email, @taxIdentification, @now, @now)
     RETURNING *`,
  );
  const insertUser = db.prepare<Record<string, unknown>, UserRow>(USER_INSERT_SQLITE);
  const selectById = db.prepare<[number], ClientRow>('SELECT * FROM clients WHERE id = ? AND removed_at IS NULL');
  const selectByUsername = db.prepare<[string], ClientRow>('SELECT * FROM clients WHERE username = ? AND removed_at IS NULL');
  const selectAll = db.prepare<[], ClientRow>('SELECT * FROM clients WHERE removed_at IS NULL ORDER BY id');
  const selectCount = db.prepare<[], number>('SELECT count(*) FROM clients').pluck();
  const markRemoved = db.prepare<{ id: number; now: string }>('UPDATE clients SET removed_at = @now, updated_at = @now WHERE id = @id AND removed_at IS NULL');
  const markUsersRemoved = db.prepare<{ id: number; now: string }>('UPDATE users SET removed_at = @now, updated_at = @now WHERE client_id = @id AND removed_at IS NULL');
  const updateKey = db.prepare<{ id: number; clientKey: string; now: string }>(
    'UPDATE clients SET client_key = @clientKey, updated_at = @now WHERE id = @id',
  );
  const updateProfile = db.prepare<Record<string, unknown>>(
    `UPDATE clients SET name = @name, address1 = @address1, address2 = @address2, city = @city, postal_code = @postalCode, state = @state,
       country = @country, contact = @contact, phone = @phone, email = @email, tax_identification = @taxIdentification, updated_at = @now WHERE id = @id`,
  );

  const byId = (id: string) => {
    const numeric = rowId(id);
    const row = numeric === undefined ? undefined : selectById.get(numeric);
    return row && clientRecord(row);
  };

  return {
    add: db.transaction(({ username, credential, clientKey, role, profile }: NewAccount) => {
      const at = now();
      const client = clientRecord(insert.get({ username, credential, clientKey, role, ...profile, now: at }) as ClientRow);
      const user = userRecord(insertUser.get({ clientId: Number(client.id), username, credential, role, name: profile.contact || username, now: at }) as UserRow);
      return { client, user };
    }),
    byId,
    byUsername: (username) => {
      const row = selectByUsername.get(username);
      return row && clientRecord(row);
    },
    all: () => selectAll.all().map(clientRecord),
    count: () => selectCount.get() as number,
    setClientKey: (id, clientKey) => {
      updateKey.run({ id: Number(id), clientKey, now: now() });
    },
    setProfile: (id, profile) => {
      updateProfile.run({ id: Number(id), ...profile, now: now() });
    },
    merge: db.transaction((intoId: string, fromId: string): MergeResult => {
      const sql = (statement: string) => mergeSql(statement, intoId, fromId, now());
      const problems = MERGE_CHECKS.flatMap((check) => db.prepare<[], string>(sql(check)).pluck().all() as string[]);
      if (problems.length > 0) return { merged: false, problems };
      const moved = db.prepare<[], MergeCounts>(sql(MERGE_COUNTS)).get() as MergeCounts;
      for (const statement of MERGE_STATEMENTS) db.prepare(sql(statement)).run();
      return { merged: true, moved };
    }),
    remove: db.transaction((id: string) => {
      const at = now();
      const removed = markRemoved.run({ id: Number(id), now: at }).changes === 1;
      if (removed) markUsersRemoved.run({ id: Number(id), now: at });
      return removed;
    }),
  };
}
