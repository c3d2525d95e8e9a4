// Scan to ship in real Chromium, with a real CUPS queue and a simulated serial scale (socat's pseudo-terminal
// pair): a shop's CSV of 20 orders is imported on the Orders screen, a supervisor sets up the scale and the
// packing rules in Settings (with a dry run on those orders), an order is scanned into Receiver search, the scale's
// settled weight fills the package, Enter ships and the label prints by itself, and scanning the label checks the
// parcel. The keys pressed beyond the scanned data and the time from the scan's Enter to the print job are counted
// here, and the table of docs/desk.md ("Scan to ship") must say the same.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { socatMissing, type ScaleSimulator } from '../helpers/scale-simulator.ts';
import { cupsMissing } from '../helpers/printers.ts';
import { startDeskHardware, type DeskHardware } from './desk-hardware.ts';
import type { Page } from '@playwright/test';
import { countedKeys, expect, openScreen, shipmentDocument, signedIn, test } from './fixtures.ts';

// The account's team and orders are counted exactly here: a station of its own, not the worker's shared one.
test.use({ stationOf: 'scan-to-ship' });

test.describe.configure({ mode: 'serial' });

const missing = cupsMissing() ?? socatMissing();
if (missing && process.env.CI) throw new Error(`${missing}; in CI the scan-to-ship test must run.`);

let hardware: DeskHardware | undefined;
let scale: ScaleSimulator | undefined;
let queue = '';

/**
 * A shop's export of twenty orders, a row per order line: two cups (0.35 kg each) and a saucer, to Munich; every
 * fifth one to Zürich. The column names are the shop's own.
 */
const ORDERS_CSV = [
  'Order Number,Name,Contact,Address,Zip,City,Country,Phone,SKU,Description,Qty,Weight,Price,Origin,HS Code',
  ...Array.from({ length: 20 }, (_, index) => {
    const receiver =
      index % 5 === 4
        ? `Kundin Meier ${index},Lea Meier,Bahnhofstrasse 1,8001,Zürich,CH,41441234567`
        : `Kunde Becker ${index},Jonas Becker,Marienplatz 8,80331,Muenchen,DE,4989123456`;
    const number = `SO-${String(7001 + index)}`;
    return [`${number},${receiver},CUP-6,Ceramic cup,2,0.35,10.75,IT,691200`, `${number},${receiver},SAUCER,Saucer,1,0.2,4.00,IT,`].join(
      '\n',
    );
  }),
].join('\n');

test.beforeAll(async ({ station }) => {
  test.skip(missing !== undefined, missing);
  hardware = await startDeskHardware('scan', 'Desk labels');
  ({ scale, queue } = hardware);
  scale.state = { mode: 'moving', weight: '0.420' };
  expect(
    (await station.api('PATCH', '/print-settings', { data: { type: 'printSettings', attributes: { printer: queue, autoPrint: true } } }))
      .status,
  ).toBe(200);
});

test.afterAll(async ({ station }) => {
  await hardware?.stop(station);
});

