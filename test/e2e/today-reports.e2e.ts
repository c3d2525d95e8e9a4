// Today and Reports in Chromium. Today, the home after sign-in, shows the station's day per carrier as the API
// counts it, the next pickup, and New shipment with the focus. Reports draws the charts of a date range with
// Recharts (CO2e per carrier among them), each with its figures as a table; the per-day chart is walked by keyboard;
// the CSV exports download the station's CSVs (the shipments, their emissions).
// The station runs in this process on a set clock, a Monday morning before every cutoff, so that today is a working
// day with a pickup whatever day the test runs (on a real Saturday, today's parcels would ship on Monday).
import { readFileSync } from 'node:fs';
import { deskDate, expect, openScreen, shipmentDocument, signIn, test } from './fixtures.ts';
import { setClock } from '../helpers/clock.ts';
import { chromiumMissing } from './chromium.ts';
import { startClockedStation, type ClockedStation } from './clocked-station.ts';

test.describe.configure({ mode: 'serial' });

// The station's computer is in Kiritimati (UTC+14), the browser's in Los Angeles (UTC-8): 22 hours apart, so for
// most of the day they are on different dates, and only counting on the station's calendar gets the desk's right.
const STATION_ZONE = 'Pacific/Kiritimati';
test.use({ timezoneId: 'America/Los_Angeles' });
/** Monday 10:00 in Kiritimati; the Reports test's days, 23 to 25 days on, are a Wednesday to a Friday. */
const stationClock = setClock('2026-11-23 10:00', STATION_ZONE);

let clocked: ClockedStation;
/** The clocked station as the desk fixtures know a station: where it is, whom to sign in as, its API. */
let station: { url: string; username: string; api: ClockedStation['call'] };

test.beforeAll(async () => {
  const missing = chromiumMissing();
  test.skip(missing !== undefined, missing);
  // A supervisor, as the fixtures' desk user: Today offers the close.
  clocked = await startClockedStation(stationClock, 'supervisor');
  station = { url: clocked.url, username: 'desk', api: (method, path, body) => clocked.call(method, path, body) };
});

test.afterAll(async () => {
  await clocked?.stop();
});

const shipment = (carrier: string, extra: Record<string, unknown> = {}) => {
  const document = shipmentDocument({ scheduledProcessing: false, service: 'economy', carrierChoice: carrier });
  Object.assign(document.data.attributes, { booking: true, ...extra });
  return document;
};

