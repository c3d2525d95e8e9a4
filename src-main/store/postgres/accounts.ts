// PostgreSQL: the station's secrets and keys, integrations and clients, shared by every desk on the database,
// so each desk accepts the tokens of every other.
import type { Async } from '../index.ts';
import { clientRecord, rowId, type ClientRow, type ClientsTable } from '../clients.ts';
import { integrationRecord, type IntegrationRow, type IntegrationsTable } from '../integrations.ts';
import type { StationKeyRecords, StationKeysTable } from '../station-keys.ts';
import { transaction, type Pool, type Queryable } from './database.ts';
import { storable } from './records.ts';

async function secret(db: Queryable, name: string): Promise<string | undefined> {
  return (await db.query<{ value: string }>('SELECT value FROM station_secrets WHERE name = $1', [name])).rows[0]?.value;
}

async function desktopIntegration(db: Queryable): Promise<IntegrationRow | undefined> {
  return (await db.query<IntegrationRow>('SELECT * FROM integrations WHERE is_desktop = 1')).rows[0];
}

export function stationKeysTable(pool: Pool, now: () => string): Async<StationKeysTable> {
  const existing = async (db: Queryable): Promise<StationKeyRecords | undefined> => {
    // One after another: inside a transaction these share one connection, which runs one query at a time.
    const serverKey = await secret(db, 'serverKey');
    const credentialSalt = await secret(db, 'credentialSalt');
    const desktop = await desktopIntegration(db);
    return serverKey !== undefined && credentialSalt !== undefined && desktop ? { serverKey, credentialSalt, desktopIntegrationKey: desktop.integration_key } : undefined;
  };
  return {
    ensure: async (newSecret, deskName) =>
      (await existing(pool)) ??
      // The first desk on a new database makes the keys; a lock makes two first desks agree on one set.
      transaction(pool, async (db) => {
        await db.query('LOCK TABLE station_secrets IN EXCLUSIVE MODE');
        const made = await existing(db);
        if (made) return made;
        const at = now();
        for (const [name, bytes] of [['serverKey', 32], ['credentialSalt', 16]] as const) {
          await db.query('INSERT INTO station_secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING', [name, newSecret(bytes), at]);
        }
        if (!(await desktopIntegration(db))) {
          await db.query('INSERT INTO integrations (name, integration_key, is_desktop, created_at) VALUES ($1, $2, 1, $3)', [deskName, newSecret(24), at]);
        }
        return (await existing(db))!;
      }),
  };
}

export function integrationsTable(pool: Pool, now: () => string): Async<IntegrationsTable> {
  const rows = async (sql: string, values: unknown[] = []) => (await pool.query<IntegrationRow>(sql, values)).rows.map(integrationRecord);
  return {
    add: async ({ name, integrationKey, isDesktop = false }) =>
      (await rows('INSERT INTO integrations (name, integration_key, is_desktop, created_at) VALUES ($1, $2, $3, $4) RETURNING *', [name, integrationKey, isDesktop ? 1 : 0, now()]))[0]!,
    desktop: async () => (await rows('SELECT * FROM integrations WHERE is_desktop = 1'))[0],
    all: () => rows('SELECT * FROM integrations WHERE revoked_at IS NULL ORDER BY id'),
    active: async (id) => (rowId(id) === undefined ? undefined : (await rows('SELECT * FROM integrations WHERE id = $1 AND revoked_at IS NULL', [rowId(id)]))[0]),
    revoke: async (id) =>
      ((await pool.query('UPDATE integrations SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL AND is_desktop = 0', [Number(id), now()])).rowCount ?? 0) === 1,
  };
}

export function clientsTable(pool: Pool, now: () => string): Async<ClientsTable> {
  const rows = async (sql: string, values: unknown[] = []) => (await pool.query<ClientRow>(sql, values)).rows.map(clientRecord);
  return {
    add: async ({ username, credential, clientKey, role, profile }) => {
      const at = now();
      const added = await rows(
        `INSERT INTO clients (username, credential, client_key, name, address1, address2, city, postal_code, state,
                              country, contact, phone, email, tax_identification, created_at, updated_at, role)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16) RETURNING *`,
        [username, credential, clientKey, profile.name, profile.address1, profile.address2, profile.city, profile.postalCode, profile.state,
          profile.country, profile.contact, profile.phone, profile.email, profile.taxIdentification, at, role],
      );
      return added[0]!;
    },
    byId: async (id) => (rowId(id) === undefined ? undefined : (await rows('SELECT * FROM clients WHERE id = $1 AND removed_at IS NULL', [rowId(id)]))[0]),
    byUsername: async (username) => !storable(username) ? undefined : (await rows('SELECT * FROM clients WHERE username = $1 AND removed_at IS NULL', [username]))[0],
    usernameRemoved: async (username) => storable(username) && ((await pool.query('SELECT 1 FROM clients WHERE username = $1 AND removed_at IS NOT NULL', [username])).rowCount ?? 0) > 0,
    all: () => rows('SELECT * FROM clients WHERE removed_at IS NULL ORDER BY id'),
    count: async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM clients')).rows[0]!.n,
    credentials: async () =>
      (await pool.query<{ id: number; credential: Buffer }>('SELECT id, credential FROM clients WHERE removed_at IS NULL')).rows.map((row) => ({ id: String(row.id), credential: row.credential })),
    setClientKey: async (id, clientKey) => {
      await pool.query('UPDATE clients SET client_key = $2, updated_at = $3 WHERE id = $1', [Number(id), clientKey, now()]);
    },
    setCredential: async (id, credential) => {
      await pool.query('UPDATE clients SET credential = $2, updated_at = $3 WHERE id = $1', [Number(id), credential, now()]);
    },
    setRole: async (id, role) => {
      await pool.query('UPDATE clients SET role = $2, updated_at = $3 WHERE id = $1', [Number(id), role, now()]);
    },
    setProfile: async (id, profile) => {
      await pool.query(
        `UPDATE clients SET name = $2, address1 = $3, address2 = $4, city = $5, postal_code = $6, state = $7, country = $8, contact = $9, phone = $10,
           email = $11, tax_identification = $12, updated_at = $13 WHERE id = $1`,
        [Number(id), profile.name, profile.address1, profile.address2, profile.city, profile.postalCode, profile.state, profile.country, profile.contact, profile.phone, profile.email, profile.taxIdentification, now()],
      );
    },
    remove: async (id) => ((await pool.query('UPDATE clients SET removed_at = $2, updated_at = $2 WHERE id = $1 AND removed_at IS NULL', [Number(id), now()])).rowCount ?? 0) === 1,
  };
}
