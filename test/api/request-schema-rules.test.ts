// Rules of requests that the API description states exactly, over HTTP on SQLite and PostgreSQL, beside the schema
// fuzz pass (openapi-fuzz.test.ts): the audit log's filter[action] is one of the actions the log writes (an enum in
// the description) and its older page[before] cursor is described; a webhook replay's range runs from fromEventId
// to toEventId, and one the other way round is refused at toEventId saying what it takes, a rule between two
// members that the operation lists as one its schema cannot state.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../src-shared/resources.ts';
import { JSONAPI, OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';

const description = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')) as Record<string, any>;

let t: TestStation;
let token: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  token = await t.token();
});
afterAll(() => t?.close());

const call = (method: string, path: string, body?: unknown, as = token) =>
  t.call(path, {
    method,
    headers: { Authorization: `Bearer ${as}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const parameter = (path: string, name: string) =>
  (description.paths[path].get.parameters as { name: string; schema: Record<string, unknown> }[]).find((each) => each.name === name);

describe('the audit log’s query', () => {
  it('describes filter[action] as the actions the log writes, and refuses any other', async () => {
    expect(parameter('/audit-events', 'filter[action]')?.schema.enum).toEqual([...AUDIT_ACTIONS]);
    const refused = await call('GET', '/v3/audit-events?filter[action]=null');
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json.errors[0]).toMatchObject({ code: 'parameter.invalid', source: { parameter: 'filter[action]' } });
    expect((await call('GET', '/v3/audit-events?filter[action]=shipment.voided')).status).toBe(200);
  });

  it('describes the older page[before] cursor it reads', async () => {
    expect(parameter('/audit-events', 'page[before]')?.schema.pattern).toBeDefined();
    await call('PATCH', '/v3/packing', { data: { type: 'packingSetup', attributes: { varianceWarnPercent: 9 } } });
    await call('PATCH', '/v3/packing', { data: { type: 'packingSetup', attributes: { varianceWarnPercent: 8 } } });
    const all = await call('GET', '/v3/audit-events');
    const newest = Number(all.json.data[0].id);
    const older = await call('GET', `/v3/audit-events?page[before]=${newest}`);
    expect(older.status, older.text).toBe(200);
    expect(older.json.data[0].id).toBe(all.json.data[1].id);
  });
});

describe('a webhook replay’s range', () => {
  it('is refused the other way round at toEventId, saying what it takes, and the operation lists it', async () => {
    const operation = description.paths['/webhooks/{id}/replay'].post;
    expect(operation['x-stateRefusals']).toContain('field.invalid@/data/attributes/toEventId');
    const refused = await call('POST', '/v3/webhooks/1/replay', {
      data: { type: 'webhookReplay', attributes: { fromEventId: '26', toEventId: 12 } },
    });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json.errors).toEqual([
      expect.objectContaining({
        code: 'field.invalid',
        source: { pointer: '/data/attributes/toEventId' },
        meta: { reason: 'Expected an event id from fromEventId (26) on; got 12.' },
      }),
    ]);
  });

  it('describes the event ids as whole numbers or their digits, and says what a wrong one takes', async () => {
    const body = operation().requestBody.content[JSONAPI].schema as { $ref: string };
    const attributes = description.components.schemas[body.$ref.split('/').at(-1)!].properties.data.properties.attributes;
    expect(attributes.properties.fromEventId.anyOf).toEqual([
      { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
      { type: 'string', pattern: expect.any(String) },
    ]);
    const refused = await call('POST', '/v3/webhooks/1/replay', {
      data: { type: 'webhookReplay', attributes: { fromEventId: 'one', toEventId: 12 } },
    });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json.errors[0].meta.reason).toMatch(/^Expected the first event id to deliver again: a whole number from 0/);
  });
});

describe('the largest values the description allows', () => {
  it('are answered, not refused or failed, on either database: a page[before] of 15 digits, a replay of event ids up to 2^53 - 1', async () => {
    const page = await call('GET', '/v3/audit-events?page[before]=999999999999999');
    expect(page.status, page.text).toBe(200);
    const added = await call('POST', '/v3/webhooks', {
      data: { type: 'webhook', attributes: { url: 'https://erp.example.com/hooks', events: ['shipment.created'] } },
    });
    expect(added.status, added.text).toBe(201);
    const replayed = await call('POST', `/v3/webhooks/${added.json.data.id}/replay`, {
      data: { type: 'webhookReplay', attributes: { fromEventId: Number.MAX_SAFE_INTEGER - 1, toEventId: Number.MAX_SAFE_INTEGER } },
    });
    expect(replayed.status, replayed.text).toBe(202);
    expect(replayed.json.data.attributes.queued).toBe(0);
  });
});

const operation = () => description.paths['/webhooks/{id}/replay'].post;

describe('a site’s name', () => {
  it('of white space alone is refused by the description’s pattern and by the station, at its member', async () => {
    const name = description.components.schemas.AddWarehouseRequest.properties.data.properties.attributes.properties.name;
    expect(new RegExp(name.pattern as string, 'u').test(' ')).toBe(false);
    expect(new RegExp(name.pattern as string, 'u').test(' Verona ')).toBe(true);
    await t.station.clients.add(OPERATOR, {
      username: 'rules-admin',
      password: 'rules-password-1',
      role: 'admin',
      profile: { name: 'Rules' },
    });
    const admin = (await t.signIn('rules-admin', 'rules-password-1')).json.meta.token as string;
    const refused = await call('POST', '/v3/warehouses', { data: { type: 'warehouse', attributes: { name: ' ' } } }, admin);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json.errors[0]).toMatchObject({ code: 'field.invalid', source: { pointer: '/data/attributes/name' } });
  });
});
