// The desk tells the truth (issue 24): what the packer sees is what is booked. Edits after rating make the rates
// stale; the scale fills the weight in every mode; refusals say why at the field, and what is expected; printers
// are named as the desk knows them, an offline one within seconds, and the invoice goes to paper on A4.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { pdfPageSizes, pdfText } from '../helpers/pdf-text.ts';
import { cupsMissing } from '../helpers/printers.ts';
import { startScaleSimulator, socatMissing, type ScaleSimulator } from '../helpers/scale-simulator.ts';
import {
  beckerOption,
  expect,
  fillParcel,
  KUNDE_BECKER,
  openScreen,
  shipmentDocument,
  signedIn,
  signIn,
  test,
  type E2EStation,
} from './fixtures.ts';
import { IMPORT_FIELDS } from '../../src-shared/order-import.ts';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ station }) => {
  // Kunde Becker is in the address book, as after an earlier day at the desk.
  expect((await station.api('POST', '/shipments/save', shipmentDocument())).status).toBe(202);
});

/** Books a 1.4 kg parcel to Kunde Becker at the cheapest rate, and waits for its label on screen. */
async function bookParcel(page: Page): Promise<void> {
  await fillParcel(page, '1.4');
  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Rates' }).getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Label preview' })).toHaveAttribute('data-rendered', 'true');
}

/** The processed shipment with this reference, and its label's text. */
async function booked(station: E2EStation, reference: string): Promise<{ attributes: any; meta: any; label: string }> {
  const summaries = (await station.api('GET', '/shipment-summaries?limit=1000')).json.data as {
    id: string;
    attributes: { reference: string };
  }[];
  const id = summaries.find((summary) => summary.attributes.reference === reference)!.id;
  const shipment = (await station.api('GET', `/shipments/${id}`)).json.data;
  const documents = (await station.api('GET', `/shipments/${id}/documents`)).json.data.attributes;
  return {
    attributes: shipment.attributes,
    meta: shipment.meta,
    label: await pdfText(new Uint8Array(Buffer.from(documents.fileData, 'base64'))),
  };
}

test('an edit after Get rates makes the rates stale: Confirm waits for new rates, and the label shows what the form shows', async ({
  page,
  station,
  snap,
}) => {
  await signedIn(page, station);
  await fillParcel(page, '1.2', {
    name: 'Keramik Lindqvist',
    contact: 'Sven Lindqvist',
    address: 'Hauptstrasse 3',
    postalCode: '10115',
    city: 'Berlin',
  });
  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  const rates = page.getByRole('table', { name: 'Rates' });
  await expect(rates.getByRole('radio').first()).toBeFocused();
  const cheapestFor = async () => Number.parseFloat((await rates.locator('tbody tr').first().locator('td.num').first().textContent())!);
  const lightPrice = await cheapestFor();
  const confirm = page.getByRole('button', { name: 'Confirm', exact: true });
  await expect(confirm).toBeEnabled();

  // The packer renames the receiver and weighs again: 9.5 kg, not 1.2.
  await page.getByLabel('Receiver name').fill('Keramik Lindqvist AB');
  await page.getByLabel('Weight (kg)').fill('9.5');
  const stale = page.getByRole('alert').filter({ hasText: 'The shipment changed after these rates were given' });
  await expect(stale).toBeVisible();
  await expect(confirm).toBeDisabled();
  await expect(rates).toHaveAttribute('aria-disabled', 'true');
  await expect(rates.getByRole('radio').first()).toBeDisabled();
  await snap(page, 'rates-stale');

  await stale.getByRole('button', { name: 'Get rates again' }).click();
  await expect(stale).toHaveCount(0);
  await expect(confirm).toBeEnabled();
  const heavyPrice = await cheapestFor();
  expect(heavyPrice).toBeGreaterThan(lightPrice);
  await confirm.click();
  await expect(page.getByRole('region', { name: 'Label preview' })).toHaveAttribute('data-rendered', 'true');
  const facts = page.getByRole('complementary', { name: 'Shipment' });
  const reference = (await facts.locator('dd').first().textContent())!.trim();

  const shipment = await booked(station, reference);
  expect(shipment.attributes.shipTo.name).toBe('Keramik Lindqvist AB');
  expect(shipment.attributes.packages[0].weight.value).toBe('9.5');
  expect(shipment.meta.finalCost.amount).toBe(heavyPrice);
  expect(shipment.label).toContain('Keramik Lindqvist AB');
  expect(shipment.label).toContain('Weight 9.5 kg');
  expect(shipment.label).not.toContain('1.2 kg');
});

