// Integration keys: one per program that may authenticate clients (the desk app is one of them).
import type { IntegrationRecord } from '../domain/client.ts';
import type { Db } from './database.ts';

export interface IntegrationsTable {
  add(input: { name: string; integrationKey: string; isDesktop?: boolean }): IntegrationRecord;
  desktop(): IntegrationRecord | undefined;
  /** The keys in use: revoked ones sign nobody in. */
  all(): IntegrationRecord[];
  /** The integration with this id, unless it was revoked. */
  active(id: string): IntegrationRecord | undefined;
  revoke(id: string): boolean;
}

export interface IntegrationRow {
  id: number;
  name: string;
  integration_key: string;
  is_desktop: number;
  created_at: string;
}

export function integrationRecord(row: IntegrationRow): IntegrationRecord {
  return {
    id: String(row.id),
    name: row.name,
    integrationKey: row.integration_key,
    isDesktop: row.is_desktop === 1,
    createdAt: row.created_at,
  };
}

export function integrationsTable(db: Db, now: () => string): IntegrationsTable {
  const insert = db.prepare<{ name: string; key: string; isDesktop: number; createdAt: string }, IntegrationRow>(
    `INSERT INTO integrations (name, integration_key, is_desktop, created_at)
     VALUES (@name, @key, @isDesktop, @createdAt) RETURNING *`,
  );
  const selectDesktop = db.prepare<[], IntegrationRow>('SELECT * FROM integrations WHERE is_desktop = 1');
  const selectAll = db.prepare<[], IntegrationRow>('SELECT * FROM integrations WHERE revoked_at IS NULL ORDER BY id');
  const selectActive = db.prepare<[number], IntegrationRow>('SELECT * FROM integrations WHERE id = ? AND revoked_at IS NULL');
  const markRevoked = db.prepare<{ id: number; now: string }>('UPDATE integrations SET revoked_at = @now WHERE id = @id AND revoked_at IS NULL AND is_desktop = 0');
  return {
    add: ({ name, integrationKey, isDesktop = false }) =>
      integrationRecord(insert.get({ name, key: integrationKey, isDesktop: isDesktop ? 1 : 0, createdAt: now() }) as IntegrationRow),
    desktop: () => {
      const row = selectDesktop.get();
      return row && integrationRecord(row);
    },
    all: () => selectAll.all().map(integrationRecord),
    active: (id) => {
      const row = /^[1-9][0-9]{0,15}$/.test(id) ? selectActive.get(Number(id)) : undefined;
      return row && integrationRecord(row);
    },
    revoke: (id) => markRevoked.run({ id: Number(id), now: now() }).changes === 1,
  };
}
