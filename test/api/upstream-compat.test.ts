// Replays documents shaped the way integrations written for the upstream service send them (its public docs, its
// PHP client, Python's json.dumps of a dict with None): nulls for empty optional members, numbers as strings and
// strings as numbers, alphanumeric commodity codes, and the upstream scheme name. Each must work unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticationHash } from '../../src-shared/auth-hash.ts';
import { get, post } from '../helpers/shipments.ts';
import { OPERATOR, JSONAPI, SMITH, startTestStation, type TestStation } from '../helpers/station.ts';
import { setClock } from '../helpers/clock.ts';
import { desktopIntegration } from '../helpers/store-reads.ts';

/** The invoice date of the upstream's export sample, as its documentation prints it: no day the station compares with now. */
const SAMPLE_INVOICE_DAY = setClock('2023-10-01 12:00', 'Europe/Rome', { running: false }).today();

let t: TestStation;
let token: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  token = await t.token();
});
afterAll(() => t.close());

/** The upstream's "one step, with export declaration" example: Rome to San Diego, line item COM01. */
function upstreamExportExample(): Record<string, unknown> {
  return {
    jsonapi: { version: '1.0' },
    data: {
      type: 'shipment',
      id: 123,
      attributes: {
        shipFrom: {
          name: 'Sender Name',
          address1: 'Sender street 123',
          city: 'Rome',
          postalCode: '00195',
          state: 'RM',
          country: 'IT',
          contact: 'Sender Contactname',
          phone: '1234567890',
          email: 'sender@ship.from',
        },
        shipTo: {
          name: 'Receiver Name',
          address1: 'Receiver address 123',
          city: 'San Diego',
          postalCode: 92101,
          state: 'CA',
          country: 'US',
          contact: 'Receiver Contactname',
          phone: '12345678901',
          email: 'receiver@ship.to',
        },
        packages: [
          { weight: { value: '1.2', units: '1' }, dimensions: { length: '32', width: '33', height: '34', units: '1' }, type: 'CARTON' },
          { weight: { value: '1.9', units: '1' }, dimensions: { length: '32', width: '33', height: '34', units: '1' }, type: 'CARTON' },
        ],
        goodsDescription: 'Items from order #1',
        insuranceDescription: 'Insured goods description',
        insuranceValue: '123.45',
        invoiceSubtotal: { amount: '13.69', currency: 'EUR' },
        customerReference: 'REF 123',
        specialInstructions: 'Second door on the left',
        confirmationEmail: 'documents@ship.from',
        booking: true,
        exportDeclaration: {
          exportReasonType: 'PERSONAL_BELONGINGS_OR_PERSONAL_USE',
          invoiceDate: SAMPLE_INVOICE_DAY,
          invoiceReference: 'INVREF123',
          invoiceFreight: 234.56,
          shipmentPurpose: 'PERSONAL',
          lineItems: [
            {
              reference: 'REF013',
              productId: 'PRID01',
              description: 'DESC01',
              originCountry: 'CN',
              commodityCode: 'COM01',
              quantity: '1',
              unitPrice: '1.23',
              unitWeight: '1.11',
            },
          ],
        },
      },
      meta: { carrierChoice: 'DHL', scheduledProcessing: false, service: 'economy' },
    },
  };
}

/** What the upstream PHP client's sample sends: `state => null` for Germany, a float amount, an unknown option. */
function phpClientShipment(): Record<string, unknown> {
  return {
    data: {
      type: 'shipment',
      attributes: {
        shipDate: null,
        shipFrom: {
          name: 'Sender name',
          address1: 'Sender street',
          city: 'Milano',
          postalCode: '20129',
          state: 'MI',
          country: 'IT',
          contact: 'Sender contact name',
          phone: '1234567890',
          email: 'sender@ship.from',
        },
        shipTo: {
          name: 'Receiver name',
          address1: 'Receiver street',
          city: 'Muenchen',
          postalCode: '80331',
          state: null,
          country: 'DE',
          contact: 'Receiver contact name',
          phone: '0987654321',
          email: 'receiver@ship.to',
        },
        packages: [
          { weight: { value: '1.2', units: '1' }, dimensions: { length: '32', width: '33', height: '34', units: '1' }, type: 'CARTON' },
        ],
        goodsDescription: 'Items from order #1',
        invoiceSubtotal: { amount: 13.69, currency: 'EUR' },
        saturdayDelivery: true,
      },
      meta: { service: 'express', scheduledProcessing: false },
    },
  };
}

