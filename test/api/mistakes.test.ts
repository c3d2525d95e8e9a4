// The mistakes an integrator makes first, each answered so that they can fix it without the docs: the spec's
// status and detail word for word, the field by pointer or parameter, and in meta.reason what would have passed
// (the format, the unit, the limit, the allowed values) beside what came. Members the station does not know are
// named in the answer's meta.warnings, never dropped in silence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, document, exportDeclaration, get, parcel, post, shipFrom, shipTo } from '../helpers/shipments.ts';
import { startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let token: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  token = await t.token();
});
afterAll(() => t.close());

const now = { service: 'economy', scheduledProcessing: false };
const create = (attrs: Record<string, unknown>, meta: Record<string, unknown> = now) =>
  post(t, token, '/v3/shipments', document(attrs, meta));
type ErrorJson = {
  status: number;
  code?: string;
  detail: string;
  source?: { pointer?: string; parameter?: string; header?: string };
  meta?: { reason?: string };
};

/** The error of one field (by pointer or parameter) in a 400, with the spec's detail. */
async function refusal(answer: Promise<{ status: number; json: any; text: string }>, at: string) {
  const response = await answer;
  expect(response.status, response.text).toBe(400);
  const error = (response.json.errors as ErrorJson[]).find(
    (candidate) => candidate.source?.pointer === at || candidate.source?.parameter === at,
  );
  expect(error, `no error at ${at}: ${response.text}`).toBeDefined();
  return error!;
}

