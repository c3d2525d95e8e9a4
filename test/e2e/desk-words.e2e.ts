// The desk says the station's warnings and refusals in the packer's language (issue 44), in Chromium on a German
// desk: a carrier whose day is closed says the day its parcels ship instead (beside its rates, on the booked label,
// in a scanned order's announcement, on Today); Close day words each left-out shipment by its reason and lists the
// returns apart; an unplugged scale is said by its state; voiding an outbound whose return is booked names the
// return. No English sentence of the station reaches the screen.
// The station runs in this process on a set clock (a Friday morning, before every cutoff), so that a closed day
// moves its parcels to the Monday whatever day the test runs.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { de } from '../../src-renderer/i18n/messages/de.ts';
import { setClock } from '../helpers/clock.ts';
import { deskDate, expect, KUNDE_BECKER, openScreen, PASSWORD, shipmentDocument, test } from './fixtures.ts';
import { chromiumMissing } from './chromium.ts';
import { startClockedStation, type ClockedStation } from './clocked-station.ts';
import { execFileSync } from 'node:child_process';
import { cupsMissing } from '../helpers/printers.ts';

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'de-DE' });

/** Friday 10:00 in Rome: a working day before every carrier's cutoff; its next working day is the Monday. */
const clock = setClock('2026-11-27 10:00', 'Europe/Rome');
const TODAY = clock.today();
const MONDAY = clock.day(3);

/** The station's English texts that must never reach a German desk. */
const STATION_ENGLISH = [
  /is closed for today/,
  /next working day/,
  /voided at/,
  /a return: the customer/,
  /cannot be reached/,
  /void the return first/,
  /Invalid data/,
  /\/data\//,
];

let clocked: ClockedStation;
let url = '';

/** A call of the station's API as the account's user. */
const api = (method: string, path: string, body?: unknown) => clocked.call(method, path, body);

/** A parcel booked now through the API, for a carrier. */
async function booked(carrier: string): Promise<{ id: string; reference: string }> {
  const made = await api(
    'POST',
    '/shipments',
    shipmentDocument({ scheduledProcessing: false, service: 'economy', carrierChoice: carrier }),
  );
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  return { id: made.json.data.id, reference: made.json.data.meta.reference };
}

async function signInGerman(page: Page): Promise<void> {
  await page.goto(url);
  await page.getByLabel(de['signIn.username']).fill('desk');
  await page.getByLabel(de['signIn.password']).fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: de['nav.new'] })).toBeFocused();
}

async function noStationEnglish(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  for (const english of STATION_ENGLISH) expect(text).not.toMatch(english);
}

test.beforeAll(async () => {
  const missing = chromiumMissing();
  test.skip(missing !== undefined, missing);
  clocked = await startClockedStation(clock, 'supervisor');
  url = clocked.url;
  // UPS's day is closed this morning: what is made for UPS now ships on Monday.
  await booked('UPS');
  expect((await api('POST', '/manifests', { data: { type: 'manifest', attributes: { carrier: 'UPS', date: TODAY } } })).status).toBe(201);
});

test.afterAll(async () => {
  await clocked?.stop();
});