test('the shop’s CSV of 20 orders is imported: columns mapped and saved as a template, the preview checked, the import shown', async ({
  page,
  station,
  snap,
}) => {
  await signedIn(page, station);
  await openScreen(page, 'Orders');
  await page
    .getByLabel('Orders file (CSV or Excel, a row per order line)')
    .setInputFiles({ name: 'shop-orders.csv', mimeType: 'text/csv', buffer: Buffer.from(ORDERS_CSV) });
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('status').first()).toHaveText('40 rows: 20 orders ready.');
  // The shop's column names were recognised; the mapping is saved for next time.
  await expect(page.getByLabel('Postal code')).toHaveValue('Zip');
  await expect(page.getByLabel('Unit weight (kg)')).toHaveValue('Weight');
  await page.getByLabel('Save these columns as').fill('Shop export');
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByLabel('Column template').getByRole('option', { name: 'Shop export' })).toHaveCount(1);
  // A column left out shows as faults, row by row; mapped again, they are gone.
  await page.getByLabel('City').selectOption('');
  await expect(preview.getByRole('status').first()).toHaveText('40 rows: 0 orders ready, 20 with faults (left out).');
  const faults = preview.getByRole('list', { name: 'Faults' });
  await expect(faults.locator(':scope > li > strong').first()).toHaveText('SO-7001');
  await expect(faults.locator(':scope > li').first().getByRole('listitem')).toHaveText(['Row 1: City is empty, and no column gives it.']);
  await page.getByLabel('Column template').selectOption('Shop export');
  await expect(preview.getByRole('status').first()).toHaveText('40 rows: 20 orders ready.');
  await snap(page, 'orders-import-preview');
  await preview.getByRole('button', { name: 'Import 20 orders' }).click();
  await expect(preview.getByRole('status').filter({ hasText: 'Imported 20 orders.' })).toBeVisible();
  await expect(preview.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('value', '20');
  await expect(page.getByRole('heading', { name: 'Open orders (20)' })).toBeVisible();
  // The same file again: every number is there already.
  await preview.getByRole('button', { name: 'Import 20 orders' }).click();
  await expect(preview.getByRole('status').filter({ hasText: 'Imported 0 orders; 20 already there' })).toBeVisible();
  const order = (await station.api('GET', '/orders/SO-7005')).json.data.attributes;
  expect(order).toMatchObject({
    source: 'import',
    shipTo: { city: 'Zürich', country: 'CH' },
    totals: { quantity: 3, weight: '0.9', value: '25.50' },
  });
});

