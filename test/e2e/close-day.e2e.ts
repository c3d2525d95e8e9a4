// Close day in Chromium: a supervisor picks the ship date, sees each carrier's preview, closes UPS with its
// button, sees the manifest through pdf.js with a Print button, cancels a pickup, and reopens the manifest.
import { expect, openScreen, shipmentDocument, signedIn, test } from './fixtures.ts';
import { runningClock } from '../helpers/clock.ts';

test.describe.configure({ mode: 'serial' });

/** Two weeks ahead on the station's clock (it runs in this computer's zone), so the pickups can still be cancelled. */
const DAY = runningClock().day(14);
const NUMBERED = DAY.replace(/-/g, '');

const onDay = (carrier: string) => {
  const document = shipmentDocument({ scheduledProcessing: false, service: 'economy', carrierChoice: carrier });
  Object.assign(document.data.attributes, { shipDate: DAY, booking: true });
  return document;
};

test('Close day: preview per carrier, close UPS, see and print the manifest, cancel a pickup, reopen', async ({ page, station, snap }) => {
  for (const carrier of ['UPS', 'UPS', 'DHL']) expect((await station.api('POST', '/shipments', onDay(carrier))).status).toBe(201);

  await signedIn(page, station);
  await openScreen(page, 'Close day');
  await page.getByLabel('Ship date').fill(DAY);
  const ups = page.getByRole('region', { name: 'UPS', exact: true });
  // Declared is the two invoices' value, 64.50 EUR each.
  await expect(ups).toContainText('To close: 2 shipments, 2 packages, 4.00 kg, declared 129.00 EUR');
  await expect(page.getByRole('region', { name: 'DHL Express' })).toContainText('1 shipment,');
  await expect(page.getByRole('button', { name: 'Close all (2)' })).toBeEnabled();
  await snap(page, 'close-day-preview');

  await ups.getByRole('button', { name: 'Close UPS' }).focus();
  await page.keyboard.press('Enter');
  const manifests = page.getByRole('table', { name: 'Manifests' });
  await expect(manifests).toContainText(new RegExp(`UPS-${NUMBERED}-\\d+-1`));
  await expect(manifests).toContainText('Closed');
  await expect(page.getByRole('region', { name: 'Manifest preview' })).toHaveAttribute('data-rendered', 'true');
  await expect(page.getByRole('button', { name: new RegExp(`^Print manifest UPS-${NUMBERED}-`) })).toBeVisible();
  // Closed: nothing is left to take for UPS, and its shipments say where they went (not "left out").
  await expect(ups.getByRole('button', { name: 'Close UPS' })).toBeDisabled();
  await expect(ups).toContainText('Nothing left to close.');
  await expect(ups).toContainText(new RegExp(`Closed: 2 shipments in UPS-${NUMBERED}-\\d+-1`));
  await expect(ups).not.toContainText('left out');
  // The manifest PDF declares the invoices' value.
  const manifest = (await station.api('GET', `/manifests?date=${DAY}`)).json.data[0];
  expect(manifest.attributes.totals).toMatchObject({ shipments: 2, declaredCents: 12900 });
  await snap(page, 'close-day-closed');

  const pickups = page.getByRole('table', { name: 'Pickups' });
  // The two UPS parcels from one address on one day are one pickup.
  await expect(pickups.locator('tr')).toHaveCount(2);
  await expect(pickups.locator('tr').filter({ hasText: 'UPS' })).toContainText('2 shipments, 2 parcels');
  await pickups.getByRole('button', { name: /^Cancel the DHL Express pickup/ }).click();
  await expect(pickups.locator('tr').filter({ hasText: 'DHL' })).toContainText('Cancelled');
  await expect(pickups.locator('tr').filter({ hasText: 'UPS' })).toContainText('Booked, cancel until 12:00');

  await manifests.getByRole('button', { name: /^Reopen UPS-/ }).click();
  await expect(manifests).toContainText('Reopened');
  await expect(ups.getByRole('button', { name: 'Close UPS' })).toBeEnabled();
  await snap(page, 'close-day-reopened');
});

test('Close day: each carrier’s special handling is listed before its close: COD to collect, signatures, dry ice, dangerous goods', async ({
  page,
  station,
}) => {
  const booked = async (carrier: string, change: (attributes: Record<string, unknown>, pkg: Record<string, unknown>) => void) => {
    const document = onDay(carrier);
    const attributes = document.data.attributes as Record<string, unknown>;
    change(attributes, (attributes.packages as Record<string, unknown>[])[0]!);
    const created = await station.api('POST', '/shipments', document);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
  };
  await booked('FEDEX', (attributes, pkg) => {
    attributes.services = { deliveryConfirmation: 'adultSignature', minimumAge: 18 };
    pkg.lithiumBatteries = { type: 'ion', packing: 'containedInEquipment', section2: true };
  });
  await booked('FEDEX', (_, pkg) => {
    pkg.dryIceKg = '1.5';
  });
  await booked('UPS', (attributes) => {
    attributes.services = { cashOnDelivery: { amount: '49.90', currency: 'EUR', method: 'cash' } };
  });

  await signedIn(page, station);
  await openScreen(page, 'Close day');
  await page.getByLabel('Ship date').fill(DAY);
  const fedex = page.getByRole('list', { name: 'Special handling in the FedEx close' });
  await expect(fedex.getByRole('listitem')).toHaveText([
    '1 shipment to be signed for',
    'Dry ice (UN1845): 1.5 kg',
    'Dangerous goods in 1 shipment (UN3481)',
  ]);
  await expect(page.getByRole('list', { name: 'Special handling in the UPS close' }).getByRole('listitem')).toHaveText([
    'Cash on delivery to collect: 49.90 EUR',
  ]);
  // A carrier with nothing special says nothing of it.
  await expect(page.getByRole('list', { name: 'Special handling in the DHL Express close' })).toHaveCount(0);
});