test('a carrier closed for today: its rates say the day they ship, and so does the label booked with one', async ({ page }) => {
  await signInGerman(page);
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: de['form.receiver.name'], exact: true }).fill(KUNDE_BECKER.name);
  await page.getByRole('textbox', { name: de['form.receiver.contact'], exact: true }).fill(KUNDE_BECKER.contact);
  await page.getByRole('textbox', { name: de['form.receiver.address1'], exact: true }).fill(KUNDE_BECKER.address1);
  await page.getByRole('combobox', { name: de['form.receiver.country'] }).fill('DE');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: de['form.receiver.postalCode'], exact: true }).fill(KUNDE_BECKER.postalCode);
  await page.getByRole('textbox', { name: de['form.receiver.city'], exact: true }).fill(KUNDE_BECKER.city);
  await page.getByRole('textbox', { name: de['form.weight'], exact: true }).fill('1.4');
  await page.getByLabel(de['form.length']).fill('30');
  await page.getByLabel(de['form.width']).fill('20');
  await page.getByLabel(de['form.height']).fill('15');
  await page.getByLabel(de['form.goodsDescription']).fill('Keramiktassen');
  await page.getByLabel(de['form.invoiceValue']).fill('64.50');
  await page.getByRole('button', { name: de['form.getRates'], exact: true }).click();

  const rates = page.getByRole('table', { name: de['rates.heading'] });
  const closed = `UPS ist für heute abgeschlossen: geht am ${deskDate(MONDAY, 'de')}`;
  const upsRow = rates.locator('tbody tr').filter({ hasText: 'UPS' }).first();
  await expect(upsRow).toContainText(closed);
  // The other carriers still ship today: nothing is said beside them.
  await expect(rates.locator('tbody tr').filter({ hasText: 'DHL' }).first()).not.toContainText('abgeschlossen');
  await noStationEnglish(page);

  await upsRow.getByRole('radio').check();
  await page.getByRole('button', { name: de['rates.confirm'], exact: true }).click();
  const label = page.getByRole('complementary', { name: de['label.shipment'] });
  await expect(label).toContainText(`Geht am ${deskDate(MONDAY, 'de')}: UPS ist für heute abgeschlossen`);
  await noStationEnglish(page);
});

test('Today says a closed carrier’s parcels made now ship on its next working day', async ({ page }) => {
  await signInGerman(page);
  const carriers = page.getByRole('table', { name: de['today.byCarrierTable'] });
  await expect(carriers.locator('tr').filter({ hasText: 'UPS' })).toContainText(
    `Für heute abgeschlossen: Pakete von jetzt gehen am ${deskDate(MONDAY, 'de')}`,
  );
  await noStationEnglish(page);
});

test('Close day words each left-out shipment by its reason, and lists the returns apart', async ({ page }) => {
  // DHL's day: one parcel voided, one sold whose customer sends it back with a return label.
  const voided = await booked('DHL');
  expect((await api('DELETE', `/shipments/${voided.id}`)).status).toBe(204);
  const sold = await booked('DHL');
  const made = await api('POST', `/shipments/${sold.id}/returns`, {
    data: { type: 'return', attributes: { reason: 'DAMAGED' }, meta: {} },
  });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  const returned = made.json.data.meta.reference as string;
  // The return is booked with the carrier the station chose for it (the cheapest that collects from the customer).
  const returnCarrier = made.json.data.meta.carrierName as string;

  await signInGerman(page);
  await openScreen(page, de['nav.close-day']);
  const dhl = page.getByRole('region', { name: 'DHL Express' });
  await dhl.getByText(de['closeDay.leftOut'].replace('{count, number}', '1')).click();
  await expect(dhl.getByRole('list', { name: `Vom Abschluss für DHL Express ausgelassen` })).toHaveText(
    `${voided.reference}: storniert um 10:00`,
  );
  const returns = page.getByRole('region', { name: returnCarrier, exact: true });
  await returns.getByText('Retouren (der Kunde gibt sie dem Paketdienst): 1').click();
  await expect(returns.getByRole('list', { name: `Retouren für ${returnCarrier}` })).toHaveText(returned);
  // Not left out by mistake: the return's carrier lists nothing as left out.
  await expect(returns.getByRole('list', { name: `Vom Abschluss für ${returnCarrier} ausgelassen` })).toHaveCount(0);
  await noStationEnglish(page);

  // The outbound of that return is not voided: the refusal names the return to void first.
  await openScreen(page, de['nav.shipments']);
  await page.getByRole('button', { name: `Sendung ${sold.reference} an ${KUNDE_BECKER.name} öffnen` }).click();
  await page.getByRole('button', { name: de['shipments.delete'], exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: de['shipments.yesDelete'] }).click();
  await expect(page.getByRole('alert').filter({ hasText: `zuerst die Retoure ${returned} stornieren` })).toBeVisible();
  await noStationEnglish(page);
});