test('Today: the day per carrier, the next pickup, and Enter starts packing', async ({ page, snap }) => {
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

test('Reports: the charts of a range, tables beside them, keyboard through the bars, and the CSV exports (shipments, emissions)', async ({
  page,
  snap,
}) => {
  // Three days well ahead on the station’s calendar, within the 30 days a ship date may be, two carriers, two destinations.
  const [first, second, third] = [23, 24, 25].map((days) => stationClock.day(days)) as [string, string, string];
  const plan: [string, string, string][] = [
    [first, 'UPS', 'DE'],
    [first, 'UPS', 'DE'],
    [first, 'DHL', 'FR'],
    [second, 'UPS', 'FR'],
    [third, 'DHL', 'DE'],
    [third, 'DHL', 'DE'],
    [third, 'UPS', 'DE'],
  ];
  for (const [date, carrier, country] of plan) {
    const receiver =
      country === 'DE'
        ? shipmentDocument().data.attributes.shipTo
        : {
            name: 'Client Dubois',
            address1: '8 Rue de Rivoli',
            city: 'Paris',
            postalCode: '75004',
            country: 'FR',
            contact: 'Marie Dubois',
            phone: '33142000000',
            email: 'marie@dubois.example',
          };
    const made = await station.api('POST', '/shipments', shipment(carrier, { shipDate: date, shipTo: receiver }));
    expect(made.status, JSON.stringify(made.json)).toBe(201);
  }

  await signIn(page, station);
  await openScreen(page, 'Reports');
  await page.getByLabel('From', { exact: true }).fill(first);
  await page.getByLabel('To', { exact: true }).fill(third);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByText('7 shipments, 7 packages, 14.0 kg')).toBeVisible();

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
  await expect(dayTable.getByRole('row', { name: new RegExp(`^${deskDate(first)}`) })).toHaveText(
    new RegExp(`${deskDate(first)}\\s*[12]\\s*[12]`),
  );
  await expect(dayTable.getByRole('row')).toHaveCount(4);
  // Carriers by name, never by code: the days' columns and the cost per carrier.
  await expect(dayTable.getByRole('columnheader', { name: 'DHL Express' })).toBeVisible();
  const cost = page.getByRole('figure', { name: 'Cost per carrier' });
  await cost.getByText('Cost per carrier as a table').click();
  await expect(cost.getByRole('table')).toContainText('DHL Express');
  await expect(page.getByRole('main')).not.toContainText('DHL_EXPRESS');

  // The chart's accessibility layer: focus it and walk the days with the arrow keys; the tooltip reads each out.
  await perDay.locator('svg.recharts-surface[tabindex="0"]').focus();
  await page.keyboard.press('ArrowRight');
  await expect(perDay.locator('.recharts-tooltip-wrapper')).toContainText(
    new RegExp(`${deskDate(first)}|${deskDate(second)}|${deskDate(third)}`),
  );
  await snap(page, 'reports');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`shipments-${first}-${third}.csv`);
  const csv = readFileSync((await file.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(csv[0]).toBe('date,carrier,shipments,packages,weight_kg,cost,currency');
  expect(csv.filter((line) => line.startsWith(`${first},UPS,2,2,4,`))).toHaveLength(1);
  expect(csv).toHaveLength(1 + 5);

  // What the parcels emitted, per carrier by name, and its CSV per month, site, carrier and service for the annual report.
  const emissions = page.getByRole('figure', { name: /^CO₂e per carrier \([\d.]+ kg in all\)$/ });
  await expect(emissions.locator('.recharts-bar-rectangle')).toHaveCount(2);
  await emissions.getByText(/as a table$/).click();
  await expect(emissions.getByRole('table')).toContainText('DHL Express');
  const emissionsDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export emissions CSV' }).click();
  const emissionsFile = await emissionsDownload;
  expect(emissionsFile.suggestedFilename()).toBe(`emissions-${first}-${third}.csv`);
  const emissionLines = readFileSync((await emissionsFile.path())!, 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(emissionLines[0]).toBe(
    'month,site,carrier,service,service_name,shipments,shipments_with_figure,co2e_kg,co2e_kg_per_shipment,method,data_quality',
  );
  const shipped = emissionLines.slice(1).map((line) => line.split(','));
  expect(shipped.reduce((total, cells) => total + Number(cells[5]), 0)).toBe(7);
  expect(shipped.every((cells) => Number(cells[7]) > 0 && cells[5] === cells[6])).toBe(true);
});

test('the desk counts days on the station’s clock and zone, not the browser’s', async ({ page, snap }) => {
  // The browser's own clock is three days behind as well as in another zone.
  await page.clock.install({ time: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000) });
  await signIn(page, station);
  const stationDay = page.getByTitle(/^The station’s date and time/);
  await expect(stationDay).toContainText(deskDate(stationClock.today()));
  await expect(stationDay).toContainText(STATION_ZONE);
  expect((await station.api('GET', '/calendar')).json.data.attributes).toMatchObject({
    timeZone: STATION_ZONE,
    today: stationClock.today(),
  });

  // The date fields start at the station's today: Close day's ship date, and the Shipments list from today on.
  await openScreen(page, 'Close day');
  await expect(page.getByLabel('Ship date')).toHaveValue(stationClock.today());
  await openScreen(page, 'Shipments');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(stationClock.today());

  // Settings shows the station's calendar; only an admin may change it.
  await openScreen(page, 'Settings');
  const calendar = page.getByRole('region', { name: 'Station calendar' });
  await expect(calendar).toContainText(STATION_ZONE);
  await expect(calendar).toContainText('an admin changes it');
  await expect(calendar.getByLabel('Station time zone')).toHaveCount(0);
  await snap(page, 'station-calendar');
});