/** A Python integration's dict dumped as is: every optional member it did not fill is None. */
function pythonNullsShipment(): Record<string, unknown> {
  const address = (name: string, city: string, postalCode: string, country: string, state: string | null) => ({
    name,
    address1: 'Hauptstrasse 1',
    address2: null,
    city,
    postalCode,
    state,
    country,
    contact: name,
    phone: null,
    email: null,
    taxIdentification: null,
    isResidential: null,
  });
  return {
    data: {
      type: 'shipment',
      id: null,
      attributes: {
        shipDate: null,
        shipFrom: { ...address('Bottega Verdi', 'Milano', '20129', 'IT', 'MI'), email: 'anna@verdi.example' },
        collectionLocation: null,
        shipTo: address('Kunde Becker', 'Muenchen', '80331', 'DE', null),
        packages: [
          {
            weight: { value: '2', units: '1' },
            dimensions: { length: '30', width: '20', height: '15', units: '1' },
            type: 'CARTON',
            irregular: null,
          },
        ],
        goodsDescription: 'Books',
        insuranceDescription: null,
        insuranceValue: null,
        customerReference: null,
        specialInstructions: null,
        confirmationEmail: null,
        invoiceSubtotal: { amount: '20.00', currency: 'EUR' },
        booking: null,
        documentsOnly: null,
        incoTerms: null,
        exportDeclaration: null,
      },
      meta: { service: 'economy', carrierChoice: null, scheduledProcessing: false },
    },
    included: null,
  };
}

/** Numbers where the spec has decimal strings and strings where it has numbers, as loosely typed clients send them. */
function stringNumbersShipment(): Record<string, unknown> {
  const example = upstreamExportExample();
  const data = example.data as { attributes: Record<string, any>; meta: Record<string, unknown> };
  const a = data.attributes;
  a.incoTerms = '2';
  a.insuranceValue = 123.45;
  a.invoiceSubtotal = { amount: 13.69, currency: 'EUR' };
  a.packages = [{ weight: { value: 1.2, units: 1 }, dimensions: { length: 32, width: 33, height: 34, units: 1 }, type: 'CARTON' }];
  a.shipFrom.postalCode = '00195';
  a.shipFrom.phone = 1234567890;
  a.customerReference = 7781;
  a.exportDeclaration.invoiceFreight = '234.56';
  a.exportDeclaration.lineItems[0] = { ...a.exportDeclaration.lineItems[0], quantity: 1, unitPrice: 1.23, unitWeight: 1.11 };
  data.meta = { service: 'economy', scheduledProcessing: 'false' };
  return example;
}

/** The upstream's documents-only example: goodsDescription null and a zero invoice. */
function documentsOnlyExample(): Record<string, unknown> {
  return {
    jsonapi: { version: '1.0' },
    data: {
      type: 'shipment',
      id: 123,
      attributes: {
        // The sample's ship date two weeks ahead: its own would pass one day.
        shipDate: t.clock.day(14),
        shipFrom: {
          name: 'Sender Name',
          address1: 'Sender street 123',
          city: 'Milano',
          postalCode: 20129,
          state: 'MI',
          country: 'IT',
          contact: 'Sender Contactname',
          phone: '1234567890',
          email: 'sender@ship.from',
        },
        shipTo: {
          name: 'Receiver Name',
          address1: 'Receiver address 123',
          city: 'Los Angeles',
          postalCode: 90001,
          state: 'CA',
          country: 'US',
          contact: 'Receiver Contactname',
          phone: '12345678901',
          email: 'receiver@ship.to',
        },
        packages: [
          { weight: { value: '1.2', units: '1' }, dimensions: { length: '21', width: '15', height: '5', units: '1' }, type: 'CARTON' },
        ],
        goodsDescription: null,
        invoiceSubtotal: { amount: '0', currency: 'EUR' },
        customerReference: 'REF 123',
        specialInstructions: 'Second door on the left',
        confirmationEmail: 'documents@ship.from',
        booking: true,
        documentsOnly: true,
      },
      meta: { scheduledProcessing: false, service: 'express' },
    },
  };
}

