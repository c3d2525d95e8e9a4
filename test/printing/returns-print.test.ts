// A return label printed with the outbound label, through a real CUPS queue to a thermal printer: Milan → Zürich
// goes out with its CN22, and its return (Zürich → Milan, the goods declared as returned) comes out of the same
// job, to go in the box. Once the outbound label has been printed, a return prints alone: never a reprint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThermalPrinter, addRawQueue, cupsMissing, removeQueue } from '../helpers/printers.ts';
import { startTestStation, JSONAPI, type TestStation } from '../helpers/station.ts';
import { attributes, document, exportDeclaration, finishedJob, post, shipToIn } from '../helpers/shipments.ts';
import { waitFor } from '../helpers/wait.ts';

const missing = cupsMissing();
if (missing && process.env.CI) throw new Error(`${missing}; in CI a return printed with its outbound label goes through CUPS.`);
if (missing) console.log(`Skipping the return printing test: ${missing}.`);

const QUEUE = `station-returns-${process.pid}`;

describe.skipIf(missing !== undefined)('a return label printed with the outbound label', () => {
  let t: TestStation;
  let token: string;
  const thermal = new ThermalPrinter();

  beforeAll(async () => {
    await thermal.start();
    addRawQueue(QUEUE, `socket://127.0.0.1:${thermal.port}`, 'Returns Zebra');
    t = await startTestStation({ schedulerIntervalMs: 0, printTimeoutMs: 30_000, printPollMs: 200 });
    token = await t.token();
    const settings = await t.call('/v3/print-settings', {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': JSONAPI },
      body: JSON.stringify({ data: { type: 'printSettings', attributes: { printer: QUEUE, format: 'zpl' } } }),
    });
    expect(settings.status, settings.text).toBe(200);
  });

  afterAll(async () => {
    removeQueue(QUEUE);
    await t?.close();
    await thermal.stop();
  });

  const finished = (jobId: string) => finishedJob(t, token, jobId);

  const printed = (trackingNumber: string) =>
    thermal.received.map((data) => data.toString('utf8')).filter((text) => text.includes(trackingNumber));

  it('prints both labels in one job, each with its CN22, and a later return alone', async () => {
    const outbound = await post(
      t,
      token,
      '/v3/shipments',
      document(attributes({ shipTo: shipToIn('CH'), exportDeclaration: exportDeclaration(t.clock.today()) }), {
        service: 'economy',
        carrierChoice: 'POSTE_ITALIANE',
        scheduledProcessing: false,
      }),
    );
    expect(outbound.status, outbound.text).toBe(201);
    const made = await post(t, token, `/v3/shipments/${outbound.json.data.id}/returns`, {
      data: { type: 'return', attributes: { reason: 'SIZE_OR_FIT', printWithOutbound: true }, meta: { carrierChoice: 'POSTE_ITALIANE' } },
    });
    expect(made.status, made.text).toBe(201);
    const job = await finished(made.json.meta.printJob.id);
    expect(job.attributes).toMatchObject({ status: 'done', printer: QUEUE, format: 'zpl' });

    const outboundNumber = outbound.json.data.meta.trackingNumber as string;
    const returnNumber = made.json.data.meta.trackingNumber as string;
    await waitFor('the job at the printer', () => printed(returnNumber).length > 0, { timeoutMs: 5000, intervalMs: 100 });
    const [data] = printed(returnNumber);
    expect(data).toContain(outboundNumber);
    // Two labels and two CN22s, the outbound's first: the sale, then the goods coming back.
    expect(data!.match(/\^XA/g)).toHaveLength(4);
    expect(data!.indexOf(outboundNumber)).toBeLessThan(data!.indexOf(returnNumber));
    expect(data).toContain('[X] Sale of goods');
    expect(data).toContain('[X] Returned goods');

    // The outbound label is out now: a second return prints alone, and needs no supervisor.
    const second = await post(t, token, `/v3/shipments/${outbound.json.data.id}/returns`, {
      data: { type: 'return', attributes: { reason: 'DAMAGED', printWithOutbound: true }, meta: { carrierChoice: 'POSTE_ITALIANE' } },
    });
    expect(second.status, second.text).toBe(201);
    expect((await finished(second.json.meta.printJob.id)).attributes.status).toBe('done');
    const secondNumber = second.json.data.meta.trackingNumber as string;
    await waitFor('the second return at the printer', () => printed(secondNumber).length > 0, { timeoutMs: 5000, intervalMs: 100 });
    expect(printed(secondNumber)[0]).not.toContain(outboundNumber);
  });
});
