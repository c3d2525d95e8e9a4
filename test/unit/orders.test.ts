// The shared order rules: an order's totals and expected weight, and the shipment a desk confirms from it. Every
// valid order, packed in a box, makes a shipment the shipment rules accept, with the export declaration taken
// from its lines when it crosses a customs border.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expectedWeightKg,
  orderCustomsGaps,
  orderCustomsWarnings,
  orderTotals,
  shipmentFromOrder,
  validateOrderDocument,
  type OrderAttributes,
} from '../../src-shared/orders.ts';
import { validateShipmentDocument } from '../../src-shared/shipment-validation.ts';
import { describeFault, guessMapping, previewImport } from '../../src-shared/order-import.ts';
import { shipFrom, shipTo, shipToIn } from '../helpers/shipments.ts';
import { setClock } from '../helpers/clock.ts';

/** The day the orders are packed: the invoice of an order's shipment is dated that day. */
const PACKED = setClock('2026-11-25 09:00', 'Europe/Rome', { running: false });

const BOX = { length: '30', width: '20', height: '15', tareKg: '0.25' };
const valid = (attributes: Record<string, unknown>): OrderAttributes => {
  const checked = validateOrderDocument({ data: { type: 'order', attributes } });
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.value;
};
const sender = () => {
  const checked = validateOrderDocument({
    data: {
      type: 'order',
      attributes: { number: 'S', shipTo: shipFrom(), lines: [{ sku: 'A', description: 'A', quantity: 1, unitPrice: 1 }] },
    },
  });
  if (!checked.ok) throw new Error('the sender is valid');
  return checked.value.shipTo;
};

