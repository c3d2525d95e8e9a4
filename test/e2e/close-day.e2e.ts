// Close day in Chromium: a supervisor picks the ship date, sees each carrier's preview, closes UPS with its
// button, sees the manifest through pdf.js with a Print button, cancels a pickup, and reopens the manifest.
import { expect, shipmentDocument, signedIn, test } from './fixtures.ts';
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
  await page.getByRole('link', { name: 'Close day' }).click();
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
