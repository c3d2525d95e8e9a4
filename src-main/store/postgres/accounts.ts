// PostgreSQL: the station's secrets and keys, integrations and clients, shared by every desk on the database,
// so each desk accepts the tokens of every other.
import type { Async } from '../index.ts';
import { clientRecord, type ClientRow, type ClientsTable } from '../clients.ts';
import { rowId } from '../row-id.ts';
import { MERGE_CHECKS, MERGE_COUNTS, MERGE_STATEMENTS, mergeSql, type MergeCounts } from '../merge-clients.ts';
import { ACTIVE_USERS, USER_COLUMNS, USER_INSERT_POSTGRES, userRecord, type UserRow, type UsersTable } from '../users.ts';
import { integrationRecord, type IntegrationRow, type IntegrationsTable } from '../integrations.ts';
import type { StationKeyRecords, StationKeysTable } from '../station-keys.ts';
import { storable, transaction, wholeTableQuery, type Pool, type Queryable } from './database.ts';
import { ALL_SETTINGS, announceSettingsChange } from './settings-cache.ts';

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
    // The clients' credential and role columns are the first user's, written for old backups' sake and never read.
    add: ({ username, credential, clientKey, role, profile }) =>
      transaction(pool, async (db) => {
        const at = now();
        const client = clientRecord(
          (
            await db.query<ClientRow>(
              `INSERT INTO clients (username, credential, client_key, name, address1, address2, city, postal_code, state,
                                    country, contact, phone, email, tax_identification, created_at, updated_at, role)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16) RETURNING *`,
              [username, credential, clientKey, profile.name, profile.address1, profile.address2, profile.city, profile.postalCode, profile.state,
                profile.country, profile.contact, profile.phone, profile.email, profile.taxIdentification, at, role],
            )
          ).rows[0]!,
        );
        const user = userRecord(
          (
            await db.query<UserRow>(
              USER_INSERT_POSTGRES,
              [Number(client.id), username, credential, role, profile.contact || username, at],
            )
          ).rows[0]!,
        );
        return { client, user };
      }),
    byId: async (id) => (rowId(id) === undefined ? undefined : (await rows('SELECT * FROM clients WHERE id = $1 AND removed_at IS NULL', [rowId(id)]))[0]),
    byUsername: async (username) => !storable(username) ? undefined : (await rows('SELECT * FROM clients WHERE username = $1 AND removed_at IS NULL', [username]))[0],
    all: () => rows('SELECT * FROM clients WHERE removed_at IS NULL ORDER BY id'),
    count: async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM clients')).rows[0]!.n,
    setClientKey: async (id, clientKey) => {
      await pool.query('UPDATE clients SET client_key = $2, updated_at = $3 WHERE id = $1', [Number(id), clientKey, now()]);
    },
    setProfile: async (id, profile) => {
      await pool.query(
        `UPDATE clients SET name = $2, address1 = $3, address2 = $4, city = $5, postal_code = $6, state = $7, country = $8, contact = $9, phone = $10,
           email = $11, tax_identification = $12, updated_at = $13 WHERE id = $1`,
        [Number(id), profile.name, profile.address1, profile.address2, profile.city, profile.postalCode, profile.state, profile.country, profile.contact, profile.phone, profile.email, profile.taxIdentification, now()],
      );
    },
    merge: (intoId, fromId) =>
      transaction(pool, async (db) => {
        const sql = (statement: string) => mergeSql(statement, intoId, fromId, now());
        // Both accounts' rows are locked first, so no other desk adds to the one leaving while it moves.
        await db.query(sql('SELECT id FROM clients WHERE id IN ($into, $from) ORDER BY id FOR UPDATE'));
        const problems: string[] = [];
        for (const check of MERGE_CHECKS) problems.push(...(await db.query<{ problem: string }>(sql(check))).rows.map((row) => row.problem));
        if (problems.length > 0) return { merged: false as const, problems };
        const counts = (await db.query<Record<keyof MergeCounts, string>>(sql(MERGE_COUNTS))).rows[0]!;
        const moved: MergeCounts = { users: Number(counts.users), shipments: Number(counts.shipments), orders: Number(counts.orders), addresses: Number(counts.addresses) };
        // An account's whole history moves: as long as it takes, not cut by the query timeout.
        for (const statement of MERGE_STATEMENTS) await db.query(wholeTableQuery(sql(statement)));
        // The leaving account's print settings became the other's: every desk reads settings afresh.
        await announceSettingsChange(db, ALL_SETTINGS);
        return { merged: true as const, moved };
      }),
    remove: (id) =>
      transaction(pool, async (db) => {
        const at = now();
        const removed = ((await db.query('UPDATE clients SET removed_at = $2, updated_at = $2 WHERE id = $1 AND removed_at IS NULL', [Number(id), at])).rowCount ?? 0) === 1;
        if (removed) await db.query('UPDATE users SET removed_at = $2, updated_at = $2 WHERE client_id = $1 AND removed_at IS NULL', [Number(id), at]);
        return removed;
      }),
  };
}

export function usersTable(pool: Pool, now: () => string): Async<UsersTable> {
  const rows = async (sql: string, values: unknown[] = []) => (await pool.query<UserRow>(sql, values)).rows.map(userRecord);
  const set = (column: string) => async (id: string, value: unknown) => {
    await pool.query(`UPDATE users SET ${column} = $2, updated_at = $3 WHERE id = $1`, [Number(id), value, now()]);
  };
  return {
    add: async ({ clientId, username, credential, role, name }) =>
      (
        await rows(
          USER_INSERT_POSTGRES,
          [Number(clientId), username, credential, role, name, now()],
        )
      )[0]!,
    byId: async (id) => (rowId(id) === undefined ? undefined : (await rows(`SELECT ${USER_COLUMNS} FROM ${ACTIVE_USERS} AND users.id = $1`, [rowId(id)]))[0]),
    byUsername: async (username) => (!storable(username) ? undefined : (await rows(`SELECT ${USER_COLUMNS} FROM ${ACTIVE_USERS} AND users.username = $1`, [username]))[0]),
    usernameTaken: async (username) => storable(username) && ((await pool.query('SELECT 1 FROM users WHERE username = $1', [username])).rowCount ?? 0) > 0,
    list: async (clientId) => {
      if (clientId === undefined) return rows(`SELECT ${USER_COLUMNS} FROM ${ACTIVE_USERS} ORDER BY users.client_id, users.id`);
      return rowId(clientId) === undefined ? [] : rows(`SELECT ${USER_COLUMNS} FROM ${ACTIVE_USERS} AND users.client_id = $1 ORDER BY users.id`, [rowId(clientId)]);
    },
    credentials: async () =>
      (await pool.query<{ id: number; credential: Buffer }>(`SELECT users.id, users.credential FROM ${ACTIVE_USERS}`)).rows.map((row) => ({ id: String(row.id), credential: row.credential })),
    setCredential: set('credential'),
    setRole: set('role'),
    setName: set('name'),
    remove: async (id) => ((await pool.query('UPDATE users SET removed_at = $2, updated_at = $2 WHERE id = $1 AND removed_at IS NULL', [Number(id), now()])).rowCount ?? 0) === 1,
  };
}
