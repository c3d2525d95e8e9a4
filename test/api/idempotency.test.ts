// Idempotency keys over HTTP: a create sent again with its key answers the first answer byte for byte and makes
// nothing new; another body under the key is 422; concurrent repeats wait for the first; a commit whose answer was
// lost (the station stopped in between) is answered again from the shipment; keys are per client and last a day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThermalPrinter, addRawQueue, cupsMissing, removeQueue } from '../helpers/printers.ts';
import { attributes, document, finishedJob, shipTo } from '../helpers/shipments.ts';
import { execBehindTheStation, JSONAPI, OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';
import { runningClock } from '../helpers/clock.ts';
import { waitFor } from '../helpers/wait.ts';

const noCups = cupsMissing();
if (noCups && process.env.CI) throw new Error(`${noCups}; in CI a print with an Idempotency-Key goes through CUPS.`);
if (noCups) console.log(`Skipping the print with an Idempotency-Key: ${noCups}.`);
const QUEUE = `station-idempotency-${process.pid}`;

let t: TestStation;
let token: string;
const clock = runningClock();
const thermal = new ThermalPrinter();

beforeAll(async () => {
  if (!noCups) {
    await thermal.start();
    addRawQueue(QUEUE, `socket://127.0.0.1:${thermal.port}`, 'Idempotency Zebra');
  }
  t = await startTestStation({ schedulerIntervalMs: 0, clock, printPollMs: 200 });
  token = await t.token();
});

afterAll(async () => {
  await t?.close();
  if (!noCups) {
    removeQueue(QUEUE);
    await thermal.stop();
  }
});

let unique = 0;
/** A shipment document to a receiver no other test uses, so its shipments can be counted by name. */
function order(meta: Record<string, unknown> = { scheduledProcessing: false, service: 'economy' }) {
  const receiver = `Idem Receiver ${++unique} ${process.pid}`;
  return { receiver, body: document(attributes({ shipTo: { ...shipTo(), name: receiver } }), meta) };
}

const send = (path: string, body: unknown, key?: string, bearer = token) =>
  t.call(path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': JSONAPI, ...(key === undefined ? {} : { 'Idempotency-Key': key }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** How many live shipments this client has to the receiver, as the shipment list shows them. */
async function shipmentsTo(receiver: string, bearer = token): Promise<number> {
  const list = await t.call('/v3/shipment-summaries?limit=1000', { headers: { Authorization: `Bearer ${bearer}` } });
  return (list.json.data as { attributes: { shipToName: string } }[]).filter((row) => row.attributes.shipToName === receiver).length;
}

describe('a repeat with the same key and body', () => {
  it('answers a one-step create again byte for byte, with Idempotent-Replayed, and books once', async () => {
    const { receiver, body } = order();
    const first = await send('/v3/shipments', body, 'order-1001-create');
    expect(first.status, first.text).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await send('/v3/shipments', body, 'order-1001-create');
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers.location).toBe(first.headers.location);
    expect(await shipmentsTo(receiver)).toBe(1);
  });

  it('answers a repeat through another prefix or host name with links and Location of its own', async () => {
    const { receiver, body } = order();
    const first = await send('/v3/shipments', body, 'order-1002-create');
    expect(first.status, first.text).toBe(201);
    const port = new URL(t.url).port;
    const id = first.json.data.id as string;
    const again = await t.call('/shipments', {
      method: 'POST',
      headers: {
        Host: `localhost:${port}`,
        Authorization: `Bearer ${token}`,
        'Content-Type': JSONAPI,
        'Idempotency-Key': 'order-1002-create',
      },
      body: JSON.stringify(body),
    });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers.location).toBe(`http://localhost:${port}/shipments/${id}`);
    expect(again.json.data.links.self).toBe(`http://localhost:${port}/shipments/${id}`);
    // The tracking page lives at the origin, without a prefix.
    expect(again.json.data.links.tracking).toMatch(new RegExp(`^http://localhost:${port}/track/[A-Za-z0-9_-]+$`));
    expect(again.text.includes('127.0.0.1')).toBe(false);
    // Everything else is the kept answer: the same shipment, the same tracking hash.
    expect(again.json.data.links.tracking.split('/track/')[1]).toBe(first.json.data.links.tracking.split('/track/')[1]);
    expect({ ...again.json.data, links: undefined }).toEqual({ ...first.json.data, links: undefined });
    // And back through /v3 by the first host: the first answer, byte for byte.
    const third = await send('/v3/shipments', body, 'order-1002-create');
    expect(third.text).toBe(first.text);
    expect(await shipmentsTo(receiver)).toBe(1);
  });

  it('shares the key space of the sandbox and production: a sandbox key sent to production is 422, and books nothing', async () => {
    const { receiver, body } = order();
    expect((await send('/v3-testing/shipments', body, 'order-1003-create')).status).toBe(201);
    const production = await send('/v3/shipments', body, 'order-1003-create');
    expect(production.status).toBe(422);
    expect(production.json.errors[0].source).toEqual({ header: 'Idempotency-Key' });
    expect(await shipmentsTo(receiver)).toBe(0);
  });

  it('treats the same members in another order, as another JSON library sends them, as the same request', async () => {
    const { receiver, body } = order();
    const first = await send('/v3/shipments', body, 'reordered');
    const data = (body as { data: Record<string, unknown> }).data;
    const reordered = JSON.stringify({ data: Object.fromEntries(Object.entries(data).reverse()) });
    const again = await send('/v3/shipments', reordered, 'reordered');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await shipmentsTo(receiver)).toBe(1);
  });

  it('replays save, confirm and a scheduled create with their 202s', async () => {
    const saved = order();
    const firstSave = await send('/v3/shipments/save', saved.body, 'save-1');
    expect(firstSave.status).toBe(202);
    expect((await send('/v3/shipments/save', saved.body, 'save-1')).text).toBe(firstSave.text);
    expect(await shipmentsTo(saved.receiver)).toBe(1);

    const confirmed = order({ rate: { id: 't2-UPS-STD' } });
    const firstConfirm = await send('/v3/shipments/confirm', confirmed.body, 'confirm-1');
    expect(firstConfirm.status, firstConfirm.text).toBe(202);
    const againConfirm = await send('/v3/shipments/confirm', confirmed.body, 'confirm-1');
    expect(againConfirm.headers['idempotent-replayed']).toBe('true');
    expect(againConfirm.text).toBe(firstConfirm.text);
    expect(await shipmentsTo(confirmed.receiver)).toBe(1);

    const scheduled = order({ scheduledProcessing: true, service: 'economy' });
    const firstScheduled = await send('/v3/shipments', scheduled.body, 'scheduled-1');
    expect(firstScheduled.status).toBe(202);
    expect((await send('/v3/shipments', scheduled.body, 'scheduled-1')).text).toBe(firstScheduled.text);
    expect(await shipmentsTo(scheduled.receiver)).toBe(1);
  });

  it('confirms a saved shipment once when the confirm is sent twice at once', async () => {
    const saved = order();
    const id = (await send('/v3/shipments/save', saved.body)).json.data.id as string;
    const confirm = { data: { ...(saved.body as { data: object }).data, id, meta: { rate: { id: 't2-UPS-STD' } } } };
    const [a, b] = await Promise.all([
      send('/v3/shipments/confirm', confirm, 'confirm-saved'),
      send('/v3/shipments/confirm', confirm, 'confirm-saved'),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.text).toBe(b.text);
    expect(a.json.data.id).toBe(id);
    expect(a.json.data.meta.status).toBe(3);
    expect(await shipmentsTo(saved.receiver)).toBe(1);
  });

  it.skipIf(noCups)('prints one label when a print is sent twice with its key', async () => {
    const { body } = order();
    const id = (await send('/v3/shipments', body)).json.data.id as string;
    const print = { data: { type: 'printJob', attributes: { printer: QUEUE, format: 'zpl' } } };
    const before = thermal.received.length;
    const first = await send(`/v3/shipments/${id}/print`, print, 'print-1');
    expect(first.status, first.text).toBe(202);
    const again = await send(`/v3/shipments/${id}/print`, print, 'print-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    // Not a reprint: the same job, so no second label and no supervisor needed.
    expect((await finishedJob(t, token, first.json.data.id)).attributes.status).toBe('done');
    await waitFor('the label at the printer', () => thermal.received.length > before);
    // The shipment has that one job and no other, so no second label is on its way.
    const jobs = await t.call(`/v3/print-jobs?filter[shipment]=${id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(jobs.json.data.map((job: { id: string }) => job.id)).toEqual([first.json.data.id]);
    expect(thermal.received.length - before).toBe(1);
  });
});

describe('repeats at the same moment', () => {
  it('makes one shipment of eight identical creates sent together, all answered alike', async () => {
    const { receiver, body } = order();
    const answers = await Promise.all(Array.from({ length: 8 }, () => send('/v3/shipments', body, 'burst-1')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
    expect(await shipmentsTo(receiver)).toBe(1);
  });
});

describe('the key misused', () => {
  it('refuses another body under a used key with 422 naming the key, and makes nothing', async () => {
    const first = order();
    expect((await send('/v3/shipments', first.body, 'order-2002')).status).toBe(201);
    const other = order();
    const refused = await send('/v3/shipments', other.body, 'order-2002');
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].code).toBe('idempotency.keyReused');
    expect(refused.json.errors[0].detail).toContain("'order-2002'");
    expect(refused.json.errors[0].source).toEqual({ header: 'Idempotency-Key' });
    expect(await shipmentsTo(other.receiver)).toBe(0);
    // The same key on another endpoint is another request too.
    expect((await send('/v3/shipments/save', first.body, 'order-2002')).status).toBe(422);
  });

  it('refuses a key that is empty, too long, or not visible ASCII with 400 naming the header', async () => {
    for (const key of [' ', 'has space', 'x'.repeat(256), 'naïve']) {
      const refused = await t.call('/v3/shipments', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': JSONAPI,
          'Idempotency-Key': Buffer.from(key, 'utf8').toString('latin1'),
        },
        body: JSON.stringify(order().body),
      });
      expect(refused.status, key).toBe(400);
      expect(refused.json.errors[0].code, key).toBe('idempotency.keyInvalid');
      expect(refused.json.errors[0].source).toEqual({ header: 'Idempotency-Key' });
    }
    expect((await send('/v3/shipments', order().body, 'x'.repeat(255))).status).toBe(201);
  });

  it('keeps no answer for a refused request: the corrected request under the same key is processed', async () => {
    const { receiver, body } = order();
    const broken = structuredClone(body) as { data: { attributes: { packages: unknown[] } } };
    broken.data.attributes.packages = [];
    expect((await send('/v3/shipments', broken, 'fixed-later')).status).toBe(400);
    // A refused request kept nothing, so the key is free for the corrected one.
    const fixed = await send('/v3/shipments', body, 'fixed-later');
    expect(fixed.status).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(await shipmentsTo(receiver)).toBe(1);
  });
});

describe('keys belong to a client and last a day', () => {
  it('lets another client use the same key for its own request', async () => {
    await t.station.clients.add(OPERATOR, { username: 'idem-jones', password: 'Another-Desk-2026', profile: { name: 'Jones Fulfilment' } });
    const signIn = await t.signIn('idem-jones', 'Another-Desk-2026');
    const jones = signIn.json.meta.token as string;
    const { receiver, body } = order();
    const smiths = await send('/v3/shipments', body, 'shared-key');
    const joness = await send('/v3/shipments', body, 'shared-key', jones);
    expect(joness.status).toBe(201);
    expect(joness.headers['idempotent-replayed']).toBeUndefined();
    expect(joness.json.data.id).not.toBe(smiths.json.data.id);
    expect(await shipmentsTo(receiver, jones)).toBe(1);
  });

  it('processes a repeat after 24 hours as a new request', async () => {
    const { receiver, body } = order();
    const first = await send('/v3/shipments', body, 'day-old');
    const dayAndAMinute = 24 * 60 * 60 * 1000 + 60_000;
    clock.advance(dayAndAMinute);
    try {
      // A day on, the first token has expired (a working shift's lifetime): the client signs in again.
      const fresh = await t.token();
      const later = await send('/v3/shipments', body, 'day-old', fresh);
      expect(later.status).toBe(201);
      expect(later.headers['idempotent-replayed']).toBeUndefined();
      expect(later.json.data.id).not.toBe(first.json.data.id);
      expect(await shipmentsTo(receiver, fresh)).toBe(2);
    } finally {
      clock.advance(-dayAndAMinute);
    }
  });
});

describe('a station stopped between the commit and the answer', () => {
  it('answers the repeat from the committed shipment, once, and never books it again', async () => {
    const { receiver, body } = order();
    const first = await send('/v3/shipments', body, 'lost-answer');
    // The key was committed with the shipment; the answer is what the stop lost.
    await execBehindTheStation(t, "UPDATE idempotency_keys SET response = NULL WHERE key = 'lost-answer'");
    const again = await send('/v3/shipments', body, 'lost-answer');
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json.data.id).toBe(first.json.data.id);
    expect(again.json.data.meta.trackingNumber).toBe(first.json.data.meta.trackingNumber);
    expect(again.headers.location).toBe(first.headers.location);
    // The answer made again is kept: later repeats get these bytes.
    expect((await send('/v3/shipments', body, 'lost-answer')).text).toBe(again.text);
    expect(await shipmentsTo(receiver)).toBe(1);
  });

  it('answers 404 idempotency.recordGone when the return the key made is gone, never a second return', async () => {
    const { body } = order();
    const id = (await send('/v3/shipments', body)).json.data.id as string;
    const request = { data: { type: 'return', attributes: { reason: 'DAMAGED' } } };
    const first = await send(`/v3/shipments/${id}/returns`, request, 'gone-return');
    expect(first.status, first.text).toBe(201);
    // The key was committed with the return, the answer lost, and the return is no longer to be found under its id.
    await execBehindTheStation(t, "UPDATE idempotency_keys SET response = NULL, subject_id = 'NO-SUCH-RETURN' WHERE key = 'gone-return'");
    const again = await send(`/v3/shipments/${id}/returns`, request, 'gone-return');
    expect(again.status).toBe(404);
    expect(again.json.errors[0]).toMatchObject({
      code: 'idempotency.recordGone',
      detail: 'Shipment not found',
      source: { header: 'Idempotency-Key' },
    });
  });

  it.skipIf(noCups)('answers 404 idempotency.recordGone when the print job the key made is gone, never a second job', async () => {
    const { body } = order();
    const id = (await send('/v3/shipments', body)).json.data.id as string;
    const print = { data: { type: 'printJob', attributes: { printer: QUEUE, format: 'zpl' } } };
    const first = await send(`/v3/shipments/${id}/print`, print, 'gone-print');
    expect(first.status, first.text).toBe(202);
    await execBehindTheStation(t, "UPDATE idempotency_keys SET response = NULL, subject_id = 'NO-SUCH-JOB' WHERE key = 'gone-print'");
    const again = await send(`/v3/shipments/${id}/print`, print, 'gone-print');
    expect(again.status).toBe(404);
    expect(again.json.errors[0]).toMatchObject({
      code: 'idempotency.recordGone',
      detail: 'No print job has the id NO-SUCH-JOB.',
      source: { header: 'Idempotency-Key' },
    });
  });

  it('keeps the key after a restart', async () => {
    const { receiver, body } = order();
    const first = await send('/v3/shipments', body, 'across-restart');
    await t.station.stop();
    const restarted = await startTestStation({ dataDir: t.dataDir, schedulerIntervalMs: 0, clock });
    try {
      const bearer = await restarted.token();
      const again = await restarted.call('/v3/shipments', {
        method: 'POST',
        headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': JSONAPI, 'Idempotency-Key': 'across-restart' },
        body: JSON.stringify(body),
      });
      expect(again.headers['idempotent-replayed']).toBe('true');
      // Byte for byte but for the links, which name the host and port this repeat came to.
      expect(again.text).toBe(first.text.replaceAll(new URL(t.url).origin, new URL(restarted.url).origin));
      const list = await restarted.call('/v3/shipment-summaries?limit=1000', { headers: { Authorization: `Bearer ${bearer}` } });
      expect(
        (list.json.data as { attributes: { shipToName: string } }[]).filter((row) => row.attributes.shipToName === receiver),
      ).toHaveLength(1);
    } finally {
      await restarted.close();
      t = await startTestStation({ dataDir: t.dataDir, schedulerIntervalMs: 0, clock, printPollMs: 200 });
      token = await t.token();
    }
  });
});
