// Two sites of one account on one PostgreSQL (docs/operations.md, "Sites"): a desk at Milan (the main site) and one
// at Verona (`serve --site Verona`). Each site's parcels, close, pickups, Today and Reports are its own: a packer at
// Verona never sees Milan's parcels in their Today and is refused another site's; a supervisor sees either, or both.
// One carrier's day closed at Verona leaves Milan's day of that carrier open, and the reverse.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../helpers/postgres.ts';
import { setClock } from '../helpers/clock.ts';
import { attributes, document, get, post, shipFrom } from '../helpers/shipments.ts';
import { JSONAPI, OPERATOR, startTestStation, tempDir, type TestStation } from '../helpers/station.ts';

const server = inject('postgresUrl');
const PASSWORD = 'Sites-Password-2026';
// A Wednesday morning that stands still, in Milan's zone: both sites ship today unless a day is closed.
const clock = setClock('2026-11-25 09:00', 'Europe/Rome', { running: false });
const today = clock.today();
const MILAN = { ...shipFrom(), name: 'Bottega Milano', address1: 'Via Roma 12', city: 'Milano', postalCode: '20129' };
const VERONA = { ...shipFrom(), name: 'Bottega Verona', address1: 'Via Mazzini 3', city: 'Verona', postalCode: '37121', state: 'VR' };

let milan: TestStation;
let verona: TestStation;
const tokens: Record<string, string> = {};

const patch = (desk: TestStation, token: string, path: string, body: unknown) =>
  desk.call(path, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': JSONAPI },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  const databaseUrl = await createDatabase(server);
  milan = await startTestStation({ databaseUrl, desk: 'milan-1', dataDir: join(tempDir(), 'milan'), schedulerIntervalMs: 0, clock });
  verona = await startTestStation({
    databaseUrl,
    desk: 'verona-1',
    deskSite: 'verona',
    dataDir: join(tempDir(), 'verona'),
    schedulerIntervalMs: 0,
    clock,
  });
  const account = await milan.station.clients.add(OPERATOR, {
    username: 'bottega-admin',
    password: PASSWORD,
    role: 'admin',
    profile: { name: 'Bottega' },
  });
  for (const [username, role] of [
    ['bottega-boss', 'supervisor'],
    ['anna', 'packer'],
    ['marco', 'packer'],
  ] as const)
    await milan.station.users.add(OPERATOR, { clientId: account.id, username, password: PASSWORD, role });
  for (const username of ['bottega-admin', 'bottega-boss', 'anna', 'marco'])
    tokens[username] = (await milan.signIn(username, PASSWORD)).json.meta.token as string;
});

afterAll(async () => {
  await milan?.close();
  await verona?.close();
});

/** A UPS (or other) parcel made at a desk by a packer, booked now, from the site's address. */
async function ship(desk: TestStation, username: string, from: Record<string, unknown>, carrierChoice = 'UPS') {
  const made = await post(
    desk,
    tokens[username]!,
    '/v3/shipments',
    document(attributes({ shipFrom: from }), { service: 'economy', carrierChoice, scheduledProcessing: false }),
  );
  expect(made.status, made.text).toBe(201);
  return made.json.data as { id: string; attributes: { shipDate: string } };
}

const todayOf = async (desk: TestStation, username: string, site?: string) =>
  get(desk, tokens[username]!, `/v3/today${site ? `?site=${site}` : ''}`);

