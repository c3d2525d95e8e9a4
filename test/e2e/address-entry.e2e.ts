// Address entry at the desk (issue 44), in real Chromium against a real station: the country comes before the
// postal code, which is checked as soon as both are known and again when the country changes; a US phone is typed
// as people write it; the box buttons are one Tab stop; a refusal takes the packer to the faulty field, wherever it
// is on the page; and an orders file with parcels to Switzerland without HS codes is imported with a warning.
import type { Page } from '@playwright/test';
import { expect, fillParcel, openScreen, shipmentDocument, signedIn, test, type E2EStation } from './fixtures.ts';

/**
 * The orders of these tests belong to an account of their own: the station is shared with the other files of the
 * worker, and their tests count their own open orders.
 */
const SHOP = { username: 'address-entry', password: 'address-entry-2026' };

let shopAdded = false;

async function signedInAsShop(page: Page, station: E2EStation): Promise<void> {
  if (!shopAdded) {
    const added = await station.cli([
      'client',
      'add',
      '--username',
      SHOP.username,
      '--password',
      SHOP.password,
      '--name',
      'Ceramiche Verdi',
      '--role',
      'supervisor',
      '--address1',
      'Via Roma 14',
      '--city',
      'Milano',
      '--postal-code',
      '20129',
      '--state',
      'MI',
      '--country',
      'IT',
      '--contact',
      'Bea Verdi',
      '--phone',
      '3331234567',
      '--email',
      'bea@verdi.example',
    ]);
    expect(added.code, added.stderr).toBe(0);
    shopAdded = true;
  }
  await page.goto(station.url);
  await page.getByLabel('Username').fill(SHOP.username);
  await page.getByLabel('Password').fill(SHOP.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'New shipment' })).toBeFocused();
}

/** The accessible name of the element with the focus: its label, or its own text. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return '';
    const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent : null;
    return (label ?? element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
  });

/** Presses Tab `count` times from the field with the focus: the names of the fields it reaches, in order. */
async function tabOrder(page: Page, count: number): Promise<string[]> {
  const names: string[] = [];
  for (let press = 0; press < count; press++) {
    await page.keyboard.press('Tab');
    names.push(await focusedName(page));
  }
  return names;
}

/** Presses Tab from the field with the focus until `name` has it: the count of presses. */
async function tabsTo(page: Page, name: string, max = 20): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if ((await focusedName(page)) === name) return presses;
  }
  throw new Error(`"${name}" was not reached in ${max} Tabs from where the focus was`);
}

test('the country comes before the postal code, which is checked as soon as both are known and again when the country changes', async ({
  page,
  station,
}) => {
  await signedIn(page, station);
  const country = page.getByRole('combobox', { name: 'Receiver country' });
  const postalCode = page.getByRole('textbox', { name: 'Receiver postal code', exact: true });
  // The country first, and the sender's (no parcel was shipped at this desk yet); in the tab order and on screen,
  // the address then as Italy writes it: the postal code before the city.
  await expect(country).toHaveValue('Italy (IT)');
  await country.focus();
  expect(await tabOrder(page, 9)).toEqual([
    'Receiver name',
    'Receiver contact',
    'Receiver address',
    'Receiver c/o or floor',
    'Receiver postal code',
    'Receiver city',
    'Receiver state',
    'Receiver phone',
    'Receiver email',
  ]);
  // As the US writes it: city, state, ZIP code.
  await country.fill('United States');
  await page.keyboard.press('Enter');
  await page.getByRole('textbox', { name: 'Receiver c/o or floor', exact: true }).focus();
  expect(await tabOrder(page, 3)).toEqual(['Receiver city', 'Receiver state', 'Receiver postal code']);
  const countryBox = (await country.boundingBox())!;
  const postalBox = (await postalCode.boundingBox())!;
  expect(countryBox.y < postalBox.y - 5 || (Math.abs(countryBox.y - postalBox.y) <= 5 && countryBox.x < postalBox.x)).toBe(true);

  // Germany, then a code of four digits: marked as the packer leaves it, in Germany's words.
  await country.fill('Germany');
  await page.keyboard.press('Enter');
  await postalCode.focus();
  await page.keyboard.type('8001');
  await page.keyboard.press('Tab');
  await expect(postalCode).toHaveAttribute('aria-invalid', 'true');
  await expect(postalCode).toHaveAccessibleDescription(/^Expected a postal code of Germany: 5 digits/);
  // The country was the mistake: Switzerland's codes have four digits, and the mark goes as the country changes.
  await country.fill('Switz');
  await page.keyboard.press('Enter');
  await expect(country).toHaveValue('Switzerland (CH)');
  await expect(postalCode).not.toHaveAttribute('aria-invalid', 'true');
  // And back: a code typed before its country is checked when the country is picked.
  await country.fill('Austria');
  await page.keyboard.press('Enter');
  await expect(postalCode).not.toHaveAttribute('aria-invalid', 'true');
  await postalCode.fill('80331');
  await country.fill('Switz');
  await page.keyboard.press('Enter');
  await expect(postalCode).toHaveAttribute('aria-invalid', 'true');
  await expect(postalCode).toHaveAccessibleDescription(/^Expected a postal code of Switzerland: 4 digits/);
  // The check of a field as it is typed leaves the focus where the packer is.
  await expect(country).toBeFocused();

  // The contact starts as the name, selected as the packer reaches it: a company's contact typed replaces it.
  const name = page.getByRole('textbox', { name: 'Receiver name', exact: true });
  const contact = page.getByRole('textbox', { name: 'Receiver contact', exact: true });
  await name.focus();
  await page.keyboard.type('Bottega Verdi');
  await page.keyboard.press('Tab');
  await expect(contact).toHaveValue('Bottega Verdi');
  await expect(contact).toHaveAccessibleDescription('from the name');
  await page.keyboard.type('Mia Rossi');
  await expect(contact).toHaveValue('Mia Rossi');
  await expect(contact).not.toHaveAccessibleDescription('from the name');
});

