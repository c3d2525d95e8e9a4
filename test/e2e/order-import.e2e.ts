// A shop's Excel workbook of 10,000 rows (5,000 orders of two lines) imported on the Orders screen in real
// Chromium: exceljs reads it in the browser (numbers, a formula's result, a decimal comma typed as text), the
// preview checks every order with the shared rules and points at the three faulty ones, and the import goes in
// batches with a progress bar that moves. The times to read and check the file and to import it are printed
// here and kept in test-results/order-import.json; the README gives them. Each shop's export (test/fixtures/orders/)
// is recognised by its header row and imported with no mapping click, the screen naming the format, and the station's
// POST /orders/import makes the same orders of the same file. A file of the shop's own columns is mapped once, its
// faults said in words by order, and saved as a template that reads the next file of its columns by itself.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, openScreen, test, type E2EStation, VERDI_ADDRESS_ARGS } from './fixtures.ts';

const ORDERS = 5_000;
const USER = { username: 'bulk-import', password: 'bulk-import-2026' };
const SHOP = { username: 'shopify-shop', password: 'shopify-shop-2026' };
const TEMPLATES = { username: 'own-columns', password: 'own-columns-2026' };
const FILE_INPUT = 'Orders file (CSV or Excel, a row per order line)';

/** An account of its own, in Milano, so its orders are counted alone on the worker's shared station. */
async function addShop(station: E2EStation, user: { username: string; password: string }, name: string): Promise<void> {
  const added = await station.cli([
    'client',
    'add',
    '--username',
    user.username,
    '--password',
    user.password,
    '--name',
    name,
    ...VERDI_ADDRESS_ARGS,
    '--email',
    `${user.username}@verdi.example`,
  ]);
  expect(added.code, added.stderr).toBe(0);
}

async function openOrders(page: Page, station: E2EStation, user: { username: string; password: string }): Promise<void> {
  await page.goto(station.url);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.keyboard.press('Enter');
  await openScreen(page, 'Orders');
}