const create = (body: unknown) => post(t, token, '/v3/shipments', body);

describe('the upstream scheme name ParcelValueApi signs in like ServiceApi', () => {
  const header = (scheme: string, password: string) =>
    `${scheme} hash=${authenticationHash(SMITH.username, password)}, integrationKey=${t.integrationKey}`;
  const signIn = (authorization: string) =>
    t.call('/v3/clients/authentication', { method: 'POST', headers: { Authorization: authorization } });

  it('answers 200 with the client and a token that works on every other call', async () => {
    const response = await signIn(header('ParcelValueApi', SMITH.password));
    expect(response.status).toBe(200);
    expect(response.json.data).toMatchObject({ type: 'client', id: t.client.id });
    const current = await get(t, response.json.meta.token, '/v3/clients/current');
    expect(current.status).toBe(200);
  });

  it('refuses wrong credentials with the same 401 text and header as ServiceApi', async () => {
    const response = await signIn(header('ParcelValueApi', 'not-the-password'));
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer realm="127.0.0.1", error="401", error_description="Authorization failed."');
    expect(response.json).toEqual({
      jsonapi: { version: '1.0' },
      errors: [{ status: 401, code: 'auth.failed', title: 'Unauthorized', detail: 'Authorization failed.' }],
    });
  });

  it('is matched without regard to case, and an unknown scheme is still the 5.2 refusal', async () => {
    expect((await signIn(header('parcelvalueapi', SMITH.password))).status).toBe(200);
    const other = await signIn(header('ParcelApi', SMITH.password));
    expect(other.status).toBe(401);
    expect(other.json.errors[0].detail).toBe('Missing or invalid authorization header');
  });
});

