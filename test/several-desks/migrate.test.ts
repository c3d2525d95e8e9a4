// Moving up: a populated SQLite station, stopped, copied into an empty PostgreSQL database with
// `station migrate --to`, answers the same summaries, documents, tracking and sign-ins there, and carries on its
// reference sequence and ids; a second migrate into the same database, or one under a running station, is refused.
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../helpers/postgres.ts';
import { runCli } from '../helpers/cli.ts';
import { OPERATOR, SMITH, startTestStation, type TestStation } from '../helpers/station.ts';
import { attributes, document, get, post } from '../helpers/shipments.ts';
import { runningClock } from '../helpers/clock.ts';

const server = inject('postgresUrl');

interface Snapshot {
  summaries: unknown;
  documents: Map<string, string>;
  tracking: Map<string, unknown>;
  current: unknown;
}

async function snapshot(t: TestStation, token: string, ids: string[]): Promise<Snapshot> {
  const documents = new Map<string, string>();
  const tracking = new Map<string, unknown>();
  for (const id of ids) {
    const docs = await get(t, token, `/v3/shipments/${id}/documents`);
    expect(docs.status).toBe(200);
    documents.set(id, JSON.stringify(docs.json.data));
    const track = await get(t, token, `/v3/shipments/${id}/tracking`);
    expect(track.status).toBe(200);
    tracking.set(id, track.json.data);
  }
  return {
    summaries: (await get(t, token, '/v3/shipment-summaries?limit=1000')).json.data,
    documents,
    tracking,
    current: (await get(t, token, '/v3/clients/current')).json,
  };
}

