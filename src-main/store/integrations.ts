// Integration keys: one per program that may authenticate clients (the desk app is one of them).
import type { IntegrationRecord } from '../domain/client.ts';
import { rowId } from './row-id.ts';
import type { Sql } from './sql/executor.ts';
import type { TableContext, TableGroup } from './table-group.ts';

export interface IntegrationReads {
  /** The keys in use: revoked ones sign nobody in. */
  all(): Promise<IntegrationRecord[]>;
  /** The integration with this id, unless it was revoked. */
  active(id: string): Promise<IntegrationRecord | undefined>;
}

export interface IntegrationWrites {
  add(input: { name: string; integrationKey: string; isDesktop?: boolean }): Promise<IntegrationRecord>;
  revoke(id: string): Promise<boolean>;
}

export interface IntegrationRow {
  id: number;
  name: string;
  integration_key: string;
  is_desktop: number;
  created_at: string;
}

const integrationRecord = (row: IntegrationRow): IntegrationRecord => ({
  id: String(row.id),
  name: row.name,
  integrationKey: row.integration_key,
  isDesktop: row.is_desktop === 1,
  createdAt: row.created_at,
});

/** The desk app's integration, as stored. */
export const desktopIntegration = (sql: Sql) => sql.one<IntegrationRow>('SELECT * FROM integrations WHERE is_desktop = 1');

function reads(sql: Sql): IntegrationReads {
  return {
    all: async () =>
      (await sql.all<IntegrationRow>('SELECT * FROM integrations WHERE revoked_at IS NULL ORDER BY id')).map(integrationRecord),
    active: async (id) => {
      const row =
        rowId(id) === undefined
          ? undefined
          : await sql.one<IntegrationRow>('SELECT * FROM integrations WHERE id = $1 AND revoked_at IS NULL', [rowId(id)]);
      return row && integrationRecord(row);
    },
  };
}

function writes(sql: Sql, { now }: TableContext): IntegrationWrites {
  return {
    add: async ({ name, integrationKey, isDesktop = false }) =>
      integrationRecord(
        (await sql.one<IntegrationRow>(
          'INSERT INTO integrations (name, integration_key, is_desktop, created_at) VALUES ($1, $2, $3, $4) RETURNING *',
          [name, integrationKey, isDesktop ? 1 : 0, now()],
        ))!,
      ),
    revoke: async (id) =>
      (await sql.run('UPDATE integrations SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL AND is_desktop = 0', [
        rowId(id) ?? 0,
        now(),
      ])) === 1,
  };
}

export const integrations: TableGroup<IntegrationReads, IntegrationWrites> = { reads, writes };