describe('two sites of one account', () => {
  it('are set up by the admin: the main site named Milan, and Verona with its own address and cutoff', async () => {
    const main = await patch(milan, tokens['bottega-admin']!, '/v3/warehouses/1', {
      data: { type: 'warehouse', attributes: { name: 'Milan', address: MILAN } },
    });
    expect(main.status, main.text).toBe(200);
    const added = await post(milan, tokens['bottega-admin']!, '/v3/warehouses', {
      data: { type: 'warehouse', attributes: { name: 'Verona', address: VERONA, cutoffs: { UPS: '17:30' } } },
    });
    expect(added.status, added.text).toBe(201);
    expect(added.json.data).toMatchObject({
      id: '2',
      attributes: { name: 'Verona', main: false, address: { city: 'Verona' }, timeZone: null, cutoffs: { UPS: '17:30' } },
    });
    // Each desk says where it stands: Milan by default (the main site), Verona by --site, found by name in any case.
    const atMilan = await get(milan, tokens.anna!, '/v3/warehouses');
    expect(atMilan.json.meta.desk).toEqual({ name: 'milan-1', site: '1', chosen: false });
    const atVerona = await get(verona, tokens.marco!, '/v3/warehouses');
    expect(atVerona.json.meta.desk).toEqual({ name: 'verona-1', site: '2', chosen: true });
    expect(atVerona.json.data.map((site: { id: string; meta: { thisDesk: boolean } }) => [site.id, site.meta.thisDesk])).toEqual([
      ['1', false],
      ['2', true],
    ]);
    // A name taken is refused, naming the field; a packer may not add a site.
    const taken = await post(milan, tokens['bottega-admin']!, '/v3/warehouses', {
      data: { type: 'warehouse', attributes: { name: 'VERONA' } },
    });
    expect(taken.status, taken.text).toBe(409);
    expect(taken.json.errors[0]).toMatchObject({ code: 'site.nameTaken', source: { pointer: '/data/attributes/name' } });
    expect(
      (await post(milan, tokens.anna!, '/v3/warehouses', { data: { type: 'warehouse', attributes: { name: 'Padova' } } })).status,
    ).toBe(403);
  });

  it('ship, show Today and close each site’s day apart; a packer at Verona never sees Milan’s parcels', async () => {
    await ship(milan, 'anna', MILAN);
    await ship(milan, 'anna', MILAN);
    await ship(verona, 'marco', VERONA);
    await ship(verona, 'marco', VERONA, 'DHL');

    const veronaToday = await todayOf(verona, 'marco');
    expect(veronaToday.status, veronaToday.text).toBe(200);
    expect(veronaToday.json.data.attributes.totals).toMatchObject({ made: 2, toClose: 2 });
    expect(
      veronaToday.json.data.attributes.carriers.map((carrier: { carrier: string; made: number }) => [carrier.carrier, carrier.made]),
    ).toEqual([
      ['DHL_EXPRESS', 1],
      ['UPS', 1],
    ]);
    expect((await todayOf(milan, 'anna')).json.data.attributes.totals).toMatchObject({ made: 2 });
    // Another site, or every site, is a supervisor's view.
    for (const asked of ['1', 'all']) {
      const refused = await todayOf(verona, 'marco', asked);
      expect(refused.status, refused.text).toBe(403);
      expect(refused.json.errors[0]).toMatchObject({
        code: 'site.otherSite',
        source: { parameter: 'site' },
        meta: { neededRole: 'supervisor' },
      });
    }
    expect((await todayOf(verona, 'bottega-boss', 'all')).json.data.attributes.totals).toMatchObject({ made: 4 });
    expect((await todayOf(verona, 'bottega-boss', '1')).json.data.attributes.totals).toMatchObject({ made: 2 });
    expect((await todayOf(verona, 'bottega-boss', '9')).json.errors[0]).toMatchObject({ code: 'site.notFound' });

    // Verona closes UPS: its manifest lists its one parcel and says its site; Milan's UPS day stays open.
    const closed = await post(verona, tokens['bottega-boss']!, '/v3/manifests', {
      data: { type: 'manifest', attributes: { carrier: 'UPS' } },
    });
    expect(closed.status, closed.text).toBe(201);
    expect(closed.json.data.attributes).toMatchObject({ site: '2', date: today, totals: { shipments: 1 } });
    expect(closed.json.data.attributes.number).toMatch(/^UPS-\d{8}-\d+S2-1$/);
    const laterAtMilan = await ship(milan, 'anna', MILAN);
    expect(laterAtMilan.attributes.shipDate).toBe(today);
    const laterAtVerona = await ship(verona, 'marco', VERONA);
    expect(laterAtVerona.attributes.shipDate).not.toBe(today);
    // Milan's close, asked from Verona's desk by the supervisor, takes Milan's three.
    const milanClosed = await post(verona, tokens['bottega-boss']!, '/v3/manifests', {
      data: { type: 'manifest', attributes: { carrier: 'UPS', site: '1' } },
    });
    expect(milanClosed.status, milanClosed.text).toBe(201);
    expect(milanClosed.json.data.attributes).toMatchObject({ site: '1', totals: { shipments: 3 } });
    expect(milanClosed.json.data.attributes.number).toMatch(/^UPS-\d{8}-\d+-1$/);
    // A packer's close preview of another site is refused.
    expect((await get(verona, tokens.marco!, '/v3/manifests/preview?carrier=UPS&site=1')).status).toBe(403);
    const manifests = await get(verona, tokens['bottega-boss']!, `/v3/manifests?date=${today}&site=all`);
    expect(manifests.json.data.map((manifest: { attributes: { site: string } }) => manifest.attributes.site).sort()).toEqual(['1', '2']);
  });

  it('book pickups and report apart, and a supervisor sees both', async () => {
    const pickupsAt = async (desk: TestStation, username: string, site?: string) =>
      (await get(desk, tokens[username]!, `/v3/pickups?date=${today}${site ? `&site=${site}` : ''}`)).json.data.map(
        (pickup: { attributes: { address: { city: string }; carrier: string } }) =>
          `${pickup.attributes.carrier} ${pickup.attributes.address.city}`,
      );
    expect((await pickupsAt(verona, 'marco')).sort()).toEqual(['DHL_EXPRESS Verona', 'UPS Verona']);
    expect(await pickupsAt(milan, 'anna')).toEqual(['UPS Milano']);
    expect((await pickupsAt(verona, 'bottega-boss', 'all')).sort()).toEqual(['DHL_EXPRESS Verona', 'UPS Milano', 'UPS Verona']);

    const report = async (desk: TestStation, username: string, site?: string) => {
      const answer = await get(
        desk,
        tokens[username]!,
        `/v3/reports/daily?dateFrom=${today}&dateTo=${today}${site ? `&site=${site}` : ''}`,
      );
      expect(answer.status, answer.text).toBe(200);
      return answer.json.meta.totals.shipments as number;
    };
    expect(await report(verona, 'marco')).toBe(2);
    expect(await report(milan, 'anna')).toBe(3);
    expect(await report(verona, 'bottega-boss', 'all')).toBe(5);
    expect((await get(verona, tokens.marco!, `/v3/reports/daily?dateFrom=${today}&dateTo=${today}&site=all`)).status).toBe(403);
    // The shipment list is the account's unless a site is named.
    const listed = async (site: string) =>
      (await get(verona, tokens.marco!, `/v3/shipment-summaries?site=${site}&limit=50`)).json.data.length as number;
    expect(await listed('2')).toBe(3);
    expect(await listed('1')).toBe(3);
    expect(await listed('all')).toBe(6);
  });

  it('keeps a packer to their site’s manifests and pickups by id too', async () => {
    const milanManifest = (await get(milan, tokens['bottega-boss']!, `/v3/manifests?date=${today}&site=1`)).json.data[0];
    const refused = await get(verona, tokens.marco!, `/v3/manifests/${milanManifest.id}`);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json.errors[0]).toMatchObject({ code: 'site.otherSite' });
    expect((await get(verona, tokens.marco!, `/v3/manifests/${milanManifest.id}/document`)).status).toBe(403);
    expect((await get(milan, tokens.anna!, `/v3/manifests/${milanManifest.id}`)).status).toBe(200);
    const milanPickup = (await get(milan, tokens.anna!, `/v3/pickups?date=${today}`)).json.data[0];
    const cancel = await verona.call(`/v3/pickups/${milanPickup.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${tokens.marco}` },
    });
    expect(cancel.status, cancel.text).toBe(403);
    expect((await get(milan, tokens.anna!, `/v3/pickups?date=${today}`)).json.data[0].attributes.status).toBe('booked');
  });

  it('keeps a desk started with --site at its site when the site is renamed', async () => {
    const renamed = await patch(milan, tokens['bottega-admin']!, '/v3/warehouses/2', {
      data: { type: 'warehouse', attributes: { name: 'Verona Est' } },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await get(verona, tokens.marco!, '/v3/warehouses')).json.meta.desk).toEqual({ name: 'verona-1', site: '2', chosen: true });
    expect((await todayOf(verona, 'marco')).json.data.attributes.totals).toMatchObject({ made: 2 });
  });

  it('a supervisor moves a desk to another site, and its Today follows at once on every desk', async () => {
    const moved = await post(milan, tokens['bottega-boss']!, '/v3/warehouses/2/desk', {});
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.data).toMatchObject({ id: '2', meta: { thisDesk: true } });
    expect((await get(milan, tokens.anna!, '/v3/warehouses')).json.meta.desk).toEqual({ name: 'milan-1', site: '2', chosen: true });
    expect((await todayOf(milan, 'anna')).json.data.attributes.totals).toMatchObject({ made: 2 });
    expect((await post(milan, tokens.anna!, '/v3/warehouses/1/desk', {})).status).toBe(403);
  });
});

