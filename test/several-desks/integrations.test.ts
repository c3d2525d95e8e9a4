// Integrations with several desks on one PostgreSQL database: a webhook gets each event exactly once and in order
// although both desks make shipments (one desk at a time delivers); the same Idempotency-Key sent to two desks
// at the same moment makes one shipment; and either desk's event feed has both desks' events.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../helpers/postgres.ts';
import { attributes, document, shipTo } from '../helpers/shipments.ts';
import { JSONAPI, startTestStation, tempDir, type TestStation } from '../helpers/station.ts';
import { join } from 'node:path';
import { waitFor } from '../helpers/wait.ts';

const server = inject('postgresUrl');
let deskA: TestStation;
let deskB: TestStation;
let tokenA: string;
let tokenB: string;

beforeAll(async () => {
  const databaseUrl = await createDatabase(server);
  const policy = { firstRetryMs: 100, maxRetryMs: 400, tickMs: 50 };
  deskA = await startTestStation({
    databaseUrl,
    desk: 'desk-a',
    dataDir: join(tempDir(), 'a'),
    schedulerIntervalMs: 0,
    webhookPolicy: policy,
  });
  deskB = await startTestStation({
    databaseUrl,
    desk: 'desk-b',
    dataDir: join(tempDir(), 'b'),
    schedulerIntervalMs: 0,
    webhookPolicy: policy,
  });
  tokenA = await deskA.token();
  tokenB = await deskB.token();
});

afterAll(async () => {
  await deskA?.close();
  await deskB?.close();
});

const send = (desk: TestStation, token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  desk.call(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const immediate = (name = `Desk receiver ${Math.random()}`) =>
  document(attributes({ shipTo: { ...shipTo(), name } }), { scheduledProcessing: false, service: 'economy' });

describe('two desks, one database', () => {
  it('deliver each event to a webhook exactly once, in order', async () => {
    const received: { id: number; type: string }[] = [];
    const receiver: Server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const event = JSON.parse(body).data;
        received.push({ id: Number(event.id), type: event.attributes.eventType });
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
      const added = await send(deskA, tokenA, 'POST', '/v3/webhooks', {
        data: { type: 'webhook', attributes: { url, events: ['shipment.created', 'shipment.processed'] } },
      });
      expect(added.status).toBe(201);
      const made = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? send(deskA, tokenA, 'POST', '/v3/shipments', immediate())
            : send(deskB, tokenB, 'POST', '/v3/shipments', immediate()),
        ),
      );
      // A refusal says why in the failure message: one 400 among the 20 was seen once in CI and not reproduced.
      expect(
        made.map((answer) => answer.status),
        made
          .filter((answer) => answer.status !== 201)
          .map((answer) => answer.text)
          .join('\n'),
      ).toEqual(Array(20).fill(201));
      await waitFor('40 deliveries', () => received.length >= 40, { timeoutMs: 20_000, intervalMs: 50 });
      // And no 41st: each event is delivered once, whichever desk sends it. Deliveries go in order, so a later
      // shipment's two events are the marker: a repeat of any of the forty would have come before them.
      expect((await send(deskB, tokenB, 'POST', '/v3/shipments', immediate())).status).toBe(201);
      await waitFor('the marker’s two deliveries', () => received.length >= 42, { timeoutMs: 20_000, intervalMs: 50 });
      expect(received).toHaveLength(42);
      expect(received.slice(40).map((event) => event.type)).toEqual(['shipment.created', 'shipment.processed']);
      expect(new Set(received.map((event) => event.id)).size).toBe(42);
      const ids = received.map((event) => event.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    } finally {
      receiver.close();
    }
  });

  it('make one shipment of the same Idempotency-Key sent to both desks at once', async () => {
    const name = `Twice sent ${Math.random()}`;
    const body = immediate(name);
    const [a, b] = await Promise.all([
      send(deskA, tokenA, 'POST', '/v3/shipments', body, { 'Idempotency-Key': 'erp-order-77' }),
      send(deskB, tokenB, 'POST', '/v3/shipments', body, { 'Idempotency-Key': 'erp-order-77' }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.json.data.id).toBe(b.json.data.id);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
    const list = await send(deskB, tokenB, 'GET', '/v3/shipment-summaries?limit=1000');
    expect((list.json.data as { attributes: { shipToName: string } }[]).filter((row) => row.attributes.shipToName === name)).toHaveLength(
      1,
    );
  });

  it('show both desks’ events in either desk’s feed', async () => {
    const fromA = await send(deskA, tokenA, 'POST', '/v3/shipments', immediate());
    const fromB = await send(deskB, tokenB, 'POST', '/v3/shipments', immediate());
    for (const [desk, token] of [
      [deskA, tokenA],
      [deskB, tokenB],
    ] as const) {
      const feed = (await send(desk, token, 'GET', '/v3/events?after=0&limit=1000')).json.data as {
        attributes: { resource: { id: string } };
      }[];
      const subjects = new Set(feed.map((event) => event.attributes.resource.id));
      expect(subjects.has(fromA.json.data.id) && subjects.has(fromB.json.data.id)).toBe(true);
    }
  });
});