test('an unplugged scale is said by its state in the packer’s words, not the station’s English', async ({ page }) => {
  expect(
    (
      await api('POST', '/orders', {
        data: {
          type: 'order',
          attributes: {
            number: 'WD-7001',
            shipTo: KUNDE_BECKER,
            lines: [
              { sku: 'CUP-6', description: 'Ceramic cup', quantity: '2', unitWeight: '0.35', unitPrice: '10.75', originCountry: 'IT' },
            ],
            tags: [],
          },
        },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await api('PATCH', '/scale', {
        data: { type: 'scale', attributes: { port: join(tmpdir(), 'station-words-no-scale-here'), protocol: 'sics', units: 'kg' } },
      })
    ).status,
  ).toBe(200);
  await signInGerman(page);
  await page.keyboard.press('Enter');
  await page.keyboard.type('WD-7001');
  await page.keyboard.press('Enter');
  const reading = page.getByRole('status', { name: de['scale.label'] });
  await expect(reading).toContainText(de['scale.unplugged']);
  await expect(reading).toContainText('Die Waage ist nicht erreichbar: Kabel und Anschluss in den Einstellungen prüfen.');
  await noStationEnglish(page);
  // The scale's settings say it in the same words.
  await openScreen(page, de['nav.settings']);
  await expect(page.getByRole('status', { name: de['scaleSettings.reading'] })).toHaveText(
    'Die Waage ist nicht erreichbar: Kabel und Anschluss in den Einstellungen prüfen.',
  );
  await noStationEnglish(page);
});

test('a scanned order for a closed carrier, printed by itself: the announcement says the day it ships', async ({ page }) => {
  const missing = cupsMissing();
  if (missing && process.env.CI) throw new Error(`${missing}; in CI the desk's announcement is tested with a real print.`);
  test.skip(missing !== undefined, missing);
  const queue = `e2e-words-${process.pid}`;
  execFileSync('lpadmin', ['-p', queue, '-D', 'Desk labels', '-v', 'cups-pdf:/', '-E', '-m', 'lsb/usr/cups-pdf/CUPS-PDF_opt.ppd'], {
    stdio: 'pipe',
  });
  try {
    expect(
      (await api('PATCH', '/print-settings', { data: { type: 'printSettings', attributes: { printer: queue, autoPrint: true } } })).status,
    ).toBe(200);
    expect(
      (
        await api('POST', '/orders', {
          data: {
            type: 'order',
            attributes: {
              number: 'WD-7002',
              carrierChoice: 'UPS',
              shipTo: KUNDE_BECKER,
              lines: [
                { sku: 'CUP-6', description: 'Ceramic cup', quantity: '2', unitWeight: '0.35', unitPrice: '10.75', originCountry: 'IT' },
              ],
              tags: [],
            },
          },
        })
      ).status,
    ).toBe(201);
    await signInGerman(page);
    await page.keyboard.press('Enter');
    await page.keyboard.type('WD-7002');
    await page.keyboard.press('Enter');
    // The scale is still unplugged: once the order is on screen, the packer types the weight, and ships. (A weight
    // typed before the order arrives is replaced by the order's draft: the test types after it, as a packer does.)
    const panel = page.getByRole('region', { name: 'Auftrag WD-7002' });
    await expect(panel.getByRole('status', { name: de['scale.label'] })).toContainText(de['scale.unplugged']);
    await page.getByRole('textbox', { name: de['form.weight'], exact: true }).fill('0.9');
    await panel.getByRole('button', { name: de['order.ship'] }).click();
    const said = `Geht am ${deskDate(MONDAY, 'de')}: UPS ist für heute abgeschlossen`;
    await expect(page.getByTestId('announcer-assertive')).toHaveText(said);
    await expect(page.getByRole('complementary', { name: de['label.shipment'] })).toContainText(said);
    // The label printed, and the print's own words did not take the closed day's place.
    await expect(page.getByTestId('announcer-polite')).toContainText('Etikett gedruckt', { timeout: 20_000 });
    await expect(page.getByTestId('announcer-assertive')).toHaveText(said);
    await noStationEnglish(page);
  } finally {
    await api('PATCH', '/print-settings', { data: { type: 'printSettings', attributes: { printer: null, autoPrint: false } } });
    execFileSync('lpadmin', ['-x', queue], { stdio: 'pipe' });
  }
});
