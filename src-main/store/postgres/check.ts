// `station check` on a shared PostgreSQL database: whether its pages carry checksums, and PostgreSQL's amcheck of
// the station's tables (verify_heapam) and B-tree indexes (bt_index_check, every heap tuple found in its index),
// where the extension is installed or can be. PostgreSQL finds damage itself; this asks it to look everywhere.
import pg from 'pg';
import type { IntegrityReport } from '../backup.ts';
import { parseDatabaseUrl, writableServerClient } from './servers.ts';

export interface PostgresIntegrityReport extends IntegrityReport {
  /** data_checksums is on: a damaged page is an error when read, not a wrong answer. */
  dataChecksums: boolean;
  /** amcheck ran; or why not (the extension is missing from the server, or this user may not create it). */
  amcheck: 'ran' | 'not available on the server' | 'not installed (CREATE EXTENSION amcheck needs a superuser)';
  tables: number;
  indexes: number;
}

export async function checkPostgres(url: string): Promise<PostgresIntegrityReport> {
  const started = performance.now();
  const choice = parseDatabaseUrl(url);
  const config = { connectionString: choice.url };
  const Client = choice.readWrite ? writableServerClient(choice, config) : pg.Client;
  const client = new Client(config);
  await client.connect();
  try {
    const dataChecksums = (await client.query<{ data_checksums: string }>('SHOW data_checksums')).rows[0]?.data_checksums === 'on';
    const installed = async () => ((await client.query("SELECT 1 FROM pg_extension WHERE extname = 'amcheck'")).rowCount ?? 0) > 0;
    let amcheck: PostgresIntegrityReport['amcheck'] = 'ran';
    if (!(await installed())) {
      const available = ((await client.query("SELECT 1 FROM pg_available_extensions WHERE name = 'amcheck'")).rowCount ?? 0) > 0;
      if (!available) amcheck = 'not available on the server';
      else {
        await client.query('CREATE EXTENSION IF NOT EXISTS amcheck').catch(() => undefined);
        if (!(await installed())) amcheck = 'not installed (CREATE EXTENSION amcheck needs a superuser)';
      }
    }
    const problems: string[] = [];
    const names = async (kind: 'r' | 'i') =>
      (
        await client.query<{ name: string }>(
          `SELECT c.oid::regclass::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           ${kind === 'i' ? "JOIN pg_am a ON a.oid = c.relam AND a.amname = 'btree'" : ''}
           WHERE c.relkind = $1 AND n.nspname = current_schema() ORDER BY 1`,
          [kind],
        )
      ).rows.map((row) => row.name);
    const tables = await names('r');
    const indexes = await names('i');
    if (amcheck === 'ran') {
      for (const table of tables) {
        try {
          const found = await client.query<{ blkno: number; msg: string }>('SELECT blkno, msg FROM verify_heapam($1::regclass)', [table]);
          for (const row of found.rows) problems.push(`table ${table}, block ${row.blkno}: ${row.msg}`);
        } catch (error) {
          problems.push(`table ${table}: ${(error as Error).message}`);
        }
      }
      for (const index of indexes) {
        try {
          await client.query('SELECT bt_index_check($1::regclass, true)', [index]);
        } catch (error) {
          problems.push(`index ${index}: ${(error as Error).message}`);
        }
      }
    }
    return {
      file: url.replace(/\/\/[^@/]*@/, '//'),
      ok: problems.length === 0,
      problems,
      milliseconds: Math.round(performance.now() - started),
      dataChecksums,
      amcheck,
      tables: tables.length,
      indexes: indexes.length,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}