describe('each of the mistakes integrators make first says what is expected', () => {
  const mistakes: [string, () => Promise<{ status: number; json: any; text: string }>, string, string, RegExp][] = [
    [
      'a weight with its unit',
      () => create(attributes({ packages: [parcel('1.4 kg')] })),
      '/data/attributes/packages/0/weight/value',
      'Invalid data',
      /^Expected kg as a decimal above 0, such as 1\.4 .*; got "1\.4 kg"\.$/,
    ],
    [
      'units other than "1"',
      () => create(attributes({ packages: [{ ...parcel(), weight: { value: '1.4', units: 2 } }] })),
      '/data/attributes/packages/0/weight/units',
      'Invalid data',
      /^Expected "1" \(kilograms and centimetres; the only units\); got 2\.$/,
    ],
    [
      'a 61-character name',
      () => create(attributes({ shipTo: { ...shipTo(), name: 'N'.repeat(61) } })),
      '/data/attributes/shipTo/name',
      'Invalid data',
      /^Expected text of at most 35 characters; got a text of 61 characters\.$/,
    ],
    [
      'a country by its name',
      () => create(attributes({ shipTo: { ...shipTo(), country: 'Germany' } })),
      '/data/attributes/shipTo/country',
      'Invalid data',
      /^Expected an ISO 3166-1 alpha-2 country code, such as DE .*; got "Germany"\.$/,
    ],
    [
      'a carrier the station does not have',
      () => create(attributes(), { ...now, carrierChoice: 'DPD' }),
      '/data/meta/carrierChoice',
      'Invalid data',
      /^Expected one of this station’s carriers, DHL, FEDEX, POSTE_ITALIANE, TNT, UPS .*; got "DPD"\.$/,
    ],
    [
      'no service',
      () => create(attributes(), { scheduledProcessing: false }),
      '/data/meta/service',
      'Missing required data',
      /^Required: express or economy\.$/,
    ],
    [
      'a service that does not exist',
      () => create(attributes(), { ...now, service: 'overnight' }),
      '/data/meta/service',
      'Invalid data',
      /^Expected express or economy; got "overnight"\.$/,
    ],
    [
      'a decimal comma in money',
      () => create(attributes({ invoiceSubtotal: { amount: '64,50', currency: 'EUR' } })),
      '/data/attributes/invoiceSubtotal/amount',
      'Invalid data',
      /at most two decimals, such as 64\.50 .*; got "64,50"\.$/,
    ],
    [
      'a US ZIP of 4 digits',
      () =>
        create(
          attributes({ shipTo: { ...shipTo(), country: 'US', state: 'NY', postalCode: '1234', city: 'New York', phone: '12125550100' } }),
          { ...now, carrierChoice: 'UPS' },
        ),
      '/data/attributes/shipTo/postalCode',
      'Invalid data',
      /^Expected a US ZIP code: 5 digits, or 5\+4, such as 12345 or 12345-6789; got "1234"\.$/,
    ],
    [
      'a receiver’s phone no carrier can dial',
      () => create(attributes({ shipTo: { ...shipTo(), phone: '12' } })),
      '/data/attributes/shipTo/phone',
      'Invalid data',
      /^Expected a phone number for DE \(Germany\), with or without its country code, such as \+49 [0-9 ]+; got "12"\.$/,
    ],
    [
      'a US phone number a digit short',
      () =>
        create(
          attributes({ shipTo: { ...shipTo(), country: 'US', state: 'NY', postalCode: '10001', city: 'New York', phone: '212 555 010' } }),
          { ...now, carrierChoice: 'UPS' },
        ),
      '/data/attributes/shipTo/phone',
      'Invalid data',
      /^Expected a US phone number: 10 digits, or 11 starting with 1, such as \(201\) 555-0123 or \+1 201 555 0123; got "212 555 010"\.$/,
    ],
    [
      'goods to Switzerland without a declaration',
      () => create(attributes({ shipTo: { ...shipTo(), country: 'CH', postalCode: '8001', city: 'Zurich' } })),
      '/data/attributes/exportDeclaration',
      'Missing required data',
      /^Required: an export declaration \(exportReasonType, .*\): IT → CH: Switzerland is outside the EU customs union\.$/,
    ],
    [
      'a package type of another API',
      () => create(attributes({ packages: [{ ...parcel(), type: 'BOX' }] })),
      '/data/attributes/packages/0/type',
      'Invalid data',
      /^Expected CARTON or PALLET; got "BOX"\.$/,
    ],
    [
      'an email without a domain',
      () => create(attributes({ shipFrom: { ...shipFrom(), email: 'anna@' } })),
      '/data/attributes/shipFrom/email',
      'Invalid data',
      /^Expected an email address such as name@example\.com, up to 50 characters; got "anna@"\.$/,
    ],
    [
      'a ship date in the past',
      () => create(attributes({ shipDate: t.clock.day(-3) })),
      '/data/attributes/shipDate',
      'Invalid data',
      /^The ship date \d{4}-\d{2}-\d{2} is before today \(.*\)\. Expected today or a later day as YYYY-MM-DD/,
    ],
    [
      'a rate that is not one',
      () => post(t, token, '/v3/shipments/confirm', document(attributes(), { rate: { type: 'rate', id: 'cheapest' } })),
      '/data/meta/rate/id',
      'Invalid data',
      /^Expected a rate id as POST \/shipments\/rate lists it, such as t2-UPS-STD; got "cheapest"\.$/,
    ],
    [
      'a summary limit that is no number',
      () => get(t, token, '/v3/shipment-summaries?limit=all'),
      'limit',
      'filter.limit: Invalid limit: all.',
      /^Expected a whole number from 1; more than 1000 gives 1000; got "all"\.$/,
    ],
    [
      'a summary date in another format',
      () => get(t, token, `/v3/shipment-summaries?dateFrom=${t.clock.today().split('-').reverse().join('.')}`),
      'dateFrom',
      'filter.dateFrom: Invalid date: ',
      /^Expected a date as YYYY-MM-DD; got "\d{2}\.\d{2}\.\d{4}"\.$/,
    ],
  ];

  it.each(mistakes)('%s', async (_name, send, at, detail, reason) => {
    const error = await refusal(send(), at);
    expect(error.detail.startsWith(detail), error.detail).toBe(true);
    expect(error.meta?.reason).toMatch(reason);
    // A ship date is refused with its own code, so a desk words it without the English reason.
    if (at === '/data/attributes/shipDate') expect(error.code).toBe('shipment.shipDatePast');
  });

  it('a JSON:API body with a charset parameter: utf-8 passes, any other is 415 naming the types that pass', async () => {
    const body = JSON.stringify(document(attributes()));
    const send = (contentType: string) =>
      t.call('/v3/shipments/rate', { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType }, body });
    expect((await send('application/vnd.api+json; charset=utf-8')).status).toBe(202);
    const refused = await send('application/vnd.api+json; charset=iso-8859-1');
    expect(refused.status).toBe(415);
    expect(refused.json.errors[0]).toMatchObject({
      code: 'request.mediaTypeUnsupported',
      source: { header: 'Content-Type' },
      meta: { accepted: ['application/vnd.api+json', 'application/json'] },
    });
    expect(refused.json.errors[0].detail).toContain('application/json; charset=utf-8 passes too');
    expect(refused.headers['accept-post']).toBe('application/vnd.api+json, application/json');
    expect((await send('application/json; charset=utf-8')).status).toBe(202);
  });

  it('every refused field of one request comes back at once, each with its reason', async () => {
    const response = await create(attributes({ shipTo: { ...shipTo(), country: 'Germany', city: '' }, packages: [parcel('heavy')] }));
    expect(response.status).toBe(400);
    const errors = response.json.errors as ErrorJson[];
    expect(errors.map((error) => error.source?.pointer).sort()).toEqual([
      '/data/attributes/packages/0/weight/value',
      '/data/attributes/shipTo/city',
      '/data/attributes/shipTo/country',
    ]);
    for (const error of errors) expect(error.meta?.reason).toMatch(/^(Expected|Required)/);
  });
});

