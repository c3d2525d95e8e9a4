// Sites on one station (docs/operations.md, "Sites"), on SQLite and PostgreSQL: the site's own calendar decides a
// shipment's ship date (its holidays and its cutoffs over the station's), a scheduled shipment is booked by its own
// site's calendar and closed days whatever the desk stands at when the scheduler runs, a return is made at its
// original's site and goes to that site's returns address, a saved shipment confirmed stays at its site, and a site's members are taken as real clients
// send them (null for the station's or the account's, any case) and refused naming the field. An account merge
// keeps the merged-into account's sites and refuses parcels of another site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRawQueue, cupsMissing, removeQueue } from '../helpers/printers.ts';
import { attributes, document, get, post, shipFrom } from '../helpers/shipments.ts';
import { setClock } from '../helpers/clock.ts';
import { JSONAPI, OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';

const PASSWORD = 'Sites-Api-Password-2026';
const noCups = cupsMissing();
if (noCups && process.env.CI) throw new Error(`${noCups}; in CI a site's printers are checked in a real CUPS.`);
if (noCups) console.log(`Skipping a site's print defaults: ${noCups}.`);
const ZEBRA = `sites-zebra-${process.pid}`;
const LASER = `sites-laser-${process.pid}`;
// A Wednesday at 09:00 in Rome, standing still.
const clock = setClock('2026-11-25 09:00', 'Europe/Rome', { running: false });
const today = clock.today();
const tomorrow = clock.day(1);
const VERONA = { ...shipFrom(), name: 'Bottega Verona', address1: 'Via Mazzini 3', city: 'Verona', postalCode: '37121' };

let t: TestStation;
let admin: string;
let boss: string;
let packer: string;
let clientId: string;

const send = (token: string, method: string, path: string, body?: unknown) =>
  t.call(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': `${JSONAPI}; charset=utf-8` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const warehouse = (attributes: Record<string, unknown>) => ({ data: { type: 'warehouse', attributes } });
const standAt = async (site: string) => expect((await post(t, boss, `/v3/warehouses/${site}/desk`, {})).status).toBe(200);
const siteOf = async (id: string) => (await get(t, admin, `/v3/shipments/${id}`)).json.data.meta.site as string;
async function create(meta: Record<string, unknown> = {}, attrs: Record<string, unknown> = {}) {
  const made = await post(
    t,
    packer,
    '/v3/shipments',
    document(attributes({ shipFrom: VERONA, ...attrs }), { service: 'economy', carrierChoice: 'UPS', scheduledProcessing: false, ...meta }),
  );
  expect([201, 202], made.text).toContain(made.status);
  return made.json.data as { id: string; attributes: { shipDate?: string }; meta: { site: string } };
}

beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0, clock });
  const account = await t.station.clients.add(OPERATOR, {
    username: 'sites-admin',
    password: PASSWORD,
    role: 'admin',
    profile: { name: 'Sites' },
  });
  clientId = account.id;
  await t.station.users.add(OPERATOR, { clientId, username: 'sites-boss', password: PASSWORD, role: 'supervisor' });
  await t.station.users.add(OPERATOR, { clientId, username: 'sites-packer', password: PASSWORD, role: 'packer' });
  admin = (await t.signIn('sites-admin', PASSWORD)).json.meta.token;
  boss = (await t.signIn('sites-boss', PASSWORD)).json.meta.token;
  packer = (await t.signIn('sites-packer', PASSWORD)).json.meta.token;
});
afterAll(() => t?.close());

