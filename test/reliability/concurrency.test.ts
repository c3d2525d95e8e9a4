// The concurrency suite: many callers at once on one station. 50 confirms, 50 creates and 50 list reads arrive
// together: every one is answered as it would be alone (no busy database reaches a client), every shipment has
// its own id, reference and tracking number, and the latencies are reported. And 50 confirms of one saved
// shipment book it once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, document, get, post } from '../helpers/shipments.ts';
import { JSONAPI, startTestStation, type TestStation } from '../helpers/station.ts';
import { http } from '../helpers/http.ts';

let t: TestStation;
let token: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  token = await t.token();
  for (let i = 0; i < 20; i++)
    await post(t, token, '/v3/shipments', document(attributes(), { service: 'economy', scheduledProcessing: false }));
});
afterAll(() => t.close());

/** Every id handed out in any burst: no two shipments ever share one. */
const seen = new Set<string>();

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** Bursts in a row: one here, more under `npm run soak`. */
const ROUNDS = Number(process.env.CONCURRENCY_ROUNDS ?? 1);

describe('150 callers at once', () => {
  it.each(Array.from({ length: ROUNDS }, (_, round) => round + 1))(
    'answers 50 confirms, 50 creates and 50 list reads as if each were alone (burst %i)',
    async () => {
      const rates = await post(t, token, '/v3/shipments/rate', document(attributes()));
      const rate =
        rates.json.data.find(
          (candidate: { attributes: { carrierCode: string } }) => candidate.attributes.carrierCode === 'UPS_WEB_SERVICES',
        ) ?? rates.json.data[0];
      // Node's agent opens a connection per request in flight: all 150 arrive together.
      const headers = { Accept: JSONAPI, 'Content-Type': JSONAPI, Authorization: `Bearer ${token}` };
      const call = (path: string, body?: unknown) =>
        http(`${t.url}${path}`, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) });

      const work = [
        ...Array.from({ length: 50 }, () => ({
          kind: 'confirm',
          run: () => call('/v3/shipments/confirm', document(attributes(), { rate })),
        })),
        ...Array.from({ length: 50 }, (_, i) => ({
          kind: 'create',
          run: () => call('/v3/shipments', document(attributes(), { service: 'express', scheduledProcessing: i % 2 === 0 })),
        })),
        ...Array.from({ length: 50 }, () => ({ kind: 'summaries', run: () => call('/v3/shipment-summaries?limit=100') })),
      ];
      const results = await Promise.all(work.map(async (item) => ({ kind: item.kind, ...(await timed(item.run)) })));

      const statuses = results.map((result) => result.value.status);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      for (const result of results) {
        const expected = result.kind === 'confirm' ? [202] : result.kind === 'create' ? [201, 202] : [200];
        expect(expected, `${result.kind}: ${result.value.text.slice(0, 200)}`).toContain(result.value.status);
      }
      const shipments = results.filter((result) => result.kind !== 'summaries').map((result) => result.value.json.data);
      expect(new Set(shipments.map((shipment) => shipment.id)).size).toBe(100);
      for (const shipment of shipments) expect(seen.has(shipment.id)).toBe(false);
      for (const shipment of shipments) seen.add(shipment.id);
      await t.station.scheduler.runOnce();
      const stored = await Promise.all(
        shipments.map(async (shipment) => (await get(t, token, `/v3/shipments/${shipment.id}`)).json.data.meta),
      );
      expect(stored.every((meta) => meta.status === 3)).toBe(true);
      expect(new Set(stored.map((meta) => meta.reference)).size).toBe(100);
      expect(new Set(stored.map((meta) => meta.trackingNumber)).size).toBe(100);

      const report = ['confirm', 'create', 'summaries'].map((kind) => {
        const times = results.filter((result) => result.kind === kind).map((result) => result.ms);
        return `${kind} p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms`;
      });
      console.log(`150 at once: ${report.join('; ')}`);
    },
  );

  it('books a saved shipment once when 50 callers confirm it at the same moment', async () => {
    const saved = (await post(t, token, '/v3/shipments/save', document(attributes()))).json.data;
    const rates = await post(t, token, '/v3/shipments/rate', document(attributes()));
    const body = document(attributes(), { rate: rates.json.data[0] }) as { data: Record<string, unknown> };
    body.data.id = saved.id;
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(t, token, '/v3/shipments/confirm', body)));
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    // The others lost the race for it (409), or came after it was booked and were answered it (a replay): never
    // a second booking of it, nor a new shipment of the same document.
    for (const answer of answers) expect([202, 409]).toContain(answer.status);
    const booked = answers.filter((answer) => answer.status === 202);
    expect(booked.length).toBeGreaterThanOrEqual(1);
    for (const answer of booked) expect(answer.json.data.id).toBe(saved.id);
    expect(new Set(booked.map((answer) => answer.json.data.meta.trackingNumber)).size).toBe(1);
    const audit = (await t.station.store.shipments.audit(saved.id)).map((entry) => entry.action);
    expect(audit.filter((action) => action === 'processed')).toHaveLength(1);
  });
});