/** The station's answer to GET /v3{path}, with the desk's own token. */
async function readAs(page: Page, station: E2EStation, path: string): Promise<{ status: number; json: any }> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('shipping-station.session') ?? '{}') as { token: string }).token,
  );
  const response = await fetch(`${station.url}/v3${path}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/vnd.api+json' },
  });
  return { status: response.status, json: response.status === 200 ? await response.json() : null };
}

/** The desk's token, as the signed-in desk keeps it. */
const deskToken = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('shipping-station.session') ?? '{}') as { token: string }).token);

/** A call of the station's API with the desk's own token. */
async function callAs(page: Page, station: E2EStation, method: string, path: string): Promise<{ status: number }> {
  const response = await fetch(`${station.url}/v3${path}`, {
    method,
    headers: { Authorization: `Bearer ${await deskToken(page)}`, Accept: 'application/vnd.api+json' },
  });
  return { status: response.status };
}

/** A file sent as it is to POST /orders/import, with the desk's own token. */
async function sendAs(page: Page, station: E2EStation, bytes: Buffer, type: string, query: string): Promise<{ status: number; json: any }> {
  const response = await fetch(`${station.url}/v3/orders/import${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await deskToken(page)}`, Accept: 'application/vnd.api+json', 'Content-Type': type },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, json: await response.json() };
}

/** An order's attributes without when it was made: the same order made twice is made at two times. */
const withoutTimes = (attributes: Record<string, unknown>) => {
  const { createdAt: _made, status: _status, ...rest } = attributes;
  return rest;
};

/** The workbook: a notes sheet first (empty), then the orders, a row per line; price of the saucer as a formula. */
async function workbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Notes');
  const sheet = book.addWorksheet('Orders');
  sheet.addRow([
    'Order #',
    'Ship to name',
    'Contact',
    'Street',
    'Postcode',
    'Town',
    'Country',
    'Phone',
    'SKU',
    'Item',
    'Quantity',
    'Weight (kg)',
    'Unit price',
    'Tags',
  ]);
  for (let index = 0; index < ORDERS; index++) {
    const number = `XL-${String(100_001 + index)}`;
    // Three orders have no town: the preview names them, the import leaves them out.
    const town = index % 1500 === 1499 ? null : 'Muenchen';
    const receiver = [`Kunde ${index}`, 'Jonas Becker', 'Marienplatz 8', 80331, town, 'DE', '4989123456'];
    sheet.addRow([number, ...receiver, 'CUP-6', 'Ceramic cup', 2, 0.35, 10.75, index % 10 === 0 ? 'fragile' : null]);
    const row = sheet.addRow([number, ...receiver, 'SAUCER', 'Saucer', 1, '0,2', null, null]);
    row.getCell(13).value = { formula: 'K2*2', result: 4 };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('a workbook of 10,000 rows is read, checked and imported with its progress shown', async ({ page, station, snap }) => {
  test.setTimeout(180_000);
  await addShop(station, USER, 'Bulk Shop');
  const file = await workbook();
  await openOrders(page, station, USER);

  const chosen = Date.now();
  await page.getByLabel(FILE_INPUT).setInputFiles({
    name: 'shop-orders.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('status').first()).toHaveText('10,000 rows: 4,997 orders ready, 3 with faults (left out).', {
    timeout: 60_000,
  });
  const readAndChecked = Date.now() - chosen;
  await expect(page.getByLabel('Postal code')).toHaveValue('Postcode');
  await expect(page.getByLabel('Unit weight (kg)')).toHaveValue('Weight (kg)');
  // The faults, grouped by order, each in words with the file's row and column.
  const faults = preview.getByRole('list', { name: 'Faults' });
  await expect(faults.locator(':scope > li > strong')).toHaveText(['XL-101500', 'XL-103000', 'XL-104500']);
  await expect(faults.locator(':scope > li').first().getByRole('listitem')).toHaveText(['Row 2999: City is empty (column “Town”).']);

  // The progress bar moves while the batches go: its value is read as the import runs.
  const seen = new Set<string>();
  const started = Date.now();
  await preview.getByRole('button', { name: 'Import 4,997 orders' }).click();
  const progress = preview.getByRole('progressbar', { name: 'Import progress' });
  const done = preview.getByRole('status').filter({ hasText: 'Imported 4,997 orders.' });
  await expect
    .poll(
      async () => {
        const value = await progress.getAttribute('value', { timeout: 1_000 }).catch(() => null);
        if (value !== null) seen.add(value);
        return done.isVisible();
      },
      { timeout: 120_000, intervals: [50] },
    )
    .toBe(true);
  const imported = Date.now() - started;
  await expect(progress).toHaveAttribute('value', '4997');
  expect([...seen].filter((value) => value !== '0' && value !== '4997').length).toBeGreaterThanOrEqual(3);
  await snap(page, 'orders-import-10000');

  // What exceljs read is what the station holds: numbers, the formula's result, the decimal comma, the tags.
  const read = (path: string) => readAs(page, station, path);
  const first = await read('/orders/XL-100001');
  expect(first.json.data.attributes).toMatchObject({
    source: 'import',
    shipTo: { name: 'Kunde 0', postalCode: '80331', city: 'Muenchen', country: 'DE' },
    lines: [
      { sku: 'CUP-6', quantity: '2', unitWeight: '0.35', unitPrice: '10.75' },
      { sku: 'SAUCER', quantity: '1', unitWeight: '0.2', unitPrice: '4' },
    ],
    tags: ['fragile'],
    totals: { quantity: 3, weight: '0.9', value: '25.50' },
  });
  expect((await read('/orders/XL-105000')).status).toBe(200);
  expect((await read('/orders/XL-103000')).status).toBe(404);

  const figures = { rows: 10_000, orders: 4_997, readAndCheckedMs: readAndChecked, importMs: imported, progressValuesSeen: seen.size };
  console.log(
    `order import: 10,000 Excel rows read and checked in ${readAndChecked} ms; 4,997 orders imported in ${imported} ms (${seen.size} progress values seen)`,
  );
  writeFileSync(join('test-results', 'order-import.json'), JSON.stringify(figures));
});

test('each shop’s export (Shopify, Amazon, eBay, Etsy, WooCommerce) is recognised and its 20 orders imported with no mapping click, the same orders as POST /orders/import makes of the file', async ({
  page,
  station,
  snap,
}) => {
  await addShop(station, SHOP, 'Atelier Lehm');
  await openOrders(page, station, SHOP);

  await page.getByLabel(FILE_INPUT).setInputFiles(join(import.meta.dirname, '..', 'fixtures', 'orders', 'shopify-orders.csv'));
  await expect(
    page.getByText('Recognised as Shopify’s order export: its columns are read as the shop writes them, with no mapping to do.'),
  ).toBeVisible();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('status').first()).toHaveText('45 rows: 20 orders ready.');
  // The mapping table shows the shop's own columns the format read.
  await expect(page.getByLabel('Postal code')).toHaveValue('Shipping Zip');
  await expect(page.getByLabel('Contact')).toHaveValue('Shipping Name');
  await snap(page, 'orders-import-shopify');

  await preview.getByRole('button', { name: 'Import 20 orders' }).click();
  await expect(preview.getByRole('status').filter({ hasText: 'Imported 20 orders.' })).toBeVisible();
  const teapots = await readAs(page, station, `/orders/${encodeURIComponent('#1005')}`);
  expect(teapots.status).toBe(200);
  expect(teapots.json.data.attributes).toMatchObject({
    source: 'import',
    shipTo: { name: 'Oliver Hughes', contact: 'Oliver Hughes', postalCode: 'NW1 6XE', city: 'London', country: 'GB' },
    totals: { quantity: 11 },
  });
  expect(teapots.json.data.attributes.lines).toHaveLength(5);
  const company = await readAs(page, station, `/orders/${encodeURIComponent('#1003')}`);
  expect(company.json.data.attributes.shipTo).toMatchObject({ name: 'Romano Ceramiche S.r.l.', contact: 'Giulia Romano', country: 'IT' });
  // A country the file gives by its name ("Deutschland") is held as its code.
  const named = await readAs(page, station, `/orders/${encodeURIComponent('#1011')}`);
  expect(named.json.data.attributes.shipTo).toMatchObject({ name: 'Sophie Wagner', country: 'DE' });

  // Amazon's tab-separated report, chosen next: recognised too, its orders ready as they come.
  await page.getByLabel(FILE_INPUT).setInputFiles(join(import.meta.dirname, '..', 'fixtures', 'orders', 'amazon-unshipped.txt'));
  await expect(
    page.getByText('Recognised as Amazon’s Unshipped Orders report: its columns are read as the shop writes them, with no mapping to do.'),
  ).toBeVisible();
  await expect(preview.getByRole('status').first()).toHaveText('45 rows: 20 orders ready.');
  await preview.getByRole('button', { name: 'Import 20 orders' }).click();
  await expect(preview.getByRole('status').filter({ hasText: 'Imported 20 orders.' })).toBeVisible();
  const [business] = (await readAs(page, station, `/orders?search=${encodeURIComponent('Koch Elektrotechnik')}`)).json.data;
  expect(business.attributes.shipTo).toMatchObject({ contact: 'Tim Koch', address1: 'Industriestr. 12', address2: 'Tor 3', country: 'DE' });

  // eBay's report opens with an empty line and closes with lines about the download: recognised all the same.
  await page.getByLabel(FILE_INPUT).setInputFiles(join(import.meta.dirname, '..', 'fixtures', 'orders', 'ebay-orders.csv'));
  await expect(page.getByText('Recognised as eBay’s orders report', { exact: false })).toBeVisible();
  await expect(preview.getByRole('status').first()).toHaveText(/ rows: 20 orders ready\.$/);
  await preview.getByRole('button', { name: 'Import 20 orders' }).click();
  await expect(preview.getByRole('status').filter({ hasText: 'Imported 20 orders.' })).toBeVisible();
  // Etsy's and WooCommerce's too, each recognised and its 20 orders imported with no click beyond the file.
  for (const [file, name] of [
    ['etsy-order-items.csv', 'Etsy’s Order Items CSV'],
    ['woocommerce-orders.csv', 'WooCommerce’s order export'],
  ] as const) {
    await page.getByLabel(FILE_INPUT).setInputFiles(join(import.meta.dirname, '..', 'fixtures', 'orders', file));
    await expect(page.getByText(`Recognised as ${name}`, { exact: false })).toBeVisible();
    await expect(preview.getByRole('status').first()).toHaveText(/ rows: 20 orders ready\.$/);
    await preview.getByRole('button', { name: 'Import 20 orders' }).click();
    await expect(preview.getByRole('status').filter({ hasText: 'Imported 20 orders.' })).toBeVisible();
  }

  // The station reads the same files as the desk (POST /orders/import, one code path): each order the desk made is
  // made the same from the file sent to the API.
  for (const [file, type] of [
    ['shopify-orders.csv', 'text/csv'],
    ['amazon-unshipped.txt', 'text/tab-separated-values'],
    ['ebay-orders.csv', 'text/csv'],
    ['etsy-order-items.csv', 'text/csv'],
    ['woocommerce-orders.csv', 'text/csv'],
  ] as const) {
    const bytes = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'orders', file));
    const read = await sendAs(page, station, bytes, type, '');
    expect(read.status).toBe(200);
    const numbers: string[] = read.json.meta.orders.map((order: { number: string }) => order.number);
    expect(numbers).toHaveLength(20);
    expect(read.json.meta.duplicates).toHaveLength(20);
    const byDesk = new Map<string, unknown>();
    for (const number of numbers) {
      const made = await readAs(page, station, `/orders/${encodeURIComponent(number)}`);
      byDesk.set(number, withoutTimes(made.json.data.attributes));
      expect((await callAs(page, station, 'DELETE', `/orders/${encodeURIComponent(number)}`)).status).toBe(204);
    }
    const imported = await sendAs(page, station, bytes, type, '?commit=true');
    expect(imported.json.meta.created).toHaveLength(20);
    for (const number of numbers) {
      const made = await readAs(page, station, `/orders/${encodeURIComponent(number)}`);
      expect(withoutTimes(made.json.data.attributes), `${file}: ${number}`).toEqual(byDesk.get(number));
    }
  }
});

test('a file of the shop’s own columns: mapped once, its faults in words by order, saved as a template that reads the next file by itself', async ({
  page,
  station,
  snap,
}) => {
  await addShop(station, TEMPLATES, 'Warenhaus Becker');
  await openOrders(page, station, TEMPLATES);
  // A template a desk kept in the browser before the station kept them is moved to the station once.
  await page.evaluate(() =>
    localStorage.setItem('shipping-station.import-templates', JSON.stringify({ 'Old desk template': { number: 'Ref' } })),
  );
  await openScreen(page, 'Today');
  await openScreen(page, 'Orders');
  await expect
    .poll(async () => (await readAs(page, station, '/order-templates')).json.data.map((template: { id: string }) => template.id))
    .toEqual(['Old desk template']);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('shipping-station.import-templates'))).toBeNull();
  const columns = ['Ref', 'Kunde', 'Strasse', 'PLZ', 'Stadt', 'Staat', 'Artikel', 'Bezeichnung', 'Menge', 'Preis'];
  const row = (ref: string, postalCode: string) => [
    ref,
    'Jonas Becker',
    'Marienplatz 8',
    postalCode,
    'München',
    'Deutschland',
    'TASSE',
    'Tasse',
    '2',
    '12,50',
  ];
  const csv = (order: string[], rows: string[][]) =>
    Buffer.from(
      [order, ...rows.map((cells) => order.map((column) => cells[columns.indexOf(column)]!))].map((cells) => cells.join(';')).join('\r\n'),
    );

  await page.getByLabel(FILE_INPUT).setInputFiles({
    name: 'warenwirtschaft.csv',
    mimeType: 'text/csv',
    buffer: csv(columns, [row('K-1', '80331'), row('K-1', '80331'), row('K-2', '80331'), row('K-3', '')]),
  });
  const preview = page.getByRole('region', { name: 'Preview' });
  const mapping: [string, string][] = [
    ['Order number', 'Ref'],
    ['Receiver name', 'Kunde'],
    ['Address', 'Strasse'],
    ['Postal code', 'PLZ'],
    ['City', 'Stadt'],
    ['Country', 'Staat'],
    ['SKU', 'Artikel'],
    ['Item description', 'Bezeichnung'],
    ['Quantity', 'Menge'],
    ['Unit price (EUR)', 'Preis'],
  ];
  for (const [field, column] of mapping) await page.getByLabel(field, { exact: true }).selectOption(column);
  await expect(preview.getByRole('status').first()).toHaveText('4 rows: 2 orders ready, 1 with faults (left out).');
  const faults = preview.getByRole('list', { name: 'Faults' });
  await expect(faults.locator(':scope > li > strong')).toHaveText(['K-3']);
  await expect(faults.getByRole('listitem').last()).toHaveText('Row 4: Postal code is empty (column “PLZ”).');
  await snap(page, 'orders-import-faults');

  await page.getByLabel('Save these columns as').fill('Warenwirtschaft');
  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Template “Warenwirtschaft” saved: files with these columns are read with it from now on.')).toBeVisible();

  // The next day's file: the same columns in another order, read with the template with no click.
  await page.getByLabel(FILE_INPUT).setInputFiles({
    name: 'warenwirtschaft-2.csv',
    mimeType: 'text/csv',
    buffer: csv([...columns].reverse(), [row('K-4', '10115'), row('K-5', '20095')]),
  });
  await expect(page.getByText('Read with your column template “Warenwirtschaft”, saved for files with these columns.')).toBeVisible();
  await expect(preview.getByRole('status').first()).toHaveText('2 rows: 2 orders ready.');
  await preview.getByRole('button', { name: 'Import 2 orders' }).click();
  await expect(preview.getByRole('status').filter({ hasText: 'Imported 2 orders.' })).toBeVisible();
  const order = await readAs(page, station, '/orders/K-5');
  expect(order.json.data.attributes.shipTo).toMatchObject({
    name: 'Jonas Becker',
    contact: 'Jonas Becker',
    postalCode: '20095',
    country: 'DE',
  });
  // The template is the account's, on the station: the API reads with it too.
  const listed = await readAs(page, station, '/order-templates');
  expect(listed.json.data.map((template: { id: string }) => template.id)).toEqual(['Old desk template', 'Warenwirtschaft']);
});
