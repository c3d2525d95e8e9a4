// Settings → Orders folder in Chromium (docs/shipments.md, "Watched folder"): an admin sets the folder the station
// watches, as the desktop app must (it takes no command-line options); a shop's export dropped into it shows up as
// orders on the Orders screen with no click, and the watch is stopped from there too. Packers and
// supervisors do not see the region.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openScreen, signIn, signInAs, test } from './fixtures.ts';

// The account's orders are counted exactly here: a station of its own, not the worker's shared one.
test.use({ stationOf: 'orders-folder' });

const ADMIN = { username: 'folder-boss', password: 'folder-boss-2026' };
const SHOPIFY = readFileSync(new URL('../fixtures/orders/shopify-orders.csv', import.meta.url));
const files = (folder: string) => (existsSync(folder) ? readdirSync(folder).sort() : []);

let root: string;
test.beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'orders-folder-e2e-'));
});
test.afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

test('an admin sets the orders folder in Settings; a Shopify export dropped there becomes the Orders screen’s orders', async ({
  page,
  station,
  snap,
}) => {
  // The desk's own user (not an admin) does not see the region.
  await signIn(page, station);
  await openScreen(page, 'Settings');
  await expect(page.getByRole('region', { name: 'Station calendar' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Orders folder' })).toHaveCount(0);

  const account = (await station.api('GET', '/clients/current')).json.data.id as string;
  const added = await station.cli([
    'user',
    'add',
    '--client',
    account,
    '--username',
    ADMIN.username,
    '--password',
    ADMIN.password,
    '--name',
    'Folder Boss',
    '--role',
    'admin',
  ]);
  expect(added.code, added.stderr).toBe(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInAs(page, station.url, ADMIN.username, ADMIN.password);
  await openScreen(page, 'Settings');
  const region = page.getByRole('region', { name: 'Orders folder' });
  await expect(region.getByTestId('orders-folder-state')).toHaveText('Not watching: no folder is set');
  const folderField = region.getByLabel('Folder on the station’s computer');
  const save = region.getByRole('button', { name: 'Save orders folder' });

  // A path that is not from the root, then a folder that is not there: each said at the field, nothing saved.
  await folderField.fill('orders-in');
  await save.click();
  await expect(
    region.getByText('Give the folder’s full path on the station’s computer, such as /srv/orders-in or C:\\Orders.'),
  ).toBeVisible();
  await expect(folderField).toHaveAttribute('aria-invalid', 'true');
  await folderField.fill(join(root, 'not-there'));
  await save.click();
  // In English the station's own reason, naming the folder (another language says the code's words).
  await expect(region.getByText(`${join(root, 'not-there')} is not a folder on the station's computer.`)).toBeVisible();
  expect((await station.api('GET', '/orders-folder')).json.data.attributes.folder).toBeNull();

  // The folder: watched at once, with no restart.
  const folder = mkdtempSync(join(root, 'orders-in-'));
  await folderField.fill(folder);
  await save.click();
  await expect(region.getByTestId('orders-folder-state')).toHaveText(`Watching ${folder}`);
  await expect(region.getByText(folder, { exact: true })).toBeVisible();
  await expect(folderField).not.toHaveAttribute('aria-invalid', 'true');
  await snap(page, 'settings-orders-folder');

  // The shop's export dropped into it: imported by itself, moved to imported/, and on the Orders screen.
  writeFileSync(join(folder, 'orders_export.csv'), SHOPIFY);
  await expect.poll(() => files(join(folder, 'imported')), { timeout: 15_000 }).toEqual(['orders_export.csv']);
  await openScreen(page, 'Orders');
  await expect(page.getByText('#1001', { exact: true })).toBeVisible();
  await expect(page.getByText('#1020', { exact: true })).toBeVisible();
  expect((await station.api('GET', '/orders?page[size]=100')).json.data).toHaveLength(20);

  // Stopped: the region and the API say so (test/api/orders-folder-setting.test.ts: a file then stays where it is).
  await openScreen(page, 'Settings');
  await region.getByRole('button', { name: 'Stop watching' }).click();
  await expect(region.getByTestId('orders-folder-state')).toHaveText('Not watching: no folder is set');
  expect((await station.api('GET', '/orders-folder')).json.data.attributes).toMatchObject({ folder: null, watching: false });
});
