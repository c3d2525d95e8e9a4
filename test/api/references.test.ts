// Shipment references: 12 digits, unique per station, on both back ends: saves and creates at once never share
// one, a scheduled shipment's reference, drawn when it is processed, is never one handed out already, and a
// restart goes on above every reference handed out before.
import { afterEach, describe, expect, it } from 'vitest';
import { attributes, document, post } from '../helpers/shipments.ts';
import { startTestStation, type TestStation } from '../helpers/station.ts';

const opened: TestStation[] = [];
afterEach(async () => {
  for (const station of opened.splice(0)) await station.close();
});

describe('shipment references', () => {
  it('are unique under load, across a restart, and beside scheduled processing', async () => {
    const t = await startTestStation({ schedulerIntervalMs: 0 });
    opened.push(t);
    const token = await t.token();
    const references: string[] = [];
    const made = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? post(t, token, '/v3/shipments/save', document())
          : post(t, token, '/v3/shipments', document(attributes(), { service: 'economy', scheduledProcessing: false })),
      ),
    );
    for (const answer of made) {
      expect([201, 202], answer.text).toContain(answer.status);
      references.push(answer.json.data.meta.reference);
    }
    // Scheduled ones get theirs when processed, from the same counter.
    const scheduled = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(t, token, '/v3/shipments', document(attributes(), { service: 'economy', scheduledProcessing: true })),
      ),
    );
    for (const answer of scheduled) expect(answer.status).toBe(202);
    await t.station.scheduler.runOnce();
    for (const answer of scheduled) {
      const processed = await t.call(`/v3/shipments/${answer.json.data.id}`, { headers: { Authorization: `Bearer ${token}` } });
      expect(processed.status).toBe(200);
      references.push(processed.json.data.meta.reference);
    }
    // A restart goes on from the station's counter.
    await t.station.stop();
    const again = await startTestStation({ dataDir: t.dataDir, databaseUrl: t.databaseUrl, schedulerIntervalMs: 0 });
    opened.push(again);
    const after = await Promise.all(
      Array.from({ length: 5 }, async () => post(again, await again.token(), '/v3/shipments/save', document())),
    );
    for (const answer of after) {
      expect(answer.status).toBe(202);
      references.push(answer.json.data.meta.reference);
    }
    expect(
      references.every((reference) => /^\d{12}$/.test(reference)),
      references.join(' '),
    ).toBe(true);
    expect(new Set(references).size).toBe(references.length);
    const before = references.slice(0, 35).map(Number);
    expect(Math.min(...references.slice(35).map(Number))).toBeGreaterThan(Math.max(...before));
  });
});
