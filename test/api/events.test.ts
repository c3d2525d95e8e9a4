// The integration events over HTTP: every change an integrator follows is in the client's feed, in order, with the
// resource as it was then; the feed pages with `after`, filters by type, and is the client's own; the live stream
// sends the same events as Server-Sent Events and resumes from Last-Event-ID.
import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrackingEventService } from '../../src-main/services/tracking-events.ts';
import { ThermalPrinter, addRawQueue, cupsMissing, removeQueue } from '../helpers/printers.ts';
import { attributes, document, shipTo } from '../helpers/shipments.ts';
import { JSONAPI, OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';
import { runningClock } from '../helpers/clock.ts';
import { waitFor } from '../helpers/wait.ts';

const noCups = cupsMissing();
if (noCups && process.env.CI) throw new Error(`${noCups}; in CI print events come from real CUPS jobs.`);
if (noCups) console.log(`Skipping the print events: ${noCups}.`);
const QUEUE = `station-events-${process.pid}`;
const DEAD_QUEUE = `station-events-dead-${process.pid}`;

let t: TestStation;
let token: string;
let jones: string;
const thermal = new ThermalPrinter();

beforeAll(async () => {
  if (!noCups) {
    await thermal.start();
    addRawQueue(QUEUE, `socket://127.0.0.1:${thermal.port}`);
    // Nothing listens on port 9: the job never finishes, and the station gives up on it.
    addRawQueue(DEAD_QUEUE, 'socket://127.0.0.1:9');
  }
  t = await startTestStation({
    schedulerIntervalMs: 0,
    printPollMs: 100,
    printTimeoutMs: 1_500,
    documentWorkerUrl: new URL('../helpers/crashing-document-worker.ts', import.meta.url),
  });
  token = await t.token();
  await t.station.clients.add(OPERATOR, { username: 'events-jones', password: 'Another-Desk-2026', profile: { name: 'Jones Fulfilment' } });
  jones = (await t.signIn('events-jones', 'Another-Desk-2026')).json.meta.token;
});

afterAll(async () => {
  await t?.close();
  if (!noCups) {
    removeQueue(QUEUE);
    removeQueue(DEAD_QUEUE);
    await thermal.stop();
  }
});

interface EventJson {
  type: 'event';
  id: string;
  attributes: {
    eventType: string;
    occurredAt: string;
    clientId: string;
    sandbox: boolean;
    resource: { type: string; id: string; attributes: Record<string, unknown>; meta?: Record<string, unknown> };
  };
}

const auth = (bearer = token) => ({ Authorization: `Bearer ${bearer}` });
const create = (
  meta: Record<string, unknown> = { scheduledProcessing: false, service: 'economy' },
  extra: Record<string, unknown> = {},
  path = '/v3/shipments',
) =>
  t.call(path, {
    method: 'POST',
    headers: { ...auth(), 'Content-Type': JSONAPI },
    body: JSON.stringify(document(attributes({ shipTo: { ...shipTo(), name: `Events ${Math.random()}` }, ...extra }), meta)),
  });
const feed = async (query = '', bearer = token, prefix = '/v3') => t.call(`${prefix}/events${query}`, { headers: auth(bearer) });
const eventsAfter = async (after: string, bearer = token): Promise<EventJson[]> =>
  (await feed(`?after=${after}&limit=1000`, bearer)).json.data;
const latest = async (bearer = token) => (await feed('?after=0&limit=1000', bearer)).json.meta.lastEventId as string;

describe('GET /v3/events', () => {
  it('has created then processed for a one-step create, each with the shipment as it was then', async () => {
    const start = await latest();
    const created = await create();
    expect(created.status).toBe(201);
    const events = (await eventsAfter(start)).filter((event) => event.attributes.resource.id === created.json.data.id);
    expect(events.map((event) => event.attributes.eventType)).toEqual(['shipment.created', 'shipment.processed']);
    const [first, second] = events;
    expect(Number(second!.id)).toBeGreaterThan(Number(first!.id));
    expect(first!.attributes.resource.meta).toMatchObject({ status: 0, trackingNumber: null });
    expect(second!.attributes.resource.meta).toMatchObject({ status: 3, trackingNumber: created.json.data.meta.trackingNumber });
    expect(second!.attributes.resource).toMatchObject({ type: 'shipment', links: { self: created.json.data.links.self } });
    expect(second!.attributes).toMatchObject({ clientId: t.client.id, sandbox: false });
    expect(Date.parse(second!.attributes.occurredAt)).not.toBeNaN();
  });

  it('has failed for a scheduled shipment that cannot be rendered, and deleted for a deleted one', async () => {
    const start = await latest();
    const doomed = await create({ scheduledProcessing: true, service: 'economy' }, { customerReference: 'CRASH-ALWAYS' });
    expect(doomed.status).toBe(202);
    await t.station.scheduler.runOnce();
    const saved = await create({}, {}, '/v3/shipments/save');
    expect((await t.call(`/v3/shipments/${saved.json.data.id}`, { method: 'DELETE', headers: auth() })).status).toBe(204);
    const events = await eventsAfter(start);
    const of = (id: string) => events.filter((event) => event.attributes.resource.id === id).map((event) => event.attributes.eventType);
    expect(of(doomed.json.data.id)).toEqual(['shipment.created', 'shipment.failed']);
    expect(events.find((event) => event.attributes.eventType === 'shipment.failed')!.attributes.resource.meta).toMatchObject({
      status: -1,
    });
    expect(of(saved.json.data.id)).toEqual(['shipment.created', 'shipment.deleted']);
  });

  it('has tracking.updated with the tracking resource when an event is recorded', async () => {
    const created = await create();
    const start = await latest();
    const scanned = `${t.clock.today()} 14:00:00`;
    await createTrackingEventService(t.station.store, t.station.audit).add(OPERATOR, created.json.data.id, {
      status: 2,
      at: scanned,
      text: 'In transit',
      location: 'Milano',
    });
    const [event] = await eventsAfter(start);
    expect(event!.attributes.eventType).toBe('tracking.updated');
    expect(event!.attributes.resource).toMatchObject({
      type: 'tracking',
      id: created.json.data.id,
      attributes: { trackingStatus: 2, trackingDate: scanned },
    });
  });

  it.skipIf(noCups)('has print.done for a label printed, and print.failed for one the printer never took', async () => {
    const created = await create();
    const start = await latest();
    const print = (printer: string) =>
      t.call(`/v3/shipments/${created.json.data.id}/print`, {
        method: 'POST',
        headers: { ...auth(), 'Content-Type': JSONAPI },
        body: JSON.stringify({ data: { type: 'printJob', attributes: { printer, format: 'zpl' } } }),
      });
    const done = await print(QUEUE);
    expect(done.status).toBe(202);
    const failed = await print(DEAD_QUEUE);
    expect(failed.status).toBe(202);
    const events = await waitFor('both print events', async () => {
      const found = (await eventsAfter(start)).filter((event) => event.attributes.eventType.startsWith('print.'));
      return found.length === 2 ? found : undefined;
    });
    const byJob = new Map(events.map((event) => [event.attributes.resource.id, event]));
    expect(byJob.get(done.json.data.id)!.attributes.eventType).toBe('print.done');
    expect(byJob.get(failed.json.data.id)!.attributes.eventType).toBe('print.failed');
    expect(byJob.get(failed.json.data.id)!.attributes.resource.attributes).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('did not print'),
    });
  });

  it('pages with after and limit, oldest first, with a link to the next page', async () => {
    const start = await latest();
    for (let i = 0; i < 3; i++) await create();
    const first = await feed(`?after=${start}&limit=4`);
    expect(first.status).toBe(200);
    expect(first.json.data).toHaveLength(4);
    const ids = (first.json.data as EventJson[]).map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(first.json.meta.lastEventId).toBe(String(ids.at(-1)));
    const next = await t.call(new URL(first.json.links.next).pathname + new URL(first.json.links.next).search, { headers: auth() });
    expect(next.json.data).toHaveLength(2);
    expect(Number(next.json.data[0].id)).toBeGreaterThan(ids.at(-1)!);
    // Nothing newer: an empty page that keeps the place.
    const empty = await feed(`?after=${next.json.meta.lastEventId}`);
    expect(empty.json.data).toEqual([]);
    expect(empty.json.meta.lastEventId).toBe(next.json.meta.lastEventId);
  });

  it('filters by type', async () => {
    const start = await latest();
    await create();
    const only = await feed(`?after=${start}&filter[type]=shipment.processed`);
    expect((only.json.data as EventJson[]).map((event) => event.attributes.eventType)).toEqual(['shipment.processed']);
  });

  it('shows a client only its own events, and the sandbox only its own', async () => {
    const start = await latest();
    await create();
    expect(await eventsAfter('0', jones)).toEqual([]);
    expect((await feed('?after=0', token, '/v3-testing')).json.data).toEqual([]);
    const sandbox = await t.call('/v3-testing/shipments', {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': JSONAPI },
      body: JSON.stringify(document(attributes(), { scheduledProcessing: false, service: 'economy' })),
    });
    expect(sandbox.status).toBe(201);
    const sandboxEvents = (await feed('?after=0', token, '/v3-testing')).json.data as EventJson[];
    expect(sandboxEvents.map((event) => event.attributes.sandbox)).toEqual([true, true]);
    expect((await eventsAfter(start)).every((event) => !event.attributes.sandbox)).toBe(true);
  });

  it('refuses bad parameters with 400 naming each', async () => {
    for (const [query, parameter] of [
      ['?after=-1', 'after'],
      ['?after=abc', 'after'],
      ['?limit=0', 'limit'],
      ['?filter[type]=shipment.exploded', 'filter[type]'],
    ] as const) {
      const refused = await feed(query);
      expect(refused.status, query).toBe(400);
      expect(refused.json.errors[0].source).toEqual({ parameter });
      expect(refused.json.errors[0].code, query).toBe(parameter === 'filter[type]' ? 'event.unknownType' : 'parameter.invalid');
    }
    const unknown = await feed('?types=shipment.created,shipment.exploded');
    expect(unknown.json.errors[0]).toMatchObject({
      code: 'event.unknownType',
      source: { parameter: 'types' },
      meta: { type: 'shipment.exploded', known: expect.arrayContaining(['shipment.created']) },
    });
    expect((await feed('?limit=5000')).status).toBe(200);
    expect((await t.call('/v3/events')).status).toBe(401);
  });
});

