// Recording a tracking event through the API (POST /v3/shipments/<id>/tracking/events), as a supervisor or a carrier
// feed does, over HTTP against a real station: the answer is the event as the history lists it; the shipment's
// tracking status, its history, the public tracking page, the event feed and a webhook all follow it; it is audited;
// an Idempotency-Key records it once; every refusal names its member and says why, with its code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, document } from '../helpers/shipments.ts';
import { JSONAPI, OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';
import { waitFor } from '../helpers/wait.ts';
import { Receiver } from '../helpers/webhook-receiver.ts';

let t: TestStation;
let token: string;
let packer: string;
let jones: string;

beforeAll(async () => {
  t = await startTestStation({
    schedulerIntervalMs: 0,
    webhookPolicy: { firstRetryMs: 100, maxRetryMs: 400, giveUpMs: 60_000, timeoutMs: 2_000, tickMs: 50 },
  });
  token = await t.token();
  await t.station.users.add(OPERATOR, {
    clientId: t.client.id,
    username: 'feed-packer',
    password: 'Packer-Desk-2026',
    name: 'A packer',
    role: 'packer',
  });
  packer = (await t.signIn('feed-packer', 'Packer-Desk-2026')).json.meta.token;
  await t.station.clients.add(OPERATOR, {
    username: 'feed-jones',
    password: 'Another-Desk-2026',
    role: 'supervisor',
    profile: { name: 'Jones Fulfilment' },
  });
  jones = (await t.signIn('feed-jones', 'Another-Desk-2026')).json.meta.token;
});
afterAll(() => t?.close());

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, bearer = token) =>
  t.call(path, {
    method,
    headers: { Authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const ship = async (prefix = '/v3', meta: Record<string, unknown> = { scheduledProcessing: false, service: 'economy' }) => {
  const created = await call('POST', `${prefix}/shipments`, document(attributes(), meta));
  expect(created.status, created.text).toBeLessThan(300);
  return created.json.data as { id: string; links: { tracking: string }; meta: { trackingNumber: string } };
};
const trackingEvent = (attributes: Record<string, unknown>) => ({ data: { type: 'trackingEvent', attributes } });
const record = (
  shipmentId: string,
  attributes: Record<string, unknown>,
  options: { prefix?: string; headers?: Record<string, string>; bearer?: string } = {},
) =>
  call(
    'POST',
    `${options.prefix ?? '/v3'}/shipments/${shipmentId}/tracking/events`,
    trackingEvent(attributes),
    options.headers,
    options.bearer,
  );

describe('POST /v3/shipments/<id>/tracking/events', () => {
  it('records the event: the tracking status, history, public page, feed and a webhook follow it, and it is audited', async () => {
    const receiver = new Receiver();
    await receiver.start();
    try {
      const hook = await call('POST', '/v3/webhooks', {
        data: { type: 'webhook', attributes: { url: receiver.url, events: ['tracking.updated'] } },
      });
      expect(hook.status).toBe(201);
      const shipment = await ship();
      const pickedUp = `${t.clock.today()} 09:15:00`;
      const recorded = await record(shipment.id, {
        status: 2,
        occurredAt: pickedUp,
        text: 'Picked up at the warehouse',
        location: 'Milano',
      });
      expect(recorded.status, recorded.text).toBe(201);
      expect(recorded.headers.location).toBe(`${t.url}/v3/shipments/${shipment.id}/tracking/events`);
      expect(recorded.json.data).toEqual({
        type: 'trackingEvent',
        id: '1',
        attributes: { status: 2, statusText: 'Picked up', date: pickedUp, location: 'Milano', text: 'Picked up at the warehouse' },
      });

      const tracking = await call('GET', `/v3/shipments/${shipment.id}/tracking`);
      expect(tracking.json.data.attributes).toMatchObject({ trackingStatus: 2, trackingDate: pickedUp });
      const history = await call('GET', `/v3/shipments/${shipment.id}/tracking/events`);
      expect(history.json.data).toEqual([recorded.json.data]);
      const publicPage = await t.call(new URL(shipment.links.tracking).pathname, { headers: { Accept: JSONAPI } });
      expect(publicPage.json.data.attributes).toMatchObject({ trackingStatus: 2, trackingDate: pickedUp });

      const feed = (await call('GET', '/v3/events?after=0&limit=1000&filter[type]=tracking.updated')).json.data as {
        id: string;
        attributes: { sandbox: boolean; resource: { id: string; meta: unknown } };
      }[];
      const announced = feed.filter((event) => event.attributes.resource.id === shipment.id);
      expect(announced).toHaveLength(1);
      expect(announced[0]!.attributes.sandbox).toBe(false);
      expect(announced[0]!.attributes.resource.meta).toEqual({ event: recorded.json.data.attributes });

      await waitFor('the webhook’s delivery', () => receiver.accepted().some((event) => event.resourceId === shipment.id));
      expect(receiver.accepted().filter((event) => event.resourceId === shipment.id)).toEqual([
        { id: announced[0]!.id, type: 'tracking.updated', resourceId: shipment.id },
      ]);

      const audit = (await call('GET', '/v3/audit-events?filter[action]=tracking-event.added')).json.data;
      expect(audit[0].attributes).toMatchObject({
        actor: { username: 'smith', role: 'supervisor' },
        subject: { type: 'shipment', id: shipment.id },
        detail: { status: 2, at: pickedUp },
      });
      await call('DELETE', `/v3/webhooks/${hook.json.data.id}`);
    } finally {
      await receiver.stop();
    }
  });

  it('places a late report of an earlier scan by its time: its id is its place in the history, and the latest stays', async () => {
    const shipment = await ship();
    const inTransit = `${t.clock.today()} 18:40:00`;
    const pickedUp = `${t.clock.today()} 09:00:00`;
    expect((await record(shipment.id, { status: '3', occurredAt: inTransit })).json.data).toMatchObject({
      id: '1',
      attributes: { status: 3, text: '', location: '' },
    });
    const late = await record(shipment.id, { status: 2, occurredAt: pickedUp, text: null, location: null });
    expect(late.json.data).toMatchObject({ id: '1', attributes: { status: 2, date: pickedUp } });
    expect((await call('GET', `/v3/shipments/${shipment.id}/tracking`)).json.data.attributes).toMatchObject({
      trackingStatus: 3,
      trackingDate: inTransit,
    });
    expect(
      (await call('GET', `/v3/shipments/${shipment.id}/tracking/events`)).json.data.map(
        (event: { attributes: { status: number } }) => event.attributes.status,
      ),
    ).toEqual([2, 3]);
  });

  it('takes tomorrow on the station’s calendar (a carrier east of it), and a time before the shipment was booked', async () => {
    const shipment = await ship();
    expect((await record(shipment.id, { status: 4, occurredAt: `${t.clock.day(1)} 23:59:59` })).status).toBe(201);
    expect((await record(shipment.id, { status: 1, occurredAt: `${t.clock.day(-3)} 00:00:00` })).status).toBe(201);
  });

  it('records an event once per Idempotency-Key, and refuses the key with another event', async () => {
    const shipment = await ship();
    const body = { status: 5, occurredAt: `${t.clock.today()} 11:02:00`, text: 'Delivered' };
    const first = await record(shipment.id, body, { headers: { 'Idempotency-Key': `delivered-${shipment.id}` } });
    expect(first.status).toBe(201);
    const again = await record(shipment.id, body, { headers: { 'Idempotency-Key': `delivered-${shipment.id}` } });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(again.headers.location).toBe(first.headers.location);
    expect((await call('GET', `/v3/shipments/${shipment.id}/tracking/events`)).json.data).toHaveLength(1);
    const other = await record(shipment.id, { ...body, status: 6 }, { headers: { 'Idempotency-Key': `delivered-${shipment.id}` } });
    expect(other.status).toBe(422);
    expect(other.json.errors[0].code).toBe('idempotency.keyReused');
    const events = (await call('GET', '/v3/events?after=0&limit=1000&filter[type]=tracking.updated')).json.data.filter(
      (event: { attributes: { resource: { id: string } } }) => event.attributes.resource.id === shipment.id,
    );
    expect(events).toHaveLength(1);
  });

  it('refuses a bad event naming the member, what it takes and the code, and records nothing', async () => {
    const shipment = await ship();
    const today = `${t.clock.today()} 10:00:00`;
    const year = t.clock.today().slice(0, 4);
    const cases: [Record<string, unknown>, string, string, RegExp][] = [
      [
        { status: 42, occurredAt: today },
        '/data/attributes/status',
        'tracking.invalidEvent',
        /^Expected a code of the tracking status scale: 1 \(Information received\)/,
      ],
      [{ status: 2.5, occurredAt: today }, '/data/attributes/status', 'tracking.invalidEvent', /tracking status scale/],
      [{ status: 'delivered', occurredAt: today }, '/data/attributes/status', 'tracking.invalidEvent', /tracking status scale/],
      [{ occurredAt: today }, '/data/attributes/status', 'field.missing', /tracking status scale/],
      [{ status: 5 }, '/data/attributes/occurredAt', 'field.missing', /YYYY-MM-DD HH:MM:SS/],
      [{ status: 5, occurredAt: `${year}-02-30 10:00:00` }, '/data/attributes/occurredAt', 'tracking.invalidEvent', /a real date/],
      [{ status: 5, occurredAt: `${t.clock.today()} 24:00:00` }, '/data/attributes/occurredAt', 'tracking.invalidEvent', /24-hour clock/],
      [
        { status: 5, occurredAt: `${t.clock.today()}T10:00:00Z` },
        '/data/attributes/occurredAt',
        'tracking.invalidEvent',
        /YYYY-MM-DD HH:MM:SS/,
      ],
      [{ status: 5, occurredAt: today, text: 'x'.repeat(501) }, '/data/attributes/text', 'tracking.invalidEvent', /at most 500 characters/],
      [
        { status: 5, occurredAt: today, location: 'x'.repeat(201) },
        '/data/attributes/location',
        'tracking.invalidEvent',
        /at most 200 characters/,
      ],
      [
        { status: 5, occurredAt: `${t.clock.day(2)} 00:00:00` },
        '/data/attributes/occurredAt',
        'tracking.timeAhead',
        /no later than tomorrow/,
      ],
    ];
    for (const [attributes, pointer, code, reason] of cases) {
      const refused = await record(shipment.id, attributes);
      expect(refused.status, JSON.stringify(attributes)).toBe(400);
      const [error] = refused.json.errors;
      expect({ pointer: error.source?.pointer, code: error.code }, JSON.stringify(attributes)).toEqual({ pointer, code });
      expect(error.meta.reason, JSON.stringify(attributes)).toMatch(reason);
    }
    const ahead = await record(shipment.id, { status: 5, occurredAt: `${t.clock.day(2)} 00:00:00` });
    expect(ahead.json.errors[0].meta.latest).toBe(t.clock.day(1));
    const wrongType = await call('POST', `/v3/shipments/${shipment.id}/tracking/events`, {
      data: { type: 'shipment', attributes: { status: 5, occurredAt: today } },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.errors[0].source.pointer).toBe('/data/type');
    expect((await call('GET', `/v3/shipments/${shipment.id}/tracking/events`)).json.data).toEqual([]);
  });

  it('refuses a shipment that is not the caller’s, not processed, or in the other environment, and a packer', async () => {
    const shipment = await ship();
    const event = { status: 5, occurredAt: `${t.clock.today()} 10:00:00` };
    const unknown = await record('999999999999', event);
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors[0].code).toBe('shipment.notFound');
    expect((await record(shipment.id, event, { bearer: jones })).json.errors[0].code).toBe('shipment.notFound');
    expect((await record(shipment.id, event, { prefix: '/v3-testing' })).status).toBe(404);
    const saved = await call('POST', '/v3/shipments/save', document(attributes()));
    expect(saved.status).toBe(202);
    const unprocessed = await record(saved.json.data.id, event);
    expect(unprocessed.status).toBe(409);
    expect(unprocessed.json.errors[0]).toMatchObject({ code: 'tracking.shipmentNotProcessed', meta: { status: 0 } });
    const byPacker = await record(shipment.id, event, { bearer: packer });
    expect(byPacker.status).toBe(403);
    expect(byPacker.json.errors[0]).toMatchObject({ code: 'role.required', meta: { neededRole: 'supervisor', role: 'packer' } });
    expect((await call('GET', `/v3/shipments/${shipment.id}/tracking/events`)).json.data).toEqual([]);
  });
});
