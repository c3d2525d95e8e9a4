import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStation, type TestStation } from '../helpers/station.ts';
import { attributes, document, exportDeclaration, parcel, post, shipFrom, shipTo } from '../helpers/shipments.ts';

let t: TestStation;
let token: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  token = await t.token();
});
afterAll(() => t.close());

const US = { ...shipTo(), country: 'US', state: 'NY', city: 'New York', postalCode: '10001', phone: '12125550100' };

async function errors(attrs: Record<string, unknown>, path = '/v3/shipments/rate') {
  const response = await post(t, token, path, document(attrs, path === '/v3/shipments' ? { service: 'economy' } : {}));
  expect(response.status).toBe(400);
  return response.json.errors.map((error: { detail: string; source: { pointer: string } }) => {
    expect(error.source.pointer).toBe(`/${error.detail.match(/'(.*)'/)![1]!.replace(/\./g, '/')}`);
    return error.detail;
  });
}

describe('shipment validation names every faulty field the way section 7 does', () => {
  it('reports a missing receiver city with its pointer', async () => {
    const response = await post(t, token, '/v3/shipments/rate', document(attributes({ shipTo: { ...shipTo(), city: undefined } })));
    expect(response.json.errors).toEqual([
      {
        status: 400,
        code: 'field.missing',
        title: 'Bad Request',
        detail: "Missing required data: 'data.attributes.shipTo.city'.",
        source: { pointer: '/data/attributes/shipTo/city' },
        meta: { reason: 'Required: text of at most 30 characters.' },
      },
    ]);
  });

  it('reports every violation at once', async () => {
    const bad = attributes({
      shipTo: { ...shipTo(), city: '', name: 'x'.repeat(36) },
      packages: [
        { weight: { value: '1,4', units: '1' }, dimensions: { length: '30', width: '20', height: '15', units: '2' }, type: 'BOX' },
      ],
    });
    expect((await errors(bad)).sort()).toEqual(
      [
        "Missing required data: 'data.attributes.shipTo.city'.",
        "Invalid data: 'data.attributes.shipTo.name'.",
        "Invalid data: 'data.attributes.packages.0.weight.value'.",
        "Invalid data: 'data.attributes.packages.0.dimensions.units'.",
        "Invalid data: 'data.attributes.packages.0.type'.",
      ].sort(),
    );
  });

  it.each([
    ['shipFrom.name', { shipFrom: { ...shipFrom(), name: undefined } }, 'Missing'],
    ['shipFrom.email', { shipFrom: { ...shipFrom(), email: undefined } }, 'Missing'],
    ['shipFrom.email', { shipFrom: { ...shipFrom(), email: 'not-an-email' } }, 'Invalid'],
    ['shipFrom.state', { shipFrom: { ...shipFrom(), state: '' } }, 'Missing'],
    ['shipTo.state', { shipTo: { ...US, state: undefined } }, 'Missing'],
    ['shipTo.phone', { shipTo: { ...US, phone: '212 555 010' } }, 'Invalid'],
    ['shipTo.phone', { shipTo: { ...US, phone: '+44 20 7946 0000' } }, 'Invalid'],
    ['shipTo.country', { shipTo: { ...shipTo(), country: 'XX' } }, 'Invalid'],
    ['shipTo.address1', { shipTo: { ...shipTo(), address1: 'a'.repeat(31) } }, 'Invalid'],
    ['shipTo.contact', { shipTo: { ...shipTo(), contact: undefined } }, 'Missing'],
    ['shipTo.postalCode', { shipTo: { ...shipTo(), postalCode: '1'.repeat(31) } }, 'Invalid'],
    ['packages', { packages: [] }, 'Invalid'],
    ['packages', { packages: Array.from({ length: 100 }, () => parcel()) }, 'Invalid'],
    ['packages', { packages: undefined }, 'Missing'],
    ['packages.0.weight.value', { packages: [parcel('0')] }, 'Invalid'],
    ['packages.0.weight.value', { packages: [parcel('-1')] }, 'Invalid'],
    ['packages.0.weight.value', { packages: [parcel('heavy')] }, 'Invalid'],
    ['packages.0.dimensions.length', { packages: [parcel('1', ['', '20', '15'])] }, 'Missing'],
    ['packages.0.type', { packages: [{ ...parcel(), type: undefined }] }, 'Missing'],
    ['goodsDescription', { goodsDescription: null }, 'Missing'],
    ['invoiceSubtotal', { invoiceSubtotal: undefined }, 'Missing'],
    ['invoiceSubtotal.currency', { invoiceSubtotal: { amount: '10', currency: 'USD' } }, 'Invalid'],
    ['insuranceValue', { insuranceDescription: 'Ceramics' }, 'Missing'],
    ['insuranceDescription', { insuranceValue: '200' }, 'Missing'],
    ['shipDate', { shipDate: '2026-02-30' }, 'Invalid'],
    ['booking', { booking: 'yes' }, 'Invalid'],
    ['incoTerms', { incoTerms: 4 }, 'Invalid'],
  ])('refuses %s (%j)', async (field, overrides, kind) => {
    const details = await errors(attributes(overrides));
    expect(details).toContain(`${kind === 'Missing' ? 'Missing required data' : 'Invalid data'}: 'data.attributes.${field}'.`);
  });

  it('accepts numbers for decimals and postal codes, and answers with strings', async () => {
    const response = await post(
      t,
      token,
      '/v3/shipments/save',
      document(attributes({ packages: [{ ...parcel(), weight: { value: 2.5, units: '1' } }], shipTo: { ...shipTo(), postalCode: 80331 } })),
    );
    expect(response.status).toBe(202);
    expect(response.json.data.attributes.packages[0].weight.value).toBe('2.5');
    expect(response.json.data.attributes.shipTo.postalCode).toBe('80331');
  });

  it('accepts PALLET packages and insurance given as a pair', async () => {
    const response = await post(
      t,
      token,
      '/v3/shipments/save',
      document(
        attributes({
          packages: [{ ...parcel('180', ['120', '80', '100']), type: 'PALLET' }],
          insuranceDescription: 'Tiles',
          insuranceValue: '1500',
        }),
      ),
    );
    expect(response.status).toBe(202);
  });

  it('needs data, of type shipment, with attributes', async () => {
    const missing = await post(t, token, '/v3/shipments/rate', {});
    expect(missing.json.errors[0].detail).toBe("Missing required data: 'data'.");
    const wrongType = await post(t, token, '/v3/shipments/rate', { data: { type: 'parcel', attributes: attributes() } });
    expect(wrongType.json.errors[0].detail).toBe("Invalid data: 'data.type'.");
    const noAttributes = await post(t, token, '/v3/shipments/rate', { data: { type: 'shipment' } });
    expect(noAttributes.json.errors[0].detail).toBe("Missing required data: 'data.attributes'.");
  });
});