test('a postal code the account has shipped to fills its city and state, the most used first, others offered; a US ZIP code from the postal data', async ({
  page,
  station,
}) => {
  // The account shipped to Verona's 37121 twice and to San Zeno, at the same code, once.
  const saved = shipmentDocument();
  for (const [name, city] of [
    ['Enoteca Arena', 'Verona'],
    ['Enoteca Arena', 'Verona'],
    ['Forno San Zeno', 'San Zeno'],
  ] as const) {
    const shipTo = { name, contact: 'Luca Neri', address1: 'Via Mazzini 7', postalCode: '37121', city, state: 'VR', country: 'IT' };
    const answer = await station.api('POST', '/shipments/save', {
      data: { ...saved.data, attributes: { ...saved.data.attributes, shipTo } },
    });
    expect(answer.status, JSON.stringify(answer.json)).toBe(202);
  }
  await signedIn(page, station);
  const country = page.getByRole('combobox', { name: 'Receiver country' });
  const postalCode = page.getByRole('textbox', { name: 'Receiver postal code', exact: true });
  // A textbox, or a combobox while the code names several places (its list offers them).
  const city = page.getByLabel('Receiver city', { exact: true });
  const state = page.getByRole('textbox', { name: 'Receiver state', exact: true });
  await expect(country).toHaveValue('Italy (IT)');
  await postalCode.focus();
  await page.keyboard.type('37121');
  // As the last digit is typed, the city is filled: the most used place, said to be from the code.
  await expect(city).toHaveValue('Verona');
  await page.keyboard.press('Tab');
  await expect(city).toBeFocused();
  await expect(state).toHaveValue('VR');
  await expect(city).toHaveAccessibleDescription('from the postal code');
  await expect(page.locator('#receiver-city-places option')).toHaveCount(2);
  expect(
    await page.locator('#receiver-city-places option').evaluateAll((options) => options.map((option) => option.getAttribute('value'))),
  ).toEqual(['Verona', 'San Zeno']);
  // Typed over, the city is the packer's: no longer said to be from the code.
  await city.fill('San Zeno');
  await expect(city).not.toHaveAccessibleDescription('from the postal code');

  // A US ZIP code the account never shipped to: from the station's postal data, its state too.
  await city.fill('');
  await state.fill('');
  await postalCode.fill('90210');
  await country.fill('United States');
  await page.keyboard.press('Enter');
  await expect(city).toHaveValue('Beverly Hills');
  await expect(state).toHaveValue('CA');
  // A code nothing is known of leaves the city to type.
  await city.fill('');
  await country.fill('Germany');
  await page.keyboard.press('Enter');
  const answered = page.waitForResponse((response) => /\/places\?.*postalCode=01067/.test(response.url()));
  await postalCode.fill('01067');
  await postalCode.blur();
  expect((await answered).status()).toBe(200);
  await expect(postalCode).not.toHaveAttribute('aria-invalid', 'true');
  await expect(city).toHaveValue('');
});

