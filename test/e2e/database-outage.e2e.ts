// The desk while its shared database goes away: a station on a PostgreSQL cluster of this file's own, which is
// stopped while the packer fills in a shipment. The desk shows a banner with since when, keeps every value typed,
// and once the database is back the banner goes and the same shipment is booked, without a restart or a reload.
// A desk started while the database is away shows the same banner, and its sign-in once the database answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type Served } from '../helpers/cli.ts';
import { createDatabase, postgresBinaries, startPostgresCluster, type PostgresCluster } from '../helpers/postgres.ts';
import { chromiumMissing } from './chromium.ts';
import { BECKER_TYPED, PASSWORD, addDeskClient, KUNDE_BECKER, expect, fillParcel, signIn, test, type E2EStation } from './fixtures.ts';

const postgres = postgresBinaries();
if ('missing' in postgres && process.env.CI) throw new Error(`${postgres.missing}; in CI the desk's database outage test runs.`);

let cluster: PostgresCluster | undefined;
let served: Served | undefined;
let folder: string | undefined;
let station: E2EStation;
let databaseUrl = '';

test.beforeAll(async () => {
  const missing = chromiumMissing() ?? ('missing' in postgres ? postgres.missing : undefined);
  test.skip(missing !== undefined, missing);
  cluster = await startPostgresCluster();
  const url = await createDatabase(cluster.url);
  databaseUrl = url;
  folder = mkdtempSync(join(tmpdir(), 'station-e2e-pg-'));
  const dataDir = join(folder, 'data');
  await addDeskClient(['--database', url]);
  served = await serve(['--database', url, '--data', dataDir, '--port', '0', '--desk', 'e2e-pg-desk']);
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
  cluster?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('while the database is away the desk shows since when and keeps what was typed; once back, the same shipment is booked', async ({
  page,
  snap,
}) => {
  await signIn(page, station);
  await expect(page.getByRole('button', { name: 'New shipment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await fillParcel(page, '2', BECKER_TYPED);

  await cluster!.halt('fast');
  await page.getByRole('button', { name: 'Get rates' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'database is unavailable since' });
  await expect(banner).toContainText(/unavailable since \d\d:\d\d/);
  await expect(banner).toContainText('reconnects by itself');
  await snap(page, 'database-away');
  for (const [label, value] of [
    ['Receiver name', KUNDE_BECKER.name],
    ['Weight (kg)', '2'],
    ['Goods description', 'Ceramic cups'],
    ['Invoice value', '64.50'],
  ] as const) {
    await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveValue(value);
  }

  await cluster!.resume();
  await expect(banner).toHaveCount(0, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Get rates' }).click();
  await expect(page.getByRole('table', { name: 'Rates' }).getByRole('radio').first()).toBeFocused();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Label preview' })).toHaveAttribute('data-rendered', 'true');
  await expect(page.getByRole('complementary', { name: 'Shipment' })).toContainText(KUNDE_BECKER.name);
});

test('a desk started before its database shows the banner while it waits, and the sign-in once it answers, without a reload', async ({
  page,
}) => {
  await cluster!.halt('fast');
  const late = await serve(['--database', databaseUrl, '--data', join(folder!, 'late'), '--port', '0', '--desk', 'e2e-late-desk']);
  try {
    await page.goto(late.url);
    const banner = page.getByRole('alert').filter({ hasText: 'database is unavailable since' });
    await expect(banner).toContainText('reconnects by itself');
    await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);

    await cluster!.resume();
    await expect(banner).toHaveCount(0, { timeout: 20_000 });
    // The same page, not reloaded: the desk started by itself once the station served.
    await page.getByLabel('Username').fill(station.username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'New shipment' })).toBeFocused();
  } finally {
    await late.stop();
  }
});