describe('a site’s members', () => {
  it('are taken as clients send them, and refused naming the field and what it takes', async () => {
    const made = await send(
      admin,
      'POST',
      '/v3/warehouses',
      warehouse({
        name: ' Verona ',
        address: VERONA,
        returnAddress: null,
        timeZone: 'europe/rome',
        holidays: [today, ` ${today}`],
        cutoffs: null,
      }),
    );
    expect(made.status, made.text).toBe(201);
    expect(made.headers.location).toBe(`${t.url}/v3/warehouses/2`);
    expect(made.json.data).toMatchObject({
      type: 'warehouse',
      id: '2',
      attributes: { name: 'Verona', main: false, timeZone: 'Europe/Rome', holidays: [today], cutoffs: null, returnAddress: null },
      meta: { thisDesk: false },
    });
    const refused = await send(
      admin,
      'PATCH',
      '/v3/warehouses/2',
      warehouse({ name: '', timeZone: 'Mars/Olympus', holidays: ['2026-02-30'], cutoffs: { UPS: '7pm' } }),
    );
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json.errors.map((error: { source: { pointer: string } }) => error.source.pointer).sort()).toEqual([
      '/data/attributes/cutoffs/UPS',
      '/data/attributes/holidays/0',
      '/data/attributes/name',
      '/data/attributes/timeZone',
    ]);
    for (const error of refused.json.errors) expect(error.meta.reason).toMatch(/^Expected /);
    // A site's address is its shipments' sender: a name alone is refused, each missing field named.
    const bare = await send(admin, 'POST', '/v3/warehouses', warehouse({ name: 'Padova', address: { name: 'Bottega Padova' } }));
    expect(bare.status, bare.text).toBe(400);
    expect(bare.json.errors.map((error: { source: { pointer: string } }) => error.source.pointer).sort()).toEqual(
      ['address1', 'city', 'contact', 'country', 'email', 'postalCode'].map((field) => `/data/attributes/address/${field}`),
    );
    // A packer reads the sites but changes none; an unknown site is 404.
    expect((await get(t, packer, '/v3/warehouses')).json.data.map((site: { id: string }) => site.id)).toEqual(['1', '2']);
    expect((await send(packer, 'PATCH', '/v3/warehouses/2', warehouse({ name: 'Padova' }))).status).toBe(403);
    expect((await get(t, admin, '/v3/warehouses/7')).json.errors[0]).toMatchObject({ status: 404, code: 'site.notFound' });
    // A site a query or a close names that the account has not: 404 at that parameter or member.
    for (const path of [
      '/v3/today?site=9',
      '/v3/manifests?site=9',
      '/v3/shipment-summaries?site=9',
      '/v3/manifests/preview?carrier=UPS&site=9',
    ])
      expect((await get(t, boss, path)).json.errors[0], path).toMatchObject({
        status: 404,
        code: 'site.notFound',
        source: { parameter: 'site' },
      });
    const close = await post(t, boss, '/v3/manifests', { data: { type: 'manifest', attributes: { carrier: 'UPS', site: '9' } } });
    expect(close.json.errors[0]).toMatchObject({ status: 404, code: 'site.notFound', source: { pointer: '/data/attributes/site' } });
  });
});

describe('sites added at once', () => {
  it('all land: every site answered 201 is in the account’s list, each with its own id', async () => {
    await t.station.clients.add(OPERATOR, {
      username: 'sites-rush',
      password: PASSWORD,
      role: 'admin',
      profile: { name: 'Rush' },
    });
    const token = (await t.signIn('sites-rush', PASSWORD)).json.meta.token;
    const names = Array.from({ length: 16 }, (_, index) => `Hall ${index + 1}`);
    const answers = await Promise.all(names.map((name) => send(token, 'POST', '/v3/warehouses', warehouse({ name }))));
    for (const answer of answers) expect(answer.status, answer.text).toBe(201);
    const ids = answers.map((answer) => answer.json.data.id as string);
    expect(new Set(ids).size).toBe(names.length);
    const listed = (await get(t, token, '/v3/warehouses')).json.data as { id: string; attributes: { name: string } }[];
    expect(listed.map((site) => site.attributes.name).sort()).toEqual(['Rush', ...names].sort());
    expect(listed.map((site) => site.id).sort()).toEqual(['1', ...ids].sort());
    // Each site added is in the audit log once: a try that lost to another change wrote no entry.
    const logged = (await get(t, token, '/v3/audit-events?filter[action]=site.added&page[size]=100')).json.data as {
      attributes: { subject: { id: string }; actor: { username: string } };
    }[];
    expect(
      logged
        .filter((entry) => entry.attributes.actor.username === 'sites-rush')
        .map((entry) => entry.attributes.subject.id)
        .sort(),
    ).toEqual([...ids].sort());
    // The same names again, at once: each is refused as taken, none lands twice.
    const again = await Promise.all(names.slice(0, 4).map((name) => send(token, 'POST', '/v3/warehouses', warehouse({ name }))));
    for (const answer of again) expect(answer.json.errors?.[0]?.code, answer.text).toBe('site.nameTaken');
    // Renames at once of different sites all land too.
    const renamed = await Promise.all(
      ids.slice(0, 6).map((id) => send(token, 'PATCH', `/v3/warehouses/${id}`, warehouse({ name: `Renamed ${id}` }))),
    );
    for (const answer of renamed) expect(answer.status, answer.text).toBe(200);
    const after = (await get(t, token, '/v3/warehouses')).json.data as { id: string; attributes: { name: string } }[];
    for (const id of ids.slice(0, 6)) expect(after.find((site) => site.id === id)?.attributes.name).toBe(`Renamed ${id}`);
    expect(after).toHaveLength(names.length + 1);
  });
});

