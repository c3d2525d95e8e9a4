// Integration keys: one per program that may authenticate clients (the desk app is one of them).
import type { IntegrationRecord } from '../domain/client.ts';
import type { Db } from './database.ts';

export interface IntegrationsTable {
  add(input: { name: string; integrationKey: string; isDesktop?: boolean }): IntegrationRecord;
  desktop(): IntegrationRecord | undefined;
  all(): IntegrationRecord[];
}

interface IntegrationRow {
  id: number;
  name: string;
  integration_key: string;
  is_desktop: number;
  created_at: string;
}

function toRecord(row: IntegrationRow): IntegrationRecord {
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
  const selectAll = db.prepare<[], IntegrationRow>('SELECT * FROM integrations ORDER BY id');
  return {
    add: ({ name, integrationKey, isDesktop = false }) =>
      toRecord(insert.get({ name, key: integrationKey, isDesktop: isDesktop ? 1 : 0, createdAt: now() }) as IntegrationRow),
    desktop: () => {
      const row = selectDesktop.get();
      return row && toRecord(row);
    },
    all: () => selectAll.all().map(toRecord),
  };
}
