// The station's own keys, created together on first open in one transaction: the server key that signs Bearer
// tokens, the credential salt, and the integration key of the station's desk app. Kept in the database, so every
// desk sharing it accepts the tokens of every other.
import { desktopIntegration } from './integrations.ts';
import type { Sql } from './sql/executor.ts';
import type { TableContext, TableGroup } from './table-group.ts';

export interface StationKeyRecords {
  serverKey: string;
  credentialSalt: string;
  desktopIntegrationKey: string;
}

/** The group's one write, a bulk one (table-group.ts): it takes a function, which cannot be sent to a thread. */
export interface StationKeyBulk {
  /**
   * Returns the keys, creating the missing ones with `newSecret(bytes)`; `deskName` names the desk app's
   * integration. It writes only the first time a database opens, before any writer thread.
   */
  ensure(newSecret: (bytes: number) => string, deskName: string): Promise<StationKeyRecords>;
}

const secret = async (sql: Sql, name: string) =>
  (await sql.one<{ value: string }>('SELECT value FROM station_secrets WHERE name = $1', [name]))?.value;

/** The keys as they are (one statement after another: inside a transaction they share one connection). */
async function existing(sql: Sql): Promise<StationKeyRecords | undefined> {
  const serverKey = await secret(sql, 'serverKey');
  const credentialSalt = await secret(sql, 'credentialSalt');
  const desktop = await desktopIntegration(sql);
  return serverKey !== undefined && credentialSalt !== undefined && desktop
    ? { serverKey, credentialSalt, desktopIntegrationKey: desktop.integration_key }
    : undefined;
}

function bulk(sql: Sql, { now }: TableContext): StationKeyBulk {
  return {
    // Read without a lock first: a station starts while another program writes. The first desk on a new database
    // makes the keys under the write lock, so two first desks agree on one set.
    ensure: async (newSecret, deskName) =>
      (await existing(sql)) ??
      sql.tx(async (tx) => {
        const lock = tx.dialect.lockTable('station_secrets');
        if (lock) await tx.run(lock);
        const made = await existing(tx);
        if (made) return made;
        const at = now();
        for (const [name, bytes] of [
          ['serverKey', 32],
          ['credentialSalt', 16],
        ] as const) {
          await tx.run('INSERT INTO station_secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING', [
            name,
            newSecret(bytes),
            at,
          ]);
        }
        if (!(await desktopIntegration(tx)))
          await tx.run('INSERT INTO integrations (name, integration_key, is_desktop, created_at) VALUES ($1, $2, 1, $3)', [
            deskName,
            newSecret(24),
            at,
          ]);
        return (await existing(tx))!;
      }),
  };
}

export const stationKeys: TableGroup<object, object, StationKeyBulk> = { reads: () => ({}), writes: () => ({}), bulk };
