// The admin and settings routes refuse a request the way the shipment routes do: each mistake is one error naming
// its member by JSON pointer (source.pointer), with a code of the catalogue (field.missing, field.invalid, or the
// refusal's own) and, in meta.reason, what the member takes. The typical mistakes of each route: a member missing,
// of the wrong type, too long, a wrong data.type, an unknown role; and the admin command's words (--percent, --time)
// never reach the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorCode } from '../../src-shared/error-codes.ts';
import { JSONAPI, OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';
import { desktopIntegration } from '../helpers/store-reads.ts';

let t: TestStation;
let admin: string;
let userId: string;

beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  await t.station.users.add(OPERATOR, {
    clientId: t.client.id,
    username: 'refusals-admin',
    password: 'Refusals-Admin-2026',
    role: 'admin',
  });
  admin = (await t.signIn('refusals-admin', 'Refusals-Admin-2026')).json.meta.token as string;
  userId = (await t.station.users.add(OPERATOR, { clientId: t.client.id, username: 'refusals-packer', password: 'Refusals-Packer-2026' }))
    .id;
});
afterAll(() => t?.close());

const send = (method: string, path: string, body?: unknown) =>
  t.call(path, {
    method,
    headers: { Authorization: `Bearer ${admin}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const one = (type: string, attributes: unknown) => ({ data: { type, attributes } });

interface Expected {
  pointer: string;
  code: string;
  /** What meta.reason must say: the member's expectation. */
  reason: RegExp;
}

/** Sends the request; the answer is 400 (or `status`) with exactly these errors, each with a code, a pointer and a reason. */
async function refused(method: string, path: string, body: unknown, expected: Expected[], status = 400) {
  const answer = await send(method, path, body);
  expect(answer.status, answer.text).toBe(status);
  const errors = answer.json.errors as { code: string; source?: { pointer?: string }; meta?: { reason?: string } }[];
  expect(
    errors.map((error) => error.source?.pointer),
    answer.text,
  ).toEqual(expected.map((error) => error.pointer));
  errors.forEach((error, index) => {
    expect(isErrorCode(error.code), error.code).toBe(true);
    expect(error.code, answer.text).toBe(expected[index]!.code);
    expect(error.meta?.reason, answer.text).toMatch(expected[index]!.reason);
    // The API's words name the member, never the admin command's options.
    expect(error.meta?.reason).not.toMatch(/--[a-z]/);
    expect(error.meta?.reason).not.toMatch(/^Invalid input\.?$/);
  });
  return answer;
}

const wrongType = (type: string) => ({ pointer: '/data/type', code: 'field.invalid', reason: new RegExp(`^Expected "${type}"; got `) });

describe('POST /users and PATCH /users/<id>', () => {
  it('name every faulty member, instead of one error without a source', async () => {
    await refused('POST', '/v3/users', one('user', { password: 'short', role: 'boss', name: 'Tab\there' }), [
      { pointer: '/data/attributes/username', code: 'field.missing', reason: /^Required: the sign-in name: 1 to 64 characters/ },
      {
        pointer: '/data/attributes/password',
        code: 'field.invalid',
        reason: /^Expected a password of at least 10 characters; got a text of 5 characters\.$/,
      },
      {
        pointer: '/data/attributes/name',
        code: 'field.invalid',
        reason: /^Expected the name the desk shows: at most 100 characters, without control characters/,
      },
      {
        pointer: '/data/attributes/role',
        code: 'field.invalid',
        reason: /^Expected packer, supervisor or admin \(case does not matter\); got "boss"\.$/,
      },
    ]);
    await refused('POST', '/v3/users', one('user', { username: 'x'.repeat(65), password: 12345678901 }), [
      {
        pointer: '/data/attributes/username',
        code: 'field.invalid',
        reason: /^Expected the sign-in name: 1 to 64 characters.*; got a text of 65 characters\.$/,
      },
      {
        pointer: '/data/attributes/password',
        code: 'field.invalid',
        reason: /^Expected a password of at least 10 characters; got a number\.$/,
      },
    ]);
    await refused('POST', '/v3/users', one('user', { username: 'trailing ', password: 'Long-Enough-2026' }), [
      { pointer: '/data/attributes/username', code: 'field.invalid', reason: /without control characters or spaces at either end/ },
    ]);
    await refused('POST', '/v3/users', one('users', { username: 'typo', password: 'Long-Enough-2026' }), [wrongType('user')]);
    await refused('POST', '/v3/users', { type: 'user' }, [
      {
        pointer: '/data',
        code: 'field.missing',
        reason: /^Required: a JSON:API document \{"data": \{"type": "user", "attributes": \{"username": …, "password": …/,
      },
    ]);
    await refused('POST', '/v3/users', one('user', 'username=x'), [
      { pointer: '/data/attributes', code: 'field.invalid', reason: /^Expected an object \{"username": …/ },
    ]);
    const taken = await send('POST', '/v3/users', one('user', { username: 'refusals-packer', password: 'Long-Enough-2026' }));
    expect(taken.status).toBe(409);
    expect(taken.json.errors[0]).toMatchObject({ code: 'client.usernameTaken', source: { pointer: '/data/attributes/username' } });
  });

  it('refuse a change by its member, and take an empty change as no change', async () => {
    await refused('PATCH', `/v3/users/${userId}`, one('user', { role: 'Boss', name: '   ', password: 'short' }), [
      { pointer: '/data/attributes/role', code: 'field.invalid', reason: /^Expected packer, supervisor or admin/ },
      { pointer: '/data/attributes/name', code: 'field.invalid', reason: /^Expected the name the desk shows: 1 to 100 characters/ },
      { pointer: '/data/attributes/password', code: 'field.invalid', reason: /^Expected a password of at least 10 characters/ },
    ]);
    const unchanged = await send('PATCH', `/v3/users/${userId}`, one('user', {}));
    expect(unchanged.status, unchanged.text).toBe(200);
    expect(unchanged.json.data.attributes).toMatchObject({ username: 'refusals-packer', role: 'packer' });
    expect((await send('PATCH', `/v3/users/${userId}`, one('user', { role: ' SUPERVISOR ' }))).json.data.attributes.role).toBe(
      'supervisor',
    );
  });
});

describe('POST /clients, PATCH /clients/<id> and PATCH /clients/current', () => {
  it('name each faulty member of a new client', async () => {
    await refused(
      'POST',
      '/v3/clients',
      one('client', { username: 'new-shop', password: 'Long-Enough-2026', country: 'Germany', email: 'not-an-address', phone: 'call me' }),
      [
        { pointer: '/data/attributes/name', code: 'field.missing', reason: /^Required: the account’s name .*1 to 35 characters\.$/ },
        {
          pointer: '/data/attributes/country',
          code: 'field.invalid',
          reason: /^Expected an ISO 3166-1 alpha-2 country code such as IT.*; got "Germany"\.$/,
        },
        { pointer: '/data/attributes/phone', code: 'field.invalid', reason: /^Expected a phone number/ },
        { pointer: '/data/attributes/email', code: 'field.invalid', reason: /^Expected an e-mail address such as name@example\.com/ },
      ],
    );
    await refused(
      'POST',
      '/v3/clients',
      one('client', { username: 'new-shop', password: 'Long-Enough-2026', name: 'N'.repeat(36), role: 7 }),
      [
        { pointer: '/data/attributes/role', code: 'field.invalid', reason: /^Expected packer, supervisor or admin.*; got 7\.$/ },
        { pointer: '/data/attributes/name', code: 'field.invalid', reason: /1 to 35 characters; got "N{36}"\.$/ },
      ],
    );
    await refused('POST', '/v3/clients', one('clients', {}), [wrongType('client')]);
  });

  it('name the faulty member of a change', async () => {
    await refused('PATCH', `/v3/clients/${t.client.id}`, one('client', { rotateKey: 'yes', password: 'short' }), [
      { pointer: '/data/attributes/password', code: 'field.invalid', reason: /at least 10 characters/ },
      {
        pointer: '/data/attributes/rotateKey',
        code: 'field.invalid',
        reason: /^Expected true or false \(also "true", "false", 1, 0, "1" or "0"\); got "yes"\.$/,
      },
    ]);
    await refused('PATCH', '/v3/clients/current', one('client', { name: '', city: 'C'.repeat(31), taxIdentification: false }), [
      { pointer: '/data/attributes/name', code: 'field.invalid', reason: /^Expected the account’s name/ },
      {
        pointer: '/data/attributes/city',
        code: 'field.invalid',
        reason: /^Expected the city: text of at most 30 characters; got "C{31}"\.$/,
      },
      {
        pointer: '/data/attributes/taxIdentification',
        code: 'field.invalid',
        reason: /^Expected the tax identification .*at most 45 characters; got false\.$/,
      },
    ]);
    await refused('PATCH', '/v3/clients/current', one('account', { city: 'Milano' }), [wrongType('client')]);
  });
});

describe('POST /integrations', () => {
  it('names the member name by its pointer, not as a query parameter', async () => {
    await refused('POST', '/v3/integrations', one('integration', { name: '   ' }), [
      { pointer: '/data/attributes/name', code: 'field.invalid', reason: /^Expected the integration’s name: 1 to 64 characters/ },
    ]);
    await refused('POST', '/v3/integrations', one('integration', {}), [
      { pointer: '/data/attributes/name', code: 'field.missing', reason: /^Required: the integration’s name/ },
    ]);
    await refused('POST', '/v3/integrations', one('integration', { name: 'E'.repeat(65) }), [
      { pointer: '/data/attributes/name', code: 'field.invalid', reason: /got a text of 65 characters/ },
    ]);
    await refused('POST', '/v3/integrations', one('key', { name: 'ERP' }), [wrongType('integration')]);
  });
});

describe('DELETE /integrations/<id>', () => {
  it('refuses the desk app’s own key as a refusal its state decides, saying what it takes', async () => {
    const desk = (await desktopIntegration(t.station.store))!;
    const answer = await send('DELETE', `/v3/integrations/${desk.id}`);
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0]).toMatchObject({
      code: 'integration.desktopKeyStays',
      detail: 'The desk app’s own integration key cannot be revoked: the desk signs in with it.',
      meta: { reason: expect.stringMatching(/^Expected an integration other than the desk app’s own/) },
    });
    // The description lists it among the refusals the station's state decides, as the fuzz of the document reads it.
    const described = (await t.call('/v3/openapi.json')).json.paths['/integrations/{id}'].delete;
    expect(described['x-stateRefusals']).toContain('integration.desktopKeyStays');
  });
});

describe('PATCH /carriers/<code>', () => {
  it('words a refused surcharge or cutoff by its member, never by the admin command’s options', async () => {
    await refused('PATCH', '/v3/carriers/UPS', one('carrier', { fuelSurchargePercent: 250, cutoffTime: '25:00' }), [
      {
        pointer: '/data/attributes/fuelSurchargePercent',
        code: 'field.invalid',
        reason: /^Expected the fuel surcharge in percent, from 0 to 200.*; got 250\.$/,
      },
      { pointer: '/data/attributes/cutoffTime', code: 'field.invalid', reason: /^Expected the cutoff time as HH:MM .*; got "25:00"\.$/ },
    ]);
    await refused('PATCH', '/v3/carriers/UPS', one('carrier', { fuelSurchargePercent: '-5' }), [
      { pointer: '/data/attributes/fuelSurchargePercent', code: 'field.invalid', reason: /from 0 to 200/ },
    ]);
    await refused('PATCH', '/v3/carriers/UPS', one('carriers', { fuelSurchargePercent: 5 }), [wrongType('carrier')]);
    const unknown = await send('PATCH', '/v3/carriers/NOPE', one('carrier', { fuelSurchargePercent: 3 }));
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors[0].code).toBe('carrier.notFound');
    const taken = await send('PATCH', '/v3/carriers/UPS', one('carrier', { fuelSurchargePercent: ' 12.5 ', cutoffTime: null }));
    expect(taken.status, taken.text).toBe(200);
    expect(taken.json.data.attributes).toMatchObject({ fuelSurchargePercent: 12.5, cutoffTime: null });
  });
});

describe('PATCH /calendar, /packing and /scale', () => {
  it('say what each refused setting takes', async () => {
    // The 30th of February of the station's year: a date that never is.
    const noSuchDay = `${t.clock.today().slice(0, 4)}-02-30`;
    const calendar = await refused(
      'PATCH',
      '/v3/calendar',
      one('calendar', { timeZone: 'Mars/Olympus_Mons', holidays: [t.clock.day(1), noSuchDay] }),
      [
        { pointer: '/data/attributes/timeZone', code: 'field.invalid', reason: /^Expected an IANA time zone name such as Europe\/Rome/ },
        {
          pointer: '/data/attributes/holidays/1',
          code: 'field.invalid',
          reason: new RegExp(`^Expected a date as YYYY-MM-DD[^;]*; got "${noSuchDay}"\\.$`),
        },
      ],
    );
    expect(calendar.json.errors[0].detail).toContain("'Mars/Olympus_Mons' is not a time zone.");
    await refused('PATCH', '/v3/calendar', one('calendar', { holidays: Array.from({ length: 401 }, () => t.clock.day(1)) }), [
      { pointer: '/data/attributes/holidays', code: 'calendar.tooManyHolidays', reason: /at most 400 holidays/ },
    ]);
    await refused('PATCH', '/v3/calendar', one('calender', {}), [wrongType('calendar')]);

    await refused(
      'PATCH',
      '/v3/packing',
      one('packingSetup', { boxPresets: [{ name: 'Mailer', length: '25', width: 'wide', height: '4' }], varianceBlockPercent: 'lots' }),
      [
        {
          pointer: '/data/attributes/boxPresets/0/width',
          code: 'field.invalid',
          reason: /^Expected the width in cm as a decimal above 0.*; got "wide"\.$/,
        },
        {
          pointer: '/data/attributes/varianceBlockPercent',
          code: 'field.invalid',
          reason: /^Expected how far a weighed parcel may be .*percent from 0 to 1000/,
        },
      ],
    );
    await refused(
      'PATCH',
      '/v3/packing',
      one('packingSetup', { boxPresets: [{ name: 'Mailer', length: '25', width: '18', height: '4' }] }),
      [
        { pointer: '/data/attributes/rules/0/then/box', code: 'field.invalid', reason: /^Expected the name of a box preset: "Mailer"\.$/ },
        { pointer: '/data/attributes/rules/1/then/box', code: 'field.invalid', reason: /^Expected the name of a box preset/ },
        { pointer: '/data/attributes/rules/2/then/box', code: 'field.invalid', reason: /^Expected the name of a box preset/ },
      ],
    );
    await refused('PATCH', '/v3/packing', one('scale', {}), [wrongType('packingSetup')]);

    await refused('PATCH', '/v3/scale', one('scale', { baudRate: 9601, protocol: 'modbus', port: 'P'.repeat(201) }), [
      { pointer: '/data/attributes/port', code: 'field.invalid', reason: /^Expected the serial device.*at most 200 characters/ },
      {
        pointer: '/data/attributes/protocol',
        code: 'field.invalid',
        reason: /^Expected the scale's protocol: sics or nci; got "modbus"\.$/,
      },
      {
        pointer: '/data/attributes/baudRate',
        code: 'field.invalid',
        reason: /^Expected the serial link's speed: 1200, 2400, 4800, 9600, 19200, 38400/,
      },
    ]);
    await refused('PATCH', '/v3/scale', one('scales', {}), [wrongType('scale')]);
  });

  it('the print settings say which type they take', async () => {
    await refused('PATCH', '/v3/print-settings', one('printSetting', {}), [wrongType('printSettings')]);
  });
});

describe('GET /audit-events', () => {
  it('names a refused query parameter and what it takes', async () => {
    const answer = await send('GET', '/v3/audit-events?filter[action]=nope');
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0]).toMatchObject({ code: 'parameter.invalid', source: { parameter: 'filter[action]' } });
    expect(answer.json.errors[0].meta.reason).toMatch(/^Expected one of .*user\.added.*; got "nope"\.$/);
  });
});