describe('a desk’s site chosen at once by several accounts', () => {
  it('keeps each account’s choice', async () => {
    const tokens: string[] = [];
    for (let index = 0; index < 8; index++) {
      const username = `desk-choice-${index}`;
      await t.station.clients.add(OPERATOR, { username, password: PASSWORD, role: 'admin', profile: { name: `Choice ${index}` } });
      const token = (await t.signIn(username, PASSWORD)).json.meta.token as string;
      expect((await send(token, 'POST', '/v3/warehouses', warehouse({ name: 'Second' }))).status).toBe(201);
      tokens.push(token);
    }
    const chosen = await Promise.all(tokens.map((token) => post(t, token, '/v3/warehouses/2/desk', {})));
    for (const answer of chosen) expect(answer.status, answer.text).toBe(200);
    for (const token of tokens) expect((await get(t, token, '/v3/warehouses')).json.meta.desk).toMatchObject({ site: '2', chosen: true });
  });
});

describe.skipIf(noCups !== undefined)('a site’s print defaults', () => {
  let printAdmin: string;
  let printPacker: string;
  let printClient: string;
  beforeAll(async () => {
    // Queues the printing system knows (nothing is printed on them here).
    addRawQueue(ZEBRA, 'socket://127.0.0.1:9', 'Verona Zebra');
    addRawQueue(LASER, 'socket://127.0.0.1:9', 'Verona laser');
    printClient = (
      await t.station.clients.add(OPERATOR, { username: 'print-admin', password: PASSWORD, role: 'admin', profile: { name: 'Print' } })
    ).id;
    await t.station.users.add(OPERATOR, { clientId: printClient, username: 'print-packer', password: PASSWORD, role: 'packer' });
    printAdmin = (await t.signIn('print-admin', PASSWORD)).json.meta.token;
    printPacker = (await t.signIn('print-packer', PASSWORD)).json.meta.token;
  });
  afterAll(() => {
    removeQueue(ZEBRA);
    removeQueue(LASER);
  });
  const settings = async () => {
    const answer = await get(t, printPacker, '/v3/print-settings');
    expect(answer.status, answer.text).toBe(200);
    return answer.json.data.attributes as Record<string, unknown>;
  };

  it('are what a desk at the site prints with, member by member, until the account chooses otherwise at that desk', async () => {
    const made = await send(
      printAdmin,
      'POST',
      '/v3/warehouses',
      warehouse({ name: 'Verona', printing: { format: 'zpl', dpi: 300, size: 'a6', autoPrint: true, printer: ZEBRA, a4Printer: null } }),
    );
    expect(made.status, made.text).toBe(201);
    expect(made.json.data.attributes.printing).toEqual({ format: 'zpl', dpi: 300, size: 'a6', autoPrint: true, printer: ZEBRA });
    // The account's choice from before desks is what the desk prints with while it stands at the main site.
    await t.station.store.settings.set(`printing:client:${printClient}`, { format: 'pdf', dpi: 203, a4Printer: LASER });
    expect(await settings()).toEqual({ printer: null, format: 'pdf', dpi: 203, size: '4x6', autoPrint: false, a4Printer: LASER });
    // At Verona, a desk nobody set up prints ZPL at 300 dpi on the site's Zebra; the A4 printer is still the account's.
    expect((await post(t, printAdmin, '/v3/warehouses/2/desk', {})).status).toBe(200);
    expect(await settings()).toEqual({ printer: ZEBRA, format: 'zpl', dpi: 300, size: 'a6', autoPrint: true, a4Printer: LASER });
    // The packer turns auto-print off at this desk: that one member is theirs, the rest still the site's.
    const changed = await send(printPacker, 'PATCH', '/v3/print-settings', {
      data: { type: 'printSettings', attributes: { autoPrint: false } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.data.attributes).toMatchObject({ printer: ZEBRA, format: 'zpl', dpi: 300, autoPrint: false });
    // The admin moves Verona to EPL2 and takes its printer default away: the desk follows, keeping its own choice.
    const moved = await send(printAdmin, 'PATCH', '/v3/warehouses/2', warehouse({ printing: { format: 'epl2', printer: null } }));
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.data.attributes.printing).toEqual({ format: 'epl2', dpi: 300, size: 'a6', autoPrint: true });
    expect(await settings()).toEqual({ printer: null, format: 'epl2', dpi: 300, size: 'a6', autoPrint: false, a4Printer: LASER });
    // No defaults at all: the account's older choice and the built-in ones.
    const none = await send(printAdmin, 'PATCH', '/v3/warehouses/2', warehouse({ printing: null }));
    expect(none.json.data.attributes.printing).toBeNull();
    expect(await settings()).toEqual({ printer: null, format: 'pdf', dpi: 203, size: '4x6', autoPrint: false, a4Printer: LASER });
    // Each change is in the audit log with the defaults before and after.
    const [last] = await t.station.store.audit.list({ before: null, action: 'site.changed', desk: null, actor: 'print-admin', limit: 1 });
    expect(last?.detail).toEqual({ printing: { from: { format: 'epl2', dpi: 300, size: 'a6', autoPrint: true }, to: null } });
  });

  it('are refused as print settings are, each member by its pointer, and a printer the printing system lacks', async () => {
    const bad = await send(
      printAdmin,
      'POST',
      '/v3/warehouses',
      warehouse({ name: 'Padova', printing: { format: 'bmp', dpi: 600, size: 'a7', autoPrint: 'yes', printer: 'two words' } }),
    );
    expect(bad.status, bad.text).toBe(400);
    expect(bad.json.errors.map((error: { source: { pointer: string } }) => error.source.pointer).sort()).toEqual(
      ['autoPrint', 'dpi', 'format', 'printer', 'size'].map((member) => `/data/attributes/printing/${member}`),
    );
    const unknown = await send(
      printAdmin,
      'PATCH',
      '/v3/warehouses/2',
      warehouse({ printing: { printer: 'No-Such-Zebra', a4Printer: 'No-Such-Laser' } }),
    );
    expect(unknown.status, unknown.text).toBe(400);
    expect(unknown.json.errors).toMatchObject([
      { code: 'print.printerUnknown', source: { pointer: '/data/attributes/printing/printer' }, meta: { printer: 'No-Such-Zebra' } },
      { code: 'print.printerUnknown', source: { pointer: '/data/attributes/printing/a4Printer' }, meta: { printer: 'No-Such-Laser' } },
    ]);
    expect((await get(t, printAdmin, '/v3/warehouses/2')).json.data.attributes.printing).toBeNull();
    expect((await send(printPacker, 'PATCH', '/v3/warehouses/2', warehouse({ printing: { dpi: 203 } }))).status).toBe(403);
    // A printer the site names already and the printing system lost since does not stop a change of another member
    // (the desk sends every default with each save); naming it anew where the site did not is refused.
    const laser = await send(printAdmin, 'PATCH', '/v3/warehouses/2', warehouse({ printing: { printer: LASER } }));
    expect(laser.status, laser.text).toBe(200);
    removeQueue(LASER);
    const kept = await send(printAdmin, 'PATCH', '/v3/warehouses/2', warehouse({ holidays: [], printing: { printer: LASER, dpi: 203 } }));
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json.data.attributes.printing).toEqual({ printer: LASER, dpi: 203 });
    const moved = await send(printAdmin, 'PATCH', '/v3/warehouses/2', warehouse({ printing: { a4Printer: LASER } }));
    expect(moved.json.errors).toMatchObject([{ code: 'print.printerUnknown', source: { pointer: '/data/attributes/printing/a4Printer' } }]);
  });
});

