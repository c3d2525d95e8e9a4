import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { openStore } from '../../src-main/store/index.ts';
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';
import {
  expect,
  fillParcel,
  KUNDE_BECKER,
  navigationLinks,
  openScreen,
  paintedCanvases,
  PASSWORD,
  shipmentDocument,
  signedIn,
  signIn,
  tabTo,
  test,
} from './fixtures.ts';
import { runningClock } from '../helpers/clock.ts';
import { decodeImage } from '../helpers/barcodes.ts';
import { readEpl2 } from '../helpers/epl2-reader.ts';
import { ThermalPrinter, addRawQueue, removeQueue } from '../helpers/printers.ts';
import { de } from '../../src-renderer/i18n/messages/de.ts';
import { en } from '../../src-renderer/i18n/messages/en.ts';

/** New shipment: a 1 kg parcel of books to Kunde Becker from the address book, rated; the first rate has the focus. */
async function rateBooksForBecker(page: Page): Promise<void> {
  await openScreen(page, 'New shipment');
  await page.getByRole('combobox', { name: 'Receiver search' }).fill('beck');
  await page.getByRole('option', { name: /Kunde Becker/ }).click();
  await page.getByLabel('Weight (kg)').fill('1');
  await page.getByLabel('Length (cm)').fill('30');
  await page.getByLabel('Width (cm)').fill('20');
  await page.getByLabel('Height (cm)').fill('10');
  await page.getByLabel('Goods description').fill('Books');
  await page.getByLabel('Invoice value').fill('30');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: 'Rates' }).getByRole('radio').first()).toBeFocused();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ station }) => {
  // A shipment to Kunde Becker puts him in the address book, as an earlier day at the desk would have.
  const saved = await station.api('POST', '/shipments/save', shipmentDocument());
  expect(saved.status).toBe(202);
});

test.describe('sign in', () => {
  test('refuses wrong credentials without saying which was wrong', async ({ page, station, snap }) => {
    await signIn(page, station, 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText(
      'Wrong username or password. Check both (the password is case-sensitive) and try again.',
    );
    await snap(page, 'sign-in-refused');
  });

  test('signs in, keeps the session on reload, and signs out', async ({ page, station, snap }) => {
    // Nothing the page loads is missing.
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    await signIn(page, station);
    // Today is the home; its New shipment has the focus, so Enter starts packing.
    await expect(page.getByRole('heading', { level: 1, name: /^Today, / })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New shipment' })).toBeFocused();
    await expect(navigationLinks(page)).toHaveText([
      'Today',
      'New shipment',
      'Orders',
      'Shipments',
      'Returns',
      'Tracking',
      'Close day',
      'Reports',
      'Audit log',
      'Settings',
    ]);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'Receiver search' })).toBeFocused();
    await snap(page, 'new-shipment');
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Receiver search' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('Username')).toBeVisible();
    await snap(page, 'sign-in');
    // The page names its icon, so a browser does not ask for /favicon.ico (a 404 on every load before), and it is served.
    const icon = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? '';
      return { href, status: href ? (await fetch(href)).status : 0 };
    });
    expect(icon).toEqual({ href: expect.stringMatching(/\/assets\/favicon-[\w-]+\.svg$/), status: 200 });
    expect(missing).toEqual([]);
  });
});