describe('orders', () => {
  it('adds its lines up: pieces, goods weight in grams without float drift, value in cents', () => {
    const lines = valid({
      number: 'SO-1',
      shipTo: shipTo(),
      lines: [
        { sku: 'A', description: 'Cup', quantity: 3, unitWeight: '0.1', unitPrice: '0.10' },
        { sku: 'B', description: 'Plate', quantity: '7', unitWeight: 0.2, unitPrice: 19.99 },
      ],
    }).lines;
    expect(orderTotals(lines)).toEqual({ quantity: 10, weight: '1.7', value: '140.23' });
    expect(expectedWeightKg(lines, BOX.tareKg)).toBeCloseTo(1.95, 9);
    expect(orderTotals([{ ...lines[0]!, unitWeight: undefined }]).weight).toBeNull();
    expect(expectedWeightKg([{ ...lines[0]!, unitWeight: undefined }])).toBeUndefined();
  });

  it('holds an order to the address rules a shipment to it meets', () => {
    const refused = validateOrderDocument({
      data: {
        type: 'order',
        attributes: {
          number: 'SO-9',
          shipTo: { ...shipTo(), country: 'IT', state: null },
          lines: [{ sku: 'A', description: 'A', quantity: 1, unitPrice: 1 }],
        },
      },
    });
    expect(refused.ok ? [] : refused.errors.map((error) => [error.source?.pointer, error.detail])).toEqual([
      ['/data/attributes/shipTo/state', "Missing required data: 'data.attributes.shipTo.state'."],
    ]);
  });

  it('makes the shipment of an order packed in a box: package from the box and the weight, description, value and reference', () => {
    const order = valid({
      number: 'SO-2',
      shipTo: shipTo(),
      lines: [{ sku: 'A', description: 'Cup', quantity: 2, unitWeight: '0.35', unitPrice: '10.75' }],
    });
    const made = shipmentFromOrder(order, { shipFrom: sender(), box: BOX, today: PACKED.today() });
    expect(made).toMatchObject({
      shipTo: { city: 'Muenchen', country: 'DE' },
      packages: [
        { weight: { value: '0.95', units: '1' }, dimensions: { length: '30', width: '20', height: '15', units: '1' }, type: 'CARTON' },
      ],
      goodsDescription: 'Cup',
      customerReference: 'SO-2',
      invoiceSubtotal: { amount: '21.50', currency: 'EUR' },
    });
    expect(made.exportDeclaration).toBeUndefined();
    // The scale's weight counts over the expected one.
    expect(
      shipmentFromOrder(order, { shipFrom: sender(), box: BOX, weightKg: '1.02', today: PACKED.today() }).packages[0]!.weight.value,
    ).toBe('1.02');
    // No box chosen: no package yet; the desk asks for one.
    expect(shipmentFromOrder(order, { shipFrom: sender(), today: PACKED.today() }).packages).toEqual([]);
  });

  it('declares an order leaving the EU line by line', () => {
    const order = valid({
      number: 'SO-3',
      shipTo: { ...shipTo(), country: 'CH', city: 'Zürich', postalCode: '8001' },
      lines: [
        { sku: 'A', description: 'Cup', quantity: 2, unitWeight: '0.35', unitPrice: '10.75', hsCode: '691200' },
        { sku: 'B', description: 'Scarf', quantity: 1, unitPrice: '30', originCountry: 'fr' },
      ],
    });
    const made = shipmentFromOrder(order, { shipFrom: sender(), box: BOX, weightKg: '1.3', today: PACKED.today() });
    expect(made.exportDeclaration).toEqual({
      exportReasonType: 'COMMERCIAL_PURPOSE_OR_SALE',
      invoiceDate: PACKED.today(),
      invoiceReference: 'SO-3',
      shipmentPurpose: 'COMMERCIAL',
      lineItems: [
        {
          productId: 'A',
          description: 'Cup',
          originCountry: 'IT',
          commodityCode: '691200',
          quantity: '2',
          unitPrice: '10.75',
          unitWeight: '0.35',
        },
        // No weight of its own: its share of the goods' weight (the parcel's 1.3 kg less the box's 0.25) over 3 pieces.
        { productId: 'B', description: 'Scarf', originCountry: 'FR', quantity: '1', unitPrice: '30', unitWeight: '0.35' },
      ],
    });
  });

  it('makes a shipment the shipment rules accept from any valid order packed in a box with a known weight', () => {
    const text = (max: number) =>
      fc.stringMatching(new RegExp(`^[A-Za-z0-9][A-Za-z0-9 ]{0,${max - 1}}$`)).map((value) => value.trim() || 'X');
    const line = fc.record({
      sku: text(35),
      description: text(75),
      quantity: fc.integer({ min: 1, max: 500 }),
      unitWeight: fc.option(
        fc.integer({ min: 1, max: 20_000 }).map((grams) => grams / 1000),
        { nil: null },
      ),
      unitPrice: fc.integer({ min: 0, max: 100_000 }).map((cents) => (cents / 100).toFixed(2)),
      originCountry: fc.option(fc.constantFrom('IT', 'CN', 'US', 'de'), { nil: null }),
      hsCode: fc.option(fc.stringMatching(/^[0-9]{6,10}$/), { nil: null }),
    });
    fc.assert(
      fc.property(
        text(50),
        fc.constantFrom('DE', 'CH', 'US', 'IT', 'GB'),
        fc.array(line, { minLength: 1, maxLength: 30 }),
        fc.option(
          fc.integer({ min: 1, max: 30_000 }).map((grams) => String(grams / 1000)),
          { nil: undefined },
        ),
        (number, country, lines, weightKg) => {
          const receiver = shipToIn(country);
          const order = valid({ number, shipTo: receiver, lines });
          const attributes = shipmentFromOrder(order, { shipFrom: sender(), box: BOX, weightKg, today: PACKED.today() });
          // Neither weighed nor every line's weight known: no package, and the desk asks for the weight.
          if (weightKg === undefined && lines.some((entry) => entry.unitWeight === null)) {
            expect(attributes.packages).toEqual([]);
            return;
          }
          const checked = validateShipmentDocument({ data: { type: 'shipment', attributes } }, 'create');
          // Through customs, commercial goods need each line's HS code: the lines without one, and only they, are named.
          const unclassified = attributes.exportDeclaration
            ? lines.flatMap((entry, index) => (entry.hsCode ? [] : [`/data/attributes/exportDeclaration/lineItems/${index}/commodityCode`]))
            : [];
          expect(checked.ok ? [] : checked.errors.map((error) => error.source?.pointer)).toEqual(unclassified);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('what customs will ask of an order, said before it is packed', () => {
  const toZurich = (lines: Record<string, unknown>[]) => valid({ number: 'SO-9', shipTo: shipToIn('CH'), lines });
  const cup = { sku: 'CUP', description: 'Cup', quantity: 2, unitWeight: '0.35', unitPrice: '10.75' };

  it('names each line to Switzerland without an HS code, or with one that is not, and why', () => {
    const order = toZurich([cup, { ...cup, sku: 'SAUCER', hsCode: 'SAUCER-1' }, { ...cup, sku: 'PLATE', hsCode: '6912.00' }]);
    const customs = orderCustomsGaps(order, sender(), PACKED.today());
    expect(customs?.route.why).toBe('IT → CH: Switzerland is outside the EU customs union');
    expect(customs?.gaps).toEqual([
      {
        need: 'hsCode',
        line: 0,
        path: ['lines', 0, 'hsCode'],
        expected: expect.stringMatching(/^the item’s HS code, 6 to 10 digits such as 691200 .*Switzerland is outside the EU customs union/),
      },
      { need: 'hsCode', line: 1, path: ['lines', 1, 'hsCode'], expected: expect.stringMatching(/HS code/) },
    ]);
    expect(orderCustomsWarnings(order, sender(), PACKED.today(), ['data', 3]).map((warning) => [warning.code, warning.pointer])).toEqual([
      ['customsData', '/data/3/attributes/lines/0/hsCode'],
      ['customsData', '/data/3/attributes/lines/1/hsCode'],
    ]);
  });

  it('asks the sender’s EORI of goods leaving the EU, and nothing of an order complete for customs or inside the EU', () => {
    const noEori = { ...sender(), taxIdentification: '' };
    expect(orderCustomsGaps(toZurich([{ ...cup, hsCode: '691200' }]), noEori, PACKED.today())?.gaps).toEqual([
      { need: 'exporterEori', path: ['shipFrom', 'taxIdentification'], expected: expect.stringMatching(/EORI/) },
    ]);
    expect(orderCustomsGaps(toZurich([{ ...cup, hsCode: '691200' }]), sender(), PACKED.today())?.gaps).toEqual([]);
    expect(orderCustomsGaps(valid({ number: 'SO-10', shipTo: shipTo(), lines: [cup] }), sender(), PACKED.today())).toBeUndefined();
  });

  it('uses the order’s own sender when it names one', () => {
    const fromZurich = valid({
      number: 'SO-11',
      shipTo: shipToIn('CH'),
      shipFrom: { ...shipToIn('CH'), email: 'lea@huber.example' },
      lines: [cup],
    });
    expect(orderCustomsGaps(fromZurich, sender(), PACKED.today())).toBeUndefined();
  });
});

describe('importing a file of orders', () => {
  const rows = [
    {
      'Order #': 'A-1',
      Recipient: 'Kunde Becker',
      Street: 'Marienplatz 8',
      Zip: '80331',
      Town: 'Muenchen',
      Country: 'de',
      Contact: 'Jonas',
      SKU: 'CUP',
      Item: 'Cup',
      Qty: '2',
      Weight: '0,35',
      Price: '10.75',
    },
    {
      'Order #': 'A-1',
      Recipient: 'Kunde Becker',
      Street: 'Marienplatz 8',
      Zip: '80331',
      Town: 'Muenchen',
      Country: 'de',
      Contact: 'Jonas',
      SKU: 'SAUCER',
      Item: 'Saucer',
      Qty: '1',
      Weight: '',
      Price: '4',
    },
    {
      'Order #': 'A-2',
      Recipient: 'Other',
      Street: 'Via Roma 1',
      Zip: '00100',
      Town: '',
      Country: 'IT',
      Contact: 'Eva',
      SKU: 'CUP',
      Item: 'Cup',
      Qty: '0',
      Weight: '',
      Price: '1',
    },
    {
      'Order #': 'A-3',
      Recipient: 'Lea',
      Street: 'Bahnhofstrasse 1',
      Zip: '8001',
      Town: 'Zürich',
      Country: 'CH',
      Contact: 'Lea',
      SKU: 'CUP',
      Item: 'Cup',
      Qty: '1',
      Weight: '0.3',
      Price: '10',
    },
    {
      'Order #': 'A-3',
      Recipient: 'Somebody else',
      Street: 'Bahnhofstrasse 1',
      Zip: '8001',
      Town: 'Zürich',
      Country: 'CH',
      Contact: 'Lea',
      SKU: 'SAUCER',
      Item: 'Saucer',
      Qty: '1',
      Weight: '0.2',
      Price: '4',
    },
  ];

  it('guesses the columns by the names shops give them', () => {
    expect(guessMapping(Object.keys(rows[0]!))).toEqual({
      number: 'Order #',
      name: 'Recipient',
      contact: 'Contact',
      address1: 'Street',
      postalCode: 'Zip',
      city: 'Town',
      country: 'Country',
      sku: 'SKU',
      description: 'Item',
      quantity: 'Qty',
      unitWeight: 'Weight',
      unitPrice: 'Price',
    });
  });

  it('gathers the rows of an order, checks each with the order rules, and says which row and column is at fault', () => {
    const preview = previewImport(rows, guessMapping(Object.keys(rows[0]!)));
    expect(preview).toMatchObject({ valid: 2, faulty: 1, clashes: ['A-3'] });
    expect(preview.orders[0]).toMatchObject({
      number: 'A-1',
      rows: [1, 2],
      attributes: { shipTo: { country: 'DE' }, lines: [{ sku: 'CUP', quantity: '2' }, { sku: 'SAUCER' }] },
    });
    // A shop's decimal comma is read as the decimal it is.
    expect(preview.orders[0]!.attributes!.lines[0]!.unitWeight).toBe('0.35');
    expect(preview.orders[1]).toMatchObject({ number: 'A-2', rows: [3] });
    expect(preview.orders[1]!.faults.map((fault) => describeFault('A-2', fault))).toEqual([
      'A-2, row 3: the city is empty (column “Town”)',
      'A-2, row 3: the quantity is not valid (column “Qty”)',
      'A-2, row 3: the state or province is empty',
    ]);
  });

  it('checks each row’s address for its country before anything is saved: a US ZIP of 1234, a phone no one can dial', () => {
    const american = [
      {
        'Order #': 'U-1',
        Recipient: 'Ann Smith',
        Street: '5th Avenue 1',
        Zip: '1234',
        Town: 'New York',
        State: 'NY',
        Country: 'US',
        Contact: 'Ann',
        Phone: '12125550100',
        SKU: 'CUP',
        Item: 'Cup',
        Qty: '1',
        Weight: '0.3',
        Price: '10',
      },
      {
        'Order #': 'U-2',
        Recipient: 'Bob Smith',
        Street: '5th Avenue 2',
        Zip: '10001',
        Town: 'New York',
        State: 'NY',
        Country: 'US',
        Contact: 'Bob',
        Phone: '12125550100',
        SKU: 'CUP',
        Item: 'Cup',
        Qty: '1',
        Weight: '0.3',
        Price: '10',
      },
      {
        'Order #': 'D-1',
        Recipient: 'Kunde Becker',
        Street: 'Marienplatz 8',
        Zip: '80331',
        Town: 'Muenchen',
        State: '',
        Country: 'DE',
        Contact: 'Jonas',
        Phone: '12',
        SKU: 'CUP',
        Item: 'Cup',
        Qty: '1',
        Weight: '0.3',
        Price: '10',
      },
    ];
    const preview = previewImport(american, guessMapping(Object.keys(american[0]!)));
    expect(preview).toMatchObject({ valid: 1, faulty: 2 });
    expect(preview.orders[0]!.number).toBe('U-1');
    expect(preview.orders[0]!.faults.map((fault) => describeFault('U-1', fault))).toEqual([
      'U-1, row 1: the postal code is not valid: expected a US ZIP code: 5 digits, or 5+4, such as 12345 or 12345-6789 (column “Zip”)',
    ]);
    expect(preview.orders[1]).toMatchObject({ number: 'U-2', attributes: { shipTo: { postalCode: '10001', state: 'NY' } } });
    expect(preview.orders[2]!.faults.map((fault) => describeFault('U-3', fault))).toEqual([
      expect.stringMatching(
        /^U-3, row 3: the phone is not valid: expected a phone number for DE \(Germany\), with or without its country code, such as \+49 .*\(column “Phone”\)$/,
      ),
    ]);
  });
});

describe('an order’s special services', () => {
  const base = {
    number: 'SV-1',
    shipTo: shipTo(),
    lines: [{ sku: 'WINE-RED-75', description: 'Red wine', quantity: 1, unitWeight: '1.3', unitPrice: 12 }],
  };
  const checked = (services: unknown) => validateOrderDocument({ data: { type: 'order', attributes: { ...base, services } } });

  it('keeps them as a shipment keeps them, and its shipment carries them', () => {
    const order = valid({
      ...base,
      services: { deliveryConfirmation: 'ADULTSIGNATURE', cashOnDelivery: { amount: '12', currency: 'eur' }, saturdayDelivery: 'true' },
    });
    expect(order.services).toEqual({
      deliveryConfirmation: 'adultSignature',
      minimumAge: 18,
      cashOnDelivery: { amount: '12', currency: 'EUR', method: 'any' },
      saturdayDelivery: true,
    });
    const attributes = shipmentFromOrder(order, { shipFrom: sender(), box: BOX, weightKg: '1.6', today: PACKED.today() });
    expect(attributes.services).toEqual(order.services);
    expect(validateShipmentDocument({ data: { type: 'shipment', attributes } }, 'confirm').ok).toBe(true);
    // Null and "none" are no services at all.
    expect(valid({ ...base, services: null }).services).toBeUndefined();
    expect(valid({ ...base, services: { deliveryConfirmation: 'none' } }).services).toBeUndefined();
  });

  it('names each faulty member by its pointer', () => {
    const faults = (services: unknown) => {
      const result = checked(services);
      return result.ok ? [] : result.errors.map((error) => [error.code, error.source?.pointer]);
    };
    expect(faults({ deliveryConfirmation: 'adult', minimumAge: 19 })).toEqual([
      ['field.invalid', '/data/attributes/services/deliveryConfirmation'],
      ['field.invalid', '/data/attributes/services/minimumAge'],
    ]);
    expect(faults({ deliveryConfirmation: 'signature', minimumAge: 21 })).toEqual([
      ['field.invalid', '/data/attributes/services/minimumAge'],
    ]);
    expect(faults({ cashOnDelivery: { currency: 'EUR' } })).toEqual([['field.missing', '/data/attributes/services/cashOnDelivery/amount']]);
    expect(faults('signature')).toEqual([['field.invalid', '/data/attributes/services']]);
  });
});

describe('special services from a file of orders', () => {
  const row = (number: string, extra: Record<string, string>, sku = 'WINE-RED-75') => ({
    'Order #': number,
    Recipient: 'Kunde Becker',
    Street: 'Marienplatz 8',
    Zip: '80331',
    Town: 'Muenchen',
    Country: 'DE',
    SKU: sku,
    Item: 'Red wine',
    Qty: '1',
    Price: '12',
    ...extra,
  });

  it('reads the service columns by the names shops give them, and their words', () => {
    const rows = [
      row('C-1', { Signature: 'adult 21', 'COD amount': '49,90', 'COD currency': 'eur', 'COD method': 'cash', 'Saturday delivery': 'yes' }),
      row('C-2', { Signature: 'Signature', 'COD amount': '', 'COD currency': '', 'COD method': '', 'Saturday delivery': 'no' }),
      row('C-3', { Signature: 'indirect', 'COD amount': '10', 'COD currency': '', 'COD method': '', 'Saturday delivery': '' }),
      row('C-4', { Signature: 'adult', 'COD amount': '', 'COD currency': '', 'COD method': '', 'Saturday delivery': 'ja' }),
      row('C-5', { Signature: '', 'COD amount': '', 'COD currency': '', 'COD method': '', 'Saturday delivery': '' }),
    ];
    const mapping = guessMapping(Object.keys(rows[0]!));
    expect(mapping).toMatchObject({
      deliveryConfirmation: 'Signature',
      codAmount: 'COD amount',
      codCurrency: 'COD currency',
      codMethod: 'COD method',
      saturdayDelivery: 'Saturday delivery',
    });
    const preview = previewImport(rows, mapping);
    expect(preview.faulty).toBe(0);
    expect(preview.orders.map((order) => order.attributes!.services)).toEqual([
      {
        deliveryConfirmation: 'adultSignature',
        minimumAge: 21,
        cashOnDelivery: { amount: '49.90', currency: 'EUR', method: 'cash' },
        saturdayDelivery: true,
      },
      { deliveryConfirmation: 'signature' },
      // A COD amount without a currency is in euros, as the order's prices are.
      { deliveryConfirmation: 'indirect', cashOnDelivery: { amount: '10', currency: 'EUR', method: 'any' } },
      { deliveryConfirmation: 'adultSignature', minimumAge: 18, saturdayDelivery: true },
      undefined,
    ]);
  });

  it('reads the tags a shop types for them, a column over a tag', () => {
    const rows = [
      row('T-1', { Tags: 'gift, Adult Signature, saturday-delivery', Signature: '' }),
      row('T-2', { Tags: 'adult-signature-21', Signature: '' }),
      row('T-3', { Tags: 'signature', Signature: 'direct' }),
      row('T-4', { Tags: 'fragile', Signature: '' }),
      row('T-5', { Tags: 'Sunday_Delivery', Signature: '' }),
    ];
    const preview = previewImport(rows, guessMapping(Object.keys(rows[0]!)));
    expect(preview.orders.map((order) => [order.attributes!.tags, order.attributes!.services])).toEqual([
      [
        ['gift', 'adult signature', 'saturday-delivery'],
        { deliveryConfirmation: 'adultSignature', minimumAge: 18, saturdayDelivery: true },
      ],
      [['adult-signature-21'], { deliveryConfirmation: 'adultSignature', minimumAge: 21 }],
      [['signature'], { deliveryConfirmation: 'direct' }],
      [['fragile'], undefined],
      [['sunday_delivery'], { sundayDelivery: true }],
    ]);
  });

  it('names a service value it does not take by its row and column', () => {
    const rows = [
      row('F-1', { Signature: 'maybe', 'COD amount': '', 'COD currency': '', 'Saturday delivery': '' }),
      row('F-2', { Signature: 'adult 19', 'COD amount': 'ten', 'COD currency': 'euro', 'Saturday delivery': 'perhaps' }),
    ];
    const preview = previewImport(rows, guessMapping(Object.keys(rows[0]!)));
    expect(preview.orders.flatMap((order) => order.faults.map((fault) => describeFault(order.number, fault)))).toEqual([
      'F-1, row 1: the delivery confirmation is not valid (column “Signature”)',
      'F-2, row 2: the delivery confirmation is not valid (column “Signature”)',
      'F-2, row 2: the cash-on-delivery amount is not valid (column “COD amount”)',
      'F-2, row 2: the cash-on-delivery currency is not valid (column “COD currency”)',
      'F-2, row 2: Saturday delivery is not valid (column “Saturday delivery”)',
    ]);
  });
});
