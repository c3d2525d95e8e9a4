// Client accounts: profile, the account's username (its first user's), the current client key; adding an account
// with its first user in one transaction; and merging one account into another.
import type { ClientProfile } from '../../src-shared/client.ts';
import type { Role } from '../../src-shared/roles.ts';
import type { ClientRecord } from '../domain/client.ts';
import type { UserRecord } from '../domain/user.ts';
import { rowId } from './row-id.ts';
import { storable, type Sql } from './sql/executor.ts';
import type { TableContext, TableGroup } from './table-group.ts';
import { insertUser } from './users.ts';
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

export interface ClientReads {
  byId(id: string): Promise<ClientRecord | undefined>;
  byUsername(username: string): Promise<ClientRecord | undefined>;
  all(): Promise<ClientRecord[]>;
  /** Every client ever added, removed ones too: a station whose clients were all removed gets no new first client. */
  count(): Promise<number>;
}

export interface ClientWrites {
  /** The account and its first user, with the same username, password and role. */
  add(input: NewAccount): Promise<{ client: ClientRecord; user: UserRecord }>;
  setClientKey(id: string, clientKey: string): Promise<void>;
  /** The account's name and address (its sender address) and contact details. */
  setProfile(id: string, profile: ClientProfile): Promise<void>;
  /** Removes an account and its users: none can sign in, and their tokens stop working; its shipments stay. */
  remove(id: string): Promise<boolean>;
  /** Moves `fromId`'s users and records into `intoId` and removes it, in one transaction; or says what keeps it. */
  merge(intoId: string, fromId: string): Promise<MergeResult>;
}

interface ClientRow {
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

const clientRecord = (row: ClientRow): ClientRecord => ({
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
});

const profileValues = (profile: ClientProfile) => [
  profile.name,
  profile.address1,
  profile.address2,
  profile.city,
  profile.postalCode,
  profile.state,
  profile.country,
  profile.contact,
  profile.phone,
  profile.email,
  profile.taxIdentification,
];

function reads(sql: Sql): ClientReads {
  const clients = async (text: string, values: unknown[] = []) => (await sql.all<ClientRow>(text, values)).map(clientRecord);
  return {
    byId: async (id) =>
      rowId(id) === undefined ? undefined : (await clients('SELECT * FROM clients WHERE id = $1 AND removed_at IS NULL', [rowId(id)]))[0],
    byUsername: async (username) =>
      !storable(username) ? undefined : (await clients('SELECT * FROM clients WHERE username = $1 AND removed_at IS NULL', [username]))[0],
    all: () => clients('SELECT * FROM clients WHERE removed_at IS NULL ORDER BY id'),
    count: async () => (await sql.one<{ n: number }>(`SELECT ${sql.dialect.integer('count(*)')} AS n FROM clients`))!.n,
  };
}

function writes(sql: Sql, { now }: TableContext): ClientWrites {
  return {
    // The clients' credential and role columns are the first user's, written for old backups' sake and never read.
    add: ({ username, credential, clientKey, role, profile }) =>
      sql.tx(async (tx) => {
        const at = now();
        const row = await tx.one<ClientRow>(
          `INSERT INTO clients (username, credential, client_key, role, name, address1, address2, city, postal_code, state,
                                country, contact, phone, email, tax_identification, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16) RETURNING *`,
          [username, credential, clientKey, role, ...profileValues(profile), at],
        );
        const client = clientRecord(row!);
        const user = await insertUser(tx, { clientId: client.id, username, credential, role, name: profile.contact || username }, at);
        return { client, user };
      }),
    setClientKey: async (id, clientKey) => {
      await sql.run('UPDATE clients SET client_key = $2, updated_at = $3 WHERE id = $1', [rowId(id) ?? 0, clientKey, now()]);
    },
    setProfile: async (id, profile) => {
      await sql.run(
        `UPDATE clients SET name = $2, address1 = $3, address2 = $4, city = $5, postal_code = $6, state = $7, country = $8, contact = $9, phone = $10,
           email = $11, tax_identification = $12, updated_at = $13 WHERE id = $1`,
        [rowId(id) ?? 0, ...profileValues(profile), now()],
      );
    },
    merge: (intoId, fromId) =>
      sql.tx(async (tx) => {
        const statement = (text: string) => mergeSql(text, intoId, fromId, now());
        // Both accounts' rows are locked first, so no other desk adds to the one leaving while it moves.
        await tx.all(statement(`SELECT id FROM clients WHERE id IN ($into, $from) ORDER BY id${tx.dialect.lockRows}`));
        const problems: string[] = [];
        for (const check of MERGE_CHECKS) problems.push(...(await tx.all<{ problem: string }>(statement(check))).map((row) => row.problem));
        if (problems.length > 0) return { merged: false as const, problems };
        const counts = (await tx.one<Record<keyof MergeCounts, string | number>>(statement(MERGE_COUNTS)))!;
        const moved: MergeCounts = {
          users: Number(counts.users),
          shipments: Number(counts.shipments),
          orders: Number(counts.orders),
          addresses: Number(counts.addresses),
        };
        // An account's whole history moves: as long as it takes.
        for (const move of MERGE_STATEMENTS) await tx.runLong(statement(move));
        // The leaving account's print settings became the other's: every desk reads settings afresh.
        if (tx.dialect.settingsChanged) await tx.run(tx.dialect.settingsChanged, ['*']);
        return { merged: true as const, moved };
      }),
    remove: (id) =>
      sql.tx(async (tx) => {
        const at = now();
        const removed =
          (await tx.run('UPDATE clients SET removed_at = $2, updated_at = $2 WHERE id = $1 AND removed_at IS NULL', [
            rowId(id) ?? 0,
            at,
          ])) === 1;
        if (removed)
          await tx.run('UPDATE users SET removed_at = $2, updated_at = $2 WHERE client_id = $1 AND removed_at IS NULL', [
            rowId(id) ?? 0,
            at,
          ]);
        return removed;
      }),
  };
}

export const clients: TableGroup<ClientReads, ClientWrites> = { reads, writes };