describe('a site’s cutoffs', () => {
  it('name a carrier in any case, kept under its code; a carrier the station lacks is refused at its pointer', async () => {
    const made = await send(admin, 'POST', '/v3/warehouses', warehouse({ name: 'Brescia', cutoffs: { ups: '16:30', Dhl: '15:00' } }));
    expect(made.status, made.text).toBe(201);
    expect(made.json.data.attributes.cutoffs).toEqual({ UPS: '16:30', DHL: '15:00' });
    const id = made.json.data.id as string;
    const twice = await send(admin, 'PATCH', `/v3/warehouses/${id}`, warehouse({ cutoffs: { ups: '16:30', UPS: '17:00' } }));
    expect(twice.status, twice.text).toBe(400);
    expect(twice.json.errors[0]).toMatchObject({ code: 'field.invalid', source: { pointer: '/data/attributes/cutoffs/UPS' } });
    const unknown = await send(admin, 'PATCH', `/v3/warehouses/${id}`, warehouse({ cutoffs: { 'Pony/Express': '12:00', ups: '16:00' } }));
    expect(unknown.status, unknown.text).toBe(400);
    expect(unknown.json.errors).toMatchObject([{ code: 'carrier.unknown', source: { pointer: '/data/attributes/cutoffs/Pony~1Express' } }]);
    expect(unknown.json.errors[0].meta.reason).toMatch(/Known: .*UPS/);
    expect((await get(t, admin, `/v3/warehouses/${id}`)).json.data.attributes.cutoffs).toEqual({ UPS: '16:30', DHL: '15:00' });
    // A cutoff by the carrier's own code (as the desk keyed them before: DHL_EXPRESS) is kept under its choice's.
    const byCarrier = await send(admin, 'PATCH', `/v3/warehouses/${id}`, warehouse({ cutoffs: { DHL_EXPRESS: '14:00', UPS: '16:30' } }));
    expect(byCarrier.status, byCarrier.text).toBe(200);
    expect(byCarrier.json.data.attributes.cutoffs).toEqual({ UPS: '16:30', DHL: '14:00' });
  });
});

