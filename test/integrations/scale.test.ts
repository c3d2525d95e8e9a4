// The desk's scale over a real serial line: socat's pseudo-terminal pair stands in for the USB-serial cable, and a
// simulated scale answers on the far end in SICS or NCI. The station's reading follows it (moving, settled, off
// range, silent), the Server-Sent Events stream carries each change, a pulled cable reads as unplugged and the
// scale comes back by itself when plugged in again. Settings are a supervisor's, checked field by field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { startScaleSimulator, socatMissing, type ScaleSimulator } from '../helpers/scale-simulator.ts';
import { JSONAPI, OPERATOR, startTestStation, tempDir, type TestStation } from '../helpers/station.ts';
import { waitFor } from '../helpers/wait.ts';

const missing = socatMissing();
if (missing && process.env.CI) throw new Error(`${missing}; in CI the scale tests must run.`);

describe.skipIf(missing !== undefined)('a serial scale', () => {
  let t: TestStation;
  let token: string;
  let scale: ScaleSimulator;
  let protocol: 'sics' | 'nci' = 'sics';

  beforeAll(async () => {
    scale = await startScaleSimulator(tempDir('station-scale-'), () => protocol);
    t = await startTestStation({ schedulerIntervalMs: 0, scaleTiming: { pollMs: 50, answerTimeoutMs: 400, reopenMs: 200 } });
    token = await t.token();
  });
  afterAll(async () => {
    await t?.close();
    await scale?.close();
  });

  const call = (method: string, path: string, body?: unknown, bearer = token) =>
    t.call(path, {
      method,
      headers: { Authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const reading = async () =>
    (await call('GET', '/v3/scale')).json.data.attributes.reading as { status: string; weightKg: string | null; problem: string | null };
  /** Waits until the station's reading has the status (and weight) wanted; answers it. */
  const until = (status: string, weightKg?: string) => {
    let last: unknown;
    return waitFor(
      `the scale to read ${status} ${weightKg ?? ''}`,
      async () => {
        const now = await reading();
        last = now;
        return now.status === status && (weightKg === undefined || now.weightKg === weightKg) ? now : undefined;
      },
      { timeoutMs: 5000, seen: () => last },
    );
  };

  it('reads nothing until a supervisor sets it up, and checks the settings field by field', async () => {
    expect((await call('GET', '/v3/scale')).json.data).toMatchObject({
      type: 'scale',
      attributes: { settings: { port: null, protocol: 'sics', baudRate: 9600, units: 'kg' }, reading: { status: 'off' } },
    });
    const bad = await call('PATCH', '/v3/scale', { data: { type: 'scale', attributes: { protocol: 'modbus', baudRate: '1234' } } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((error: { source: { pointer: string } }) => error.source.pointer).sort()).toEqual([
      '/data/attributes/baudRate',
      '/data/attributes/protocol',
    ]);
    await t.station.clients.add(OPERATOR, {
      username: 'scale-packer',
      password: 'Packing-Desk-2026',
      role: 'packer',
      profile: { name: 'Packer' },
    });
    const packer = (await t.signIn('scale-packer', 'Packing-Desk-2026')).json.meta.token as string;
    const refused = await call('PATCH', '/v3/scale', { data: { type: 'scale', attributes: { port: scale.port } } }, packer);
    expect(refused.status).toBe(403);
    expect((await call('GET', '/v3/scale', undefined, packer)).status).toBe(200);
  });

  it('follows a SICS scale: moving, then settled; off range, busy and silent each said in words', async () => {
    scale.state = { mode: 'moving', weight: '1.180' };
    const set = await call('PATCH', '/v3/scale', {
      data: { type: 'scale', attributes: { port: scale.port, protocol: 'SICS', baudRate: '9600' } },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json.data.attributes.settings).toEqual({ port: scale.port, protocol: 'sics', baudRate: 9600, units: 'kg' });
    await until('moving', '1.18');
    expect(scale.requests).toContain('SI');
    scale.state = { mode: 'stable', weight: '1.234' };
    await until('stable', '1.234');
    scale.state = { mode: 'stable', weight: '2500', unit: 'g' };
    await until('stable', '2.5');
    scale.state = { mode: 'overload' };
    expect((await until('overload')).problem).toBe('The scale is overloaded.');
    scale.state = { mode: 'underload' };
    expect((await until('underload')).problem).toBe('The scale reads below zero: zero it.');
    scale.state = { mode: 'confused' };
    expect((await until('error')).problem).toBe('The scale answered “ES”.');
    scale.state = { mode: 'silent' };
    expect((await until('noAnswer')).problem).toBe(`The scale at ${scale.port} does not answer: is it on, and set to SICS at 9600 baud?`);
    scale.state = { mode: 'stable', weight: '0.950' };
    await until('stable', '0.95');
  });

  it('streams each change as a Server-Sent Event', async () => {
    const events: { status: string; weightKg: string | null }[] = [];
    const url = new URL('/v3/scale/stream', t.url);
    const request = http.get(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } });
    const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    let buffered = '';
    response.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const frames = buffered.split('\n\n');
      buffered = frames.pop() ?? '';
      for (const frame of frames) {
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        if (/^event: reading$/m.test(frame) && data) events.push(JSON.parse(data) as { status: string; weightKg: string | null });
      }
    });
    scale.state = { mode: 'moving', weight: '3.100' };
    await until('moving', '3.1');
    scale.state = { mode: 'stable', weight: '3.125' };
    await until('stable', '3.125');
    request.destroy();
    expect(events[0]).toMatchObject({ status: 'stable', weightKg: '0.95' });
    expect(events.map((event) => `${event.status} ${event.weightKg}`)).toEqual(expect.arrayContaining(['moving 3.1', 'stable 3.125']));
    expect(events.findIndex((event) => event.weightKg === '3.125')).toBeGreaterThan(events.findIndex((event) => event.weightKg === '3.1'));
  });

  it('reads a pulled cable as unplugged, and the scale again once it is back', async () => {
    await scale.unplug();
    const unplugged = await until('unplugged');
    expect(unplugged.problem).toMatch(
      new RegExp(`^The scale at ${scale.port} cannot be reached: .+\\. Check its cable and that it is on\\.$`),
    );
    scale.state = { mode: 'stable', weight: '4.200' };
    await scale.plugIn();
    await until('stable', '4.2');
  });

  it('speaks NCI: weights in pounds taken as kilograms, motion and capacity from the status bytes', async () => {
    protocol = 'nci';
    scale.state = { mode: 'moving', weight: '2.50', unit: 'lb' };
    const set = await call('PATCH', '/v3/scale', { data: { type: 'scale', attributes: { protocol: 'nci' } } });
    expect(set.status, set.text).toBe(200);
    await until('moving', '1.134');
    expect(scale.requests.at(-1)).toBe('W');
    scale.state = { mode: 'stable', weight: '1.25', unit: 'kg' };
    await until('stable', '1.25');
    scale.state = { mode: 'overload' };
    await until('overload');
    scale.state = { mode: 'underload' };
    await until('underload');
    scale.state = { mode: 'confused' };
    expect((await until('error')).problem).toBe('The scale did not understand the request.');
    const audit = await t.station.audit.list(OPERATOR, { before: null, action: 'scale.configured', desk: null, actor: null, limit: 5 });
    expect(audit).toHaveLength(2);
    const off = await call('PATCH', '/v3/scale', { data: { type: 'scale', attributes: { port: null } } });
    expect(off.json.data.attributes.reading.status).toBe('off');
  });
});