test('a supervisor sets up the scale, a box and the packing rules in Settings, and tries the rules on the imported orders', async ({
  page,
  station,
  snap,
}) => {
  await signedIn(page, station);
  await openScreen(page, 'Settings');

  // The scale: its port typed (or picked from the ports the station sees), the protocol chosen, the reading live.
  await expect(page.getByRole('status', { name: 'Scale reading' })).toHaveText('No scale is set up at this desk.');
  await page.getByLabel('Scale port').fill(scale!.port);
  await page.getByLabel('Scale protocol').selectOption({ label: 'Mettler Toledo SICS' });
  await page.getByRole('button', { name: 'Save scale' }).click();
  await expect(page.getByRole('status', { name: 'Scale reading' })).toHaveText('0.42 kg, moving');
  expect((await station.api('GET', '/scale')).json.data.attributes.settings).toMatchObject({
    port: scale!.port,
    protocol: 'sics',
    units: 'kg',
  });

  // A box preset with its own weight; the boxes the rules use cannot be removed.
  await page.getByLabel('Preset name').fill('Bottle box');
  await page.getByLabel('Preset length (cm)').fill('40');
  await page.getByLabel('Preset width (cm)').fill('15');
  await page.getByLabel('Preset height (cm)').fill('15');
  await page.getByLabel('Empty box weight (kg)').fill('0,6');
  await page.getByRole('button', { name: 'Add preset' }).click();
  await expect(page.getByText('Bottle box: 40 × 15 × 15 cm, 0.6 kg empty')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove preset Medium box' })).toHaveCount(0);
  await expect(page.getByText('(rule 2 uses it)')).toBeVisible();

  // A new rule: Switzerland goes Express. Below "any order: Economy" it would never decide, so it moves up.
  const rules = page.getByRole('region', { name: 'Packing rules' });
  await rules.getByRole('button', { name: 'Add rule' }).click();
  await page.getByLabel('Rule 6 countries').fill('CH, XX');
  await page.getByLabel('Rule 6 service').selectOption('express');
  await rules.getByRole('button', { name: 'Try on recent orders' }).click();
  await expect(rules.getByText('Countries are ISO codes, e.g. DE, AT.')).toBeVisible();
  await page.getByLabel('Rule 6 countries').fill('ch');
  await rules.getByRole('button', { name: 'Try on recent orders' }).click();
  await expect(rules.getByRole('status')).toHaveText('0 of the 20 newest orders would be packed differently.');
  await rules.getByRole('button', { name: 'Move rule 6 up' }).click();
  await rules.getByRole('button', { name: 'Move rule 5 up' }).click();
  await expect(page.getByLabel('Rule 4 countries')).toHaveValue('ch');
  await rules.getByRole('button', { name: 'Try on recent orders' }).click();
  await expect(rules.getByRole('status')).toHaveText('4 of the 20 newest orders would be packed differently.');
  const dryRun = rules.getByRole('table', { name: 'Dry run on recent orders' });
  const zurich = dryRun.getByRole('row').filter({ hasText: 'SO-7005' });
  await expect(zurich).toContainText('Small box · economy');
  await expect(zurich).toContainText('Small box · express');
  await expect(zurich).toContainText('Express because CH');
  await snap(page, 'settings-packing-rules');
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(rules.getByRole('status')).toHaveText('Saved. Every desk of the station packs by these rules now.');
  const saved = (await station.api('GET', '/packing')).json.data.attributes;
  expect(saved.rules[3]).toEqual({ when: { countries: ['CH'] }, then: { service: 'express' } });
  expect(saved.boxPresets).toContainEqual({ name: 'Bottle box', length: '40', width: '15', height: '15', tareKg: '0.6' });
  const audit = await station.api('GET', '/audit-events?filter[action]=packing.configured');
  // Newest first: the rules, then the box (the desk test may have added a box of its own before).
  expect(
    audit.json.data
      .slice(0, 2)
      .map((entry: { attributes: { detail: { rules: number; boxPresets: string[] } } }) => entry.attributes.detail),
  ).toEqual([
    expect.objectContaining({ rules: 6, boxPresets: expect.arrayContaining(['Bottle box']) }),
    expect.objectContaining({ rules: 5, boxPresets: expect.arrayContaining(['Bottle box']) }),
  ]);
});

test('scan an order, weigh it, Enter, the label prints, scan it to check: 3 keys beyond the data, its time written down', async ({
  page,
  station,
  snap,
}) => {
  await signedIn(page, station);
  const keys = countedKeys(page);
  const search = page.getByRole('combobox', { name: 'Receiver search' });
  await expect(search).toBeFocused();

  // The parcel is on the scale, still settling, as the packer scans the order's slip.
  let printSent = 0;
  page.on('response', (response) => {
    if (/\/shipments\/[0-9A-F]+\/print$/.test(new URL(response.url()).pathname) && response.status() === 202 && printSent === 0)
      printSent = Date.now();
  });
  await keys.scan('SO-7003');
  const scanned = Date.now();
  const panel = page.getByRole('region', { name: 'Order SO-7003' });
  await expect(panel).toBeVisible();
  await expect(page.getByLabel('Receiver name')).toHaveValue('Kunde Becker 2');
  await expect(page.getByLabel('Goods description')).toHaveValue('Ceramic cup, Saucer');
  await expect(page.getByLabel('Invoice value')).toHaveValue('25.50');
  await expect(panel.getByRole('button', { name: 'Waiting for the weight…' })).toBeDisabled();
  // Before weighing, the rules chose the box by the contents (two cups and a saucer, 0.9 kg): a small box,
  // 1.05 kg with the box. The packed box weighs 1.06 kg, over the rule's 1 kg: the box stays the one it is.
  await expect(page.getByLabel('Length (cm)')).toHaveValue('30');
  await expect(panel.getByRole('list', { name: 'Why' })).toContainText('Small box because under 1 kg');
  await expect(panel.getByRole('status', { name: 'Scale' })).toContainText('expected 1.05 kg');
  scale!.state = { mode: 'stable', weight: '1.060' };
  await expect(page.getByLabel('Weight (kg)')).toHaveValue('1.06');
  await expect(page.getByLabel('Length (cm)')).toHaveValue('30');
  await expect(panel.getByRole('list', { name: 'Why' })).toContainText('Small box because under 1 kg');
  await expect(panel.getByRole('status', { name: 'Scale' })).toContainText('expected 1.05 kg');
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(panel.getByRole('list', { name: 'Why' })).toContainText('Economy because any order');
  const ship = panel.getByRole('button', { name: 'Ship and print' });
  await expect(ship).toBeFocused();
  await snap(page, 'scan-to-ship-order');
  await keys.press('Enter');

  await expect(page.getByRole('status').filter({ hasText: `Printed on Desk labels (${queue}).` })).toBeVisible({ timeout: 15_000 });
  const toPrint = printSent - scanned;
  const shipment = (await station.api('GET', '/orders/SO-7003')).json.data.attributes.shipment;
  expect(shipment).toMatchObject({ status: 3 });
  const verify = page.getByLabel('Scan the label to check the parcel');
  await expect(verify).toBeFocused();
  await keys.scan(shipment.trackingNumber);
  await expect(
    page.getByRole('status').filter({ hasText: `Parcel checked: the label is shipment ${shipment.reference}’s.` }),
  ).toBeVisible();
  await snap(page, 'scan-to-ship-checked');
  // On to the next parcel by itself, its scan going into Receiver search.
  await expect(search).toBeFocused();

  // The figures, as the table of docs/desk.md gives them.
  const figures = { keys: keys.pressed.length, scanToPrintMs: toPrint };
  console.log(
    `scan to ship: ${figures.keys} keys beyond the scanned data (${keys.pressed.join(', ')}); ${figures.scanToPrintMs} ms from the scan's Enter to the print job`,
  );
  writeFileSync(join('test-results', 'scan-to-ship.json'), JSON.stringify(figures));
  expect(figures.keys).toBeLessThanOrEqual(8);
  expect(toPrint).toBeGreaterThan(0);
  // The 2 s is a target, judged by `npm run bench` (the station's part of the loop, test/bench/desk-loop.ts); this
  // figure also holds the test's own checks between the scan and the Enter, and a busy CI machine's pauses (2.2 s
  // seen there), so it is printed and written above, and bounded here only against a hang.
  expect(toPrint).toBeLessThanOrEqual(10_000);
  const deskPage = readFileSync(join(import.meta.dirname, '../../docs/desk.md'), 'utf8');
  const table = /<!-- scan-to-ship keys -->([\s\S]*?)<!-- \/scan-to-ship keys -->/.exec(deskPage)?.[1] ?? '';
  const counted = [...table.matchAll(/^\| [^|]+ \| [^|]+ \| (\d+) \|$/gm)].map((row) => Number(row[1]));
  expect(counted.length).toBeGreaterThan(0);
  expect(counted.reduce((sum, count) => sum + count, 0)).toBe(figures.keys);
  expect(table).toContain(`| **total** | | **${figures.keys}** |`);

  // A wrong label is shouted, and the parcel is not checked.
  scale!.state = { mode: 'stable', weight: '0.990' };
  await keys.scan('SO-7004');
  await expect(page.getByRole('region', { name: 'Order SO-7004' }).getByRole('button', { name: 'Ship and print' })).toBeFocused();
  await keys.press('Enter');
  await expect(verify).toBeFocused({ timeout: 15_000 });
  await keys.scan(shipment.trackingNumber);
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong label!' })).toBeVisible();
  await snap(page, 'scan-to-ship-wrong-label');
  const audit = await station.api('GET', '/audit-events?filter[action]=shipment.verify-mismatch');
  expect(audit.json.data).toHaveLength(1);
});

test('an order shipped already, an unknown number, and a weight far off the expected one each stop the parcel full-screen until a key', async ({
  page,
  station,
}) => {
  await signedIn(page, station);
  const search = page.getByRole('combobox', { name: 'Receiver search' });
  const stop = page.getByRole('alertdialog', { name: 'Do not ship this parcel' });
  await page.keyboard.type('SO-7003');
  await page.keyboard.press('Enter');
  await expect(stop).toContainText('Order SO-7003 is shipped already, with shipment');
  await expect(page.getByRole('alert')).toContainText('Order SO-7003 is shipped already, with shipment');
  // The next scan's characters and its Enter do not dismiss it, and reach nothing behind it.
  await page.keyboard.type('SO-7004\n', { delay: 5 });
  await expect(stop).toBeVisible();
  await expect(search).toHaveValue('SO-7003');
  await page.keyboard.press('Escape');
  await expect(stop).toHaveCount(0);
  await expect(search).toBeFocused();
  expect(await search.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, 7]);

  await page.keyboard.type('SO-9999');
  await page.keyboard.press('Enter');
  await expect(stop).toContainText('No order has the number “SO-9999”.');
  // A person's Enter, well after their last key, acknowledges.
  await page.waitForTimeout(400);
  await page.keyboard.press('Enter');
  await expect(stop).toHaveCount(0);
  await expect(search).toBeFocused();

  // Two cups and a saucer in a small box weigh about 1 kg; 2.4 kg means something else is in the parcel.
  scale!.state = { mode: 'stable', weight: '2.400' };
  await search.fill('SO-7005');
  await page.keyboard.press('Enter');
  await expect(stop).toContainText('Check the contents and weigh it again.');
  await page.keyboard.press('Space');
  await expect(stop).toHaveCount(0);
  const panel = page.getByRole('region', { name: 'Order SO-7005' });
  await expect(panel.getByRole('list', { name: 'Why' })).toContainText('Express because CH');
  await expect(panel.getByRole('alert')).toContainText('Check the contents and weigh it again.');
  await expect(panel.getByRole('button', { name: 'Ship and print' })).toBeDisabled();
  scale!.state = { mode: 'stable', weight: '1.100' };
  await expect(panel.getByRole('button', { name: 'Ship and print' })).toBeEnabled();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(stop).toHaveCount(0);
});

