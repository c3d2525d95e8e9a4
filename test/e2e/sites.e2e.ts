// Sites at the desk, in Chromium: an admin adds Verona with its address in Settings → Sites and makes this desk
// stand there; New shipment starts with Verona's address as the sender; Today says the site and counts its parcels
// only; a supervisor switches Today to All sites and sees both sites' parcels; a packer has no selector, only the
// desk's site. The station runs in this process on a set clock (a Monday morning before every cutoff), so the
// parcels made now are today's whatever day the test runs.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, openScreen, PASSWORD, shipmentDocument, test } from './fixtures.ts';
import { setClock } from '../helpers/clock.ts';
import { chromiumMissing } from './chromium.ts';
import { addRawQueue, cupsMissing, removeQueue } from '../helpers/printers.ts';
import { startClockedStation, type ClockedStation } from './clocked-station.ts';

test.describe.configure({ mode: 'serial' });

const clock = setClock('2026-11-23 09:00', 'Europe/Rome');
/** A holiday of Verona's, two weeks on: a Tuesday. */
const HOLIDAY = clock.day(15);
const SUPERVISOR = { username: 'sara', password: 'supervisor-password-1', role: 'supervisor', name: 'Sara Supervisor' };
const PACKER = { username: 'paul', password: 'packer-password-1', role: 'packer', name: 'Paul Packer' };

/** Verona's Zebra: a queue the printing system knows (nothing is printed on it here). */
const ZEBRA = `sites-e2e-zebra-${process.pid}`;

let clocked: ClockedStation;
const api = (method: string, path: string, body?: unknown) => clocked.call(method, path, body);

/** A UPS parcel booked now through the API, at the site the station's desk stands at. */
async function booked(): Promise<void> {
  const made = await api('POST', '/shipments', shipmentDocument({ scheduledProcessing: false, service: 'economy', carrierChoice: 'UPS' }));
  expect(made.status, JSON.stringify(made.json)).toBe(201);
}

async function signInAs(page: Page, username: string, password: string): Promise<void> {
  await page.goto(clocked.url);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /^Today, / })).toBeVisible();
}

