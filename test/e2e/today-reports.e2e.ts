// Today and Reports in Chromium. Today, the home after sign-in, shows the station's day per carrier as the API
// counts it, the next pickup, and New shipment with the focus. Reports draws the four charts of a date range with
// Recharts, each with its figures as a table; the per-day chart is walked by keyboard; the CSV export downloads
// the station's CSV.
import { readFileSync } from 'node:fs';
import { expect, shipmentDocument, signIn, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

const shipment = (carrier: string, extra: Record<string, unknown> = {}) => {
  const document = shipmentDocument({ scheduledProcessing: false, service: 'economy', carrierChoice: carrier });
  Object.assign(document.data.attributes, { booking: true, ...extra });
  return document;
};

test('Today: the day per carrier, the next pickup, and Enter starts packing', async ({ page, station, snap }) => {
  for (const carrier of ['UPS', 'UPS', 'DHL']) expect((await station.api('POST', '/shipments', shipment(carrier))).status).toBe(201);
  expect((await station.api('POST', '/shipments/save', shipmentDocument())).status).toBe(202);
  const day = (await station.api('GET', '/today')).json.data.attributes;
  const ups = day.carriers.find((carrier: { carrier: string }) => carrier.carrier === 'UPS');
  expect(ups.made).toBeGreaterThanOrEqual(2);

  await signIn(page, station);
  await expect(page.getByRole('heading', { level: 1, name: /^Today, / })).toBeVisible();
  const table = page.getByRole('table', { name: 'Shipments today by carrier' });
  const upsRow = table.getByRole('row', { name: /^UPS/ });
  await expect(upsRow.getByRole('cell').first()).toHaveText(String(ups.made));
  await expect(upsRow).toContainText(`Open: ${ups.toClose} to close`);
  await expect(table.getByRole('row', { name: /^DHL Express/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^All carriers/ })).toContainText(String(day.totals.made));
  await expect(page.getByRole('region', { name: 'Next pickup' })).toContainText(`${day.nextPickup.carrierName}, `);
  await expect(page.getByRole('region', { name: 'Next pickup' })).toContainText('Via Roma 12, Milano');
  await expect(page.getByRole('region', { name: 'Print jobs' })).toContainText('No print jobs waiting at this desk.');
  await snap(page, 'today');

  // A supervisor goes on to close the day from here; a packer starts packing with Enter.
  await expect(page.getByRole('button', { name: /^Close the day \(\d+ to close\)$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New shipment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Receiver search' })).toBeFocused();
});

test('Reports: four charts of a range, tables beside them, keyboard through the bars, and the CSV export', async ({ page, station, snap }) => {
  // Three days well ahead, two carriers, two destinations.
  const plan: [string, string, string][] = [
    ['2027-03-01', 'UPS', 'DE'], ['2027-03-01', 'UPS', 'DE'], ['2027-03-01', 'DHL', 'FR'],
    ['2027-03-02', 'UPS', 'FR'], ['2027-03-03', 'DHL', 'DE'], ['2027-03-03', 'DHL', 'DE'], ['2027-03-03', 'UPS', 'DE'],
  ];
  for (const [date, carrier, country] of plan) {
    const receiver = country === 'DE' ? shipmentDocument().data.attributes.shipTo : { name: 'Client Dubois', address1: '8 Rue de Rivoli', city: 'Paris', postalCode: '75004', country: 'FR', contact: 'Marie Dubois', phone: '33142000000', email: 'marie@dubois.example' };
    const made = await station.api('POST', '/shipments', shipment(carrier, { shipDate: date, shipTo: receiver }));
    expect(made.status, JSON.stringify(made.json)).toBe(201);
  }

  await signIn(page, station);
  await page.getByRole('link', { name: 'Reports' }).click();
  await page.getByLabel('From', { exact: true }).fill('2027-03-01');
  await page.getByLabel('To', { exact: true }).fill('2027-03-03');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByText('7 shipment(s), 7 package(s), 14.0 kg')).toBeVisible();

  for (const title of ['Shipments per day', 'Cost per carrier', 'Top destinations', 'Average cost per kg']) {
    const figure = page.getByRole('figure', { name: title });
    await expect(figure.locator('.recharts-bar-rectangle').first()).toBeVisible();
  }
  // Per day, stacked by carrier: 3 days with UPS, 2 with DHL.
  const perDay = page.getByRole('figure', { name: 'Shipments per day' });
  await expect(perDay.locator('.recharts-bar-rectangle')).toHaveCount(5);
  await expect(page.getByRole('figure', { name: 'Top destinations' }).locator('.recharts-bar-rectangle')).toHaveCount(2);
  await perDay.getByText('Shipments per day as a table').click();
  const dayTable = perDay.getByRole('table');
  await expect(dayTable.getByRole('row', { name: /^2027-03-01/ })).toHaveText(/2027-03-01\s*[12]\s*[12]/);
  await expect(dayTable.getByRole('row')).toHaveCount(4);

  // The chart's accessibility layer: focus it and walk the days with the arrow keys; the tooltip reads each out.
  await perDay.locator('svg.recharts-surface[tabindex="0"]').focus();
  await page.keyboard.press('ArrowRight');
  await expect(perDay.locator('.recharts-tooltip-wrapper')).toContainText('2027-03-0');
  await snap(page, 'reports');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('shipments-2027-03-01-2027-03-03.csv');
  const csv = readFileSync((await file.path())!, 'utf8').trim().split(/\r?\n/);
  expect(csv[0]).toBe('date,carrier,shipments,packages,weight_kg,cost,currency');
  expect(csv.filter((line) => line.startsWith('2027-03-01,UPS,2,2,4,'))).toHaveLength(1);
  expect(csv).toHaveLength(1 + 5);
});