/**
 * A parcel typed by hand at the keyboard, from an empty form to the printed label, as a packer with the address on
 * a slip types it: the country first (this desk's last, else the sender's), Enter going on to the next required
 * field still empty, the city from a postal code the station shipped to before, the box from its list, the weight
 * from the scale. Every key is counted; the docs' table says the same counts.
 */
async function handTypedParcel(
  page: Page,
  keys: ReturnType<typeof countedKeys>,
  parcel: { country?: string; countryName: string; name: string; address: string; postalCode: string; city: string; weight: string },
): Promise<void> {
  const search = page.getByRole('combobox', { name: 'Receiver search' });
  const country = page.getByRole('combobox', { name: 'Receiver country' });
  await expect(search).toBeFocused();
  await keys.press('Tab');
  await expect(country).toBeFocused();
  if (parcel.country) {
    await keys.type(parcel.country);
    await keys.press('Enter');
  }
  await expect(country).toHaveValue(parcel.countryName);
  await keys.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Receiver name', exact: true })).toBeFocused();
  // The parcel goes on the scale as the packer starts typing.
  scale!.state = { mode: 'stable', weight: parcel.weight };
  await keys.type(parcel.name);
  await keys.press('Tab');
  // A private receiver: the contact is the name, said to be from it.
  const contact = page.getByRole('textbox', { name: 'Receiver contact', exact: true });
  await expect(contact).toBeFocused();
  await expect(contact).toHaveValue(parcel.name);
  await expect(contact).toHaveAccessibleDescription('from the name');
  await keys.press('Tab');
  await keys.type(parcel.address);
  // Enter: on to the postal code, past the optional second line.
  await keys.press('Enter');
  const postalCode = page.getByRole('textbox', { name: 'Receiver postal code', exact: true });
  await expect(postalCode).toBeFocused();
  await keys.type(parcel.postalCode);
  // The city, as the last digit is typed: a place the station shipped to.
  await expect(page.getByLabel('Receiver city', { exact: true })).toHaveValue(parcel.city);
  await expect(page.getByLabel('Weight (kg)')).toHaveValue(String(Number(parcel.weight)));
  await keys.press('Enter');
  // The weight is the scale's: on to the box's length, and to the box list two fields on.
  await expect(page.getByLabel('Length (cm)')).toBeFocused();
  await keys.press('Tab');
  await keys.press('Tab');
  await keys.press('Tab');
  await expect(page.getByLabel('Box preset')).toBeFocused();
  await keys.press('ArrowDown');
  await expect(page.getByLabel('Length (cm)')).toHaveValue('30');
  await keys.press('Enter');
  await expect(page.getByLabel('Goods description')).toBeFocused();
  await keys.type('Ceramic cups');
  await keys.press('Enter');
  await expect(page.getByLabel('Invoice value')).toBeFocused();
  await keys.type('20');
  // Nothing left empty: Enter gets the rates, and Enter confirms the cheapest; the label prints by itself.
  await keys.press('Enter');
  await expect(page.getByRole('table', { name: 'Rates' }).getByRole('radio').first()).toBeFocused();
  await keys.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Printed on Desk labels (${queue}).` })).toBeVisible({ timeout: 15_000 });
  // No field was ever marked: the packer was taken to what was left, never refused.
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
}

test('a hand-typed parcel, in Italy and to Germany, from an empty form to the printed label: at most 60 keys each, the country the desk’s last', async ({
  page,
  station,
}) => {
  // Verona's 37121 is in the account's address book; Munich's 80331 too (the orders shipped above).
  const saved = shipmentDocument();
  const verona = {
    name: 'Enoteca Arena',
    contact: 'Luca Neri',
    address1: 'Via Mazzini 7',
    postalCode: '37121',
    city: 'Verona',
    state: 'VR',
    country: 'IT',
  };
  expect(
    (await station.api('POST', '/shipments/save', { data: { ...saved.data, attributes: { ...saved.data.attributes, shipTo: verona } } }))
      .status,
  ).toBe(202);
  scale!.state = { mode: 'stable', weight: '0.000' };
  await signedIn(page, station);
  const counts: Record<string, number> = {};

  // In Italy, the sender's country: nothing to choose.
  const domestic = countedKeys(page);
  await handTypedParcel(page, domestic, {
    countryName: 'Italy (IT)',
    name: 'Luca Bianchi',
    address: 'Via Roma 12',
    postalCode: '37121',
    city: 'Verona',
    weight: '0.800',
  });
  counts.domestic = domestic.pressed.length;

  // The next form, not counted: the desk's last country is Italy still; to Germany, typed.
  scale!.state = { mode: 'stable', weight: '0.000' };
  await openScreen(page, 'New shipment');
  const eu = countedKeys(page);
  await handTypedParcel(page, eu, {
    country: 'de',
    countryName: 'Germany (DE)',
    name: 'Anna Weber',
    address: 'Hauptstr. 5',
    postalCode: '80331',
    city: 'Muenchen',
    weight: '0.700',
  });
  counts.eu = eu.pressed.length;

  // The desk ships to Germany last: the next form starts there.
  scale!.state = { mode: 'stable', weight: '0.000' };
  await openScreen(page, 'New shipment');
  await expect(page.getByRole('combobox', { name: 'Receiver country' })).toHaveValue('Germany (DE)');

  console.log(`hand-typed parcels: in Italy ${counts.domestic} keys (${domestic.pressed.join(' ')}); to Germany ${counts.eu} keys`);
  writeFileSync(join('test-results', 'hand-typed.json'), JSON.stringify(counts));
  expect(counts.domestic).toBeLessThanOrEqual(60);
  expect(counts.eu).toBeLessThanOrEqual(60);
  // docs/desk.md gives the same counts.
  const deskPage = readFileSync(join(import.meta.dirname, '../../docs/desk.md'), 'utf8');
  const table = /<!-- hand-typed keys -->([\s\S]*?)<!-- \/hand-typed keys -->/.exec(deskPage)?.[1] ?? '';
  expect(table).toContain(`| in Italy, the sender's country | ${counts.domestic} |`);
  expect(table).toContain(`| to Germany | ${counts.eu} |`);
});

