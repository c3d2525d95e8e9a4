// Webhooks against a real receiver on loopback: deliveries are signed (HMAC-SHA256 over `<t>.<body>`), come in
// event order per endpoint, are retried with backoff while the endpoint fails, become dead letters after the
// give-up time and pause the webhook (not delete it); a resumed webhook goes on, a replay sends a range again,
// queued deliveries survive a restart, and each client gets only its own events.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../src-main/security/webhook-signature.ts';
import { attributes, document } from '../helpers/shipments.ts';
import { JSONAPI, OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';
import { waitFor } from '../helpers/wait.ts';
import { Receiver } from '../helpers/webhook-receiver.ts';

let t: TestStation;
let token: string;
let jones: string;
const POLICY = { firstRetryMs: 100, maxRetryMs: 400, giveUpMs: 2_500, timeoutMs: 2_000, tickMs: 50 };

beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0, webhookPolicy: POLICY });
  token = await t.token();
  await t.station.clients.add(OPERATOR, { username: 'hooks-jones', password: 'Another-Desk-2026', profile: { name: 'Jones Fulfilment' } });
  jones = (await t.signIn('hooks-jones', 'Another-Desk-2026')).json.meta.token;
});
afterAll(() => t?.close());

const call = (method: string, path: string, body?: unknown, bearer = token) =>
  t.call(path, {
    method,
    headers: { Authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const register = (url: string, events: string[] | string, extra: Record<string, unknown> = {}, bearer = token) =>
  call('POST', '/v3/webhooks', { data: { type: 'webhook', attributes: { url, events, ...extra } } }, bearer);
const ship = async (bearer = token) => {
  const created = await call('POST', '/v3/shipments', document(attributes(), { scheduledProcessing: false, service: 'economy' }), bearer);
  expect(created.status).toBe(201);
  return created.json.data.id as string;
};

const until = waitFor;

describe('a webhook', () => {
  it('is added with a secret shown once, and receives signed deliveries of its events in order', async () => {
    const receiver = new Receiver();
    await receiver.start();
    try {
      const added = await register(receiver.url, 'shipment.created, shipment.processed');
      expect(added.status, added.text).toBe(201);
      const { secret, events, status, clientId } = added.json.data.attributes;
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect({ events, status, clientId }).toEqual({
        events: ['shipment.created', 'shipment.processed'],
        status: 'active',
        clientId: t.client.id,
      });
      expect(added.headers.location).toBe(`${t.url}/v3/webhooks/${added.json.data.id}`);
      const read = await call('GET', `/v3/webhooks/${added.json.data.id}`);
      expect(read.json.data.attributes.secret).toBeUndefined();
      expect(read.text).not.toContain(secret);

      const first = await ship();
      const second = await ship();
      await until('four deliveries', () => receiver.received.length >= 4);
      expect(receiver.accepted().map((event) => [event.type, event.resourceId])).toEqual([
        ['shipment.created', first],
        ['shipment.processed', first],
        ['shipment.created', second],
        ['shipment.processed', second],
      ]);
      for (const delivery of receiver.received) {
        const header = String(delivery.headers['station-signature']);
        expect(verifySignature(secret, header, delivery.body, Math.floor(Date.now() / 1000))).toBe(true);
        // What a receiver in any language does: HMAC-SHA256 of "<t>.<body>" with the secret, as hex.
        const [, t, v1] = /^t=([0-9]+),v1=([0-9a-f]{64})$/.exec(header)!;
        expect(createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex')).toBe(v1);
        expect(verifySignature('whsec_not-the-secret', header, delivery.body, Math.floor(Date.now() / 1000))).toBe(false);
        expect(verifySignature(secret, header, delivery.body.replace('shipment', 'shipmenT'), Math.floor(Date.now() / 1000))).toBe(false);
        expect(delivery.headers['content-type']).toBe('application/vnd.api+json');
        expect(delivery.headers['station-event-id']).toBe(JSON.parse(delivery.body).data.id);
        expect(delivery.headers['station-webhook-id']).toBe(added.json.data.id);
      }
      const processed = JSON.parse(receiver.received[1]!.body).data;
      expect(processed.attributes.resource.links.self).toBe(`${t.url}/v3/shipments/${first}`);
      // The receiver has the last delivery a moment before the station has recorded its answer.
      const log = await until('four deliveries recorded', async () => {
        const answer = await call('GET', `/v3/webhooks/${added.json.data.id}/deliveries`);
        return answer.json.data.every((entry: { attributes: { status: string } }) => entry.attributes.status === 'delivered')
          ? answer
          : undefined;
      });
      expect(
        log.json.data.map((entry: { attributes: { status: string; attempts: number; lastStatus: number } }) => entry.attributes),
      ).toEqual(Array(4).fill(expect.objectContaining({ status: 'delivered', attempts: 1, lastStatus: 200 })));
      expect((await call('DELETE', `/v3/webhooks/${added.json.data.id}`)).status).toBe(204);
    } finally {
      await receiver.stop();
    }
  });

  it('is retried with growing waits while the endpoint fails, and keeps event order', async () => {
    const receiver = new Receiver();
    await receiver.start();
    let failures = 3;
    receiver.answer = () => (failures-- > 0 ? 503 : 200);
    try {
      const added = await register(receiver.url, ['shipment.processed']);
      const first = await ship();
      const second = await ship();
      await until('both delivered', () => receiver.received.filter((entry) => entry.body.length > 0).length >= 5);
      // Three failed tries of the first event, then it, then the second: never the second before the first.
      const order = receiver.received.map((entry) => JSON.parse(entry.body).data.attributes.resource.id);
      expect(order).toEqual([first, first, first, first, second]);
      const gaps = receiver.received.slice(1, 4).map((entry, index) => entry.at - receiver.received[index]!.at);
      expect(gaps[0]).toBeGreaterThanOrEqual(90);
      expect(gaps[1]).toBeGreaterThanOrEqual(190);
      const log = await until('both deliveries recorded', async () => {
        const answer = await call('GET', `/v3/webhooks/${added.json.data.id}/deliveries`);
        return answer.json.data.every((entry: { attributes: { status: string } }) => entry.attributes.status === 'delivered')
          ? answer
          : undefined;
      });
      const oldest = log.json.data.at(-1).attributes;
      expect(oldest).toMatchObject({ status: 'delivered', attempts: 4, lastStatus: 200, lastError: null });
      await call('DELETE', `/v3/webhooks/${added.json.data.id}`);
    } finally {
      await receiver.stop();
    }
  });

  it('keeps a dead letter and pauses after the give-up time; resumed, it goes on; a replay sends the range again', async () => {
    const receiver = new Receiver();
    await receiver.start();
    receiver.answer = () => 500;
    try {
      const added = await register(receiver.url, ['shipment.processed']);
      const id = added.json.data.id as string;
      const doomed = await ship();
      const paused = await until('the pause', async () => {
        const read = await call('GET', `/v3/webhooks/${id}`);
        return read.json.data.attributes.status === 'paused' ? read.json.data : undefined;
      });
      expect(paused.attributes.pausedReason).toMatch(/could not be delivered for a day \(The endpoint answered HTTP 500\.\)/);
      const dead = (await call('GET', `/v3/webhooks/${id}/deliveries?filter[status]=dead`)).json.data;
      expect(dead).toHaveLength(1);
      expect(dead[0].attributes).toMatchObject({ status: 'dead', lastStatus: 500, lastError: 'The endpoint answered HTTP 500.' });
      expect(dead[0].attributes.attempts).toBeGreaterThanOrEqual(3);

      // Paused: what happens meanwhile is queued, not sent.
      receiver.answer = () => 200;
      const tried = receiver.received.length;
      const meanwhile = await ship();
      // The paused webhook has looked at the event and queued it: nothing was sent.
      await until('the event queued while paused', async () => (await call('GET', `/v3/webhooks/${id}`)).json.data.meta.pending === 1);
      expect(receiver.received.length).toBe(tried);

      const resumed = await call('PATCH', `/v3/webhooks/${id}`, { data: { type: 'webhook', attributes: { status: 'active' } } });
      expect(resumed.json.data.attributes).toMatchObject({ status: 'active', pausedReason: null });
      await until('the queued event', () => receiver.received.length > tried);
      expect(JSON.parse(receiver.received.at(-1)!.body).data.attributes.resource.id).toBe(meanwhile);

      const deadEventId = Number(dead[0].attributes.eventId);
      const replay = await call('POST', `/v3/webhooks/${id}/replay`, {
        data: { type: 'webhookReplay', attributes: { fromEventId: String(deadEventId), toEventId: deadEventId } },
      });
      expect(replay.status).toBe(202);
      expect(replay.json.data.attributes.queued).toBe(1);
      await until('the replayed event', () => receiver.received.length > tried + 1);
      const replayed = JSON.parse(receiver.received.at(-1)!.body).data;
      expect(replayed.attributes.resource.id).toBe(doomed);
      // The receiver has the replay a moment before the station has recorded its answer.
      const log = await until('the replay recorded', async () => {
        const entries = (await call('GET', `/v3/webhooks/${id}/deliveries`)).json.data;
        return entries[0].attributes.status === 'delivered' ? entries : undefined;
      });
      expect(log[0].attributes).toMatchObject({ replay: true, status: 'delivered' });
      const audit = await t.station.audit.list(OPERATOR, { before: null, action: null, desk: null, actor: null, limit: 20 });
      expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['webhook.added', 'webhook.resumed', 'webhook.replayed']));
      await call('DELETE', `/v3/webhooks/${id}`);
    } finally {
      await receiver.stop();
    }
  });

  it('delivers what was queued while the endpoint was down after a station restart', async () => {
    const receiver = new Receiver();
    await receiver.start();
    const port = Number(new URL(receiver.url).port);
    await receiver.stop();
    const added = await register(receiver.url, ['shipment.processed']);
    const id = await ship();
    // Tried and failed (connection refused), then the station stops with the delivery pending.
    await until(
      'a failed attempt',
      async () => ((await call('GET', `/v3/webhooks/${added.json.data.id}/deliveries`)).json.data[0]?.attributes.attempts ?? 0) >= 1,
    );
    await t.station.stop();
    const back = new Receiver();
    await back.start(port);
    try {
      t = await startTestStation({ dataDir: t.dataDir, schedulerIntervalMs: 0, webhookPolicy: POLICY });
      token = await t.token();
      await until('the delivery after the restart', () => back.received.length >= 1);
      expect(JSON.parse(back.received[0]!.body).data.attributes.resource.id).toBe(id);
      // The receiver has the body before the station has its answer and records the delivery.
      const deliveries = async () => (await call('GET', `/v3/webhooks/${added.json.data.id}/deliveries`)).json.data;
      await until('the delivery recorded', async () => (await deliveries())[0]?.attributes.status === 'delivered');
      const [entry] = await deliveries();
      expect(entry.attributes.lastError).toBeNull();
      expect(entry.attributes.status).toBe('delivered');
      await call('DELETE', `/v3/webhooks/${added.json.data.id}`);
    } finally {
      await back.stop();
    }
  });
});

describe('whose events a webhook gets', () => {
  it('sends a client only its own, and an admin’s every-client webhook everyone’s', async () => {
    const mine = new Receiver();
    const everyone = new Receiver();
    await mine.start();
    await everyone.start();
    try {
      const own = await register(mine.url, ['shipment.processed'], {}, jones);
      expect(own.json.data.attributes.clientId).not.toBe(t.client.id);
      await t.station.clients.add(OPERATOR, {
        username: 'hooks-admin',
        password: 'Admin-Desk-2026',
        role: 'admin',
        profile: { name: 'Admin' },
      });
      const admin = (await t.signIn('hooks-admin', 'Admin-Desk-2026')).json.meta.token as string;
      const all = await register(everyone.url, ['shipment.processed'], { allClients: true }, admin);
      expect(all.json.data.attributes.clientId).toBeNull();
      // A client id past any the station keeps is a refused member, never a database's overflow (a 500 on PostgreSQL).
      for (const clientId of ['3000000000', 3000000000]) {
        const huge = await register(everyone.url, ['shipment.processed'], { clientId }, admin);
        expect(huge.status, String(clientId)).toBe(400);
        expect(huge.json.errors[0]).toMatchObject({ code: 'field.invalid', source: { pointer: '/data/attributes/clientId' } });
      }
      const smiths = await ship();
      const joness = await ship(jones);
      await until('the every-client deliveries', () => everyone.received.length >= 2);
      await until('jones’s delivery', () => mine.received.length >= 1);
      // Both webhooks have looked at every event so far and have nothing left to send: no more will arrive.
      const latest = await t.station.store.events.latestId();
      for (const hook of [own, all]) {
        await until(
          `webhook ${hook.json.data.id} to look at event ${latest}`,
          async () => (await t.station.store.webhooks.get(hook.json.data.id))!.cursor >= latest,
        );
        await until(
          `webhook ${hook.json.data.id} to have nothing pending`,
          async () => (await t.station.store.webhooks.pendingCount(hook.json.data.id)) === 0,
        );
      }
      expect(mine.accepted().map((event) => event.resourceId)).toEqual([joness]);
      expect(everyone.accepted().map((event) => event.resourceId)).toEqual([smiths, joness]);
      // A client neither sees nor touches another's webhook.
      expect((await call('GET', `/v3/webhooks/${own.json.data.id}`)).status).toBe(404);
      expect((await call('DELETE', `/v3/webhooks/${own.json.data.id}`)).status).toBe(404);
      expect((await call('GET', '/v3/webhooks', undefined, jones)).json.data.map((hook: { id: string }) => hook.id)).toEqual([
        own.json.data.id,
      ]);
      expect((await call('GET', '/v3/webhooks', undefined, admin)).json.data.map((hook: { id: string }) => hook.id)).toEqual(
        expect.arrayContaining([own.json.data.id, all.json.data.id]),
      );
      await call('DELETE', `/v3/webhooks/${all.json.data.id}`, undefined, admin);
      await call('DELETE', `/v3/webhooks/${own.json.data.id}`, undefined, jones);
    } finally {
      await mine.stop();
      await everyone.stop();
    }
  });
});

describe('a webhook’s environment and changes', () => {
  /** Waits until the webhook has looked at every event so far: what it will deliver is queued. */
  const caughtUp = async (id: string) => {
    const latest = await t.station.store.events.latestId();
    await until(`webhook ${id} to look at event ${latest}`, async () =>
      (await t.station.store.webhooks.get(id))!.cursor >= latest ? true : undefined,
    );
  };
  const queued = async (id: string) =>
    (await call('GET', `/v3/webhooks/${id}/deliveries`)).json.data
      .map((delivery: { attributes: { eventId: string } }) => delivery.attributes.eventId)
      .sort();
  const eventOf = async (shipmentId: string, prefix: string) =>
    (await call('GET', `${prefix}/events?after=0&limit=1000&filter[type]=shipment.processed`)).json.data.find(
      (event: { attributes: { resource: { id: string } } }) => event.attributes.resource.id === shipmentId,
    ).id as string;

  it('receives the live events when registered on /v3, the sandbox’s on /v3-testing, and both only when asked', async () => {
    const receiver = new Receiver();
    await receiver.start();
    try {
      const live = (await register(receiver.url, ['shipment.processed'])).json.data;
      const sandbox = (
        await call('POST', '/v3-testing/webhooks', {
          data: { type: 'webhook', attributes: { url: receiver.url, events: ['shipment.processed'] } },
        })
      ).json.data;
      const both = (await register(receiver.url, ['shipment.processed'], { environment: 'BOTH' })).json.data;
      expect([live.attributes.environment, sandbox.attributes.environment, both.attributes.environment]).toEqual([
        'live',
        'sandbox',
        'both',
      ]);

      const real = await ship();
      const test = await call('POST', '/v3-testing/shipments', document(attributes(), { scheduledProcessing: false, service: 'economy' }));
      expect(test.status).toBe(201);
      const [realEvent, testEvent] = [await eventOf(real, '/v3'), await eventOf(test.json.data.id, '/v3-testing')];
      for (const hook of [live, sandbox, both]) await caughtUp(hook.id);
      expect(await queued(live.id)).toEqual([realEvent]);
      expect(await queued(sandbox.id)).toEqual([testEvent]);
      expect(await queued(both.id)).toEqual([realEvent, testEvent].sort());
      for (const hook of [live, both]) await call('DELETE', `/v3/webhooks/${hook.id}`);
      await call('DELETE', `/v3-testing/webhooks/${sandbox.id}`);
    } finally {
      await receiver.stop();
    }
  });

  it('changes its URL, events and environment with PATCH, audited, and the next event goes to the new URL', async () => {
    const before = new Receiver();
    const after = new Receiver();
    await before.start();
    await after.start();
    try {
      const hook = (await register(before.url, ['shipment.created'])).json.data;
      const patch = (attributes: Record<string, unknown>) =>
        call('PATCH', `/v3/webhooks/${hook.id}`, { data: { type: 'webhook', id: hook.id, attributes } });
      const changed = await patch({ url: after.url, events: 'shipment.processed, shipment.created', environment: 'both', status: null });
      expect(changed.status, changed.text).toBe(200);
      expect(changed.json.data.attributes).toMatchObject({
        url: after.url,
        events: ['shipment.processed', 'shipment.created'],
        environment: 'both',
        status: 'active',
      });
      expect((await call('GET', `/v3/webhooks/${hook.id}`)).json.data.attributes.url).toBe(after.url);
      const shipped = await ship();
      await until('the delivery to the new URL', () =>
        after.accepted().some((event) => event.resourceId === shipped && event.type === 'shipment.processed'),
      );
      expect(before.received).toEqual([]);
      const audit = (await call('GET', '/v3/audit-events?filter[action]=webhook.changed')).json.data;
      expect(audit[0].attributes.detail).toMatchObject({
        from: { url: before.url, events: ['shipment.created'], environment: 'live' },
        to: { url: after.url, environment: 'both' },
      });

      // Status alone, as before; nothing to change and a bad URL are refused naming the member.
      expect((await patch({ status: 'paused' })).json.data.attributes).toMatchObject({ status: 'paused', url: after.url });
      const empty = await patch({});
      expect(empty.status).toBe(400);
      expect(empty.json.errors[0].meta.reason).toMatch(/Expected at least one of status/);
      const badUrl = await patch({ url: 'ftp://example.com/hook' });
      expect(badUrl.status).toBe(400);
      expect(badUrl.json.errors[0].source.pointer).toBe('/data/attributes/url');
      expect((await patch({ environment: 'staging' })).json.errors[0].source.pointer).toBe('/data/attributes/environment');
      expect((await call('GET', `/v3/webhooks/${hook.id}`)).json.data.attributes.url).toBe(after.url);
      await call('DELETE', `/v3/webhooks/${hook.id}`);
    } finally {
      await before.stop();
      await after.stop();
    }
  });
});

describe('a webhook’s secret', () => {
  it('is rotated on request: answered once, audited without it, and every delivery after is signed with the new one', async () => {
    const receiver = new Receiver();
    await receiver.start();
    try {
      const added = (await register(receiver.url, ['shipment.processed'])).json.data;
      const oldSecret = added.attributes.secret as string;
      const before = await ship();
      await until('the delivery before the rotation', () => receiver.accepted().some((event) => event.resourceId === before));
      const signedBefore = receiver.received.at(-1)!;
      expect(
        verifySignature(oldSecret, String(signedBefore.headers['station-signature']), signedBefore.body, Math.floor(Date.now() / 1000)),
      ).toBe(true);

      const rotated = await call('PATCH', `/v3/webhooks/${added.id}`, {
        data: { type: 'webhook', id: added.id, attributes: { rotateSecret: true } },
      });
      expect(rotated.status, rotated.text).toBe(200);
      const newSecret = rotated.json.data.attributes.secret as string;
      expect(newSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(newSecret).not.toBe(oldSecret);
      expect(rotated.json.data.attributes).toMatchObject({ url: receiver.url, status: 'active', events: ['shipment.processed'] });
      const read = await call('GET', `/v3/webhooks/${added.id}`);
      expect(read.json.data.attributes.secret).toBeUndefined();
      expect(read.text).not.toContain(newSecret);
      // Another change answers no secret.
      expect(
        (
          await call('PATCH', `/v3/webhooks/${added.id}`, {
            data: { type: 'webhook', attributes: { status: 'active', rotateSecret: 'false' } },
          })
        ).json.data.attributes.secret,
      ).toBeUndefined();

      const after = await ship();
      await until('the delivery after the rotation', () => receiver.accepted().some((event) => event.resourceId === after));
      const signedAfter = receiver.received.at(-1)!;
      const header = String(signedAfter.headers['station-signature']);
      expect(verifySignature(newSecret, header, signedAfter.body, Math.floor(Date.now() / 1000))).toBe(true);
      expect(verifySignature(oldSecret, header, signedAfter.body, Math.floor(Date.now() / 1000))).toBe(false);

      const audit = await call('GET', '/v3/audit-events?filter[action]=webhook.changed');
      expect(audit.json.data[0].attributes).toMatchObject({ subject: { type: 'webhook', id: added.id }, detail: { secretRotated: true } });
      expect(audit.text).not.toContain(newSecret);
      expect(audit.text).not.toContain(oldSecret);

      const refused = await call('PATCH', `/v3/webhooks/${added.id}`, { data: { type: 'webhook', attributes: { rotateSecret: 'yes' } } });
      expect(refused.status).toBe(400);
      expect(refused.json.errors[0].source.pointer).toBe('/data/attributes/rotateSecret');
      const gone = await call('PATCH', '/v3/webhooks/424242', { data: { type: 'webhook', attributes: { rotateSecret: true } } });
      expect(gone.status).toBe(404);
      expect(gone.json.errors[0].code).toBe('webhook.notFound');
      // Jones may not rotate Smith's.
      expect(
        (await call('PATCH', `/v3/webhooks/${added.id}`, { data: { type: 'webhook', attributes: { rotateSecret: true } } }, jones)).json
          .errors[0].code,
      ).toBe('webhook.notFound');
      await call('DELETE', `/v3/webhooks/${added.id}`);
    } finally {
      await receiver.stop();
    }
  });
});

describe('live and sandbox webhooks for every kind of event', () => {
  it('send a tracking event recorded through /v3-testing only to the sandbox’s webhook, and one through /v3 only to the live one', async () => {
    const live = new Receiver();
    const sandbox = new Receiver();
    await live.start();
    await sandbox.start();
    try {
      const liveHook = (await register(live.url, ['tracking.updated', 'day.closed'])).json.data;
      const sandboxHook = (
        await call('POST', '/v3-testing/webhooks', {
          data: { type: 'webhook', attributes: { url: sandbox.url, events: ['tracking.updated', 'day.closed'] } },
        })
      ).json.data;
      expect([liveHook.attributes.environment, sandboxHook.attributes.environment]).toEqual(['live', 'sandbox']);
      const real = await ship();
      const test = await call(
        'POST',
        '/v3-testing/shipments',
        document(attributes(), { scheduledProcessing: false, service: 'economy', carrierChoice: 'TNT' }),
      );
      expect(test.status).toBe(201);
      const event = { data: { type: 'trackingEvent', attributes: { status: 2, occurredAt: `${t.clock.today()} 09:00:00` } } };
      expect((await call('POST', `/v3/shipments/${real}/tracking/events`, event)).status).toBe(201);
      expect((await call('POST', `/v3-testing/shipments/${test.json.data.id}/tracking/events`, event)).status).toBe(201);
      // A closed day of the sandbox, too: its day.closed is the sandbox's.
      const closed = await call('POST', '/v3-testing/manifests', {
        data: { type: 'manifest', attributes: { carrier: 'TNT', date: test.json.data.attributes.shipDate } },
      });
      expect(closed.status, closed.text).toBe(201);
      await until('the live tracking event', () => live.accepted().length >= 1);
      await until('the sandbox’s tracking event and closed day', () => sandbox.accepted().length >= 2);
      for (const hook of [liveHook, sandboxHook]) {
        const latest = await t.station.store.events.latestId();
        await until(`webhook ${hook.id} to look at event ${latest}`, async () =>
          (await t.station.store.webhooks.get(hook.id))!.cursor >= latest ? true : undefined,
        );
      }
      await until(
        'nothing pending',
        async () =>
          (await t.station.store.webhooks.pendingCount(liveHook.id)) + (await t.station.store.webhooks.pendingCount(sandboxHook.id)) === 0,
      );
      expect(live.accepted().map((entry) => [entry.type, entry.resourceId])).toEqual([['tracking.updated', real]]);
      expect(sandbox.accepted().map((entry) => [entry.type, entry.resourceId])).toEqual([
        ['tracking.updated', test.json.data.id],
        ['day.closed', closed.json.data.id],
      ]);
      for (const entry of sandbox.received) expect(JSON.parse(entry.body).data.attributes.sandbox).toBe(true);
      expect(JSON.parse(live.received[0]!.body).data.attributes.sandbox).toBe(false);
      await call('DELETE', `/v3/webhooks/${liveHook.id}`);
      await call('DELETE', `/v3-testing/webhooks/${sandboxHook.id}`);
    } finally {
      await live.stop();
      await sandbox.stop();
    }
  });
});

describe('bad webhook requests', () => {
  it('answer 400 naming the field, and 403 for what only an admin may register', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'ftp://example.com/hook', events: ['shipment.created'] }, '/data/attributes/url'],
      [{ url: 'http://user:pass@example.com/hook', events: ['shipment.created'] }, '/data/attributes/url'],
      [{ url: 'not a url', events: ['shipment.created'] }, '/data/attributes/url'],
      [{ url: 'http://127.0.0.1:9/hook', events: ['shipment.exploded'] }, '/data/attributes/events/0'],
      [{ url: 'http://127.0.0.1:9/hook', events: [] }, '/data/attributes/events'],
      [{ url: 'http://127.0.0.1:9/hook' }, '/data/attributes/events'],
    ];
    for (const [attributes, pointer] of cases) {
      const refused = await call('POST', '/v3/webhooks', { data: { type: 'webhook', attributes } });
      expect(refused.status, JSON.stringify(attributes)).toBe(400);
      expect(refused.json.errors[0].source.pointer).toBe(pointer);
    }
    expect((await register('http://127.0.0.1:9/hook', ['shipment.created'], { allClients: true, clientId: null })).status).toBe(403);
    expect((await register('http://127.0.0.1:9/hook', ['shipment.created'], { clientId: '999' })).status).toBe(403);
    const replay = await call('POST', '/v3/webhooks/1/replay', {
      data: { type: 'webhookReplay', attributes: { fromEventId: 5, toEventId: 2 } },
    });
    expect(replay.status).toBe(400);
    expect((await call('GET', '/v3/webhooks/424242')).status).toBe(404);
    expect((await call('GET', '/v3/webhooks/1/deliveries?page[size]=0')).status).toBe(400);
  });
});