describe('sites added at once at two desks', () => {
  it('all land: each site answered 201 at either desk is in the account’s list', async () => {
    const account = await milan.station.clients.add(OPERATOR, {
      username: 'rush-admin',
      password: PASSWORD,
      role: 'admin',
      profile: { name: 'Rush' },
    });
    const token = (await milan.signIn('rush-admin', PASSWORD)).json.meta.token as string;
    const names = Array.from({ length: 16 }, (_, index) => `Hall ${index + 1}`);
    const answers = await Promise.all(
      names.map((name, index) =>
        post(index % 2 === 0 ? milan : verona, token, '/v3/warehouses', { data: { type: 'warehouse', attributes: { name } } }),
      ),
    );
    for (const answer of answers) expect(answer.status, answer.text).toBe(201);
    expect(new Set(answers.map((answer) => answer.json.data.id as string)).size).toBe(names.length);
    for (const desk of [milan, verona]) {
      const listed = (await get(desk, token, '/v3/warehouses')).json.data as { attributes: { name: string } }[];
      expect(listed.map((site) => site.attributes.name).sort()).toEqual(['Rush', ...names].sort());
    }
    expect(account.id).toBeTruthy();
  });
});

describe('a site’s print defaults on two desks', () => {
  it('are what the desk at that site prints with, and a change made at another desk reaches it at once', async () => {
    const account = await milan.station.clients.add(OPERATOR, {
      username: 'print-admin',
      password: PASSWORD,
      role: 'admin',
      profile: { name: 'Print' },
    });
    await milan.station.users.add(OPERATOR, { clientId: account.id, username: 'print-packer', password: PASSWORD, role: 'packer' });
    const admin = (await milan.signIn('print-admin', PASSWORD)).json.meta.token as string;
    const packer = (await milan.signIn('print-packer', PASSWORD)).json.meta.token as string;
    const added = await post(milan, admin, '/v3/warehouses', {
      data: { type: 'warehouse', attributes: { name: 'Verona', printing: { format: 'zpl', dpi: 300, autoPrint: true } } },
    });
    expect(added.status, added.text).toBe(201);
    const settingsAt = async (desk: TestStation) => (await get(desk, packer, '/v3/print-settings')).json.data.attributes;
    // The desk started with --site Verona prints as Verona says; the desk at the main site as built in.
    expect(await settingsAt(verona)).toMatchObject({ format: 'zpl', dpi: 300, autoPrint: true, printer: null });
    expect(await settingsAt(milan)).toMatchObject({ format: 'pdf', dpi: 203, autoPrint: false });
    const changed = await patch(milan, admin, `/v3/warehouses/${added.json.data.id}`, {
      data: { type: 'warehouse', attributes: { printing: { format: 'epl2' } } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(await settingsAt(verona)).toMatchObject({ format: 'epl2', dpi: 300, autoPrint: true });
  });
});