test('a US receiver’s phone is typed as people write it, and rates come', async ({ page, station }) => {
  await signedIn(page, station);
  await fillParcel(page, '1.2', {
    name: 'Empire Ceramics',
    contact: 'Ann Smith',
    address: '20 W 34th St',
    postalCode: '10001',
    city: 'New York',
    country: 'US',
  });
  await page.getByRole('textbox', { name: 'Receiver state', exact: true }).fill('NY');
  const phone = page.getByRole('textbox', { name: 'Receiver phone', exact: true });
  // Out of the EU: the declaration's invoice number, the exporter's EORI and the item's HS code.
  const declaration = page.getByRole('region', { name: 'Export declaration' });
  await declaration.getByLabel('Invoice number').fill('INV-4401');
  await declaration.getByLabel('Exporter EORI').fill('IT01234567890');
  await declaration.getByLabel('HS code').fill('691200');
  for (const written of ['(212) 736-3100', '+1 212-736-3100', '212 736 3100']) {
    await phone.fill(written);
    await page.getByRole('button', { name: 'Get rates', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Rates' }).getByRole('radio').first()).toBeFocused();
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  }
  // A number no carrier can dial is still refused, saying what a US number is.
  await phone.fill('212 736 310');
  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription(/^Expected a US phone number: 10 digits, or 11 starting with 1/);
});

test('the box buttons are one Tab stop: a toolbar the arrow keys move through', async ({ page, station }) => {
  await signedIn(page, station);
  // From the receiver's last field to the package, and from the package's last field on to the contents.
  await page.getByRole('textbox', { name: 'Receiver email', exact: true }).focus();
  expect(await tabsTo(page, 'Weight (kg)')).toBe(1);
  await page.getByLabel('Box preset').focus();
  const toolbar = page.getByRole('toolbar', { name: 'Add a package' });
  expect(await tabsTo(page, '+ Small box')).toBe(1);
  // The box buttons and Add package: one stop, then Documents only, then the goods.
  expect(await tabsTo(page, 'Goods description')).toBe(2);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(toolbar.getByRole('button', { name: '+ Small box' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: '+ Medium box' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar.getByRole('button', { name: 'Add package' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: '+ Small box' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  // The last box (Large, or one a supervisor added): the button before Add package.
  const buttons = toolbar.getByRole('button');
  const lastBox = buttons.nth((await buttons.count()) - 2);
  await expect(lastBox).toBeFocused();
  // The button last used is the toolbar's stop when Tab comes back to it.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(lastBox).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: 'Package 2' }).getByLabel('Length (cm)')).not.toHaveValue('');
});

test.describe('a refusal takes the packer to the faulty field', () => {
  test.use({ viewport: { width: 1280, height: 600 } });

  test('a scanned order to Switzerland without an HS code: Ship and print is refused, and the HS code field has the focus, in view', async ({
    page,
    station,
  }) => {
    await signedInAsShop(page, station);
    await openScreen(page, 'Orders');
    const csv = [
      'Order #,Name,Contact,Street,Zip,Town,Country,Phone,SKU,Item,Qty,Weight,Price,HS Code',
      'CH-4401,Kundin Meier,Lea Meier,Bahnhofstrasse 1,8001,Zürich,CH,044 668 18 00,CUP-6,Ceramic cup,2,0.35,10.75,691200',
      'CH-4401,Kundin Meier,Lea Meier,Bahnhofstrasse 1,8001,Zürich,CH,044 668 18 00,SAUCER,Saucer,1,0.2,4.00,',
    ].join('\n');
    await page
      .getByLabel('Orders file (CSV or Excel, a row per order line)')
      .setInputFiles({ name: 'one-order.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByRole('button', { name: 'Import 1 order' }).click();
    await expect(preview.getByRole('status').filter({ hasText: 'Imported 1 order.' })).toBeVisible();
    await openScreen(page, 'New shipment');
    await expect(page.getByRole('combobox', { name: 'Receiver search' })).toBeFocused();
    await page.keyboard.type('CH-4401');
    await page.keyboard.press('Enter');
    const ship = page.getByRole('region', { name: 'Order CH-4401' }).getByRole('button', { name: 'Ship and print' });
    await expect(ship).toBeFocused();
    await page.keyboard.press('Enter');
    // The desk's sender has no EORI as its tax id: the exporter's EORI is the first faulty field, the saucer's HS code the next.
    const declaration = page.getByRole('region', { name: 'Export declaration' });
    const hsCode = declaration.getByRole('group', { name: 'Item 2' }).getByLabel('HS code');
    await expect(hsCode).toHaveAttribute('aria-invalid', 'true');
    const eori = declaration.getByLabel('Exporter EORI');
    await expect(eori).toBeFocused();
    await expect(eori).toBeInViewport();
    // Given, and shipped again: now the HS code is the one.
    await page.keyboard.type('IT01234567890');
    await ship.click();
    await expect(hsCode).toBeFocused();
    await expect(hsCode).toBeInViewport();
  });

  test('the station’s refusal of a 5000 kg package on Get rates: the weight has the focus, in view', async ({ page, station }) => {
    await signedIn(page, station);
    await fillParcel(page, '5000', {
      name: 'Keramik Lindqvist',
      contact: 'Sven Lindqvist',
      address: 'Hauptstrasse 3',
      postalCode: '10115',
      city: 'Berlin',
    });
    // Enter from the top of the form: the weight is below the fold.
    const name = page.getByRole('textbox', { name: 'Receiver name', exact: true });
    await name.focus();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.keyboard.press('Enter');
    const weight = page.getByLabel('Weight (kg)');
    await expect(weight).toHaveAttribute('aria-invalid', 'true');
    await expect(weight).toBeFocused();
    await expect(weight).toBeInViewport();
  });
});

test('an orders file with parcels to Switzerland without HS codes is imported with a warning for each, at the preview and after', async ({
  page,
  station,
}) => {
  await signedInAsShop(page, station);
  await openScreen(page, 'Orders');
  const csv = [
    'Order #,Name,Contact,Street,Zip,Town,Country,SKU,Item,Qty,Weight,Price,HS Code',
    'W-1,Kunde Becker,Jonas Becker,Marienplatz 8,80331,Muenchen,DE,CUP,Cup,2,0.35,10.75,',
    'W-2,Kundin Meier,Lea Meier,Bahnhofstrasse 1,8001,Zürich,CH,CUP,Cup,1,0.35,10.75,691200',
    'W-2,Kundin Meier,Lea Meier,Bahnhofstrasse 1,8001,Zürich,CH,SAUCER,Saucer,1,0.2,4.00,',
    'W-3,Huber AG,Max Huber,Limmatquai 2,8001,Zürich,CH,VASE,Vase,1,0.9,40.00,VASE-1',
    'W-4,Huber AG,Max Huber,Limmatquai 2,8001,Zürich,CH,CUP,Cup,1,0.35,10.75,6912.00',
  ].join('\n');
  await page
    .getByLabel('Orders file (CSV or Excel, a row per order line)')
    .setInputFiles({ name: 'shop.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = page.getByRole('region', { name: 'Preview' });
  // Every order is ready: a warning is not a fault.
  await expect(preview.getByRole('status').first()).toHaveText('5 rows: 4 orders ready.');
  // W-4 is classified; the desk's sender has no EORI as its tax id, which all three orders to Zürich need.
  await expect(preview).toContainText('3 orders go through customs without what customs needs.');
  await expect(preview.getByRole('list', { name: 'Customs warnings' }).getByRole('listitem')).toHaveText([
    'W-2 to Switzerland, row 3: SAUCER has no HS code; customs needs one for goods sold (6 to 10 digits, such as 691200).',
    'W-3 to Switzerland, row 4: VASE-1 is not an HS code; customs needs 6 to 10 digits, such as 691200.',
    'The sender’s tax ID is not an EORI number, which goods sold out of the EU need: W-2, W-3, W-4.',
  ]);
  await preview.getByRole('button', { name: 'Import 4 orders' }).click();
  await expect(preview.getByRole('status').filter({ hasText: 'Imported 4 orders.' })).toBeVisible();
  await expect(
    preview.getByRole('status').filter({ hasText: '3 imported orders need customs data before shipping: W-2, W-3, W-4.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Open orders \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Open orders' }).getByRole('row').filter({ hasText: 'W-2' })).toHaveCount(1);
});