describe('a site’s calendar', () => {
  it('dates the shipments made at it: its holiday and its cutoff, not the main site’s', async () => {
    // Milan (the main site) ships today; Verona keeps today as a holiday.
    expect((await create()).attributes.shipDate).toBe(today);
    await standAt('2');
    const atVerona = await create();
    expect(atVerona.meta.site).toBe('2');
    expect(atVerona.attributes.shipDate).toBe(tomorrow);
    // Verona works today after all, with UPS's cutoff at 08:30: at 09:00 UPS ships tomorrow; Milan's UPS still today.
    // A carrier named in any case is that carrier.
    expect((await send(admin, 'PATCH', '/v3/warehouses/2', warehouse({ holidays: null, cutoffs: { ups: '08:30' } }))).status).toBe(200);
    expect((await create()).attributes.shipDate).toBe(tomorrow);
    await standAt('1');
    expect((await create()).attributes.shipDate).toBe(today);
    expect((await send(admin, 'PATCH', '/v3/warehouses/2', warehouse({ cutoffs: null }))).status).toBe(200);
  });

  it('books a scheduled shipment by its own site’s closed day, whatever site the desk stands at when the scheduler runs', async () => {
    await standAt('2');
    const waiting = await create({ scheduledProcessing: true });
    expect(waiting.meta.site).toBe('2');
    // Verona's UPS day closes before the scheduler runs; the desk has moved back to Milan meanwhile.
    await create();
    const closed = await post(t, boss, '/v3/manifests', { data: { type: 'manifest', attributes: { carrier: 'UPS', site: 2 } } });
    expect(closed.status, closed.text).toBe(201);
    await standAt('1');
    await t.station.shipments.processWaiting(10);
    const booked = (await get(t, admin, `/v3/shipments/${waiting.id}`)).json.data;
    expect(booked.meta).toMatchObject({ status: 3, site: '2' });
    expect(booked.attributes.shipDate).toBe(tomorrow);
    // Milan's UPS day is open: a parcel made there now ships today.
    expect((await create()).attributes.shipDate).toBe(today);
  });

  it('makes a return at its original’s site, and keeps a saved shipment at its own when confirmed elsewhere', async () => {
    await standAt('2');
    const original = await create({}, { shipDate: tomorrow });
    await standAt('1');
    // Verona takes its returns at its returns centre: the return goes there, not to the shop's sender address.
    const centre = { ...VERONA, name: 'Verona Resi', address1: 'Via del Lavoro 8', city: 'San Giovanni Lupatoto', postalCode: '37057' };
    expect((await send(admin, 'PATCH', '/v3/warehouses/2', warehouse({ returnAddress: centre }))).status).toBe(200);
    const back = await post(t, packer, `/v3/shipments/${original.id}/returns`, {
      data: { type: 'return', attributes: { reason: 'DAMAGED' } },
    });
    expect(back.status, back.text).toBe(201);
    expect(await siteOf(back.json.data.id)).toBe('2');
    expect(back.json.data.attributes.shipTo).toMatchObject({ name: 'Verona Resi', city: 'San Giovanni Lupatoto', postalCode: '37057' });
    // Without a returns address, a return goes back to the original's sender.
    expect((await send(admin, 'PATCH', '/v3/warehouses/2', warehouse({ returnAddress: null }))).status).toBe(200);
    const again = await post(t, packer, `/v3/shipments/${original.id}/returns`, {
      data: { type: 'return', attributes: { reason: 'WRONG_ITEM' } },
    });
    expect(again.status, again.text).toBe(201);
    expect(again.json.data.attributes.shipTo).toMatchObject({ name: 'Bottega Verona', city: 'Verona' });

    await standAt('2');
    const verona = attributes({ shipFrom: VERONA, shipDate: tomorrow });
    const saved = await post(t, packer, '/v3/shipments/save', document(verona));
    expect(saved.status, saved.text).toBe(202);
    expect(saved.json.data.meta.site).toBe('2');
    await standAt('1');
    const [rate] = (await post(t, packer, '/v3/shipments/rate', document(verona))).json.data;
    const confirmed = await post(t, packer, '/v3/shipments/confirm', {
      data: { type: 'shipment', id: saved.json.data.id, attributes: verona, meta: { rate } },
    });
    expect(confirmed.status, confirmed.text).toBe(202);
    expect(confirmed.json.data.meta).toMatchObject({ status: 3, site: '2' });
  });
});

