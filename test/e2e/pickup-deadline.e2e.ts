// A pickup whose cancellation deadline has passed shows as passed, with no Cancel. The station runs on a clock the
// test sets (a Thursday at 14:00 in Rome, after UPS's 12:00 deadline), so the test passes on any day, a weekend too.
import { expect, test, type Page } from '@playwright/test';
import { setClock } from '../helpers/clock.ts';
import { chromiumMissing } from './chromium.ts';
import { startClockedStation, type ClockedStation } from './clocked-station.ts';
import { openScreen, PASSWORD, shipmentDocument } from './fixtures.ts';

const clock = setClock('2026-11-26 14:00', 'Europe/Rome');
const TODAY = clock.today();

let clocked: ClockedStation | undefined;

test.beforeAll(async () => {
  const missing = chromiumMissing();
  test.skip(missing !== undefined, missing);
  clocked = await startClockedStation(clock, 'supervisor');
});

test.afterAll(async () => {
  await clocked?.stop();
});

async function signIn(page: Page): Promise<void> {
  await page.goto(clocked!.url);
  await page.getByLabel('Username').fill('desk');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'New shipment' })).toBeFocused();
}

test('a pickup past its carrier’s deadline says so and offers no Cancel; the station refuses one too', async ({ page }) => {
  const document = shipmentDocument({ scheduledProcessing: false, service: 'economy', carrierChoice: 'UPS' });
  Object.assign(document.data.attributes, { shipDate: TODAY, booking: true });
  const created = await clocked!.call('POST', '/shipments', document);
  expect(created.status, JSON.stringify(created.json)).toBe(201);

  await signIn(page);
  await openScreen(page, 'Close day');
  await page.getByLabel('Ship date').fill(TODAY);
  const row = page.getByRole('table', { name: 'Pickups' }).locator('tr').filter({ hasText: 'UPS' });
  await expect(row).toContainText('Booked; cancellation closed at 12:00');
  await expect(row).not.toContainText('cancel until');
  await expect(row.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  expect((await clocked!.call('DELETE', `/pickups/${created.json.data.id}`)).status).toBe(409);
});