test('a refusal says why at the field: a 5000 kg package is marked with the station’s reason, and field errors say what is expected', async ({
  page,
  station,
  snap,
}) => {
  await signedIn(page, station);
  // Before the first try, the required fields are marked, and the mark is not part of their names.
  await expect(page.getByRole('textbox', { name: 'Receiver name', exact: true })).toHaveAttribute('aria-required', 'true');
  await expect(page.getByRole('textbox', { name: 'Receiver c/o or floor', exact: true })).not.toHaveAttribute('aria-required', 'true');
  await expect(page.getByLabel('Weight (kg)')).toHaveAttribute('aria-required', 'true');

  await fillParcel(page, '5000');
  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  const reason = 'package 1 weighs 5000 kg, over the 1000 kg no service carries';
  await expect(page.getByRole('region', { name: 'Rates' }).getByRole('alert')).toContainText(
    `No carrier service can carry this shipment: ${reason}`,
  );
  const weight = page.getByLabel('Weight (kg)');
  await expect(weight).toHaveAttribute('aria-invalid', 'true');
  await expect(weight).toHaveAccessibleDescription(new RegExp(reason));
  await snap(page, 'refused-at-the-field');

  // A field the desk checks itself says what it expects, not only "Not valid".
  await weight.fill('heavy');
  await page.getByLabel('Receiver name').fill('');
  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  await expect(weight).toHaveAccessibleDescription('Expected the weight in kg, more than 0, such as 1.25.');
  await expect(page.getByRole('textbox', { name: 'Receiver name', exact: true })).toHaveAccessibleDescription(
    'Required: up to 35 characters.',
  );
  await expect(page.getByText('Not valid')).toHaveCount(0);
});

test('the country is picked by name or code, and the form keeps the code', async ({ page, station }) => {
  await signedIn(page, station);
  const country = page.getByRole('combobox', { name: 'Receiver country' });
  await country.fill('Ger');
  await expect(page.getByRole('listbox', { name: 'Receiver country matches' }).getByRole('option').first()).toContainText('Germany');
  await page.keyboard.press('Enter');
  await expect(country).toHaveValue('Germany (DE)');
  await country.fill('ch');
  await expect(page.getByRole('listbox', { name: 'Receiver country matches' }).getByRole('option').first()).toContainText('Switzerland');
  await page.keyboard.press('Enter');
  await expect(country).toHaveValue('Switzerland (CH)');
  // Not a country: the check points at the field and says what it expects.
  await country.fill('Germ');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  await expect(country).toHaveAccessibleDescription('Expected a country: type its name or its two-letter code and pick it.');
});

