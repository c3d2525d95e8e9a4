// Client accounts: profile, username, the current client key and the slow-hashed credential.
import type { ClientProfile } from '../../src-shared/client.ts';
import type { Role } from '../../src-shared/roles.ts';
import type { ClientRecord } from '../domain/client.ts';
import type { Db } from './database.ts';

export interface ClientCredential {
  id: string;
  credential: Buffer;
}

export interface ClientsTable {
  add(input: { username: string; credential: Buffer; clientKey: string; role: Role; profile: ClientProfile }): ClientRecord;
  byId(id: string): ClientRecord | undefined;
  byUsername(username: string): ClientRecord | undefined;
  /** Whether a removed client had this username: it stays reserved, so old records never name two people. */
  usernameRemoved(username: string): boolean;
  all(): ClientRecord[];
  /** Every client ever added, removed ones too: a station whose clients were all removed gets no new first client. */
  count(): number;
  credentials(): ClientCredential[];
  setClientKey(id: string, clientKey: string): void;
  setCredential(id: string, credential: Buffer): void;
  setRole(id: string, role: Role): void;
  /** The account's name and address (its sender address) and contact details. */
  setProfile(id: string, profile: ClientProfile): void;
  /** Removes a client: it can no longer sign in, and its tokens stop working; its shipments stay. */
  remove(id: string): boolean;
}

export interface ClientRow {
  id: number;
  username: string;
  credential: Buffer;
  client_key: string;
  role: Role;
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
    role: row.role,
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

/** Client ids are decimal strings; anything else names no client. */
export function rowId(id: string): number | undefined {
  return /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : undefined;
}

export function clientsTable(db: Db, now: () => string): ClientsTable {
  const insert = db.prepare<Record<string, unknown>, ClientRow>(
    `INSERT INTO clients (username, credential, client_key, role, name, address1, address2, city, postal_code, state,
                          country, contact, phone, email, tax_identification, created_at, updated_at)
     VALUES (@username, @credential, @clientKey, @role, @name, @address1, @address2, @city, @postalCode, @state,
             @country, @contact, @phone, @email, @taxIdentification, @now, @now)
     RETURNING *`,
  );
  const selectById = db.prepare<[number], ClientRow>('SELECT * FROM clients WHERE id = ? AND removed_at IS NULL');
  const selectByUsername = db.prepare<[string], ClientRow>('SELECT * FROM clients WHERE username = ? AND removed_at IS NULL');
  const selectRemovedUsername = db.prepare<[string], number>('SELECT 1 FROM clients WHERE username = ? AND removed_at IS NOT NULL').pluck();
  const selectAll = db.prepare<[], ClientRow>('SELECT * FROM clients WHERE removed_at IS NULL ORDER BY id');
  const selectCount = db.prepare<[], number>('SELECT count(*) FROM clients').pluck();
  const selectCredentials = db.prepare<[], { id: number; credential: Buffer }>('SELECT id, credential FROM clients WHERE removed_at IS NULL');
  const markRemoved = db.prepare<{ id: number; now: string }>('UPDATE clients SET removed_at = @now, updated_at = @now WHERE id = @id AND removed_at IS NULL');
  const updateKey = db.prepare<{ id: number; clientKey: string; now: string }>(
    'UPDATE clients SET client_key = @clientKey, updated_at = @now WHERE id = @id',
  );
  const updateRole = db.prepare<{ id: number; role: Role; now: string }>('UPDATE clients SET role = @role, updated_at = @now WHERE id = @id');
  const updateProfile = db.prepare<Record<string, unknown>>(
    `UPDATE clients SET name = @name, address1 = @address1, address2 = @address2, city = @city, postal_code = @postalCode, state = @state,
       country = @country, contact = @contact, phone = @phone, email = @email, tax_identification = @taxIdentification, updated_at = @now WHERE id = @id`,
  );
  const updateCredential = db.prepare<{ id: number; credential: Buffer; now: string }>(
    'UPDATE clients SET credential = @credential, updated_at = @now WHERE id = @id',
  );

  const byId = (id: string) => {
    const numeric = rowId(id);
    const row = numeric === undefined ? undefined : selectById.get(numeric);
    return row && clientRecord(row);
  };

  return {
    add: ({ username, credential, clientKey, role, profile }) => clientRecord(insert.get({ username, credential, clientKey, role, ...profile, now: now() }) as ClientRow),
    byId,
    byUsername: (username) => {
      const row = selectByUsername.get(username);
      return row && clientRecord(row);
    },
    usernameRemoved: (username) => selectRemovedUsername.get(username) !== undefined,
    all: () => selectAll.all().map(clientRecord),
    count: () => selectCount.get() as number,
    credentials: () => selectCredentials.all().map((row) => ({ id: String(row.id), credential: row.credential })),
    setClientKey: (id, clientKey) => {
      updateKey.run({ id: Number(id), clientKey, now: now() });
    },
    setCredential: (id, credential) => {
      updateCredential.run({ id: Number(id), credential, now: now() });
    },
    setRole: (id, role) => {
      updateRole.run({ id: Number(id), role, now: now() });
    },
    setProfile: (id, profile) => {
      updateProfile.run({ id: Number(id), ...profile, now: now() });
    },
    remove: (id) => markRemoved.run({ id: Number(id), now: now() }).changes === 1,
  };
}