/** A live connection to the stream: the frames as they arrive. */
function openStream(
  headers: Record<string, string>,
  query = '',
): Promise<{ response: IncomingMessage; frames: { id?: string; event?: string; data?: string }[]; text: () => string; close(): void }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${t.url}/v3/events/stream${query}`);
    const frames: { id?: string; event?: string; data?: string }[] = [];
    let buffer = '';
    let all = '';
    const req = request(url, { headers: { Accept: 'text/event-stream', ...auth(), ...headers } }, (response) => {
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        all += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const frame: Record<string, string> = {};
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            if (colon > 0) frame[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
          }
          if (frame.id || frame.event) frames.push(frame);
        }
      });
      resolve({ response, frames, text: () => all, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /v3/events/stream', () => {
  it('sends new events live as Server-Sent Events, then resumes from Last-Event-ID after a drop', async () => {
    const live = await openStream({});
    expect(live.response.statusCode).toBe(200);
    expect(live.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const created = await create();
    await waitFor('the live events', async () => (live.frames.length >= 2 ? true : undefined));
    expect(live.frames.map((frame) => frame.event)).toEqual(['shipment.created', 'shipment.processed']);
    const processed = JSON.parse(live.frames[1]!.data!) as EventJson;
    expect(processed.attributes.resource.id).toBe(created.json.data.id);
    expect(processed.id).toBe(live.frames[1]!.id);
    expect(live.text()).toMatch(/^retry: 3000\n\n/);
    const lastSeen = live.frames[1]!.id!;
    live.close();

    // While the integrator is away, two more shipments are made; it comes back with the last id it saw.
    await create();
    await create();
    const resumed = await openStream({ 'Last-Event-ID': lastSeen });
    await waitFor('the missed events', async () => (resumed.frames.length >= 4 ? true : undefined));
    expect(resumed.frames.map((frame) => frame.event)).toEqual([
      'shipment.created',
      'shipment.processed',
      'shipment.created',
      'shipment.processed',
    ]);
    expect(Number(resumed.frames[0]!.id)).toBe(Number(lastSeen) + 1);
    resumed.close();
  });

  it('starts from `after` when given, filters by type, and refuses a client that accepts no event stream', async () => {
    const start = await latest();
    await create();
    const filtered = await openStream({}, `?after=${start}&filter[type]=shipment.processed`);
    await waitFor('the backlog', async () => (filtered.frames.length >= 1 ? true : undefined));
    // A later shipment is the marker: its processed event comes after any created event the filter let through.
    const marker = await create();
    await waitFor('the marker’s processed event', async () => (filtered.frames.length >= 2 ? true : undefined));
    expect(filtered.frames.map((frame) => frame.event)).toEqual(['shipment.processed', 'shipment.processed']);
    expect((JSON.parse(filtered.frames[1]!.data!) as EventJson).attributes.resource.id).toBe(marker.json.data.id);
    filtered.close();
    const refused = await t.call('/v3/events/stream', { headers: { ...auth(), Accept: JSONAPI } });
    expect(refused.status).toBe(406);
    expect(refused.json.errors[0]).toMatchObject({ code: 'request.notAcceptable', source: { header: 'Accept' } });
  });

  it('refuses a client more live streams than it may hold with 429, saying how many it may', async () => {
    const open = await Promise.all(Array.from({ length: 10 }, () => openStream(auth(jones))));
    try {
      expect(open.map((stream) => stream.response.statusCode)).toEqual(Array(10).fill(200));
      const refused = await t.call('/v3/events/stream', { headers: { ...auth(jones), Accept: 'text/event-stream' } });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('10');
      expect(refused.json.errors[0]).toMatchObject({ code: 'stream.tooMany', meta: { perClient: 10, total: 100 } });
    } finally {
      for (const stream of open) stream.close();
    }
  });

  it('ends open streams when the station stops, so it stops at once', async () => {
    const station = await startTestStation({ schedulerIntervalMs: 0 });
    const bearer = await station.token();
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const ended = new Promise<void>((resolve, reject) => {
      const req = request(
        new URL(`${station.url}/v3/events/stream`),
        { headers: { Accept: 'text/event-stream', Authorization: `Bearer ${bearer}` } },
        (response) => {
          response.resume();
          response.on('end', resolve);
          opened();
        },
      );
      req.on('error', reject);
      req.end();
    });
    await open;
    const started = Date.now();
    await station.close();
    await ended;
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('retention', () => {
  it('forgets events past the retention, oldest first, and never reuses their ids', async () => {
    const clock = runningClock();
    const station = await startTestStation({ schedulerIntervalMs: 0, clock, eventRetentionDays: 1 });
    try {
      // Two days on, the first token has expired (a working shift's lifetime): each step signs in afresh.
      let bearer = await station.token();
      const make = () =>
        station.call('/v3/shipments', {
          method: 'POST',
          headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': JSONAPI },
          body: JSON.stringify(document(attributes(), { scheduledProcessing: false, service: 'economy' })),
        });
      expect((await make()).status).toBe(201);
      const old = (await station.call('/v3/events?after=0', { headers: { Authorization: `Bearer ${bearer}` } })).json.data as EventJson[];
      expect(old).toHaveLength(2);
      clock.advance(2 * 24 * 60 * 60_000);
      bearer = await station.token();
      expect((await make()).status).toBe(201);
      expect(await station.station.events.purgeOld()).toBe(2);
      const left = (await station.call('/v3/events?after=0', { headers: { Authorization: `Bearer ${bearer}` } })).json.data as EventJson[];
      expect(left).toHaveLength(2);
      expect(Number(left[0]!.id)).toBeGreaterThan(Number(old[1]!.id));
    } finally {
      await station.close();
    }
  });
});