describe('documents shaped like real integrations create shipments unchanged', () => {
  it('the upstream export example with commodity code COM01 gets 201, echoed as sent', async () => {
    const response = await create(upstreamExportExample());
    expect(response.status).toBe(201);
    const { attributes, meta } = response.json.data;
    expect(meta).toMatchObject({ status: 3, carrierChoice: 'DHL', service: 'economy', carrierName: 'DHL Express' });
    expect(attributes.exportDeclaration.lineItems[0].commodityCode).toBe('COM01');
    expect(attributes.exportDeclaration.invoiceFreight).toBe(234.56);
    expect(attributes.shipTo.postalCode).toBe('92101');
    expect(attributes.insuranceValue).toBe('123.45');
    expect(attributes.invoiceSubtotal).toEqual({ amount: '13.69', currency: 'EUR' });
  });

  it('the upstream PHP client sample (state null, a float amount, an option the station has not) gets 201', async () => {
    const response = await create(phpClientShipment());
    expect(response.status).toBe(201);
    const { attributes } = response.json.data;
    expect(attributes.shipTo).not.toHaveProperty('state');
    expect(attributes.invoiceSubtotal).toEqual({ amount: '13.69', currency: 'EUR' });
    expect(attributes.shipDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(attributes).not.toHaveProperty('saturdayDelivery');
  });

  it('nulls on every optional member mean absent, with each member default', async () => {
    const response = await create(pythonNullsShipment());
    expect(response.status).toBe(201);
    const { attributes, meta } = response.json.data;
    expect(attributes.booking).toBe(true);
    expect(attributes.documentsOnly).toBe(false);
    expect(attributes.collectionLocation).toBeNull();
    expect(attributes).not.toHaveProperty('incoTerms');
    expect(attributes).not.toHaveProperty('customerReference');
    expect(attributes.insuranceDescription).toBeNull();
    for (const member of ['address2', 'state', 'phone', 'email', 'taxIdentification', 'isResidential']) {
      expect(attributes.shipTo).not.toHaveProperty(member);
    }
    expect(meta).not.toHaveProperty('carrierChoice');
    expect(meta.insuranceCost).toBeNull();
  });

  it('numbers as strings and strings as numbers are read, and answered in the spec types', async () => {
    const response = await create(stringNumbersShipment());
    expect(response.status).toBe(201);
    const { attributes, meta } = response.json.data;
    expect(meta.scheduledProcessing).toBe(false);
    expect(attributes.incoTerms).toBe(2);
    expect(attributes.insuranceValue).toBe('123.45');
    expect(attributes.invoiceSubtotal.amount).toBe('13.69');
    expect(attributes.packages[0]).toEqual({
      weight: { value: '1.2', units: '1' },
      dimensions: { length: '32', width: '33', height: '34', units: '1' },
      type: 'CARTON',
    });
    expect(attributes.shipFrom.phone).toBe('1234567890');
    expect(attributes.customerReference).toBe('7781');
    expect(attributes.exportDeclaration.invoiceFreight).toBe(234.56);
    expect(attributes.exportDeclaration.lineItems[0]).toMatchObject({ quantity: '1', unitPrice: '1.23', unitWeight: '1.11' });
  });

  it('the upstream documents-only example echoes empty insurance and a zero invoice, as upstream answers', async () => {
    const response = await create(documentsOnlyExample());
    expect(response.status).toBe(201);
    const { attributes, meta } = response.json.data;
    expect(attributes.goodsDescription).toBe('DOCUMENTS');
    expect(attributes.insuranceDescription).toBe('');
    expect(attributes.insuranceValue).toBe('');
    expect(attributes.invoiceSubtotal).toEqual({ amount: 0, currency: 'EUR' });
    expect(attributes.documentsOnly).toBe(true);
    expect(meta.insuranceCost).toBeNull();
    // Retrieval answers the same.
    const again = await get(t, token, `/v3/shipments/${response.json.data.id}`);
    expect(again.json.data.attributes.invoiceSubtotal).toEqual({ amount: 0, currency: 'EUR' });
  });

  it('a created shipment is then retrieved, its documents downloaded and its tracking read, with no change on the client side', async () => {
    const created = await create(phpClientShipment());
    const id = created.json.data.id;
    const shipment = await get(t, token, `/v3/shipments/${id}`);
    expect(shipment.status).toBe(200);
    expect(shipment.json.data.meta.trackingNumber).toBe(created.json.data.meta.trackingNumber);
    const documents = await get(t, token, `/v3/shipments/${id}/documents`);
    expect(documents.status).toBe(200);
    expect(Buffer.from(documents.json.data.attributes.fileData, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const tracking = await get(t, token, `/v3/shipments/${id}/tracking`);
    expect(tracking.status).toBe(200);
    expect(tracking.json.data.attributes).toMatchObject({
      carrierShipmentId: created.json.data.meta.trackingNumber,
      trackingStatus: null,
      trackingDate: null,
    });
  });

  it('save, rate and confirm take the same shapes', async () => {
    const body = pythonNullsShipment();
    const data = body.data as { meta: unknown };
    data.meta = null;
    expect((await post(t, token, '/v3/shipments/save', body)).status).toBe(202);
    const rates = await post(t, token, '/v3/shipments/rate', body);
    expect(rates.status).toBe(202);
    data.meta = {
      rate: {
        type: 'rate',
        id: rates.json.data[0].id,
        attributes: {
          ...rates.json.data[0].attributes,
          finalCost: { amount: String(rates.json.data[0].attributes.finalCost.amount), currency: 'EUR' },
        },
      },
    };
    expect((await post(t, token, '/v3/shipments/confirm', body)).status).toBe(202);
  });
});

describe('liberal, not careless', () => {
  it('null on a required member is still Missing required data', async () => {
    const body = phpClientShipment();
    const attributes = (body.data as { attributes: Record<string, any> }).attributes;
    attributes.shipTo.city = null;
    attributes.packages = null;
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(response.json.errors.map((error: { detail: string }) => error.detail)).toEqual([
      "Missing required data: 'data.attributes.shipTo.city'.",
      "Missing required data: 'data.attributes.packages'.",
    ]);
  });

  it('a state that Italy needs may not be null', async () => {
    const body = phpClientShipment();
    (body.data as { attributes: Record<string, any> }).attributes.shipFrom.state = null;
    const response = await create(body);
    expect(response.json.errors[0]).toMatchObject({
      detail: "Missing required data: 'data.attributes.shipFrom.state'.",
      source: { pointer: '/data/attributes/shipFrom/state' },
    });
  });

  it.each([
    ['COM 01.2-A', 201],
    ['6912.00', 201],
    ['ABCDEFGHIJKLMNOPQRSTU', 400],
    ['COM_01', 400],
  ])('commodity code %j answers %i', async (commodityCode, status) => {
    const body = upstreamExportExample();
    const declaration = (body.data as { attributes: Record<string, any> }).attributes.exportDeclaration;
    declaration.lineItems[0].commodityCode = commodityCode;
    const response = await create(body);
    expect(response.status).toBe(status);
    if (status === 400)
      expect(response.json.errors[0].detail).toBe("Invalid data: 'data.attributes.exportDeclaration.lineItems.0.commodityCode'.");
    // Personal goods need no HS code, so COM 01.2-A is taken; that customs may still ask is said beside it.
    const warned = (response.json.meta?.warnings ?? []).filter((warning: { code: string }) => warning.code === 'likelyWrong');
    if (commodityCode === 'COM 01.2-A') {
      expect(warned).toEqual([
        {
          code: 'likelyWrong',
          pointer: '/data/attributes/exportDeclaration/lineItems/0/commodityCode',
          detail:
            'COM 01.2-A is not an HS code of 6 to 10 digits (such as 691200): IT → US: United States is outside the EU customs union, and customs may hold the parcel to classify it.',
        },
      ]);
    }
    if (commodityCode === '6912.00') expect(warned).toEqual([]);
  });

  it.each([
    ['incoTerms', '4'],
    ['incoTerms', 'DAP'],
    ['insuranceValue', '12,50'],
    ['insuranceValue', -5],
    ['booking', 'yes'],
  ])('%s %j is refused with the field named', async (member, value) => {
    const body = phpClientShipment();
    const attributes = (body.data as { attributes: Record<string, unknown> }).attributes;
    attributes[member] = value;
    if (member === 'insuranceValue') attributes.insuranceDescription = 'Books';
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(response.json.errors[0].detail).toBe(`Invalid data: 'data.attributes.${member}'.`);
  });
});

describe('POST /shipments/confirm with the id of a saved shipment confirms that shipment', () => {
  const rateOf = async (body: unknown) => (await post(t, token, '/v3/shipments/rate', body)).json.data[0];

  it('keeps its id and reference and makes no second shipment', async () => {
    const saved = (await post(t, token, '/v3/shipments/save', phpClientShipment())).json.data;
    const countBefore = (await get(t, token, '/v3/shipment-summaries?limit=1000')).json.data.length;
    const body = phpClientShipment() as { data: Record<string, unknown> };
    body.data.id = saved.id;
    body.data.meta = { rate: await rateOf(body) };
    const confirmed = await post(t, token, '/v3/shipments/confirm', body);
    expect(confirmed.status).toBe(202);
    expect(confirmed.json.data.id).toBe(saved.id);
    expect(confirmed.json.data.meta).toMatchObject({ status: 3, reference: saved.meta.reference });
    expect(confirmed.headers.location).toBe(`${t.url}/v3/shipments/${saved.id}`);
    const summaries = (await get(t, token, '/v3/shipment-summaries?limit=1000')).json.data;
    expect(summaries.length).toBe(countBefore);
    expect(summaries.find((row: { id: string }) => row.id === saved.id).attributes.status).toBe(3);
    expect((await get(t, token, `/v3/shipments/${saved.id}/documents`)).status).toBe(200);
    // Confirmed once: the same confirm again (a retry after a lost answer) is answered the shipment as booked, and
    // books nothing more.
    const again = await post(t, token, '/v3/shipments/confirm', body);
    expect(again.status).toBe(202);
    expect(again.json.data.id).toBe(saved.id);
    expect(again.json.data.meta.trackingNumber).toBe(confirmed.json.data.meta.trackingNumber);
    expect((await get(t, token, '/v3/shipment-summaries?limit=1000')).json.data.length).toBe(countBefore);
  });

  it('two confirms of one saved shipment at once book it once', async () => {
    const saved = (await post(t, token, '/v3/shipments/save', phpClientShipment())).json.data;
    const body = phpClientShipment() as { data: Record<string, unknown> };
    body.data.id = saved.id;
    body.data.meta = { rate: await rateOf(body) };
    const [a, b] = await Promise.all([post(t, token, '/v3/shipments/confirm', body), post(t, token, '/v3/shipments/confirm', body)]);
    const sameId = [a, b].filter((response) => response.status === 202 && response.json.data.id === saved.id);
    expect(sameId.length).toBeGreaterThanOrEqual(1);
    // The other lost the race for the claim (409), or came after it and was answered the shipment as booked.
    for (const other of [a, b].filter((response) => !sameId.includes(response))) {
      expect(other.status).toBe(409);
      expect(other.json.errors[0]).toMatchObject({
        code: 'shipment.confirmInProgress',
        detail: 'This saved shipment is being confirmed by another request. Retrieve it to see the outcome.',
      });
    }
    expect(new Set(sameId.map((response) => response.json.data.meta.trackingNumber)).size).toBe(1);
    const audit = (await t.station.store.shipments.audit(saved.id)).map((entry) => entry.action);
    expect(audit.filter((action) => action === 'processed')).toHaveLength(1);
  });

  it('ignores an unknown id, a number, and another client’s saved shipment', async () => {
    const other = await t.station.clients.add(OPERATOR, {
      username: 'other-desk',
      password: 'another-password',
      profile: { name: 'Other desk' },
    });
    const otherToken = await t.station.authentication.tokenFor({
      client: other,
      user: (await t.station.store.users.byUsername('other-desk'))!,
      integrationId: (await desktopIntegration(t.station.store))!.id,
    });
    const foreign = (await post(t, otherToken, '/v3/shipments/save', phpClientShipment())).json.data;
    for (const id of ['F'.repeat(64), 42, foreign.id]) {
      const body = phpClientShipment() as { data: Record<string, unknown> };
      body.data.id = id;
      body.data.meta = { rate: await rateOf(body) };
      const response = await post(t, token, '/v3/shipments/confirm', body);
      expect(response.status).toBe(202);
      expect(response.json.data.id).not.toBe(id);
    }
    // The other client's shipment is untouched.
    const untouched = await get(t, otherToken, `/v3/shipments/${foreign.id}`);
    expect(untouched.json.data.meta.status).toBe(0);
  });

  it('a refused confirm (price changed) leaves the saved shipment saved and confirmable', async () => {
    const saved = (await post(t, token, '/v3/shipments/save', phpClientShipment())).json.data;
    const body = phpClientShipment() as { data: Record<string, unknown> };
    body.data.id = saved.id;
    const rate = await rateOf(body);
    body.data.meta = { rate: { ...rate, attributes: { ...rate.attributes, finalCost: { amount: 0.01, currency: 'EUR' } } } };
    const changed = await post(t, token, '/v3/shipments/confirm', body);
    expect(changed.status).toBe(503);
    // A price change is not an outage: its own code, with the figures, and no Retry-After (sending it again changes nothing).
    expect(changed.json.errors[0]).toMatchObject({
      code: 'rate.priceChanged',
      meta: { originalPrice: 0.01, updatedPrice: rate.attributes.finalCost.amount },
    });
    expect(changed.headers['retry-after']).toBeUndefined();
    body.data.meta = { rate };
    const confirmed = await post(t, token, '/v3/shipments/confirm', body);
    expect(confirmed.json.data).toMatchObject({ id: saved.id, meta: { status: 3 } });
  });
});

describe('content types of real clients', () => {
  it('reads a body sent as application/json with a charset, as PHP curl and Python requests send it', async () => {
    const response = await t.call('/v3/shipments', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json; charset=utf-8', Accept: JSONAPI },
      body: JSON.stringify(phpClientShipment()),
    });
    expect(response.status).toBe(201);
  });
});