test('the day’s labels are printed again in bulk: one job, on A4 sheets of 4, sorted by SKU', async ({ page, station, snap }) => {
  await signedIn(page, station);
  await openScreen(page, 'Shipments');
  const bulk = page.getByRole('region', { name: 'Print labels' });
  await bulk.getByLabel('Labels on').selectOption({ label: 'A4 sheets, 4 a sheet' });
  await bulk.getByLabel('In the order of').selectOption('sku');
  const button = bulk.getByRole('button', { name: /^Print \d+ labels as one job$/ });
  const count = Number(/Print (\d+)/.exec((await button.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThanOrEqual(2);
  const sent = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname.endsWith('/v3/print-jobs') && response.request().method() === 'POST' && response.status() === 202,
  );
  await button.click();
  // The day's labels were printed as each parcel shipped: the supervisor confirms the reprints, told how many.
  const question = bulk.getByRole('alertdialog', { name: 'Confirm reprints' });
  await expect(question).toContainText(new RegExp(`^\\d+ labels? of the ${count} listed (was|were) printed before\\.`));
  await question.getByRole('button', { name: `Reprint too: print all ${count} labels` }).click();
  const job = await (await sent).json();
  expect(job.data.attributes).toMatchObject({ layout: 'a4-4', format: 'pdf', printer: queue });
  expect(job.data.attributes.shipmentIds).toHaveLength(count);
  await expect(bulk.getByRole('status')).toHaveText(`Printed ${count} labels on Desk labels (${queue}), as one job.`, { timeout: 20_000 });
  await snap(page, 'shipments-bulk-print');
});
