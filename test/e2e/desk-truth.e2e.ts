// The desk tells the truth (issue 24): what the packer sees is what is booked. Edits after rating make the rates
// stale; the scale fills the weight in every mode; refusals say why at the field, and what is expected.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { pdfText } from '../helpers/pdf-text.ts';
import { startScaleSimulator, socatMissing, type ScaleSimulator } from '../helpers/scale-simulator.ts';
import { KUNDE_BECKER, expect, shipmentDocument, signIn, signedIn, test, type E2EStation } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ station }) => {
  // Kunde Becker is in the address book, as after an earlier day at the desk.
  expect((await station.api('POST', '/shipments/save', shipmentDocument())).status).toBe(202);
});

/** Kunde Becker in the search's matches (a test below books to a renamed "Kunde Becker GmbH" too). */
const beckerOption = (page: Page) => page.getByRole('option').filter({ has: page.locator('strong', { hasText: /^Kunde Becker$/ }) });

/** Picks Kunde Becker from the address book and fills one parcel of `weight` kg with its contents. */
async function fillParcel(page: Page, weight: string): Promise<void> {
  await page.keyboard.type('beck');
  await beckerOption(page).click();
  await page.getByLabel('Weight (kg)').fill(weight);
  await page.getByLabel('Length (cm)').fill('30');
  await page.getByLabel('Width (cm)').fill('20');
  await page.getByLabel('Height (cm)').fill('15');
  await page.getByLabel('Goods description').fill('Ceramic cups');
  await page.getByLabel('Invoice value').fill('64.50');
}

/** The processed shipment with this reference, and its label's text. */
async function booked(station: E2EStation, reference: string): Promise<{ attributes: any; meta: any; label: string }> {
  const summaries = (await station.api('GET', '/shipment-summaries?limit=1000')).json.data as { id: string; attributes: { reference: string } }[];
  const id = summaries.find((summary) => summary.attributes.reference === reference)!.id;
  const shipment = (await station.api('GET', `/shipments/${id}`)).json.data;
  const documents = (await station.api('GET', `/shipments/${id}/documents`)).json.data.attributes;
  return { attributes: shipment.attributes, meta: shipment.meta, label: await pdfText(new Uint8Array(Buffer.from(documents.fileData, 'base64'))) };
}

test('an edit after Get rates makes the rates stale: Confirm waits for new rates, and the label shows what the form shows', async ({ page, station, snap }) => {
  await signedIn(page, station);
  await fillParcel(page, '1.2');
  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  const rates = page.getByRole('table', { name: 'Rates' });
  await expect(rates.getByRole('radio').first()).toBeFocused();
  const cheapestFor = async () => Number.parseFloat((await rates.locator('tbody tr').first().locator('td.num').first().textContent())!);
  const lightPrice = await cheapestFor();
  const confirm = page.getByRole('button', { name: 'Confirm', exact: true });
  await expect(confirm).toBeEnabled();

  // The packer renames the receiver and weighs again: 9.5 kg, not 1.2.
  await page.getByLabel('Receiver name').fill('Kunde Becker GmbH');
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
  expect(shipment.attributes.shipTo.name).toBe('Kunde Becker GmbH');
  expect(shipment.attributes.packages[0].weight.value).toBe('9.5');
  expect(shipment.meta.finalCost.amount).toBe(heavyPrice);
  expect(shipment.label).toContain('Kunde Becker GmbH');
  expect(shipment.label).toContain('Weight 9.5 kg');
  expect(shipment.label).not.toContain('1.2 kg');
});

test('a refusal says why at the field: a 5000 kg package is marked with the station’s reason, and field errors say what is expected', async ({ page, station, snap }) => {
  await signedIn(page, station);
  // Before the first try, the required fields are marked, and the mark is not part of their names.
  await expect(page.getByRole('textbox', { name: 'Receiver name', exact: true })).toHaveAttribute('aria-required', 'true');
  await expect(page.getByRole('textbox', { name: 'Receiver c/o or floor', exact: true })).not.toHaveAttribute('aria-required', 'true');
  await expect(page.getByLabel('Weight (kg)')).toHaveAttribute('aria-required', 'true');

  await fillParcel(page, '5000');
  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  const reason = 'package 1 weighs 5000 kg, over the 1000 kg no service carries';
  await expect(page.getByRole('region', { name: 'Rates' }).getByRole('alert')).toContainText(`No carrier service can carry this shipment: ${reason}`);
  const weight = page.getByLabel('Weight (kg)');
  await expect(weight).toHaveAttribute('aria-invalid', 'true');
  await expect(weight).toHaveAccessibleDescription(new RegExp(reason));
  await snap(page, 'refused-at-the-field');

  // A field the desk checks itself says what it expects, not only "Not valid".
  await weight.fill('heavy');
  await page.getByLabel('Receiver name').fill('');
  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  await expect(weight).toHaveAccessibleDescription('Expected the weight in kg, more than 0, such as 1.25.');
  await expect(page.getByRole('textbox', { name: 'Receiver name', exact: true })).toHaveAccessibleDescription('Required: up to 35 characters.');
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
    expect((await station.api('PATCH', '/scale', { data: { type: 'scale', attributes: { port: scale.port, protocol: 'sics' } } })).status).toBe(200);
  });

  test.afterAll(async ({ station }) => {
    if (missing) return;
    await station.api('PATCH', '/scale', { data: { type: 'scale', attributes: { port: null } } });
    await scale?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test('a hand-typed and an address-book shipment take the settled weight into the package the packer is at, marked “from scale”', async ({ page, station, snap }) => {
    await signedIn(page, station);
    const first = page.getByLabel('Weight (kg)').first();
    await expect(first).toHaveValue('2.345');
    await expect(first).toHaveAccessibleDescription('from scale');
    // From the address book: the weight stays the scale's.
    await page.keyboard.type('beck');
    await beckerOption(page).click();
    await expect(page.getByLabel('Receiver name')).toHaveValue(KUNDE_BECKER.name);
    await expect(first).toHaveValue('2.345');

    // A second package: the next parcel on the scale weighs it, the first keeps its weight.
    await page.getByRole('button', { name: 'Add package' }).click();
    const second = page.getByLabel('Weight (kg)').nth(1);
    await page.getByLabel('Length (cm)').nth(1).focus();
    await expect(second).toHaveValue('2.345');
    scale!.state = { mode: 'moving', weight: '0.8' };
    scale!.state = { mode: 'stable', weight: '0.815' };
    await expect(second).toHaveValue('0.815');
    await expect(first).toHaveValue('2.345');
    await snap(page, 'weight-from-scale');

    // A weight typed over the scale's is the packer's: no mark, and kept while the reading stays.
    await second.fill('0.9');
    await expect(second).not.toHaveAccessibleDescription('from scale');
    await page.waitForTimeout(600);
    await expect(second).toHaveValue('0.9');
  });
});
