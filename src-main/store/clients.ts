// Client accounts: profile, username, the current client key and the slow-hashed credential.
import type { ClientProfile } from '../../src-shared/client.ts';
import type { ClientRecord } from '../domain/client.ts';
import type { Db } from './database.ts';

export interface ClientCredential {
  id: string;
  credential: Buffer;
}

export interface ClientsTable {
  add(input: { username: string; credential: Buffer; clientKey: string; profile: ClientProfile }): ClientRecord;
  byId(id: string): ClientRecord | undefined;
  byUsername(username: string): ClientRecord | undefined;
  all(): ClientRecord[];
  count(): number;
  credentials(): ClientCredential[];
  setClientKey(id: string, clientKey: string): void;
  setCredential(id: string, credential: Buffer): void;
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

function toRecord(row: ClientRow): ClientRecord {
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

/** Client ids are decimal strings; anything else names no client. */
function rowId(id: string): number | undefined {
  return /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : undefined;
}

export function clientsTable(db: Db, now: () => string): ClientsTable {
  const insert = db.prepare<Record<string, unknown>, ClientRow>(
    `INSERT INTO clients (username, credential, client_key, name, address1, address2, city, postal_code, state,
                          country, contact, phone, email, tax_identification, created_at, updated_at)
     VALUES (@username, @credential, @clientKey, @name, @address1, @address2, @city, @postalCode, @state,
             @country, @contact, @phone, @email, @taxIdentification, @now, @now)
     RETURNING *`,
  );
  const selectById = db.prepare<[number], ClientRow>('SELECT * FROM clients WHERE id = ?');
  const selectByUsername = db.prepare<[string], ClientRow>('SELECT * FROM clients WHERE username = ?');
  const selectAll = db.prepare<[], ClientRow>('SELECT * FROM clients ORDER BY id');
  const selectCount = db.prepare<[], number>('SELECT count(*) FROM clients').pluck();
  const selectCredentials = db.prepare<[], { id: number; credential: Buffer }>('SELECT id, credential FROM clients');
  const updateKey = db.prepare<{ id: number; clientKey: string; now: string }>(
    'UPDATE clients SET client_key = @clientKey, updated_at = @now WHERE id = @id',
  );
  const updateCredential = db.prepare<{ id: number; credential: Buffer; now: string }>(
    'UPDATE clients SET credential = @credential, updated_at = @now WHERE id = @id',
  );

  const byId = (id: string) => {
    const numeric = rowId(id);
    const row = numeric === undefined ? undefined : selectById.get(numeric);
    return row && toRecord(row);
  };

  return {
    add: ({ username, credential, clientKey, profile }) => toRecord(insert.get({ username, credential, clientKey, ...profile, now: now() }) as ClientRow),
    byId,
    byUsername: (username) => {
      const row = selectByUsername.get(username);
      return row && toRecord(row);
    },
    all: () => selectAll.all().map(toRecord),
    count: () => selectCount.get() as number,
    credentials: () => selectCredentials.all().map((row) => ({ id: String(row.id), credential: row.credential })),
    setClientKey: (id, clientKey) => {
      updateKey.run({ id: Number(id), clientKey, now: now() });
    },
    setCredential: (id, credential) => {
      updateCredential.run({ id: Number(id), credential, now: now() });
    },
  };
}
