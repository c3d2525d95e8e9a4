// The Returns desk in real Chromium, printing through a real CUPS queue: a packer scans the sale's tracking number,
// presses the reason's digit and Enter, and the return label (with the outbound label, not printed before) comes out
// of the printer; the keys beyond the scan are counted. And on the New shipment form, a US ZIP of 1234 is marked on
// its field, with what a ZIP looks like, as the packer leaves it: before any rate or confirm.
import { execFileSync } from 'node:child_process';
import { ThermalPrinter, addRawQueue, cupsMissing, removeQueue } from '../helpers/printers.ts';
import { countedKeys, expect, openScreen, shipmentDocument, signedIn, signIn, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

const missing = cupsMissing();
if (missing && process.env.CI) throw new Error(`${missing}; in CI the returns desk test prints through CUPS.`);

const queue = `e2e-returns-${process.pid}`;
const thermal = new ThermalPrinter();

test.beforeAll(async ({ station }) => {
  test.skip(missing !== undefined, missing);
  await thermal.start();
  addRawQueue(queue, `socket://127.0.0.1:${thermal.port}`, 'Returns desk labels');
  expect(
    (await station.api('PATCH', '/print-settings', { data: { type: 'printSettings', attributes: { printer: queue, format: 'zpl' } } }))
      .status,
  ).toBe(200);
});

test.afterAll(async ({ station }) => {
  if (missing) return;
  // The station is the worker's: the next file finds the print settings it started with.
  expect(
    (await station.api('PATCH', '/print-settings', { data: { type: 'printSettings', attributes: { printer: null, format: 'pdf' } } }))
      .status,
  ).toBe(200);
  removeQueue(queue);
  await thermal.stop();
});

test('a return is made by scanning the sale’s tracking number, a digit and Enter, and prints with the outbound label', async ({
  page,
  station,
  snap,
}) => {
  const sale = await station.api('POST', '/shipments', shipmentDocument({ service: 'economy', scheduledProcessing: false }));
  expect(sale.status).toBe(201);
  const trackingNumber = sale.json.data.meta.trackingNumber as string;

  await signIn(page, station);
  await openScreen(page, 'Returns');
  const scanField = page.getByLabel('Tracking number or order number of the sale');
  await expect(scanField).toBeFocused();
  const keys = countedKeys(page);
  await keys.scan(trackingNumber);
  const form = page.getByRole('form', { name: 'Return' });
  await expect(form.getByRole('heading')).toHaveText(`Return of ${sale.json.data.meta.reference} to Bottega Verdi`);
  await keys.press('1');
  await expect(form.getByRole('radio', { name: '1. Arrived damaged' })).toBeChecked();
  await keys.press('Enter');
  const made = page.getByRole('status', { name: 'Return made' });
  await expect(made).toContainText('Return label made');
  await expect(made).toContainText(`on ${queue}`);
  // The scanner's Enter, the reason's digit, Enter: at most four keys beyond the scanned data.
  expect(keys.pressed).toEqual(['Enter', '1', 'Enter']);
  expect(keys.pressed.length).toBeLessThanOrEqual(4);
  await snap(page, 'returns-desk-made');

  // Linked both ways, and both labels out of the printer in one job, the sale's first.
  const original = (await station.api('GET', `/shipments/${sale.json.data.id}`)).json.data;
  expect(original.meta.returns).toHaveLength(1);
  const back = (await station.api('GET', `/shipments/${original.meta.returns[0]}`)).json.data;
  expect(back.meta).toMatchObject({ returnOf: original.id, returnReason: 'DAMAGED' });
  await expect
    .poll(() => thermal.received.map((data) => data.toString('utf8')).find((text) => text.includes(back.meta.trackingNumber)), {
      timeout: 10_000,
    })
    .toBeTruthy();
  const job = thermal.received.map((data) => data.toString('utf8')).find((text) => text.includes(back.meta.trackingNumber))!;
  expect(job.indexOf(trackingNumber)).toBeGreaterThanOrEqual(0);
  expect(job.indexOf(trackingNumber)).toBeLessThan(job.indexOf(back.meta.trackingNumber));
  // The focus is back on the scan field, for the next parcel.
  await expect(scanField).toBeFocused();
  expect(execFileSync('lpstat', ['-o', queue], { encoding: 'utf8' }).trim()).toBe('');
});

test('the Return action of a shipment opens it at the Returns desk', async ({ page, station }) => {
  const sale = await station.api('POST', '/shipments', shipmentDocument({ service: 'economy', scheduledProcessing: false }));
  await signIn(page, station);
  await openScreen(page, 'Shipments');
  await page.getByRole('button', { name: `Open shipment ${sale.json.data.meta.reference} to Kunde Becker` }).click();
  await page.getByRole('region', { name: 'Shipment detail' }).getByRole('button', { name: 'Return' }).click();
  await expect(page.getByRole('form', { name: 'Return' }).getByRole('heading')).toHaveText(
    `Return of ${sale.json.data.meta.reference} to Bottega Verdi`,
  );
});

test('a US ZIP of 1234 is marked on its field with what a ZIP looks like, before any rate', async ({ page, station }) => {
  await signedIn(page, station);
  await page.getByRole('combobox', { name: 'Receiver country' }).fill('US');
  await page.keyboard.press('Enter');
  const zip = page.getByRole('textbox', { name: 'Receiver postal code', exact: true });
  await zip.fill('1234');
  await zip.press('Tab');
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.field--error').filter({ has: zip })).toContainText(
    'Expected a US ZIP code: 5 digits, or 5+4, such as 12345 or 12345-6789.',
  );
  await zip.fill('10001');
  await zip.press('Tab');
  await expect(zip).not.toHaveAttribute('aria-invalid', 'true');
});