describe('station migrate --to postgres://…', () => {
  let sqlite: TestStation;
  let url: string;
  let before: Snapshot;
  let processed: string[];
  let token: string;
  let lastReference: number;

  beforeAll(async () => {
    // This station is on SQLite, whatever the suite's back end.
    sqlite = await startTestStation({ schedulerIntervalMs: 0, databaseUrl: undefined, desk: 'old-desk' });
    token = await sqlite.token();
    processed = [];
    for (let index = 0; index < 6; index++) {
      const created = await post(
        sqlite,
        token,
        '/v3/shipments',
        document(attributes({ customerReference: `MOVE-${index}` }), {
          scheduledProcessing: false,
          service: index % 2 ? 'express' : 'economy',
        }),
      );
      expect(created.status).toBe(201);
      processed.push(created.json.data.id);
    }
    // A scheduled one processed by the timer's run, a saved one, and a voided one.
    const scheduled = await post(
      sqlite,
      token,
      '/v3/shipments',
      document(attributes({ customerReference: 'MOVE-SCHEDULED' }), { service: 'economy' }),
    );
    expect(scheduled.status).toBe(202);
    await sqlite.station.shipments.processWaiting(10);
    processed.push(scheduled.json.data.id);
    expect((await post(sqlite, token, '/v3/shipments/save', document())).status).toBe(202);
    const voided = processed.pop()!;
    expect((await sqlite.call(`/v3/shipments/${voided}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } })).status).toBe(
      204,
    );
    // Settings, another client and an integration key: all of it must move.
    await sqlite.call('/v3/print-settings', {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({ data: { type: 'printSettings', attributes: { dpi: 300, format: 'zpl' } } }),
    });
    const order = {
      type: 'order',
      attributes: {
        number: 'MOVE-ORDER-1',
        shipTo: attributes().shipTo,
        lines: [{ sku: 'CUP-6', description: 'Cup', quantity: 1, unitPrice: '10' }],
      },
    };
    expect((await post(sqlite, token, '/v3/orders', { data: order })).status).toBe(201);
    await sqlite.station.clients.add(OPERATOR, { username: 'packer-1', password: 'packer-password-1', profile: { name: 'Desk 1' } });
    await sqlite.station.integrations.add(OPERATOR, 'ERP');
    await sqlite.station.carrierSettings.setFuelSurcharge(OPERATOR, 'DHL', 9.5);
    const added = await runCli([
      'tracking',
      'add',
      '--data',
      sqlite.dataDir,
      '--shipment',
      processed[0]!,
      '--status',
      '5',
      '--at',
      `${runningClock().today()} 10:00:00`,
      '--text',
      'Out for delivery',
    ]);
    expect(added.code, added.stderr).toBe(0);
    before = await snapshot(sqlite, token, processed);
    lastReference = Math.max(
      ...(before.summaries as { attributes: { reference: string } }[]).map((summary) => Number(summary.attributes.reference)),
    );
    url = await createDatabase(server);
  });

  afterAll(() => sqlite?.close());

  it('refuses while the station runs on the folder', async () => {
    const result = await runCli(['migrate', '--data', sqlite.dataDir, '--to', url]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/running/i);
  });

  it('copies every table, checks the counts, and the station answers the same on PostgreSQL', async () => {
    await sqlite.station.stop();
    const result = await runCli(['migrate', '--data', sqlite.dataDir, '--to', url, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const { tables } = JSON.parse(result.stdout) as { tables: { table: string; sqliteRows: number; postgresRows: number }[] };
    expect(tables.map((table) => table.table)).toEqual(
      expect.arrayContaining(['shipments', 'shipment_documents', 'clients', 'station_secrets', 'audit_events', 'tracking_events']),
    );
    for (const table of tables) expect(table.postgresRows, table.table).toBe(table.sqliteRows);
    expect(tables.find((table) => table.table === 'shipments')!.postgresRows).toBe(8);
    expect(tables.find((table) => table.table === 'orders')).toEqual({ table: 'orders', sqliteRows: 1, postgresRows: 1 });

    const moved = await startTestStation({ schedulerIntervalMs: 0, databaseUrl: url, desk: 'old-desk' });
    try {
      // The same secrets: the token made on SQLite still works, and the same password signs in.
      expect((await get(moved, token, '/v3/clients/current')).status).toBe(200);
      expect(moved.integrationKey).toBe(sqlite.integrationKey);
      const again = await moved.token();
      const after = await snapshot(moved, again, processed);
      expect(after.summaries).toEqual(before.summaries);
      expect(after.current).toEqual(before.current);
      for (const id of processed) {
        expect(after.documents.get(id)).toBe(before.documents.get(id));
        expect(after.tracking.get(id)).toEqual(before.tracking.get(id));
      }
      expect((after.tracking.get(processed[0]!) as { attributes: { trackingStatus: number } }).attributes.trackingStatus).toBe(5);
      // Settings, clients, keys and the audit log came along.
      expect((await get(moved, again, '/v3/print-settings')).json.data.attributes).toMatchObject({ dpi: 300, format: 'zpl' });
      expect((await moved.station.clients.list(OPERATOR)).map((client) => client.username)).toEqual(['smith', 'packer-1']);
      expect((await moved.station.integrations.list(OPERATOR)).map((integration) => integration.name)).toContain('ERP');
      expect((await moved.station.store.carrierSettings.fuelSurcharges()).get('DHL')).toBe(9.5);
      const voids = await moved.station.store.audit.list({
        before: null,
        action: 'shipment.voided',
        desk: 'old-desk',
        actor: SMITH.username,
        limit: 10,
      });
      expect(voids).toHaveLength(1);
      // Sequences carry on: the next reference follows the last one, and a new client gets a new id.
      const next = await post(moved, again, '/v3/shipments', document(undefined, { scheduledProcessing: false, service: 'economy' }));
      expect(next.status).toBe(201);
      expect(Number(next.json.data.meta.reference)).toBeGreaterThan(lastReference);
      const newcomer = await moved.station.clients.add(OPERATOR, {
        username: 'packer-2',
        password: 'packer-password-2',
        profile: { name: 'Desk 2' },
      });
      expect(Number(newcomer.id)).toBe(3);
    } finally {
      await moved.station.stop();
    }
  });

  it('refuses a database that already holds a station', async () => {
    const result = await runCli(['migrate', '--data', sqlite.dataDir, '--to', url]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/already holds a station .*empty database only/);
  });
});
