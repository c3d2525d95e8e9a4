import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { runCli, serve } from '../helpers/cli.ts';
import { http } from '../helpers/http.ts';
import { attributes, document } from '../helpers/shipments.ts';
import { JSONAPI, tempDir } from '../helpers/station.ts';
import { waitFor } from '../helpers/wait.ts';

// Enough that each kill lands with work still waiting, even when the poll below is slowed by other test files.
const SHIPMENTS = 200;

function counts(dataDir: string) {
  const db = new Database(join(dataDir, 'station.sqlite'), { readonly: true });
  try {
    return db
      .prepare('SELECT count(*) FILTER (WHERE status = 3) AS processed, count(*) FILTER (WHERE status = 0) AS waiting FROM shipments')
      .get() as {
      processed: number;
      waiting: number;
    };
  } finally {
    db.close();
  }
}

const until = (condition: () => boolean, what: string) => waitFor(what, condition, { timeoutMs: 60_000, intervalMs: 10 });

describe('scheduled processing survives being killed at any moment', () => {
  it('processes every shipment exactly once across two kills mid-batch', async () => {
    const data = join(tempDir(), 'data');
    await runCli(['client', 'add', '--data', data, '--username', 'desk', '--password', 'desk-password', '--name', 'Desk', '--json']);
    const keys = JSON.parse((await runCli(['keys', '--data', data, '--json'])).stdout);

    // Create the shipments with the timer off, so none is processed yet.
    const idle = await serve(['--data', data, '--port', '0'], { STATION_SCHEDULER_INTERVAL_MS: '0' });
    const signIn = await http(`${idle.url}/v3/clients/authentication`, {
      method: 'POST',
      headers: {
        Accept: JSONAPI,
        Authorization: serviceApiAuthorization(authenticationHash('desk', 'desk-password'), keys.integrationKey),
      },
    });
    const headers = { Accept: JSONAPI, 'Content-Type': JSONAPI, Authorization: `Bearer ${signIn.json.meta.token}` };
    const ids: string[] = [];
    for (let i = 0; i < SHIPMENTS; i++) {
      const response = await http(`${idle.url}/v3/shipments`, {
        method: 'POST',
        headers,
        body: JSON.stringify(document(attributes(), { service: i % 2 ? 'express' : 'economy' })),
      });
      expect(response.status).toBe(202);
      ids.push(response.json.data.id);
    }
    expect(await idle.stop()).toBe(0);
    expect(counts(data)).toEqual({ processed: 0, waiting: SHIPMENTS });

    // Kill the station twice while batches run.
    for (const killAt of [SHIPMENTS / 4, SHIPMENTS / 2]) {
      const running = await serve(['--data', data, '--port', '0'], { STATION_SCHEDULER_INTERVAL_MS: '20' });
      await until(() => counts(data).processed >= killAt, `${killAt} processed`);
      expect(await running.stop('SIGKILL')).toBeNull();
      expect(counts(data).waiting).toBeGreaterThan(0);
    }

    // A restart finishes the work.
    const last = await serve(['--data', data, '--port', '0'], { STATION_SCHEDULER_INTERVAL_MS: '20' });
    await until(() => counts(data).waiting === 0, 'all processed');
    expect(await last.stop()).toBe(0);

    const db = new Database(join(data, 'station.sqlite'), { readonly: true });
    try {
      const rows = db.prepare('SELECT id, status, reference, tracking_number FROM shipments').all() as {
        id: string;
        status: number;
        reference: string;
        tracking_number: string;
      }[];
      expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
      expect(rows.every((row) => row.status === 3)).toBe(true);
      expect(new Set(rows.map((row) => row.tracking_number)).size).toBe(SHIPMENTS);
      expect(new Set(rows.map((row) => row.reference)).size).toBe(SHIPMENTS);
      const processedOnce = db
        .prepare("SELECT shipment_id, count(*) AS n FROM shipment_audit WHERE action = 'processed' GROUP BY shipment_id")
        .all() as { n: number }[];
      expect(processedOnce).toHaveLength(SHIPMENTS);
      expect(processedOnce.every((row) => row.n === 1)).toBe(true);
      expect(db.prepare('SELECT count(*) FROM shipment_documents').pluck().get()).toBe(SHIPMENTS);
      expect(db.prepare('SELECT count(*) FROM collection_bookings').pluck().get()).toBe(SHIPMENTS);
      expect(db.prepare("SELECT count(*) FROM shipment_audit WHERE action = 'failed'").pluck().get()).toBe(0);
    } finally {
      db.close();
    }
  });
});