/** axe-core finds nothing on the page, of any rule or impact. */
async function accessible(page: Page, where: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  expect(
    result.violations.map((violation) => `${where}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** A site's id by its name. */
async function siteId(name: string): Promise<string> {
  const sites: { id: string; attributes: { name: string } }[] = (await api('GET', '/warehouses')).json.data;
  return sites.find((site) => site.attributes.name === name)!.id;
}

/** Today's UPS parcels made, as the by-carrier table shows them. */
const upsMade = (page: Page) =>
  page.getByRole('table', { name: 'Shipments today by carrier' }).getByRole('row', { name: /^UPS/ }).getByRole('cell').first();

test.beforeAll(async () => {
  const missing = chromiumMissing();
  test.skip(missing !== undefined, missing);
  const noCups = cupsMissing();
  if (noCups && process.env.CI) throw new Error(`${noCups}; in CI a site's label printer is one of a real CUPS.`);
  if (!noCups) addRawQueue(ZEBRA, 'socket://127.0.0.1:9', 'Verona Zebra');
  clocked = await startClockedStation(clock, 'admin');
  for (const user of [SUPERVISOR, PACKER])
    expect((await api('POST', '/users', { data: { type: 'user', attributes: user } })).status).toBe(201);
  // A parcel of the main site (Milano), made before the desk stands at Verona.
  await booked();
});

test.afterAll(async () => {
  await clocked?.stop();
  if (!cupsMissing()) removeQueue(ZEBRA);
});

test('an admin adds Verona and stands the desk there; its parcels go from Verona; Today is per site', async ({ page, snap }) => {
  await signInAs(page, 'desk', PASSWORD);
  // One site: the desk says nothing of sites.
  await expect(page.locator('.app__site')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Site' })).toHaveCount(0);

  await openScreen(page, 'Settings');
  const sites = page.getByRole('region', { name: 'Sites' });
  await expect(sites.getByRole('listitem')).toHaveCount(1);
  await expect(sites.getByRole('listitem').first()).toContainText('Main site');
  await expect(sites.getByRole('listitem').first()).toContainText('The account’s address');
  await sites.getByRole('button', { name: 'Add a site' }).click();
  const form = sites.getByRole('form', { name: 'New site' });
  await form.getByRole('textbox', { name: 'Site name' }).fill('Verona');
  // A sender address without its street is refused at its field before it is sent.
  await form.getByRole('textbox', { name: 'Sender address: Company name' }).fill('Magazzino Verona');
  await form.getByRole('button', { name: 'Save the site' }).click();
  await expect(form.getByRole('textbox', { name: 'Sender address: Address', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('textbox', { name: 'Sender address: Contact person' }).fill('Marco Neri');
  await form.getByRole('textbox', { name: 'Sender address: Address', exact: true }).fill('Via Mazzini 5');
  await form.getByRole('textbox', { name: 'Sender address: Postal code' }).fill('37121');
  await form.getByRole('textbox', { name: 'Sender address: City' }).fill('Verona');
  await form.getByRole('combobox', { name: 'Sender address: Country' }).fill('Ital');
  await page.keyboard.press('Enter');
  await form.getByRole('textbox', { name: 'Sender address: State or province' }).fill('VR');
  await form.getByRole('textbox', { name: 'Sender address: Phone' }).fill('0451234567');
  await form.getByRole('textbox', { name: 'Sender address: Email' }).fill('verona@verdi.example');
  // The station's refusal is said at the field it names: a zone it does not know.
  await form.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Verona');
  await form.getByRole('button', { name: 'Save the site' }).click();
  await expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveAttribute('aria-invalid', 'true');
  await accessible(page, 'a new site refused');
  await expect(form.getByRole('combobox', { name: 'Time zone' })).toHaveAccessibleDescription(/time zone/i);
  await form.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Rome');
  await form.getByRole('button', { name: 'Save the site' }).click();

  const verona = sites.getByRole('listitem', { name: 'Verona' });
  await expect(verona).toContainText('Magazzino Verona, Via Mazzini 5, 37121 Verona, IT');
  await expect(verona).toContainText('The site’s address');
  await expect(verona).toContainText('Europe/Rome');
  // Two sites, and nobody chose this desk's: the desk asks which it stands at, and names its site in the top bar.
  await expect(page.getByRole('heading', { name: 'Which site does this desk stand at?' })).toBeVisible();
  await expect(page.locator('.app__site')).toHaveText(/site Bottega Verdi/);
  await verona.getByRole('button', { name: 'This desk stands here' }).click();
  await expect(verona).toContainText('This desk');
  await expect(verona.getByRole('button', { name: 'This desk stands here' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Which site does this desk stand at?' })).toHaveCount(0);
  await expect(page.locator('.app__site')).toHaveText(/site Verona/);

  // Verona's own calendar: a holiday and a later UPS cutoff; a date the station refuses is said at the field.
  await verona.getByRole('button', { name: 'Edit Verona' }).click();
  const editing = sites.getByRole('form', { name: 'Editing Verona' });
  await expect(editing.getByRole('textbox', { name: 'Sender address: City' })).toHaveValue('Verona');
  await editing.getByRole('textbox', { name: 'Holidays' }).fill(`${HOLIDAY.slice(0, 8)}32`);
  await editing.getByLabel('Cutoff UPS').fill('17:30');
  await editing.getByLabel('Cutoff DHL Express').fill('16:00');
  await editing.getByRole('button', { name: 'Save the site' }).click();
  await expect(editing.getByRole('textbox', { name: 'Holidays' })).toHaveAttribute('aria-invalid', 'true');
  await editing.getByRole('textbox', { name: 'Holidays' }).fill(HOLIDAY);
  await editing.getByRole('button', { name: 'Save the site' }).click();
  await expect(editing).toHaveCount(0);
  await expect(verona).toContainText('UPS 17:30');
  await expect(verona).not.toContainText('The station’s');
  const saved = (await api('GET', `/warehouses/${await siteId('Verona')}`)).json.data.attributes;
  // Kept under the carrier choices' codes, as the station's cutoffs are.
  expect(saved).toMatchObject({ holidays: [HOLIDAY], cutoffs: { UPS: '17:30', DHL: '16:00' }, timeZone: 'Europe/Rome' });
  await expect(verona).toContainText('DHL Express 16:00');

  // Verona's desks print ZPL at 300 dpi on its Zebra: this desk, which nobody set up for printing, follows at once.
  await verona.getByRole('button', { name: 'Edit Verona' }).click();
  const printing = sites.getByRole('form', { name: 'Editing Verona' }).getByRole('group', { name: 'Print defaults' });
  await expect(printing.getByRole('combobox', { name: 'Print defaults: Label format' })).toHaveValue('');
  await printing.getByRole('combobox', { name: 'Print defaults: Label format' }).selectOption({ label: 'ZPL (thermal printers)' });
  await printing.getByRole('combobox', { name: 'Print defaults: Printer resolution' }).selectOption({ label: '300 dpi' });
  if (!cupsMissing()) await printing.getByRole('combobox', { name: 'Print defaults: Label printer' }).selectOption(ZEBRA);
  await accessible(page, 'a site’s print defaults');
  await sites.getByRole('form', { name: 'Editing Verona' }).getByRole('button', { name: 'Save the site' }).click();
  await expect(sites.getByRole('form', { name: 'Editing Verona' })).toHaveCount(0);
  await expect(verona).toContainText('Label format: ZPL (thermal printers), Printer resolution: 300 dpi');
  expect((await api('GET', `/warehouses/${await siteId('Verona')}`)).json.data.attributes.printing).toEqual({
    format: 'zpl',
    dpi: 300,
    ...(cupsMissing() ? {} : { printer: ZEBRA }),
  });
  const printer = page.getByRole('region', { name: 'Printing' });
  await expect(printer.getByRole('combobox', { name: 'Label format' })).toHaveValue('zpl');
  await expect(printer.getByRole('combobox', { name: 'Printer resolution' })).toHaveValue('300');
  if (!cupsMissing()) await expect(printer.getByRole('combobox', { name: 'Label printer' })).toHaveValue(ZEBRA);
  expect((await api('GET', '/print-settings')).json.data.attributes).toMatchObject({ format: 'zpl', dpi: 300 });

  await snap(page, 'sites-settings');
  await accessible(page, 'Settings → Sites');

  // New shipment starts from Verona.
  await openScreen(page, 'New shipment');
  await expect(page.getByRole('region', { name: 'Sender' })).toContainText('Magazzino Verona, Via Mazzini 5, 37121 Verona, IT');

  // A parcel of Verona's: Today, at Verona, counts it and not Milano's.
  await booked();
  await openScreen(page, 'Today');
  await expect(page.getByText('At Verona')).toBeVisible();
  await expect(upsMade(page)).toHaveText('1');
});

test('a supervisor switches Today to All sites; a packer sees only the desk’s site, with no selector', async ({ page, snap }) => {
  await signInAs(page, SUPERVISOR.username, SUPERVISOR.password);
  // The desk's site was chosen: nobody is asked again.
  await expect(page.getByRole('heading', { name: 'Which site does this desk stand at?' })).toHaveCount(0);
  const selector = page.getByRole('combobox', { name: 'Site' });
  await expect(selector).toHaveValue('2');
  await expect(selector.getByRole('option')).toHaveText(['Bottega Verdi', 'Verona (this desk)', 'All sites']);
  await expect(upsMade(page)).toHaveText('1');
  await selector.selectOption({ label: 'All sites' });
  await expect(upsMade(page)).toHaveText('2');
  await expect(page.locator('.today__site')).toHaveText('All sites');
  await selector.selectOption({ label: 'Bottega Verdi' });
  await expect(page.locator('.today__site')).toHaveText('At Bottega Verdi');
  await expect(upsMade(page)).toHaveText('1');
  await snap(page, 'sites-today-supervisor');
  await accessible(page, 'Today with its site selector');

  // Close day looks at the site chosen on Today, and is of one site: no All sites. Verona's UPS day closes;
  // Milano's stays open.
  await openScreen(page, 'Close day');
  const closeSite = page.getByRole('combobox', { name: 'Site' });
  await expect(closeSite).toHaveValue('1');
  await expect(closeSite.getByRole('option')).toHaveText(['Bottega Verdi', 'Verona (this desk)']);
  const ups = page.getByRole('region', { name: 'UPS', exact: true });
  await expect(ups).toContainText('To close: 1 shipment,');
  await closeSite.selectOption({ label: 'Verona (this desk)' });
  await expect(ups).toContainText('To close: 1 shipment,');
  await ups.getByRole('button', { name: 'Close UPS' }).click();
  await expect(page.getByRole('table', { name: 'Manifests' })).toContainText(/UPS-\d{8}-\d+S2-1/);
  await expect(ups).toContainText('Nothing left to close.');
  await closeSite.selectOption({ label: 'Bottega Verdi' });
  await expect(ups).toContainText('To close: 1 shipment,');
  await expect(page.getByRole('table', { name: 'Manifests' })).not.toContainText('S2-1');
  const manifests = (await api('GET', `/manifests?date=${clock.today()}&site=all`)).json.data;
  expect(manifests.map((manifest: { attributes: { site: string } }) => manifest.attributes.site)).toEqual(['2']);

  // Reports too: Milano's month, then the account's.
  await openScreen(page, 'Reports');
  await expect(page.getByRole('combobox', { name: 'Site' })).toHaveValue('1');
  await expect(page.getByText(/^1 shipment, 1 package,/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Site' }).selectOption({ label: 'All sites' });
  await expect(page.getByText(/^2 shipments, 2 packages,/)).toBeVisible();
  // Its CSV says it is every site's.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^shipments-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d-all-sites\.csv$/);
  await page.getByRole('combobox', { name: 'Site' }).selectOption({ label: 'Bottega Verdi' });

  // The Shipments list is of the site chosen last (Milano), or of all of them.
  await openScreen(page, 'Shipments');
  const listed = page.getByRole('table', { name: 'Shipments' }).locator('tbody tr');
  await expect(page.getByRole('combobox', { name: 'Site' })).toHaveValue('1');
  await expect(listed).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Site' }).selectOption({ label: 'All sites' });
  await expect(listed).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out' }).click();

  await signInAs(page, PACKER.username, PACKER.password);
  await expect(page.locator('.app__site')).toHaveText(/site Verona/);
  await expect(page.getByText('At Verona')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Site' })).toHaveCount(0);
  await expect(upsMade(page)).toHaveText('1');
  await openScreen(page, 'Shipments');
  await expect(page.getByRole('table', { name: 'Shipments' }).locator('tbody tr')).toHaveCount(1);
  // Its detail says the site it ships from.
  await page.getByRole('table', { name: 'Shipments' }).locator('tbody tr').first().getByRole('button').click();
  const detail = page.getByRole('region', { name: 'Shipment detail' });
  await expect(detail).toContainText(/Site\s*Verona/);
  await expect(page.getByRole('combobox', { name: 'Site' })).toHaveCount(0);
});

test('a desk nobody placed: a packer is told where it stands, a supervisor is asked once which site it stands at', async ({ page }) => {
  const other = await startClockedStation(clock, 'admin');
  try {
    for (const user of [SUPERVISOR, PACKER])
      expect((await other.call('POST', '/users', { data: { type: 'user', attributes: user } })).status).toBe(201);
    const added = await other.call('POST', '/warehouses', { data: { type: 'warehouse', attributes: { name: 'Verona' } } });
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    const signInThere = async (user: { username: string; password: string }) => {
      await page.goto(other.url);
      await page.getByLabel('Username').fill(user.username);
      await page.getByLabel('Password').fill(user.password);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: /^Today, / })).toBeVisible();
    };
    const asked = page.getByRole('heading', { name: 'Which site does this desk stand at?' });

    // A packer may not choose: told where the desk stands (the main site) and whom to ask.
    await signInThere(PACKER);
    await expect(page.getByRole('status').filter({ hasText: 'This desk stands at Bottega Verdi.' })).toContainText('ask a supervisor');
    await expect(asked).toHaveCount(0);
    await expect(page.locator('.app__site')).toHaveText(/site Bottega Verdi/);
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'This desk stands at' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign out' }).click();

    // A supervisor is asked; Not now keeps the main site for this session, and the next sign-in asks again.
    await signInThere(SUPERVISOR);
    await expect(asked).toBeVisible();
    await accessible(page, 'the site chooser');
    await page.getByRole('button', { name: 'Not now (keep Bottega Verdi)' }).click();
    await expect(asked).toHaveCount(0);
    // Signed out and in again on the same page (no reload): asked again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Username').fill(SUPERVISOR.username);
    await page.getByLabel('Password').fill(SUPERVISOR.password);
    await page.keyboard.press('Enter');
    await expect(asked).toBeVisible();
    await page.getByRole('region', { name: 'Which site does this desk stand at?' }).getByRole('button', { name: 'Verona' }).click();
    await expect(asked).toHaveCount(0);
    await expect(page.locator('.app__site')).toHaveText(/site Verona/);
    expect((await other.call('GET', '/warehouses')).json.meta.desk).toMatchObject({ site: added.json.data.id, chosen: true });
    // Chosen: nobody is asked again, and a packer is told nothing more.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInThere(SUPERVISOR);
    await expect(page.locator('.app__site')).toHaveText(/site Verona/);
    await expect(asked).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInThere(PACKER);
    await expect(page.getByRole('status').filter({ hasText: 'This desk stands at' })).toHaveCount(0);
  } finally {
    await other.stop();
  }
});
