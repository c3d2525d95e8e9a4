// The packing setup extension over HTTP, on SQLite and PostgreSQL: the station's box presets, packing rules and
// weight check, answered with their defaults, changed by a supervisor as PHP and Python clients send them, refused
// field by field (a rule's box that is no preset, an empty weight range, a warning above the block), refused to
// packers, audited, kept across a restart, and on PostgreSQL seen by a second desk of the same database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PACKING_SETUP } from '../../src-shared/packing-setup.ts';
import { JSONAPI, OPERATOR, startTestStation, tempDir, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let token: string;

beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  token = await t.token();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: string, path: string, body?: unknown, bearer = token, station = t) =>
  station.call(path, {
    method,
    headers: { Authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const patch = (attributes: Record<string, unknown>, bearer = token) =>
  call('PATCH', '/v3/packing', { data: { type: 'packingSetup', attributes } }, bearer);
const pointers = (response: { json: { errors: { source?: { pointer?: string } }[] } }) =>
  response.json.errors.map((error) => error.source?.pointer).sort();

describe('packing setup', () => {
  it('answers the defaults before anyone changes them', async () => {
    const read = await call('GET', '/v3/packing');
    expect(read.status, read.text).toBe(200);
    expect(read.json.data).toEqual({ type: 'packingSetup', id: 'station', attributes: DEFAULT_PACKING_SETUP });
  });

  it('takes presets and rules as PHP sends them, and answers them normalised', async () => {
    const changed = await patch({
      boxPresets: [
        { name: 'Mailer', length: 25, width: '18', height: '4', tareKg: null },
        { name: 'Wine box', length: '40', width: '15', height: '15', tareKg: '0,6' },
      ],
      rules: [
        {
          when: { countries: 'de, at', maxWeightKg: '2', minWeightKg: null, skus: null, tags: '' },
          then: { box: 'Mailer', service: 'Economy', carrier: null },
        },
        { when: { skus: ['WINE-6'], tags: ['Fragile'] }, then: { box: 'Wine box', carrier: 'dhl', service: '' } },
        { when: null, then: { service: 'EXPRESS' } },
      ],
      varianceWarnPercent: '8',
      varianceBlockPercent: 20,
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.data.attributes).toEqual({
      boxPresets: [
        { name: 'Mailer', length: '25', width: '18', height: '4', tareKg: '0' },
        { name: 'Wine box', length: '40', width: '15', height: '15', tareKg: '0.6' },
      ],
      rules: [
        { when: { countries: ['DE', 'AT'], maxWeightKg: 2 }, then: { box: 'Mailer', service: 'economy' } },
        { when: { skus: ['WINE-6'], tags: ['fragile'] }, then: { box: 'Wine box', carrier: 'DHL' } },
        { when: {}, then: { service: 'express' } },
      ],
      varianceWarnPercent: 8,
      varianceBlockPercent: 20,
    });
    expect((await call('GET', '/v3/packing')).json.data.attributes).toEqual(changed.json.data.attributes);

    // A PATCH of one member keeps the others.
    const thresholds = await patch({ varianceWarnPercent: 5 });
    expect(thresholds.json.data.attributes).toMatchObject({
      varianceWarnPercent: 5,
      varianceBlockPercent: 20,
      boxPresets: changed.json.data.attributes.boxPresets,
    });
  });

  it('refuses each faulty field by its pointer, and changes nothing', async () => {
    const before = (await call('GET', '/v3/packing')).json.data.attributes;
    const refused = await patch({
      boxPresets: [
        { name: 'Mailer', length: '25', width: '18', height: '-4' },
        { name: 'mailer', length: '25', width: '18', height: '4' },
      ],
      rules: [
        { when: { countries: 'DE, XX' }, then: { box: 'Mailer' } },
        { when: { minWeightKg: 5, maxWeightKg: '2' }, then: { box: 'Pallet' } },
        { when: { tags: 'gift' }, then: {} },
        { when: {}, then: { service: 'overnight' } },
      ],
    });
    expect(refused.status, refused.text).toBe(400);
    expect(pointers(refused)).toEqual([
      '/data/attributes/boxPresets/0/height',
      '/data/attributes/rules/0/when/countries/1',
      '/data/attributes/rules/3/then/service',
    ]);
    expect(refused.json.errors[0].detail).toBe("Invalid data: 'data.attributes.boxPresets.0.height'.");

    const crossed = await patch({
      boxPresets: [
        { name: 'Mailer', length: '25', width: '18', height: '4' },
        { name: 'mailer', length: '25', width: '18', height: '4' },
      ],
      rules: [
        { when: { minWeightKg: 5, maxWeightKg: '2' }, then: { box: 'Pallet' } },
        { when: { tags: 'gift' }, then: {} },
      ],
      varianceWarnPercent: 30,
    });
    expect(crossed.status, crossed.text).toBe(400);
    expect(pointers(crossed)).toEqual([
      '/data/attributes/boxPresets/1/name',
      '/data/attributes/rules/0/then/box',
      '/data/attributes/rules/0/when/maxWeightKg',
      '/data/attributes/rules/1/then',
      '/data/attributes/varianceWarnPercent',
    ]);

    // Removing a preset a saved rule still uses is refused at that rule.
    const orphan = await patch({ boxPresets: [{ name: 'Mailer', length: '25', width: '18', height: '4' }] });
    expect(orphan.status, orphan.text).toBe(400);
    expect(pointers(orphan)).toEqual(['/data/attributes/rules/1/then/box']);

    expect(pointers(await call('PATCH', '/v3/packing', { data: { type: 'scale', attributes: {} } }))).toEqual(['/data/type']);
    expect(pointers(await patch({ rules: 'all' }))).toEqual(['/data/attributes/rules']);
    expect((await call('GET', '/v3/packing')).json.data.attributes).toEqual(before);
  });

  it('is read by packers and changed by supervisors only, and each change is audited', async () => {
    await t.station.clients.add(OPERATOR, {
      username: 'rules-packer',
      password: 'Packing-Desk-2026',
      role: 'packer',
      profile: { name: 'Packer' },
    });
    const packer = (await t.signIn('rules-packer', 'Packing-Desk-2026')).json.meta.token as string;
    expect((await call('GET', '/v3/packing', undefined, packer)).status).toBe(200);
    const refused = await patch({ varianceWarnPercent: 1 }, packer);
    expect(refused.status, refused.text).toBe(403);

    const audit = await call('GET', '/v3/audit-events?filter[action]=packing.configured');
    expect(audit.status, audit.text).toBe(200);
    const entries = audit.json.data.map((entry: { attributes: { detail: unknown; actor: { username: string } } }) => ({
      by: entry.attributes.actor.username,
      detail: entry.attributes.detail,
    }));
    expect(entries).toHaveLength(2);
    expect(entries).toContainEqual({
      by: 'smith',
      detail: { boxPresets: ['Mailer', 'Wine box'], rules: 3, varianceWarnPercent: 8, varianceBlockPercent: 20 },
    });
  });

  it('takes a blank percent as absent, as null is: the current one stays (not 0 %)', async () => {
    const before = (await call('GET', '/v3/packing')).json.data.attributes;
    const kept = await patch({ varianceWarnPercent: '  ', varianceBlockPercent: null });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json.data.attributes).toMatchObject({
      varianceWarnPercent: before.varianceWarnPercent,
      varianceBlockPercent: before.varianceBlockPercent,
    });
  });

  it('keeps the setup across a restart, and on PostgreSQL shares it with every desk of the database', async () => {
    const saved = (await call('GET', '/v3/packing')).json.data.attributes;
    await t.station.stop();
    const again = await startTestStation({ schedulerIntervalMs: 0, dataDir: t.dataDir, databaseUrl: t.databaseUrl });
    try {
      const read = await call('GET', '/v3/packing', undefined, await again.token(), again);
      expect(read.json.data.attributes).toEqual(saved);
      if (t.databaseUrl) {
        const otherDesk = await startTestStation({
          schedulerIntervalMs: 0,
          dataDir: tempDir(),
          databaseUrl: t.databaseUrl,
          desk: 'desk-b',
        });
        try {
          const bearer = await otherDesk.token();
          expect((await call('GET', '/v3/packing', undefined, bearer, otherDesk)).json.data.attributes).toEqual(saved);
          expect(
            (
              await call(
                'PATCH',
                '/v3/packing',
                { data: { type: 'packingSetup', attributes: { varianceBlockPercent: 40 } } },
                bearer,
                otherDesk,
              )
            ).status,
          ).toBe(200);
          expect((await call('GET', '/v3/packing', undefined, await again.token(), again)).json.data.attributes.varianceBlockPercent).toBe(
            40,
          );
        } finally {
          await otherDesk.close();
        }
      }
    } finally {
      await again.close();
    }
  });
});
