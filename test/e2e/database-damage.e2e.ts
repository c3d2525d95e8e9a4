// The desk on a station whose SQLite file was damaged while it was stopped: the check right after start finds it,
// and the packer's first change is refused with a banner that says the database was found damaged, that it will
// not come back by itself, and who restores it. What the packer typed stays; saved shipments can still be read.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { runCli, serve, type Served } from '../helpers/cli.ts';
import { damagePages } from '../helpers/damage.ts';
import { chromiumMissing } from './chromium.ts';
import {
  BECKER_TYPED,
  addDeskClient,
  KUNDE_BECKER,
  PASSWORD,
  expect,
  fillParcel,
  shipmentDocument,
  signIn,
  test,
  type E2EStation,
} from './fixtures.ts';

let served: Served | undefined;
let folder: string | undefined;
let station: E2EStation;

test.beforeAll(async () => {
  const missing = chromiumMissing();
  test.skip(missing !== undefined, missing);
  folder = mkdtempSync(join(tmpdir(), 'station-e2e-damage-'));
  const dataDir = join(folder, 'data');
  await addDeskClient(['--data', dataDir]);
  const keys = JSON.parse((await runCli(['keys', '--data', dataDir, '--json'])).stdout);
  const first = await serve(['--data', dataDir, '--port', '0', '--desk', 'e2e-damage']);
  const signedIn = await fetch(`${first.url}/v3/clients/authentication`, {
    method: 'POST',
    headers: { Authorization: serviceApiAuthorization(authenticationHash('desk', PASSWORD), keys.integrationKey) },
  });
  const token = (await signedIn.json()).meta.token;
  for (let i = 0; i < 60; i++) {
    const made = await fetch(`${first.url}/v3/shipments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify(shipmentDocument({ service: 'economy', scheduledProcessing: false })),
    });
    expect(made.status).toBe(201);
  }
  await first.stop();
  expect(damagePages(join(dataDir, 'station.sqlite'), /^shipments$/)).toBeGreaterThan(0);
  served = await serve(['--data', dataDir, '--port', '0', '--desk', 'e2e-damage']);
  station = {
    url: served.url,
    dataDir,
    username: 'desk',
    cli: () => Promise.reject(new Error('not used')),
    api: () => Promise.reject(new Error('not used')),
  };
});

test.afterAll(async () => {
  await served?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('a damaged database: the first change is refused with a banner that names the way back, and what was typed stays', async ({
  page,
  snap,
}) => {
  await signIn(page, station);
  await expect(page.getByRole('button', { name: 'New shipment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await fillParcel(page, '2', BECKER_TYPED);
  await page.getByRole('button', { name: 'Get rates' }).click();

  const banner = page.getByRole('alert').filter({ hasText: 'database was found damaged' });
  await expect(banner).toContainText(/found damaged at \d\d:\d\d, so it takes no more changes/);
  await expect(banner).toContainText('station check');
  await expect(banner).toContainText('station restore');
  await snap(page, 'database-damaged');
  for (const [label, value] of [
    ['Receiver name', KUNDE_BECKER.name],
    ['Weight (kg)', '2'],
    ['Goods description', 'Ceramic cups'],
  ] as const) {
    await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveValue(value);
  }
  // Rates are a read and still come; booking is a change and is refused, with nothing booked.
  await expect(page.getByRole('table', { name: 'Rates' }).getByRole('radio').first()).toBeFocused();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText(ERROR_TEXT.storeDamaged)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Label preview' })).toHaveCount(0);
  await snap(page, 'database-damaged-confirm');
  // Damage does not heal: the desk asks the station's health again (it asks again only after an answer that says the
  // database is away), and the banner stays.
  await page.waitForRequest((request) => new URL(request.url()).pathname === '/v3/health');
  await expect(banner).toBeVisible();
});
