// Labels are rendered by the station's document workers. A worker that dies is replaced: the shipment is tried
// once more, and a shipment that kills two workers fails with the reason instead of taking the station down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { attributes, document, get, post } from '../helpers/shipments.ts';
import { startTestStation, tempDir, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let token: string;
beforeAll(async () => {
  t = await startTestStation({
    schedulerIntervalMs: 0,
    documentWorkerUrl: new URL('../helpers/crashing-document-worker.ts', import.meta.url),
  });
  token = await t.token();
});
afterAll(() => t.close());

const create = (customerReference: string, scheduledProcessing: boolean) =>
  post(t, token, '/v3/shipments', document(attributes({ customerReference }), { service: 'economy', scheduledProcessing }));

describe('the station survives a document worker that dies', () => {
  it('an immediate create whose worker crashed once is retried and answers 201 with its label', async () => {
    const response = await create(`CRASH-ONCE:${join(tempDir(), 'marker')}`, false);
    expect(response.status).toBe(201);
    expect((await get(t, token, `/v3/shipments/${response.json.data.id}/documents`)).status).toBe(200);
  });

  it('a scheduled shipment that kills two workers ends at -1 with the reason; the rest of the batch is processed', async () => {
    const doomed = await create('CRASH-ALWAYS', true);
    const fine = await create('ORDER-9', true);
    await t.station.scheduler.runOnce();
    const failed = await get(t, token, `/v3/shipments/${doomed.json.data.id}`);
    expect(failed.json.data.meta).toMatchObject({
      status: -1,
      error: 'The label renderer stopped twice on this shipment: the worker exited with code 3.',
    });
    expect((await get(t, token, `/v3/shipments/${fine.json.data.id}`)).json.data.meta.status).toBe(3);
    expect(t.station.documents.stats().workers).toBeGreaterThan(0);
  });
});