describe('a desk started with --site', () => {
  it('naming no site of an account works at that account’s main site, and says so in the log once', async () => {
    const lines: string[] = [];
    const logger = { info: () => {}, warn: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
    const other = await startTestStation({ schedulerIntervalMs: 0, clock, deskSite: 'Nowhere', logger });
    try {
      const token = await other.token();
      const made = await post(
        other,
        token,
        '/v3/shipments',
        document(attributes(), { service: 'economy', carrierChoice: 'UPS', scheduledProcessing: false }),
      );
      expect(made.status, made.text).toBe(201);
      expect(made.json.data.meta.site).toBe('1');
      expect((await get(other, token, '/v3/warehouses')).json.meta.desk).toMatchObject({ site: '1', chosen: false });
      expect(lines.filter((line) => line.includes('--site Nowhere'))).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe('an account merge', () => {
  it('is refused while the leaving account has parcels of a site besides its main one', async () => {
    const other = await t.station.clients.add(OPERATOR, {
      username: 'sites-other',
      password: PASSWORD,
      role: 'admin',
      profile: { name: 'Other' },
    });
    const otherToken = (await t.signIn('sites-other', PASSWORD)).json.meta.token;
    expect((await send(otherToken, 'POST', '/v3/warehouses', warehouse({ name: 'Padova' }))).status).toBe(201);
    expect((await post(t, otherToken, '/v3/warehouses/2/desk', {})).status).toBe(200);
    const made = await post(
      t,
      otherToken,
      '/v3/shipments',
      document(attributes({ shipFrom: VERONA }), { service: 'economy', carrierChoice: 'DHL', scheduledProcessing: false }),
    );
    expect(made.status, made.text).toBe(201);
    await expect(t.station.clients.merge(OPERATOR, { id: clientId }, { id: other.id })).rejects.toMatchObject({
      code: 'client.mergeRefused',
      errors: [{ meta: { problems: ["shipments of site 2 of the leaving account: a merge moves the main site's only"] } }],
    });
  });
});