describe('members the station does not know', () => {
  it('are named in meta.warnings of the answer, wherever they are, and the shipment is made without them', async () => {
    const attrs = attributes({ saturdayDelivery: true, shipTo: { ...shipTo(), floor: 3 }, packages: [{ ...parcel(), colour: 'brown' }] });
    const response = await create(attrs, { ...now, priority: 'high' });
    expect(response.status, response.text).toBe(201);
    expect(response.json.meta.warnings).toEqual([
      {
        code: 'unknownMember',
        pointer: '/data/attributes/shipTo/floor',
        detail: 'The station does not know the member data.attributes.shipTo.floor, so it was ignored.',
      },
      {
        code: 'unknownMember',
        pointer: '/data/attributes/packages/0/colour',
        detail: 'The station does not know the member data.attributes.packages.0.colour, so it was ignored.',
      },
      {
        code: 'unknownMember',
        pointer: '/data/attributes/saturdayDelivery',
        detail: 'The station does not know the member data.attributes.saturdayDelivery, so it was ignored.',
      },
      {
        code: 'unknownMember',
        pointer: '/data/meta/priority',
        detail: 'The station does not know the member data.meta.priority, so it was ignored.',
      },
    ]);
    expect(response.json.data.attributes).not.toHaveProperty('saturdayDelivery');
    // The rate list says it too; a request with only known members has no warnings.
    const rates = await post(t, token, '/v3/shipments/rate', document(attributes({ saturdayDelivery: true })));
    expect(rates.json.meta.warnings.map((warning: { pointer: string }) => warning.pointer)).toEqual(['/data/attributes/saturdayDelivery']);
    const clean = await create(attributes());
    expect(clean.status).toBe(201);
    expect(clean.json.meta).toBeUndefined();
  });

  it('sit beside a likely wrong field: the shipment is made, the receiver’s phone kept as E.164 digits and flagged', async () => {
    const receiver = { ...shipTo(), country: 'GB', city: 'London', postalCode: 'sw1a1aa', phone: '07700 900123' };
    const response = await create(attributes({ shipTo: receiver, exportDeclaration: exportDeclaration(t.clock.today()) }), {
      ...now,
      carrierChoice: 'UPS',
    });
    expect(response.status, response.text).toBe(201);
    expect(response.json.data.attributes.shipTo).toMatchObject({ postalCode: 'SW1A 1AA', phone: '447700900123' });
    expect(response.json.meta.warnings).toEqual([
      {
        code: 'likelyWrong',
        pointer: '/data/attributes/shipTo/phone',
        detail: 'This phone number is not in the numbering plan of United Kingdom; carriers may not reach the receiver. Check it.',
      },
    ]);
  });

  it('are named for an order too, one by one in a batch; a missing SKU says what it is', async () => {
    const order = (number: string, line: Record<string, unknown> = {}) => ({
      type: 'order',
      attributes: {
        number,
        shipTo: shipTo(),
        giftWrap: true,
        lines: [{ sku: 'CUP-6', description: 'Ceramic cup', quantity: 1, unitPrice: '10.75', ...line }],
      },
    });
    const one = await post(t, token, '/v3/orders', { data: order(`W-${t.clock.wall().time.replace(/:/g, '')}-1`, { colour: 'blue' }) });
    expect(one.status, one.text).toBe(201);
    expect(one.json.meta.warnings.map((warning: { pointer: string }) => warning.pointer)).toEqual([
      '/data/attributes/giftWrap',
      '/data/attributes/lines/0/colour',
    ]);
    const batch = await post(t, token, '/v3/orders/batch', {
      data: [order(`W-${t.clock.wall().time.replace(/:/g, '')}-2`), order(`W-${t.clock.wall().time.replace(/:/g, '')}-3`)],
    });
    expect(batch.status, batch.text).toBe(200);
    expect(batch.json.meta.warnings.map((warning: { pointer: string }) => warning.pointer)).toEqual([
      '/data/0/attributes/giftWrap',
      '/data/1/attributes/giftWrap',
    ]);
    const noSku = await post(t, token, '/v3/orders', { data: order('W-NOSKU', { sku: null }) });
    expect(noSku.status).toBe(400);
    expect(noSku.json.errors[0].meta.reason).toBe('Required: the article’s SKU, text of at most 35 characters.');
  });
});
