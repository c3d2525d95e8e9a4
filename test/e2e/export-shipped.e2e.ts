// Orders → Export shipped in Chromium: a packer books the day's orders (Amazon's, with their order-item-ids), opens
// the Orders screen, chooses Amazon's confirmation for the station's today and downloads the file, which holds every
// booked order item by item with its tracking number. The station runs in this process on a set clock, and the
// browser in another zone: the days the region starts at are the station's.
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { expect, openScreen, shipmentDocument, signIn, test } from './fixtures.ts';
import { setClock } from '../helpers/clock.ts';
import { chromiumMissing } from './chromium.ts';
import { startClockedStation, type ClockedStation } from './clocked-station.ts';

test.describe.configure({ mode: 'serial' });
test.use({ timezoneId: 'America/Los_Angeles' });
/** A Wednesday morning in Milano: in Los Angeles still the evening before. */
const stationClock = setClock('2026-11-25 07:30', 'Europe/Rome');

let clocked: ClockedStation;

test.beforeAll(async () => {
  const missing = chromiumMissing();
  test.skip(missing !== undefined, missing);
  clocked = await startClockedStation(stationClock, 'packer');
});

test.afterAll(async () => {
  await clocked?.stop();
});

const ORDERS = ['302-4000001-5000001', '302-4000002-5000002', '302-4000003-5000003'];

test('a packer downloads Amazon’s shipping confirmation of the day, with the booked orders’ tracking numbers', async ({ page, snap }) => {
  const orders = ORDERS.map((number, index) => ({
    type: 'order',
    attributes: {
      number,
      shipTo: {
        name: 'Jonas Becker',
        contact: 'Jonas Becker',
        address1: 'Marienplatz 8',
        postalCode: '80331',
        city: 'München',
        country: 'DE',
      },
      lines: Array.from({ length: index + 1 }, (_, line) => ({
        sku: `MUG-${line}`,
        description: 'Stoneware mug',
        quantity: String(line + 1),
        unitWeight: '0.4',
        unitPrice: '14.90',
        itemId: `6234567890${index}${line}`,
      })),
    },
  }));
  expect((await clocked.call('POST', '/orders/batch', { data: orders })).status).toBe(200);
  const tracking = new Map<string, string>();
  for (const number of ORDERS) {
    const document = shipmentDocument({ scheduledProcessing: false, service: 'economy', carrierChoice: 'UPS', orderNumber: number });
    Object.assign(document.data.attributes, { booking: true, customerReference: number });
    const made = await clocked.call('POST', '/shipments', document);
    expect(made.status).toBe(201);
    tracking.set(number, made.json.data.meta.trackingNumber);
  }

  await signIn(page, { url: clocked.url, username: 'desk' });
  await openScreen(page, 'Orders');
  const region = page.getByRole('region', { name: 'Export shipped' });
  // The station's today, though the browser's calendar is still on the day before.
  await expect(region.getByLabel('From')).toHaveValue(stationClock.today());
  await expect(region.getByLabel('To')).toHaveValue(stationClock.today());
  await region.getByLabel('Format').selectOption({ label: 'Amazon confirmation' });
  await snap(page, 'export-shipped');

  const download = page.waitForEvent('download');
  await region.getByRole('button', { name: 'Download file' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`shipped-orders-amazon-${stationClock.today()}.txt`);
  const rows = Papa.parse<Record<string, string>>(readFileSync((await file.path())!, 'utf8'), {
    header: true,
    delimiter: '\t',
    skipEmptyLines: true,
  }).data;
  expect(rows.map((row) => [row['order-id'], row['order-item-id'], row.quantity, row['tracking-number'], row['carrier-code']])).toEqual(
    orders.flatMap((order) =>
      order.attributes.lines.map((line) => [
        order.attributes.number,
        line.itemId,
        line.quantity,
        tracking.get(order.attributes.number),
        'UPS',
      ]),
    ),
  );
  expect(new Set(rows.map((row) => row['ship-date']))).toEqual(new Set([stationClock.today()]));

  // A day with nothing shipped yet: the file is Amazon's header alone.
  await region.getByLabel('From').fill(stationClock.day(1));
  await region.getByLabel('To').fill(stationClock.day(1));
  const empty = page.waitForEvent('download');
  await region.getByRole('button', { name: 'Download file' }).click();
  expect(readFileSync((await (await empty).path())!, 'utf8')).toBe(
    'order-id\torder-item-id\tquantity\tship-date\tcarrier-code\tcarrier-name\ttracking-number\tship-method\r\n',
  );
});