test('a wrong password says “wrong username or password”, without saying which', async ({ page, station }) => {
  await signIn(page, station, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(/^Wrong username or password\./);
});

test.describe('the scale in every mode', () => {
  let folder: string;
  let scale: ScaleSimulator | undefined;
  const missing = socatMissing();
  if (missing && process.env.CI) throw new Error(`${missing}; in CI the scale tests must run.`);

  test.beforeAll(async ({ station }) => {
    test.skip(missing !== undefined, missing);
    folder = mkdtempSync(join(tmpdir(), 'station-truth-scale-'));
    scale = await startScaleSimulator(folder, () => 'sics');
    scale.state = { mode: 'stable', weight: '2.345' };
    expect(
      (await station.api('PATCH', '/scale', { data: { type: 'scale', attributes: { port: scale.port, protocol: 'sics' } } })).status,
    ).toBe(200);
  });

  test.afterAll(async ({ station }) => {
    if (missing) return;
    await station.api('PATCH', '/scale', { data: { type: 'scale', attributes: { port: null } } });
    await scale?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test('a hand-typed and an address-book shipment take the settled weight into the package the packer is at, marked “from scale”', async ({
    page,
    station,
    snap,
  }) => {
    await signedIn(page, station);
    const first = page.getByLabel('Weight (kg)').first();
    await expect(first).toHaveValue('2.345');
    await expect(first).toHaveAccessibleDescription('from scale');
    // From the address book: the weight stays the scale's.
    await page.keyboard.type('beck');
    await beckerOption(page).click();
    await expect(page.getByLabel('Receiver name')).toHaveValue(KUNDE_BECKER.name);
    await expect(first).toHaveValue('2.345');

    // A second package: not given the first parcel's reading; the next parcel on the scale weighs it, the first
    // keeps its weight.
    await page.getByRole('button', { name: 'Add package' }).click();
    const second = page.getByLabel('Weight (kg)').nth(1);
    await page.getByLabel('Length (cm)').nth(1).focus();
    await expect(second).toHaveValue('');
    scale!.state = { mode: 'moving', weight: '0.8' };
    scale!.state = { mode: 'stable', weight: '0.815' };
    await expect(second).toHaveValue('0.815');
    await expect(first).toHaveValue('2.345');
    await snap(page, 'weight-from-scale');

    // A weight typed over the scale's is the packer's: no mark, and kept while the reading stays.
    await second.fill('0.9');
    await expect(second).not.toHaveAccessibleDescription('from scale');
    // The parcel is nudged: the scale moves, then settles on the same weight. The typed weight stays.
    // Each reading is waited for where the desk's stream comes from: the station's latest reading.
    const reading = async () =>
      (await station.api('GET', '/scale')).json.data.attributes.reading as { status: string; weightKg: string | null };
    scale!.state = { mode: 'moving', weight: '0.9' };
    await expect.poll(reading).toMatchObject({ status: 'moving', weightKg: '0.9' });
    scale!.state = { mode: 'stable', weight: '0.815' };
    await expect.poll(reading).toMatchObject({ status: 'stable', weightKg: '0.815' });
    await expect(second).toHaveValue('0.9');
    // Another parcel settles: the scale's reading is the weight again.
    scale!.state = { mode: 'stable', weight: '0.95' };
    await expect(second).toHaveValue('0.95');
    await expect(second).toHaveAccessibleDescription('from scale');
  });
});

test.describe('printing: the printer the desk knows, and the invoice on A4', () => {
  const missing = cupsMissing();
  if (missing && process.env.CI) throw new Error(`${missing}; in CI the printing tests must run.`);
  const labels = `e2e-truth-labels-${process.pid}`;
  const office = `e2e-truth-a4-${process.pid}`;
  const offline = `e2e-truth-offline-${process.pid}`;
  const lpadmin = (...args: string[]) => execFileSync('lpadmin', args, { stdio: 'pipe' });
  const settings = (station: E2EStation, attributes: Record<string, unknown>) =>
    station.api('PATCH', '/print-settings', { data: { type: 'printSettings', attributes } });

  test.beforeAll(async () => {
    test.skip(missing !== undefined, missing);
    lpadmin('-p', labels, '-D', 'Desk labels', '-v', 'cups-pdf:/', '-E', '-m', 'lsb/usr/cups-pdf/CUPS-PDF_opt.ppd');
    lpadmin('-p', office, '-D', 'Office A4', '-v', 'cups-pdf:/', '-E', '-m', 'lsb/usr/cups-pdf/CUPS-PDF_opt.ppd');
    // A network label printer that is switched off: nothing answers on its port.
    lpadmin('-p', offline, '-D', 'Packing desk 2', '-v', 'socket://127.0.0.1:9', '-E');
  });

  test.afterAll(async ({ station }) => {
    if (missing) return;
    await settings(station, { printer: null, autoPrint: false, a4Printer: null });
    for (const queue of [labels, office, offline]) {
      execFileSync('cancel', ['-a', queue], { stdio: 'pipe' });
      lpadmin('-x', queue);
    }
  });

  /**
   * A parcel to Zürich (through customs) typed by hand: the declaration's item comes from the contents, and only
   * the invoice number is typed. Confirmed at the cheapest rate; its label is then on screen.
   */
  async function shipThroughCustoms(page: Page): Promise<void> {
    await fillParcel(page, '1.4', {
      name: 'Kundin Keller',
      contact: 'Lea Keller',
      address: 'Bahnhofstrasse 1',
      postalCode: '8001',
      city: 'Zürich',
      country: 'CH',
    });
    const declaration = page.getByRole('region', { name: 'Export declaration' });
    await expect(declaration.getByLabel('Item description')).toHaveValue('Ceramic cups');
    await declaration.getByLabel('Invoice number').fill('INV-A4-1');
    // Commercial goods leaving the EU: customs asks the item's HS code and the exporter's EORI.
    await declaration.getByLabel('HS code').fill('691200');
    await declaration.getByLabel('Exporter EORI').fill('IT01234567890');
    await page.getByRole('button', { name: 'Get rates', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Rates' }).getByRole('radio').first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Label preview' })).toHaveAttribute('data-rendered', 'true');
  }

  test('with an A4 printer, one action prints the label on the label printer and the invoice on A4', async ({ page, station, snap }) => {
    expect((await settings(station, { printer: labels, autoPrint: true, format: 'pdf', a4Printer: null })).status).toBe(200);
    await signedIn(page, station);
    // The A4 printer is chosen in Settings, by the name the desk knows it by.
    await openScreen(page, 'Settings');
    await page.getByLabel('A4 printer (commercial invoices)').selectOption(office);
    await expect(page.getByLabel('A4 printer (commercial invoices)')).toHaveValue(office);
    await openScreen(page, 'New shipment');

    await shipThroughCustoms(page);
    // Printed by itself: the label on the label printer, the invoice on the A4 printer.
    await expect(page.getByRole('status').filter({ hasText: `Printed on Desk labels (${labels}).` })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('status').filter({ hasText: `Invoice printed on Office A4 (${office}).` })).toBeVisible({
      timeout: 15_000,
    });
    await snap(page, 'printed-label-and-invoice');
    // And again by hand: one button prints the invoice alone.
    await page.getByRole('button', { name: 'Print invoice' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Invoice printed on Office A4 (${office}).` })).toBeVisible({
      timeout: 15_000,
    });
  });

  test('without an A4 printer the invoice is not printed silently: Print invoice prints it from the browser, on A4', async ({
    page,
    station,
  }) => {
    expect((await settings(station, { printer: labels, autoPrint: true, format: 'pdf', a4Printer: null })).status).toBe(200);
    await signedIn(page, station);
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await shipThroughCustoms(page);
    await expect(page.getByRole('status').filter({ hasText: `Printed on Desk labels (${labels}).` })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('status').filter({ hasText: 'The commercial invoice is not printed by itself' })).toBeVisible();
    await page.getByRole('button', { name: 'Print invoice' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    const printed = await page.pdf({ preferCSSPageSize: true });
    const sizes = await pdfPageSizes(new Uint8Array(printed));
    expect(sizes.length).toBeGreaterThanOrEqual(1);
    // Every page is A4 (595×842 pt), not the invoice squeezed onto a 4×6 in label.
    for (const size of sizes) expect(size).toEqual([595, 842]);
    await page.emulateMedia({ media: 'screen' });
  });

  test('an offline printer is named within 5 s, as the desk knows it, with what to do', async ({ page, station, snap }) => {
    expect((await settings(station, { printer: offline, autoPrint: true, format: 'pdf', a4Printer: null })).status).toBe(200);
    await signedIn(page, station);
    await bookParcel(page);
    const shown = Date.now();
    const alert = page.getByRole('alert').filter({ hasText: 'Not printed on Packing desk 2' });
    await expect(alert).toContainText(`The printer “Packing desk 2” (${offline}) has not started printing after 3 s`, { timeout: 10_000 });
    await expect(alert).toContainText('Check that it is switched on and connected');
    expect(Date.now() - shown).toBeLessThan(6000);
    await snap(page, 'printer-offline');
  });
});

test.describe('roles and the first run', () => {
  const PACKER = { username: 'truth-packer', password: 'truth-packer-2026' };
  const ADMIN = { username: 'truth-admin', password: 'truth-admin-2026' };

  test.beforeAll(async ({ station }) => {
    expect(
      (
        await station.cli([
          'client',
          'add',
          '--username',
          PACKER.username,
          '--password',
          PACKER.password,
          '--name',
          'Bottega Verdi',
          '--json',
        ])
      ).code,
    ).toBe(0);
    // An admin made with a name only, as the first-run admin is: no sender address yet.
    expect(
      (
        await station.cli([
          'client',
          'add',
          '--username',
          ADMIN.username,
          '--password',
          ADMIN.password,
          '--name',
          'Shipping Station',
          '--role',
          'admin',
          '--json',
        ])
      ).code,
    ).toBe(0);
  });

  async function signInAs(page: Page, station: E2EStation, who: { username: string; password: string }) {
    await page.goto(station.url);
    await page.getByLabel('Username').fill(who.username);
    await page.getByLabel('Password').fill(who.password);
    await page.keyboard.press('Enter');
  }

  test('a packer’s Settings shows what a packer may change: no webhooks, no integration key', async ({ page, station, snap }) => {
    await signInAs(page, station, PACKER);
    await openScreen(page, 'Settings');
    await expect(page.getByRole('heading', { name: 'Printing' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Default service' })).toBeVisible();
    for (const hidden of ['Webhooks', 'API connection', 'Packing rules', 'Box presets', 'Station calendar', 'Sender address']) {
      await expect(page.getByRole('heading', { name: hidden })).toHaveCount(0);
    }
    const integrationKey = (await station.cli(['keys', '--json'])).stdout;
    await expect(page.getByText(JSON.parse(integrationKey).integrationKey)).toHaveCount(0);
    await snap(page, 'settings-packer');
  });

  test('the first admin is asked for the sender address at first sign-in, and keeps it in Settings', async ({ page, station, snap }) => {
    await signInAs(page, station, ADMIN);
    await expect(page.getByRole('heading', { name: 'Your sender address' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveAttribute('aria-required', 'true');
    // Saving with fields missing says which, and what each expects.
    await page.getByRole('button', { name: 'Save sender address' }).click();
    await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveAccessibleDescription('Required: up to 30 characters.');
    await snap(page, 'first-run-sender');
    await page.getByRole('textbox', { name: 'Company name' }).fill('Bottega Verdi');
    await page.getByRole('textbox', { name: 'Contact person' }).fill('Anna Verdi');
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('Via Roma 12');
    await page.getByRole('textbox', { name: 'Postal code' }).fill('20129');
    await page.getByRole('textbox', { name: 'City' }).fill('Milano');
    await page.getByRole('combobox', { name: 'Country' }).fill('Ital');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'State or province' }).fill('MI');
    await page.getByRole('textbox', { name: 'Email' }).fill('anna@verdi.example');
    await page.getByRole('button', { name: 'Save sender address' }).click();
    // Saved: on to Today, and New shipment starts with it as the sender.
    await expect(page.getByRole('heading', { level: 1, name: /^Today, / })).toBeVisible();
    await openScreen(page, 'New shipment');
    await expect(page.getByRole('region', { name: 'Sender' })).toContainText('Bottega Verdi, Via Roma 12, 20129 Milano, IT');
    // In Settings it can be changed again.
    await openScreen(page, 'Settings');
    const card = page.getByRole('region', { name: 'Sender address' });
    await expect(card.getByRole('textbox', { name: 'City' })).toHaveValue('Milano');
    await card.getByRole('textbox', { name: 'Phone' }).fill('3331234567');
    await card.getByRole('button', { name: 'Save sender address' }).click();
    await expect(card.getByRole('status')).toHaveText('Saved.');
    const current = await fetch(`${station.url}/v3/clients/current`, {
      headers: {
        Authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('shipping-station.session') ?? '{}').token)}`,
        Accept: 'application/vnd.api+json',
      },
    });
    expect((await current.json()).data.attributes).toMatchObject({ name: 'Bottega Verdi', country: 'IT', phone: '3331234567' });
  });

  test('New shipment in the navigation opens a new form, not the last label', async ({ page, station }) => {
    await signedIn(page, station);
    await bookParcel(page);
    await openScreen(page, 'New shipment');
    await expect(page.getByRole('region', { name: 'Label preview' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Receiver search' })).toBeFocused();
    await expect(page.getByLabel('Receiver name')).toHaveValue('');
    await expect(page.getByLabel('Weight (kg)')).toHaveValue('');
  });
});

test.describe('the form remembers and prefills', () => {
  test('the box preset shows the box chosen, and the export declaration starts from the contents, readable', async ({ page, station }) => {
    await signedIn(page, station);
    await fillParcel(page, '1.4');
    const preset = page.getByLabel('Box preset');
    await preset.selectOption({ label: 'Medium box (40×30×25)' });
    await expect(preset).toHaveValue('Medium box');
    await expect(page.getByLabel('Length (cm)')).toHaveValue('40');
    // A size typed by hand that is no box's: the select says so.
    await page.getByLabel('Height (cm)').fill('26');
    await expect(preset).toHaveValue('');

    // To Zürich: the route crosses a customs border; the declaration's item is the contents entered above.
    await page.getByLabel('Receiver city').fill('Zürich');
    await page.getByLabel('Receiver postal code').fill('8001');
    await page.getByRole('combobox', { name: 'Receiver country' }).fill('Switz');
    await page.keyboard.press('Enter');
    const declaration = page.getByRole('region', { name: 'Export declaration' });
    await expect(declaration.getByLabel('Item description')).toHaveValue('Ceramic cups');
    await expect(declaration.getByLabel('Quantity')).toHaveValue('1');
    await expect(declaration.getByLabel('Unit price')).toHaveValue('64.50');
    await expect(declaration.getByLabel('Unit weight (kg)')).toHaveValue('1.4');
    await expect(declaration.getByRole('combobox', { name: 'Origin country' })).toHaveValue('Italy (IT)');
    // It follows the contents until an item is edited by hand.
    await page.getByLabel('Invoice value').fill('70');
    await expect(declaration.getByLabel('Unit price')).toHaveValue('70');
    await declaration.getByLabel('Unit price').fill('35');
    await declaration.getByLabel('Quantity').fill('2');
    await page.getByLabel('Invoice value').fill('71');
    await expect(declaration.getByLabel('Unit price')).toHaveValue('35');
    // Each item field is wide enough to read its value.
    for (const label of ['Quantity', 'Unit price', 'Unit weight (kg)', 'HS code']) {
      expect((await declaration.getByLabel(label, { exact: true }).boundingBox())!.width).toBeGreaterThanOrEqual(100);
    }
  });

  test('the import’s columns are a table with the file’s first values beside each, and its choices are plain radio buttons', async ({
    page,
    station,
    snap,
  }) => {
    await signedIn(page, station);
    await openScreen(page, 'Orders');
    const csv = [
      'Order #,Name,Contact,Street,Zip,Town,Country,SKU,Item,Qty,Weight,Price',
      'T-1,Kunde Becker,Jonas Becker,Marienplatz 8,80331,Muenchen,DE,CUP,Cup,2,0.35,10.75',
      'T-2,Kundin Meier,Lea Meier,Bahnhofstrasse 1,8001,Zürich,CH,CUP,Cup,1,0.35,10.75',
    ].join('\n');
    await page
      .getByLabel('Orders file (CSV or Excel, a row per order line)')
      .setInputFiles({ name: 'shop.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const columns = page.getByRole('table', { name: 'Columns' });
    // A row a field, and the heading's.
    await expect(columns.getByRole('row')).toHaveCount(IMPORT_FIELDS.length + 1);
    await expect(page.getByLabel('Postal code')).toHaveValue('Zip');
    // Each column's first values describe its select, as they show beside it.
    await expect(page.getByLabel('Postal code')).toHaveAccessibleDescription('80331 · 8001');
    await expect(page.getByLabel('City', { exact: true })).toHaveAccessibleDescription('Muenchen · Zürich');
    await expect(page.getByLabel('Tags')).toHaveAccessibleDescription('—');
    // A select is as wide as its names need, not the page.
    expect((await page.getByLabel('Postal code').boundingBox())!.width).toBeLessThanOrEqual(260);
    const radio = page.getByRole('radio', { name: 'orders to scan at the desk' });
    const box = (await radio.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(24);
    await snap(page, 'orders-import-columns');
  });
});
