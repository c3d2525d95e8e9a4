// The shipped orders' files (src-shared/shipped-orders.ts): a carrier as each shop names it, Amazon's confirmation
// item by item with a row for a further parcel and for an order without the shop's line ids, a tab or a line break
// in a value never splitting Amazon's row, and the CSVs quoted as spreadsheets read them, formulas kept as text.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { shippedOrdersFile, shopCarrier, type ShippedParcel } from '../../src-shared/shipped-orders.ts';
import { setClock } from '../helpers/clock.ts';

/** The day the parcels ship: a date is pure data here, taken from a clock as every test's. */
const DAY = setClock('2026-11-25 09:00', 'Europe/Rome').today();

const parcel = (overrides: Partial<ShippedParcel> = {}): ShippedParcel => ({
  orderNumber: '302-1234567-7654321',
  lines: [
    { quantity: '1', itemId: '62345678901234' },
    { quantity: '2', itemId: '62345678901235' },
  ],
  reference: '100200000001',
  shipDate: DAY,
  carrierCode: 'UPS',
  carrierName: 'UPS',
  serviceName: 'UPS Express Saver',
  trackingNumber: '1ZA0B1C26574727211',
  trackingUrl: 'https://track.verdi.example/track/9f8c2e41',
  receiverName: 'Kunde Becker',
  country: 'DE',
  ...overrides,
});

const tsv = (text: string) => Papa.parse<Record<string, string>>(text, { header: true, delimiter: '\t', skipEmptyLines: true }).data;
const csv = (text: string) => Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;

describe('a carrier as the shops name it', () => {
  it.each([
    ['DHL_EXPRESS', 'DHL Express', 'DHL', 'DHL Express'],
    ['PV.UPS', 'UPS (upstream)', 'UPS', 'UPS'],
    ['FEDEX', 'FedEx', 'FedEx', 'FedEx'],
    ['POSTE_ITALIANE', 'Poste Italiane', 'Poste Italiane', 'Poste Italiane'],
    ['DEUTSCHE_POST', 'Deutsche Post', 'Deutsche Post', 'Deutsche Post'],
    ['GLS_IT', 'GLS Italy', 'GLS', 'GLS'],
    ['DPD', 'DPD', 'DPD', 'DPD'],
    ['TNT', 'TNT', 'TNT', 'TNT'],
  ])('%s (%s): Amazon’s %s, Shopify’s %s', (code, name, amazon, shopify) => {
    expect(shopCarrier(code, name)).toEqual({ amazon, shopify });
  });

  it('a carrier Amazon does not list is Other, with its name in carrier-name', () => {
    expect(shopCarrier('NEXIVE', 'Nexive')).toEqual({ amazon: null, shopify: 'Nexive' });
    const [row] = tsv(shippedOrdersFile('amazon', [parcel({ carrierCode: 'NEXIVE', carrierName: 'Nexive' })]).text);
    expect(row).toMatchObject({ 'carrier-code': 'Other', 'carrier-name': 'Nexive' });
  });
});

describe('Amazon’s shipping confirmation', () => {
  it('confirms an order item by item, its further parcel and an order without line ids as the whole order', () => {
    const file = shippedOrdersFile('amazon', [
      parcel(),
      parcel({ lines: [{ quantity: '3' }], orderNumber: '302-9999999-1111111', trackingNumber: 'CP895919932IT' }),
      parcel({ trackingNumber: '1ZA0B1C26574727999', reference: '100200000003' }),
    ]);
    expect(file).toMatchObject({ contentType: 'text/tab-separated-values; charset=utf-8', extension: 'txt' });
    expect(tsv(file.text).map((row) => [row['order-id'], row['order-item-id'], row.quantity, row['tracking-number']])).toEqual([
      ['302-1234567-7654321', '62345678901234', '1', '1ZA0B1C26574727211'],
      ['302-1234567-7654321', '62345678901235', '2', '1ZA0B1C26574727211'],
      ['302-9999999-1111111', '', '', 'CP895919932IT'],
      ['302-1234567-7654321', '', '', '1ZA0B1C26574727999'],
    ]);
  });

  it('keeps a row on one line whatever a value holds, without quotes', () => {
    const { text } = shippedOrdersFile('amazon', [
      parcel({ serviceName: 'Express\t"Saver"\r\nplus', lines: [{ quantity: '1', itemId: '1' }] }),
    ]);
    expect(text.split('\r\n')).toHaveLength(3);
    expect(text.split('\r\n')[1]).toBe(`302-1234567-7654321\t1\t1\t${DAY}\tUPS\t\t1ZA0B1C26574727211\tExpress "Saver" plus`);
  });
});

describe('the CSVs', () => {
  it('quote what needs quoting, read back as written, and keep a formula-like receiver as text', () => {
    const file = shippedOrdersFile('generic', [parcel({ receiverName: '=HYPERLINK("x"), Müller', serviceName: 'Express, 12:00' })]);
    expect(file).toMatchObject({ contentType: 'text/csv; charset=utf-8', extension: 'csv' });
    const [row] = csv(file.text);
    expect(row).toMatchObject({ Receiver: `'=HYPERLINK("x"), Müller`, Service: 'Express, 12:00', 'Order Number': '302-1234567-7654321' });
  });

  it('Shopify’s: the order’s name as imported, the tracking company as Shopify names it', () => {
    const [row] = csv(
      shippedOrdersFile('shopify', [parcel({ orderNumber: '#1001', carrierCode: 'DHL_EXPRESS', carrierName: 'DHL Express' })]).text,
    );
    expect(row).toEqual({
      Name: '#1001',
      'Tracking Number': '1ZA0B1C26574727211',
      'Tracking Company': 'DHL Express',
      'Tracking URL': 'https://track.verdi.example/track/9f8c2e41',
      'Ship Date': DAY,
    });
  });
});
