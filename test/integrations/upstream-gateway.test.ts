// The station as a gateway in front of an upstream service, tested against a second real station as the upstream,
// reached through a loopback proxy that can delay answers and go away: upstream and rate-card carriers quote side
// by side; a booking arrives upstream once, with the upstream's label kept locally; an answer that comes too late
// (the upstream committed) is found by customer reference instead of booked again; while the upstream is away,
// immediate creates answer 503 with Retry-After and scheduled ones wait in the outbox, then go once each; and the
// upstream's tracking comes back as tracking.updated events.
import { createServer, type Server, type Socket, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrackingEventService } from '../../src-main/services/tracking-events.ts';
import { upstreamCustomerReference } from '../../src-main/carriers/upstream.ts';
import { attributes, document, exportDeclaration, parcel, post, get, shipToIn } from '../helpers/shipments.ts';
import { OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';
import { waitFor } from '../helpers/wait.ts';
import { setClock } from '../helpers/clock.ts';
import { addDays } from '../../src-shared/calendar.ts';

/** A TCP proxy on loopback to the upstream: passes bytes, holds the next answer back, or goes away entirely. */
class FlakyProxy {
  private server: Server | undefined;
  private sockets = new Set<Socket>();
  port = 0;
  private holdNextAnswerMs = 0;
  private swallowed = () => {};
  private readonly target: number;

  constructor(target: number) {
    this.target = target;
  }

  async up(): Promise<void> {
    this.server = createServer((client) => {
      this.sockets.add(client);
      const upstream = connect(this.target, '127.0.0.1');
      this.sockets.add(upstream);
      client.on('data', (chunk) => upstream.write(chunk));
      upstream.on('data', (chunk) => {
        const hold = this.holdNextAnswerMs;
        if (hold > 0) {
          this.holdNextAnswerMs = 0;
          this.swallowed();
          // The answer comes after the gateway has given up waiting: the connection is then useless, so cut it.
          setTimeout(() => client.destroy(), hold);
          return;
        }
        client.write(chunk);
      });
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('close', close);
      upstream.on('close', close);
      client.on('error', close);
      upstream.on('error', close);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  /** Nothing listens any more, and open connections are cut: connection refused. */
  async down(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /**
   * The next answer from the upstream is swallowed (after the upstream did the work), and its connection cut later;
   * resolves when it has been swallowed.
   */
  loseNextAnswer(afterMs: number): Promise<void> {
    this.holdNextAnswerMs = afterMs;
    return new Promise((resolve) => (this.swallowed = resolve));
  }
}

let upstream: TestStation;
let gateway: TestStation;
let proxy: FlakyProxy;
let upstreamToken: string;
let token: string;

beforeAll(async () => {
  upstream = await startTestStation({ schedulerIntervalMs: 0 });
  upstreamToken = await upstream.token();
  proxy = new FlakyProxy(Number(new URL(upstream.url).port));
  await proxy.up();
  gateway = await startTestStation({
    schedulerIntervalMs: 0,
    upstreamTrackingIntervalMs: 0,
    manifestTransmitIntervalMs: 0,
    manifestRetryMs: 100,
    upstreamTimeouts: { rateMs: 1_000, bookMs: 1_500, lookupMs: 1_000 },
  });
  token = await gateway.token();
  await gateway.station.carrierSettings.addUpstream(OPERATOR, {
    code: 'PV',
    name: 'ParcelValue test',
    baseUrl: `http://127.0.0.1:${proxy.port}`,
    version: 'v3',
    clientId: upstream.client.id,
    clientKey: upstream.client.clientKey,
    serverKey: upstream.station.keys.serverKey,
  });
});

afterAll(async () => {
  await gateway?.close();
  await proxy?.down();
  await upstream?.close();
});

/** How many shipments the upstream holds for this gateway shipment: found by the customer reference it was booked under. */
async function upstreamBookings(gatewayShipmentId: string): Promise<number> {
  const found = await get(
    upstream,
    upstreamToken,
    `/v3/shipment-summaries?search=${upstreamCustomerReference(gatewayShipmentId)}&limit=10`,
  );
  return (found.json.data as unknown[]).length;
}

const viaUpstream = (meta: Record<string, unknown> = {}) =>
  document(attributes(), { scheduledProcessing: false, service: 'economy', carrierChoice: 'PV', ...meta });

describe('rates', () => {
  it('come from the upstream and the rate cards side by side, the upstream ones under its own code', async () => {
    const rates = await post(gateway, token, '/v3/shipments/rate', document());
    expect(rates.status).toBe(202);
    const ids = (rates.json.data as { id: string }[]).map((rate) => rate.id);
    expect(ids).toContain('t2-UPS-STD');
    expect(ids).toContain('t2-PV.UPS-STD');
    const direct = await post(upstream, upstreamToken, '/v3/shipments/rate', document());
    const price = (list: { id: string; attributes: { finalCost: { amount: number } } }[], id: string) =>
      list.find((rate) => rate.id === id)!.attributes.finalCost.amount;
    expect(price(rates.json.data, 't2-PV.UPS-STD')).toBe(price(direct.json.data, 't2-UPS-STD'));
  });

  it('say why an upstream service cannot carry the shipment with the upstream’s own code and figures', async () => {
    const heavy = attributes({ packages: [parcel('45')] });
    const rates = await post(gateway, token, '/v3/shipments/rate', document(heavy));
    expect(rates.status).toBe(202);
    // The upstream (a station) says it with a code this station knows: passed on, with the upstream's name before the words.
    expect(rates.json.meta.unavailable).toContainEqual({
      id: 't2-PV.POSTE_ITALIANE-INTL',
      reason: 'ParcelValue test: Poste Italiane Poste Delivery International: package 1 weighs 45 kg, over the 30 kg limit',
      code: 'package.overWeight',
      carrierName: 'Poste Italiane',
      serviceName: 'Poste Delivery International',
      packageIndex: 0,
      weightKg: 45,
      limitKg: 30,
    });
  });
});

describe('booking through the upstream', () => {
  it('confirms once upstream and keeps the upstream’s reference, tracking number, cost and label', async () => {
    const rates = (await post(gateway, token, '/v3/shipments/rate', document())).json.data as { id: string }[];
    const rate = rates.find((candidate) => candidate.id === 't2-PV.UPS-STD')!;
    const confirmed = await post(gateway, token, '/v3/shipments/confirm', document(attributes(), { rate }));
    expect(confirmed.status, confirmed.text).toBe(202);
    expect(confirmed.json.data.meta.status).toBe(3);
    const id = confirmed.json.data.id as string;
    expect(await upstreamBookings(id)).toBe(1);
    const remoteId = (await get(upstream, upstreamToken, `/v3/shipment-summaries?search=${upstreamCustomerReference(id)}`)).json.data[0].id;
    const remote = await get(upstream, upstreamToken, `/v3/shipments/${remoteId}`);
    expect(confirmed.json.data.meta.trackingNumber).toBe(remote.json.data.meta.trackingNumber);
    expect(confirmed.json.data.meta.finalCost).toEqual(remote.json.data.meta.finalCost);
    const localLabel = (await get(gateway, token, `/v3/shipments/${id}/documents`)).json.data.attributes.fileData;
    const upstreamLabel = (await get(upstream, upstreamToken, `/v3/shipments/${remoteId}/documents`)).json.data.attributes.fileData;
    expect(localLabel).toBe(upstreamLabel);
    // The upstream's label is the one there is: no ZPL drawn beside it.
    const zpl = await get(gateway, token, `/v3/shipments/${id}/documents?format=zpl`);
    expect(zpl.status).toBe(400);
    expect(zpl.json.errors[0].meta.reason).toMatch(
      /^This shipment was booked through the upstream service PV, whose label is kept as the PDF it sent/,
    );
    // Served locally from then on, also while the upstream is away.
    await proxy.down();
    try {
      expect((await get(gateway, token, `/v3/shipments/${id}`)).json.data.meta.trackingNumber).toBe(remote.json.data.meta.trackingNumber);
      expect((await get(gateway, token, `/v3/shipments/${id}/documents`)).status).toBe(200);
    } finally {
      await proxy.up();
    }
  });

  it('sends the customs data with the booking as data, and says the upstream took it', async () => {
    const declaration = exportDeclaration(gateway.clock.today());
    const created = await post(
      gateway,
      token,
      '/v3/shipments',
      document(attributes({ shipTo: shipToIn('CH'), exportDeclaration: declaration }), {
        scheduledProcessing: false,
        service: 'economy',
        carrierChoice: 'PV',
      }),
    );
    expect(created.status, created.text).toBe(201);
    expect(created.json.data.meta.customs).toMatchObject({ why: 'IT → CH: Switzerland is outside the EU customs union', data: 'accepted' });
    const remoteId = (
      await get(upstream, upstreamToken, `/v3/shipment-summaries?search=${upstreamCustomerReference(created.json.data.id)}`)
    ).json.data[0].id;
    const remote = (await get(upstream, upstreamToken, `/v3/shipments/${remoteId}`)).json.data;
    expect(remote.attributes.exportDeclaration).toMatchObject({
      exportReasonType: declaration.exportReasonType,
      invoiceReference: declaration.invoiceReference,
      lineItems: declaration.lineItems,
    });
    expect(remote.meta.customs).toMatchObject({ why: 'IT → CH: Switzerland is outside the EU customs union' });
    // A route inside the EU sends no declaration, and says nothing of customs.
    const domestic = await post(gateway, token, '/v3/shipments', viaUpstream());
    expect(domestic.json.data.meta.customs).toBeUndefined();
  });

  it('finds a booking whose answer was lost after the upstream committed it, instead of booking again', async () => {
    await waitUntilReachable();
    void proxy.loseNextAnswer(3_000);
    const created = await post(gateway, token, '/v3/shipments', viaUpstream());
    expect(created.status, created.text).toBe(201);
    expect(await upstreamBookings(created.json.data.id)).toBe(1);
    const summaries = await get(
      upstream,
      upstreamToken,
      `/v3/shipment-summaries?search=${upstreamCustomerReference(created.json.data.id)}`,
    );
    const remote = await get(upstream, upstreamToken, `/v3/shipments/${summaries.json.data[0].id}`);
    expect(created.json.data.meta.trackingNumber).toBe(remote.json.data.meta.trackingNumber);
  });
});

/** The gateway rests after a failure before it asks again: a rate request shows when it asks again. */
async function waitUntilReachable(): Promise<void> {
  await waitFor(
    'the upstream to be reachable again',
    async () => {
      const outbox = await get(gateway, token, '/v3/outbox');
      if ((outbox.json.meta.upstreams as { reachable: boolean }[]).every((entry) => entry.reachable)) return true;
      const rates = await post(gateway, token, '/v3/shipments/rate', document());
      return (rates.json.data as { id: string }[]).some((rate) => rate.id.startsWith('t2-PV.'));
    },
    { timeoutMs: 20_000, intervalMs: 250 },
  );
}

describe('while the upstream is away', () => {
  it('answers immediate creates 503 with Retry-After, keeps scheduled ones in the outbox, and sends each once when it is back', async () => {
    await proxy.down();
    const refused = await post(gateway, token, '/v3/shipments', viaUpstream());
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json.errors[0].detail).toMatch(/^The shipment was not booked: ParcelValue test cannot be reached/);
    expect(refused.json.errors[0].code).toBe('upstream.unreachable');
    // The rate cards still quote: the desk can ship with another carrier meanwhile.
    const rates = await post(gateway, token, '/v3/shipments/rate', document());
    expect((rates.json.data as { id: string }[]).map((rate) => rate.id)).toContain('t2-UPS-STD');
    expect(rates.json.meta.unavailable).toContainEqual(expect.objectContaining({ reason: expect.stringContaining('ParcelValue test') }));

    const queued: string[] = [];
    for (let i = 0; i < 5; i++) {
      const scheduled = await post(gateway, token, '/v3/shipments', viaUpstream({ scheduledProcessing: true }));
      expect(scheduled.status, scheduled.text).toBe(202);
      queued.push(scheduled.json.data.id);
    }
    await gateway.station.scheduler.runOnce();
    const outbox = await get(gateway, token, '/v3/outbox');
    const entries = (
      outbox.json.data as { id: string; attributes: { state: string; reason: string | null; carrierChoice: string } }[]
    ).filter((entry) => queued.includes(entry.id));
    expect(entries.map((entry) => entry.attributes.state)).toEqual(Array(5).fill('queued'));
    expect(entries[0]!.attributes.reason).toMatch(
      /^ParcelValue test cannot be reached \(.*ECONNREFUSED.*\); next try at \d{4}-\d{2}-\d{2}T/,
    );
    expect(outbox.json.meta.upstreams).toEqual([expect.objectContaining({ code: 'PV', reachable: false })]);

    await proxy.up();
    let left: string[] = queued;
    await waitFor(
      'the outbox emptied of the queued shipments',
      async () => {
        await gateway.station.scheduler.runOnce();
        left = ((await get(gateway, token, '/v3/outbox')).json.data as { id: string }[])
          .map((entry) => entry.id)
          .filter((id) => queued.includes(id));
        return left.length === 0;
      },
      { timeoutMs: 30_000, intervalMs: 250, seen: () => left },
    );
    for (const id of queued) {
      const shipment = await get(gateway, token, `/v3/shipments/${id}`);
      expect(shipment.json.data.meta.status).toBe(3);
      expect(await upstreamBookings(id)).toBe(1);
    }
  });
});

describe('a booking nobody can confirm yet', () => {
  it('is kept in the outbox, not lost and not booked twice: the scheduler finds the upstream’s booking when it is back', async () => {
    await waitUntilReachable();
    // The upstream books, its answer is lost, and then it is gone before the gateway can look.
    const swallowed = proxy.loseNextAnswer(5_000);
    const answer = post(gateway, token, '/v3/shipments', viaUpstream());
    await swallowed;
    await proxy.down();
    const refused = await answer;
    expect(refused.status).toBe(503);
    expect(refused.json.errors[0].detail).toMatch(/it may have booked it\. The station keeps it as shipment [0-9A-F]{64} in the outbox/);
    const id = refused.json.errors[0].meta.shipmentId as string;
    const outbox = (await get(gateway, token, '/v3/outbox')).json.data as { id: string; attributes: { state: string } }[];
    expect(outbox.find((entry) => entry.id === id)?.attributes.state).toBe('queued');
    expect(await upstreamBookings(id)).toBe(1);

    await proxy.up();
    await waitFor(
      'the kept shipment resolved',
      async () => {
        if ((await get(gateway, token, `/v3/shipments/${id}`)).status === 200) return true;
        await gateway.station.scheduler.runOnce();
        return false;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const resolved = await get(gateway, token, `/v3/shipments/${id}`);
    expect(resolved.json.data.meta.status).toBe(3);
    expect(await upstreamBookings(id)).toBe(1);
    const remoteId = (await get(upstream, upstreamToken, `/v3/shipment-summaries?search=${upstreamCustomerReference(id)}`)).json.data[0].id;
    expect(resolved.json.data.meta.trackingNumber).toBe(
      (await get(upstream, upstreamToken, `/v3/shipments/${remoteId}`)).json.data.meta.trackingNumber,
    );
  });
});

describe('tracking', () => {
  it('pulls the upstream’s tracking and records a move as tracking.updated', async () => {
    await waitUntilReachable();
    const created = await post(gateway, token, '/v3/shipments', viaUpstream());
    expect(created.status).toBe(201);
    const remoteId = (
      await get(upstream, upstreamToken, `/v3/shipment-summaries?search=${upstreamCustomerReference(created.json.data.id)}`)
    ).json.data[0].id;
    const before = (await get(gateway, token, '/v3/events?after=0&limit=1000')).json.meta.lastEventId;
    const outForDelivery = `${upstream.clock.today()} 08:30:00`;
    await createTrackingEventService(upstream.station.store, upstream.station.audit).add(OPERATOR, remoteId, {
      status: 4,
      at: outForDelivery,
      text: 'Out for delivery',
    });
    const refreshed = await gateway.station.upstream.refreshTracking();
    expect(refreshed.updated).toBeGreaterThanOrEqual(1);
    const tracking = await get(gateway, token, `/v3/shipments/${created.json.data.id}/tracking`);
    expect(tracking.json.data.attributes).toMatchObject({ trackingStatus: 4, trackingDate: outForDelivery });
    const events = (await get(gateway, token, `/v3/events?after=${before}`)).json.data as {
      attributes: { eventType: string; resource: { id: string } };
    }[];
    expect(
      events.filter((event) => event.attributes.eventType === 'tracking.updated').map((event) => event.attributes.resource.id),
    ).toContain(created.json.data.id);
    // Nothing new upstream: nothing recorded again.
    const again = await gateway.station.upstream.refreshTracking();
    expect(again.updated).toBe(0);
  });
});

describe('end of day through the upstream', () => {
  /** Books through the upstream; its carrier there is the cheapest economy one, e.g. PV.UPS. */
  const book = async (shipDate: string) => {
    const created = await post(
      gateway,
      token,
      '/v3/shipments',
      document(attributes({ shipDate }), { scheduledProcessing: false, service: 'economy', carrierChoice: 'PV' }),
    );
    expect(created.status, created.text).toBe(201);
    const id = created.json.data.id as string;
    const carrier = (await gateway.station.store.shipments.get(id, gateway.client.id, false))!.carrierCode!;
    expect(carrier).toMatch(/^PV\.[A-Z_]+$/);
    return { id, carrier };
  };
  const close = (carrier: string, date: string) =>
    post(gateway, token, '/v3/manifests', { data: { type: 'manifest', attributes: { carrier, date } } });
  const act = (path: string) => gateway.call(path, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  const outboxManifests = async () =>
    (await get(gateway, token, '/v3/outbox')).json.meta.manifests as {
      id: string;
      attributes: { transmission: Record<string, unknown> };
    }[];

  it('sends a close to the upstream through the outbox, tries again while it is away, and refuses a reopen once sent', async () => {
    await waitUntilReachable();
    // A week ahead, and a day after that for the next test: days no other test of the file ships on.
    const day = gateway.clock.day(7);
    const { carrier } = await book(day);
    expect((await book(day)).carrier).toBe(carrier);
    await proxy.down();
    try {
      const closed = await close(carrier, day);
      expect(closed.status, closed.text).toBe(201);
      expect(closed.json.data.attributes).toMatchObject({
        transmittedAt: null,
        transmission: { status: 'pending', attempts: 0, error: null, remoteNumber: null },
      });
      await gateway.station.manifestTransmission.runOnce();
      const waiting = await outboxManifests();
      expect(waiting.map((entry) => entry.id)).toEqual([closed.json.data.id]);
      expect(waiting[0]!.attributes.transmission).toMatchObject({
        status: 'pending',
        attempts: 1,
        error: expect.stringContaining('ParcelValue test'),
        nextTryAt: expect.any(String),
      });
    } finally {
      await proxy.up();
    }
    await waitUntilReachable();
    await waitFor(
      'the manifest sent',
      async () => {
        if ((await outboxManifests()).length === 0) return true;
        await gateway.station.manifestTransmission.runOnce();
        return false;
      },
      { timeoutMs: 10_000, intervalMs: 150 },
    );
    const local = (await get(gateway, token, `/v3/manifests?date=${day}`)).json.data[0];
    expect(local.attributes.transmission).toMatchObject({ status: 'sent', error: null, nextTryAt: null });
    expect(local.attributes.transmittedAt).toEqual(expect.any(String));
    // Upstream: one manifest of the day for its carrier (UPS of PV.UPS), with both shipments, under the number the gateway recorded.
    const remote = (await get(upstream, upstreamToken, `/v3/manifests?date=${day}&carrier=${carrier.slice(3)}`)).json.data;
    expect(remote).toHaveLength(1);
    expect(remote[0].attributes).toMatchObject({
      number: local.attributes.transmission.remoteNumber,
      status: 'closed',
      totals: { shipments: 2 },
    });
    const reopen = await act(`/v3/manifests/${local.id}/reopen`);
    expect(reopen.status).toBe(409);
    expect(reopen.json.errors[0].detail).toBe(
      `Manifest ${local.attributes.number} cannot be reopened: it is not closed, or it was transmitted.`,
    );
  });

  it('shows a close the upstream refused with its reason, and sends it again on a supervisor’s word', async () => {
    await waitUntilReachable();
    const day = gateway.clock.day(8);
    const { id, carrier } = await book(day);
    // Voided upstream behind the gateway's back: the upstream has nothing to close that day.
    const remoteId = (await get(upstream, upstreamToken, `/v3/shipment-summaries?search=${upstreamCustomerReference(id)}`)).json.data[0].id;
    expect(
      (await upstream.call(`/v3/shipments/${remoteId}`, { method: 'DELETE', headers: { Authorization: `Bearer ${upstreamToken}` } }))
        .status,
    ).toBe(204);
    const closed = await close(carrier, day);
    expect(closed.status).toBe(201);
    await gateway.station.manifestTransmission.runOnce();
    const [refused] = await outboxManifests();
    expect(refused!.attributes.transmission).toMatchObject({
      status: 'failed',
      attempts: 1,
      nextTryAt: null,
      error: `ParcelValue test: No shipment of ${carrier.slice(3)} on ${day} is ready to close.`,
    });
    // Not tried again by itself.
    await gateway.station.manifestTransmission.runOnce();
    expect((await outboxManifests())[0]!.attributes.transmission).toMatchObject({ attempts: 1 });

    const again = await act(`/v3/manifests/${closed.json.data.id}/transmit`);
    expect(again.status, again.text).toBe(202);
    expect(again.json.data.attributes.transmission).toMatchObject({ status: 'pending' });
    await gateway.station.manifestTransmission.runOnce();
    expect((await outboxManifests())[0]!.attributes.transmission).toMatchObject({ status: 'failed', attempts: 2 });
    expect((await act(`/v3/manifests/${closed.json.data.id}/transmit`)).status).toBe(202);
    // A reopen drops what waits to be sent: the outbox is empty again.
    expect((await act(`/v3/manifests/${closed.json.data.id}/reopen`)).status).toBe(200);
    expect(await outboxManifests()).toEqual([]);
  });
});

describe('an upstream away for longer than the rate cache', () => {
  it('answers rate, create and confirm 503 with Retry-After, never a 4xx; a scheduled create is acknowledged and booked once', async () => {
    await waitUntilReachable();
    const rates = (await post(gateway, token, '/v3/shipments/rate', document())).json.data as { id: string }[];
    const rate = rates.find((candidate) => candidate.id === 't2-PV.UPS-STD')!;
    expect(rate).toBeDefined();
    await proxy.down();
    let scheduledId: string;
    try {
      // Past the minute the upstream's rates are cached for, and past its longest rest after a failure: the
      // station knows nothing of the upstream but that it cannot be reached.
      for (const awayMs of [61_000, 5 * 60_000]) {
        gateway.clock.advance(awayMs);
        const created = await post(gateway, token, '/v3/shipments', viaUpstream());
        expect(created.status, created.text).toBe(503);
        expect(created.headers['retry-after']).toBe('30');
        expect(created.json.errors[0].detail).toMatch(/^The shipment was not booked: ParcelValue test cannot be reached \(.*ECONNREFUSED/);

        const confirmed = await post(gateway, token, '/v3/shipments/confirm', document(attributes(), { rate }));
        expect(confirmed.status, confirmed.text).toBe(503);
        expect(confirmed.headers['retry-after']).toBe('30');
        expect(confirmed.json.errors[0].detail).toMatch(/^The shipment was not booked: ParcelValue test cannot be reached/);

        // A parcel no rate card carries: only the upstream might, and it cannot be asked.
        const heavy = attributes({ packages: [{ ...parcel(), weight: { value: '2000', units: '1' } }] });
        const priced = await post(gateway, token, '/v3/shipments/rate', document(heavy));
        expect(priced.status, priced.text).toBe(503);
        expect(priced.headers['retry-after']).toBe('30');
        expect(priced.json.errors[0].detail).toMatch(/^No service could be priced: ParcelValue test cannot be reached/);
        expect(priced.json.errors[0].code).toBe('upstream.unreachable');
        // With the rate cards quoting, the rates still come, and say the upstream is away.
        const side = await post(gateway, token, '/v3/shipments/rate', document());
        expect(side.status).toBe(202);
        expect(side.json.meta.unavailable).toContainEqual(
          expect.objectContaining({ reason: expect.stringContaining('ParcelValue test cannot be reached') }),
        );
        // Not a refusal of the shipment: the code says the upstream could not be asked, and its words why.
        expect(side.json.meta.unavailable).toContainEqual(
          expect.objectContaining({
            id: 't2-PV-*',
            code: 'carrier.unreachable',
            upstream: 'ParcelValue test',
            problem: expect.stringContaining('ParcelValue test cannot be reached'),
          }),
        );
      }
      const scheduled = await post(gateway, token, '/v3/shipments', viaUpstream({ scheduledProcessing: true }));
      expect(scheduled.status, scheduled.text).toBe(202);
      scheduledId = scheduled.json.data.id;
    } finally {
      await proxy.up();
    }
    await waitFor(
      'the scheduled shipment booked once the upstream was back',
      async () => {
        if ((await get(gateway, token, `/v3/shipments/${scheduledId}`)).status === 200) return true;
        gateway.clock.advance(61_000);
        await gateway.station.scheduler.runOnce();
        return false;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    expect((await get(gateway, token, `/v3/shipments/${scheduledId}`)).json.data.meta.status).toBe(3);
    expect(await upstreamBookings(scheduledId)).toBe(1);
  });
});

describe('an upstream carrier whose day is closed', () => {
  it('ships what is booked through it after the close on its next working day, and says so, as a rate card carrier does', async () => {
    // A Wednesday morning, on both stations: the gateway closes PV.<carrier> for today, as its own carriers.
    const clock = setClock('2026-11-25 09:00', 'Europe/Rome', { running: false });
    const today = clock.today();
    const far = await startTestStation({ schedulerIntervalMs: 0, clock });
    const near = await startTestStation({ schedulerIntervalMs: 0, clock, upstreamTrackingIntervalMs: 0, manifestTransmitIntervalMs: 0 });
    try {
      await near.station.carrierSettings.addUpstream(OPERATOR, {
        code: 'PV',
        name: 'ParcelValue test',
        baseUrl: far.url,
        version: 'v3',
        clientId: far.client.id,
        clientKey: far.client.clientKey,
        serverKey: far.station.keys.serverKey,
      });
      const bearer = await near.token();
      const book = () =>
        post(
          near,
          bearer,
          '/v3/shipments',
          document(attributes(), { scheduledProcessing: false, service: 'economy', carrierChoice: 'PV' }),
        );
      const first = await book();
      expect(first.status, first.text).toBe(201);
      expect(first.json.data.attributes.shipDate).toBe(today);
      const carrier = (await near.station.store.shipments.get(first.json.data.id, near.client.id, false))!.carrierCode!;
      expect(carrier).toMatch(/^PV\.[A-Z_]+$/);
      const closed = await post(near, bearer, '/v3/manifests', { data: { type: 'manifest', attributes: { carrier, date: today } } });
      expect(closed.status, closed.text).toBe(201);

      const after = await book();
      expect(after.status, after.text).toBe(201);
      expect(after.json.data.attributes.shipDate).toBe(addDays(today, 1));
      expect(after.json.meta.warnings).toEqual([
        expect.objectContaining({
          code: 'carrierDayClosed',
          meta: expect.objectContaining({ carrier, manifest: closed.json.data.attributes.number, shipDate: addDays(today, 1) }),
        }),
      ]);
    } finally {
      await near.close();
      await far.close();
    }
  });
});