describe('a phone as people write it', () => {
  it('books a US receiver whose phone is written 212 736 3100, and keeps it as 11 digits with its 1', async () => {
    const created = await post(
      t,
      token,
      '/v3/shipments',
      document(attributes({ shipTo: { ...US, phone: '212 736 3100' }, exportDeclaration: exportDeclaration() }), {
        service: 'economy',
        carrierChoice: 'UPS',
        scheduledProcessing: false,
      }),
    );
    expect(created.status, created.text).toBe(201);
    expect(created.json.data.attributes.shipTo.phone).toBe('12127363100');
  });

  it.each(['(212) 736-3100', '+1 212-736-3100', '212.736.3100'])('rates a US receiver whose phone is %s', async (phone) => {
    const rated = await post(
      t,
      token,
      '/v3/shipments/rate',
      document(attributes({ shipTo: { ...US, phone }, exportDeclaration: exportDeclaration() })),
    );
    expect(rated.status, rated.text).toBe(202);
  });

  it('still refuses a US number one digit short, saying what a US number is', async () => {
    const refused = await post(
      t,
      token,
      '/v3/shipments/rate',
      document(attributes({ shipTo: { ...US, phone: '212 736 310' }, exportDeclaration: exportDeclaration() })),
    );
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([
      expect.objectContaining({
        source: { pointer: '/data/attributes/shipTo/phone' },
        meta: {
          reason:
            'Expected a US phone number: 10 digits, or 11 starting with 1, such as (201) 555-0123 or +1 201 555 0123; got "212 736 310".',
        },
      }),
    ]);
  });
});

describe('customs: an export declaration whenever goods cross a customs border', () => {
  it('needs one for goods from IT to the US', async () => {
    expect(await errors(attributes({ shipTo: US }))).toEqual(["Missing required data: 'data.attributes.exportDeclaration'."]);
  });

  it('needs none inside the EU', async () => {
    const response = await post(t, token, '/v3/shipments/rate', document(attributes()));
    expect(response.status).toBe(202);
  });

  it('accepts a complete declaration', async () => {
    const response = await post(
      t,
      token,
      '/v3/shipments/rate',
      document(attributes({ shipTo: US, exportDeclaration: exportDeclaration() })),
    );
    expect(response.status).toBe(202);
  });

  it.each([
    ['exportReasonType', { exportReasonType: 'HOLIDAY' }, 'Invalid'],
    ['shipmentPurpose', { shipmentPurpose: 'FUN' }, 'Invalid'],
    ['invoiceDate', { invoiceDate: undefined }, 'Missing'],
    ['invoiceReference', { invoiceReference: '' }, 'Missing'],
    ['lineItems', { lineItems: [] }, 'Invalid'],
    ['lineItems.0.originCountry', { lineItems: [{ ...(exportDeclaration().lineItems as object[])[0], originCountry: 'ZZ' }] }, 'Invalid'],
    ['lineItems.0.quantity', { lineItems: [{ ...(exportDeclaration().lineItems as object[])[0], quantity: '0' }] }, 'Invalid'],
  ])('checks %s', async (field, change, kind) => {
    const details = await errors(attributes({ shipTo: US, exportDeclaration: { ...exportDeclaration(), ...change } }));
    expect(details).toContain(
      `${kind === 'Missing' ? 'Missing required data' : 'Invalid data'}: 'data.attributes.exportDeclaration.${field}'.`,
    );
  });

  it('accepts an IT to US documents-only shipment without declaration, description or invoice', async () => {
    const attrs = attributes({ shipTo: US, documentsOnly: true, goodsDescription: null, packages: [parcel('0.3', ['30', '21', '1'])] });
    delete attrs.invoiceSubtotal;
    const response = await post(t, token, '/v3/shipments/rate', document(attrs));
    expect(response.status).toBe(202);
  });

  it('keeps documents-only to customs routes and to 30 × 21 × 15 cm and 2.5 kg', async () => {
    expect(await errors(attributes({ documentsOnly: true }))).toEqual(["Invalid data: 'data.attributes.documentsOnly'."]);
    expect(await errors(attributes({ shipTo: US, documentsOnly: true, packages: [parcel('3', ['30', '21', '15'])] }))).toEqual([
      "Invalid data: 'data.attributes.packages.0.weight.value'.",
    ]);
    expect(await errors(attributes({ shipTo: US, documentsOnly: true, packages: [parcel('1', ['31', '21', '15'])] }))).toEqual([
      "Invalid data: 'data.attributes.packages.0.dimensions'.",
    ]);
  });
});