test('the whole packing loop by keyboard: search, rates, confirm, label, next parcel, then Shipments and Tracking', async ({
  page,
  station,
  snap,
}) => {
  await signedIn(page, station);
  const search = page.getByRole('combobox', { name: 'Receiver search' });
  await expect(search).toBeFocused();

  // Enter goes on to the first required field still empty, marking nothing; Enter there, with nothing typed, is a
  // try: field errors show inline, from the shared rules, before any request.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Receiver name', exact: true })).toBeFocused();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Please correct the')).toBeVisible();
  await expect(page.getByLabel('Receiver name')).toHaveAttribute('aria-invalid', 'true');
  await snap(page, 'new-shipment-errors');

  await search.focus();
  await page.keyboard.type('beck');
  await expect(page.getByRole('option', { name: /Kunde Becker/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Receiver name')).toHaveValue(KUNDE_BECKER.name);
  await expect(page.getByLabel('Receiver city')).toHaveValue(KUNDE_BECKER.city);
  await expect(page.getByLabel('Receiver postal code')).toHaveValue(KUNDE_BECKER.postalCode);
  await expect(page.getByLabel('Weight (kg)')).toBeFocused();

  await page.keyboard.type('1,4');
  await page.keyboard.press('Tab');
  await page.keyboard.type('30');
  await page.keyboard.press('Tab');
  await page.keyboard.type('20');
  await page.keyboard.press('Tab');
  await page.keyboard.type('15');
  await tabTo(page, 'Goods description');
  await page.keyboard.type('Ceramic cups');
  await tabTo(page, 'Invoice value');
  await page.keyboard.type('64,50');
  await page.keyboard.press('Enter');

  const rates = page.getByRole('table', { name: 'Rates' });
  await expect(rates.getByRole('radio').first()).toBeFocused();
  const rows = rates.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(5);
  await expect(rows.first()).toContainText('Cheapest');
  await expect(rates.getByText('Fastest')).toBeVisible();
  await expect(rows.first()).toHaveAttribute('aria-selected', 'true');
  const prices = await rows.locator('td.num:not(.muted)').allTextContents();
  const amounts = prices.map((text) => Number.parseFloat(text));
  expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  // Each service's CO2e under its price, with what the figure is on hover.
  const co2e = rows.first().locator('.rates__co2e');
  await expect(co2e).toHaveText(/^[\d.]+ kg CO₂e$/);
  await expect(co2e).toHaveAttribute('title', /ISO 14083/);
  await snap(page, 'rates');

  // The second rate, by arrow key, confirmed with Enter.
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  const chosenCarrier = (await rows.nth(1).locator('td strong').textContent())!.trim();
  await page.keyboard.press('Enter');

  const preview = page.getByRole('region', { name: 'Label preview' });
  await expect(preview).toHaveAttribute('data-rendered', 'true');
  expect(await paintedCanvases(page, 'Label preview')).toBe(1);
  const facts = page.getByRole('complementary', { name: 'Shipment' });
  await expect(facts).toContainText(chosenCarrier);
  const reference = (await facts.locator('dd').first().textContent())!.trim();
  expect(reference).toMatch(/^[0-9]{12}$/);
  const trackingNumber = (await facts.locator('dd.mono').textContent())!.trim();
  await expect(page.getByRole('button', { name: 'Print label' })).toBeFocused();
  await snap(page, 'label');

  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'New shipment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(search).toBeFocused();
  await expect(page.getByLabel('Receiver name')).toHaveValue('');

  await openScreen(page, 'Shipments');
  const table = page.getByRole('table', { name: 'Shipments' });
  const row = table.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Kunde Becker');
  await expect(row).toContainText('processed');
  await snap(page, 'shipments');

  await openScreen(page, 'Tracking');
  const field = page.getByLabel('Tracking number or reference');
  await expect(field).toBeFocused();
  await page.keyboard.type(trackingNumber);
  await page.keyboard.press('Enter');
  const result = page.getByRole('region', { name: 'Tracking result' });
  await expect(result).toContainText('No tracking events yet');
  await expect(result).toContainText(reference);

  expect(
    (
      await station.cli([
        'tracking',
        'add',
        '--shipment',
        trackingNumber,
        '--status',
        '5',
        '--at',
        `${runningClock().today()} 10:30:00`,
        '--text',
        'Delivered',
      ])
    ).code,
  ).toBe(0);
  // The lookup left the field's text selected: the next scan replaces it instead of adding to it.
  await expect(field).toBeFocused();
  expect(await field.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, trackingNumber.length]);
  await page.keyboard.type(reference);
  await expect(field).toHaveValue(reference);
  await page.keyboard.press('Enter');
  await expect(result.getByRole('heading')).toContainText('Delivered');
  await expect(result).toContainText(`${runningClock().today()} 10:30:00`);
  await expect(result.getByRole('link')).toHaveAttribute('href', /\/track\//);
  await snap(page, 'tracking');
});

test('a changed price shows old and new and confirms at the new price in one click', async ({ page, station, snap }) => {
  await station.cli(['carriers', 'set-surcharge', '--carrier', 'DHL', '--percent', '10']);
  await signedIn(page, station);
  await fillParcel(page, '2');
  await page.getByRole('button', { name: 'Get rates' }).click();
  const rates = page.getByRole('table', { name: 'Rates' });
  const dhl = rates.locator('tbody tr').filter({ hasText: 'DHL Express Worldwide' });
  await dhl.getByRole('radio').check();
  const before = Number.parseFloat((await dhl.locator('td.num').first().textContent())!);

  // The carrier's fuel surcharge changes between rating and confirming.
  await station.cli(['carriers', 'set-surcharge', '--carrier', 'DHL', '--percent', '35']);
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  const warning = page.getByRole('alert').filter({ hasText: 'The price changed' });
  await expect(warning).toContainText(`it was ${before.toFixed(2)} EUR`);
  const after = Number.parseFloat(/today it is ([0-9.]+)/.exec((await warning.textContent())!)![1]!);
  expect(after).toBeGreaterThan(before);
  await expect(page.getByRole('button', { name: 'Confirm at new price' })).toBeFocused();
  await snap(page, 'price-changed');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Label preview' })).toHaveAttribute('data-rendered', 'true');
  await expect(page.getByRole('complementary', { name: 'Shipment' })).toContainText(`${after.toFixed(2)} EUR`);
});

test('a refusal on screen follows a language switch: the sign-in’s in place, the rates’ when New shipment shows again', async ({
  page,
  station,
}) => {
  // Refused at sign-in in English; the packer picks Deutsch on the same page: the refusal shown is said again in German.
  await signIn(page, station, 'wrong-password');
  await expect(page.getByRole('alert')).toHaveText(en['session.wrongSignIn']);
  await page.locator('.language-picker select').selectOption({ label: 'Deutsch' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('alert')).toHaveText(de['session.wrongSignIn']);
  await page.locator('.language-picker select').selectOption({ label: 'English' });
  await expect(page.getByRole('alert')).toHaveText(en['session.wrongSignIn']);

  // A parcel no service carries: the rates' refusal in English; the packer switches to German in Settings and goes
  // Back to the form (a link to New shipment would start a new one).
  await signedIn(page, station);
  await fillParcel(page, '5000');
  await page.getByRole('button', { name: 'Get rates' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: en['rates.noService'].split(':')[0]! });
  await expect(refusal).toBeVisible();
  await openScreen(page, '#/settings');
  await page.locator('.language-picker select').selectOption({ label: 'Deutsch' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de['nav.new']);
  const german = page.getByRole('alert').filter({ hasText: de['rates.noService'].split(':')[0]! });
  await expect(german).toContainText('Paket 1 wiegt 5.000 kg');
  await expect(page.getByRole('alert').filter({ hasText: en['rates.noService'].split(':')[0]! })).toHaveCount(0);
  await openScreen(page, '#/settings');
  await page.locator('.language-picker select').selectOption({ label: 'English' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a scheduled shipment goes from waiting to processed on screen', async ({ page, station, snap }) => {
  await signedIn(page, station);
  await page.keyboard.type('beck');
  await page.getByRole('option', { name: /Kunde Becker/ }).click();
  await page.getByLabel('Weight (kg)').fill('3');
  await page.getByLabel('Length (cm)').fill('40');
  await page.getByLabel('Width (cm)').fill('30');
  await page.getByLabel('Height (cm)').fill('25');
  await page.getByLabel('Goods description').fill('Olive oil');
  await page.getByLabel('Invoice value').fill('120');
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expect(page.getByRole('table', { name: 'Rates' }).getByRole('radio').first()).toBeFocused();
  await page.getByRole('button', { name: 'Schedule' }).click();
  const facts = page.getByRole('complementary', { name: 'Shipment' });
  await expect(facts).toContainText('waiting');
  await snap(page, 'scheduled-waiting');
  await expect(facts).toContainText('processed', { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Label preview' })).toHaveAttribute('data-rendered', 'true');

  // A scheduled shipment that failed after its 202 (its carrier stopped serving the route meanwhile) shows the
  // reason. The station checks every rule before a 202, so such a shipment is brought in as history: through the
  // store's import path, on the running station's database, as another process may.
  const store = openStore(join(station.dataDir, 'station.sqlite'));
  try {
    const client = (await store.clients.byUsername(station.username))!;
    const at = new Date().toISOString();
    const today = runningClock().today();
    await store.shipments.bulkInsert([
      {
        id: 'E'.repeat(64),
        clientId: client.id,
        sandbox: false,
        origin: 'create',
        scheduled: true,
        service: 'economy',
        carrierChoice: 'DHL',
        reference: '900000000001',
        shipDate: today,
        attributes: {
          ...shipmentDocument().data.attributes,
          booking: true,
          insuranceDescription: null,
          insuranceValue: null,
        } as ShipmentAttributes,
        status: -1,
        error: 'No carrier service can carry this shipment: DHL Express Economy Select does not serve IT to DE.',
        carrierCode: null,
        carrierName: null,
        serviceCode: null,
        serviceName: null,
        finalCents: null,
        insuranceCents: null,
        currency: null,
        trackingNumber: null,
        trackingHash: null,
        createdAt: at,
        processedAt: at,
      },
    ]);
  } finally {
    await store.close();
  }
  await openScreen(page, 'Shipments');
  const failed = page.getByRole('table', { name: 'Shipments' }).getByRole('row').filter({ hasText: 'error' });
  await expect(failed).toHaveCount(1, { timeout: 30_000 });
  await failed.getByRole('button').click();
  await expect(page.getByRole('region', { name: 'Shipment detail' })).toContainText('does not serve IT to DE');
});

test('a saved shipment shows as Saved, not waiting, and the list does not poll for it', async ({ page, station }) => {
  const saved = await station.api('POST', '/shipments/save', shipmentDocument());
  expect(saved.status).toBe(202);
  // The desk's clock, moved by the test: the list's refresh timer runs when the test says.
  await page.clock.install();
  await signedIn(page, station);
  let listCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/shipment-summaries')) listCalls++;
  });
  await openScreen(page, 'Shipments');
  const row = page.getByRole('table', { name: 'Shipments' }).getByRole('row').filter({ hasText: saved.json.data.meta.reference });
  await expect(row).toContainText('saved');
  await expect(row).not.toContainText('waiting');
  // Long enough for two refreshes, were the list refreshing as it does while a scheduled shipment waits.
  await page.clock.runFor(7_000);
  // Then Show asks once: any refresh the timer made was asked before it, so its answer comes after theirs.
  const shown = page.waitForResponse((response) => response.url().includes('/shipment-summaries'));
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await shown;
  expect(listCalls).toBe(2);
  await row.getByRole('button').click();
  await expect(page.getByRole('region', { name: 'Shipment detail' }).getByRole('heading')).toContainText('saved');
});

test('delete asks first, then removes the shipment; a refused delete shows the station’s text and why', async ({ page, station, snap }) => {
  const voidable = await station.api('POST', '/shipments', shipmentDocument({ service: 'economy', scheduledProcessing: false }));
  const delivered = await station.api('POST', '/shipments', shipmentDocument({ service: 'economy', scheduledProcessing: false }));
  const clock = runningClock();
  const pickedUp = `${clock.day(-2)} 18:00:00`;
  // Four weeks ahead (within the 30 days a ship date may be), alone on it with TNT: it is closed into a manifest.
  const closedOn = clock.day(27);
  await station.cli(['tracking', 'add', '--shipment', delivered.json.data.meta.reference, '--status', '2', '--at', pickedUp]);
  const closedDay = shipmentDocument({ service: 'economy', scheduledProcessing: false, carrierChoice: 'TNT' });
  Object.assign(closedDay.data.attributes, { shipDate: closedOn });
  const inManifest = await station.api('POST', '/shipments', closedDay);
  const manifest = await station.api('POST', '/manifests', { data: { type: 'manifest', attributes: { carrier: 'TNT', date: closedOn } } });
  expect(manifest.status).toBe(201);

  await signedIn(page, station);
  await openScreen(page, 'Shipments');
  const table = page.getByRole('table', { name: 'Shipments' });

  // A click anywhere on the row opens it: here on the receiver's name.
  await table.getByRole('row').filter({ hasText: delivered.json.data.meta.reference }).getByRole('cell').nth(2).click();
  const detail = page.getByRole('region', { name: 'Shipment detail' });
  await expect(detail).toContainText(delivered.json.data.meta.trackingNumber);
  await expect(page.getByRole('region', { name: 'Documents preview' })).toHaveAttribute('data-rendered', 'true');
  expect(await paintedCanvases(page, 'Documents preview')).toBe(1);
  await snap(page, 'shipment-detail');
  await detail.getByRole('button', { name: 'Delete' }).click();
  await detail.getByRole('button', { name: 'Yes, delete' }).click();
  // The station's exact text, why in words, the box closed, and focus back on Delete.
  await expect(detail.getByRole('alert')).toHaveText(
    `Delete functionality not available. Its tracking has started: Picked up, ${pickedUp}.`,
  );
  await expect(page.getByRole('alertdialog', { name: 'Confirm delete' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Delete' })).toBeFocused();

  const from = page.getByLabel('From', { exact: true });
  const to = page.getByLabel('To', { exact: true });
  const shownDates = [await from.inputValue(), await to.inputValue()] as const;
  await from.fill(closedOn);
  await to.fill(closedOn);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await table.getByRole('row').filter({ hasText: inManifest.json.data.meta.reference }).getByRole('button').click();
  await detail.getByRole('button', { name: 'Delete' }).click();
  await detail.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(detail.getByRole('alert')).toHaveText(
    `Delete functionality not available. Its day is closed: it is in manifest ${manifest.json.data.attributes.number}. A supervisor can reopen the day on Close day.`,
  );
  await expect(detail.getByRole('button', { name: 'Delete' })).toBeFocused();
  await from.fill(shownDates[0]);
  await to.fill(shownDates[1]);
  await page.getByRole('button', { name: 'Show', exact: true }).click();

  // By keyboard: the row's reference button, then Enter.
  await table.getByRole('row').filter({ hasText: voidable.json.data.meta.reference }).getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(detail.getByRole('heading')).toContainText(voidable.json.data.meta.reference);
  await detail.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Confirm delete' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(table.getByRole('row').filter({ hasText: voidable.json.data.meta.reference })).toHaveCount(0);
  expect((await station.api('GET', `/shipments/${voidable.json.data.id}`)).status).toBe(404);
});

test('settings and the wide screen', async ({ page, station, snap }) => {
  await signedIn(page, station);
  await openScreen(page, 'Settings');
  await expect(page.getByText(station.url.replace(/\/$/, '') + '/v3').first()).toBeVisible();
  await page.getByLabel('Preset name').fill('Wine box');
  await page.getByLabel('Preset length (cm)').fill('35');
  await page.getByLabel('Preset width (cm)').fill('12');
  await page.getByLabel('Preset height (cm)').fill('12');
  await page.getByRole('button', { name: 'Add preset' }).click();
  await expect(page.getByText('Wine box: 35 × 12 × 12 cm')).toBeVisible();
  await snap(page, 'settings');

  await openScreen(page, 'New shipment');
  // With presets on the screen, Tab still goes from the receiver block straight to Weight.
  await page.getByLabel('Receiver email').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Weight (kg)')).toBeFocused();
  await page.getByRole('button', { name: '+ Wine box' }).click();
  await expect(page.getByLabel('Length (cm)').nth(1)).toHaveValue('35');

  await page.setViewportSize({ width: 1920, height: 1080 });
  await snap(page, 'new-shipment-1920');
  // The wide screen uses its width: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1920);
});

test('prints straight to the chosen label printer, shows the outcome, and reprints after a failure', async ({ page, station, snap }) => {
  const cups = (() => {
    try {
      return /scheduler is running/.test(execFileSync('lpstat', ['-r'], { encoding: 'utf8' }));
    } catch {
      return false;
    }
  })();
  if (!cups && process.env.CI) throw new Error('CUPS is not running; in CI the printing tests must run.');
  test.skip(!cups, 'CUPS is not running here');
  const queue = `e2e-labels-${process.pid}`;
  execFileSync('lpadmin', ['-p', queue, '-D', 'Desk labels', '-v', 'cups-pdf:/', '-E', '-m', 'lsb/usr/cups-pdf/CUPS-PDF_opt.ppd'], {
    stdio: 'pipe',
  });
  try {
    await signedIn(page, station);
    await openScreen(page, 'Settings');
    await page.getByLabel('Label printer').selectOption(queue);
    await expect(page.getByLabel('Print automatically after confirm')).toBeChecked();
    await expect(page.getByLabel('Label format')).toHaveValue('pdf');
    // The format the printer gets is said beside it; an A6 label printer gets its labels on A6.
    await expect(page.locator('#label-printer-gets')).toHaveText('Labels go to this printer as PDF 4 × 6 in, through its driver.');
    await page.getByLabel('Label size (PDF)').selectOption('a6');
    await expect(page.locator('#label-printer-gets')).toHaveText('Labels go to this printer as PDF A6 (105 × 148 mm), through its driver.');
    await snap(page, 'settings-printer');

    await rateBooksForBecker(page);
    // The printer runs out of labels before the parcel is confirmed: said at once, by the name the desk knows it by.
    execFileSync('cupsdisable', ['-r', 'Out of labels', queue]);
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('alert').filter({ hasText: `The printer “Desk labels” (${queue}) is paused (Out of labels)` }),
    ).toContainText(`resume it`);
    await snap(page, 'print-failed');

    execFileSync('cupsenable', [queue]);
    await page.getByRole('button', { name: 'Print label', exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Printed on Desk labels (${queue}). Sent as PDF A6 (105 × 148 mm).` }),
    ).toBeVisible();
    await snap(page, 'printed');
  } finally {
    execFileSync('lpadmin', ['-x', queue], { stdio: 'pipe' });
  }
});

test('an older Zebra gets EPL2 at its dots on its raw queue: chosen in Settings, named with its format on the label screen', async ({
  page,
  station,
}) => {
  const cups = (() => {
    try {
      return /scheduler is running/.test(execFileSync('lpstat', ['-r'], { encoding: 'utf8' }));
    } catch {
      return false;
    }
  })();
  if (!cups && process.env.CI) throw new Error('CUPS is not running; in CI the printing tests must run.');
  test.skip(!cups, 'CUPS is not running here');
  const thermal = new ThermalPrinter();
  await thermal.start();
  const queue = `e2e-epl2-${process.pid}`;
  addRawQueue(queue, `socket://127.0.0.1:${thermal.port}`, 'Zebra GK420d');
  try {
    await signedIn(page, station);
    await openScreen(page, 'Settings');
    await page.getByLabel('Label printer').selectOption(queue);
    // A raw queue takes a thermal printer's own language: ZPL is chosen for it, EPL2 may be.
    await expect(page.getByLabel('Label format')).toHaveValue('zpl');
    await page.getByLabel('Label format').selectOption('epl2');
    // The resolution applies to EPL2, the label size (PDF only) does not.
    await expect(page.getByLabel('Label size (PDF)')).toHaveCount(0);
    await page.getByLabel('Printer resolution').selectOption('300');
    await expect(page.locator('#label-printer-gets')).toHaveText('Labels go to this printer as EPL2 300 dpi, sent raw to its queue.');
    // PNG goes through a driver, at the printer's dots too; PDF has its size and no resolution.
    await page.getByLabel('Label format').selectOption('png');
    await expect(page.locator('#label-printer-gets')).toHaveText('Labels go to this printer as PNG 300 dpi, through its driver.');
    await page.getByLabel('Label format').selectOption('pdf');
    await expect(page.getByLabel('Printer resolution')).toHaveCount(0);
    await expect(page.getByLabel('Label size (PDF)')).toBeVisible();
    await page.getByLabel('Label format').selectOption('epl2');
    await expect(page.locator('#label-printer-gets')).toHaveText('Labels go to this printer as EPL2 300 dpi, sent raw to its queue.');
    const saved = await station.api('GET', '/print-settings');
    expect(saved.json.data.attributes).toMatchObject({ printer: queue, format: 'epl2', dpi: 300, autoPrint: true });

    await rateBooksForBecker(page);
    await page.keyboard.press('Enter');
    // Printed by itself on confirm; the label screen names the printer, and the format it got.
    await expect(page.getByRole('status').filter({ hasText: `Printed on Zebra GK420d (${queue}). Sent as EPL2 300 dpi.` })).toBeVisible();
    const jobs = await station.api('GET', '/print-jobs');
    const job = jobs.json.data.find((candidate: { attributes: { printer: string } }) => candidate.attributes.printer === queue);
    expect(job.attributes).toMatchObject({ format: 'epl2', dpi: 300, status: 'done' });
    const tracking = (await station.api('GET', `/shipments/${job.attributes.shipmentId}`)).json.data.meta.trackingNumber as string;
    // What reached the printer is the EPL2 label at 300 dpi, its barcode the tracking number.
    await expect.poll(() => thermal.received.some((data) => data.toString('latin1').includes(tracking)) && thermal.open === 0).toBe(true);
    const [form] = readEpl2(thermal.received.find((data) => data.toString('latin1').includes(tracking))!);
    expect([form!.width, form!.height]).toEqual([1200, 1800]);
    expect(await decodeImage(form!.png)).toContainEqual({ format: 'Code128', text: tracking });
  } finally {
    // The next tests start from no label printer, as this one found it.
    await station.api('PATCH', '/print-settings', {
      data: { type: 'printSettings', attributes: { printer: null, autoPrint: false, format: 'pdf' } },
    });
    removeQueue(queue);
    await thermal.stop();
  }
});

test('the audit log: a supervisor reads who did what from which desk; a packer is not offered it', async ({ page, station, snap }) => {
  const created = await station.api('POST', '/shipments', shipmentDocument({ scheduledProcessing: false, service: 'economy' }));
  expect(created.status).toBe(201);
  expect((await station.api('DELETE', `/shipments/${created.json.data.id}`)).status).toBe(204);
  await signedIn(page, station);
  await expect(page.getByText(`${station.username} (supervisor) · desk e2e-desk`)).toBeVisible();
  await openScreen(page, 'Audit log');
  const log = page.getByRole('table', { name: 'Audit log' });
  const voided = log.getByRole('row').filter({ hasText: 'shipment.voided' }).filter({ hasText: created.json.data.meta.reference });
  await expect(voided).toHaveCount(1);
  await expect(voided).toContainText('e2e-desk');
  await expect(voided).toContainText(`${station.username} (supervisor)`);
  await page.getByRole('combobox', { name: 'Action' }).selectOption('shipment.created');
  await expect(log.getByRole('row').filter({ hasText: 'shipment.voided' })).toHaveCount(0);
  await expect(log.getByRole('row').filter({ hasText: 'shipment.created' }).first()).toBeVisible();
  await snap(page, 'audit-log');

  const added = await station.cli(['client', 'add', '--username', 'packer-e2e', '--password', PASSWORD, '--name', 'Packer', '--json']);
  expect(added.code, added.stderr).toBe(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('Username').fill('packer-e2e');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(navigationLinks(page)).toHaveText(['Today', 'New shipment', 'Orders', 'Shipments', 'Returns', 'Tracking', 'Settings']);
  await page.goto(`${station.url}/#/audit`);
  await expect(page.getByRole('table', { name: 'Audit log' })).toHaveCount(0);
});
