// The desk UI from another PC on the LAN: Chromium reaches the station by the desk's name (mapped to this machine,
// as the warehouse's DNS would), over HTTPS with the warehouse's certificate, and works as on the station's own PC.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { runCli, serve, type Served } from '../helpers/cli.ts';
import { CHROMIUM_ARGS, chromiumMissing, chromiumPath } from './chromium.ts';
import { openScreen, PASSWORD, shipmentDocument } from './fixtures.ts';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { http } from '../helpers/http.ts';

const DESK_NAME = 'desk-7.warehouse.lan';

base.use({
  // The warehouse's DNS, in one flag: the desk's name resolves to this machine.
  launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${DESK_NAME} 127.0.0.1`] },
  // The certificate is the warehouse's own, which this fresh browser profile has not been told to trust.
  ignoreHTTPSErrors: true,
});

let folder: string;
let served: Served | undefined;
let reference = '';

base.beforeAll(async () => {
  base.skip(chromiumMissing() !== undefined, chromiumMissing());
  folder = mkdtempSync(join(tmpdir(), 'station-lan-'));
  const dataDir = join(folder, 'data');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-keyout',
      join(folder, 'station.key'),
      '-out',
      join(folder, 'station.crt'),
      '-subj',
      `/CN=${DESK_NAME}`,
      '-addext',
      `subjectAltName=DNS:${DESK_NAME},IP:127.0.0.1`,
    ],
    { stdio: 'ignore' },
  );
  const added = await runCli([
    'client',
    'add',
    '--data',
    dataDir,
    '--username',
    'packer7',
    '--password',
    PASSWORD,
    '--name',
    'Bottega Verdi',
    '--country',
    'IT',
    '--json',
  ]);
  if (added.code !== 0) throw new Error(added.stderr);
  served = await serve([
    '--data',
    dataDir,
    '--port',
    '0',
    '--allow-host',
    DESK_NAME,
    '--tls-cert',
    join(folder, 'station.crt'),
    '--tls-key',
    join(folder, 'station.key'),
  ]);
  // A shipment made through the API by the desk's name, as an ERP elsewhere on the LAN would.
  const ca = readFileSync(join(folder, 'station.crt'));
  const host = `${DESK_NAME}:${new URL(served.url).port}`;
  const { integrationKey } = JSON.parse((await runCli(['keys', '--data', dataDir, '--json'])).stdout);
  const signIn = await http(`${served.url}/v3/clients/authentication`, {
    method: 'POST',
    ca,
    headers: {
      Host: host,
      Accept: 'application/vnd.api+json',
      Authorization: serviceApiAuthorization(authenticationHash('packer7', PASSWORD), integrationKey),
    },
  });
  const created = await http(`${served.url}/v3/shipments/save`, {
    method: 'POST',
    ca,
    headers: {
      Host: host,
      Accept: 'application/vnd.api+json',
      'Content-Type': 'application/vnd.api+json',
      Authorization: `Bearer ${signIn.json.meta.token}`,
    },
    body: JSON.stringify(shipmentDocument()),
  });
  if (created.status !== 202) throw new Error(created.text);
  reference = created.json.data.meta.reference;
});

base.afterAll(async () => {
  await served?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

base('another PC signs in by the desk’s name over HTTPS and gets the whole desk', async ({ page }) => {
  const port = new URL(served!.url).port;
  expect(served!.url).toMatch(/^https:/);
  await page.goto(`https://${DESK_NAME}:${port}/`);
  await page.getByLabel('Username').fill('packer7');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  // Today, the home, then Enter on its New shipment.
  await expect(page.getByRole('button', { name: 'New shipment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Receiver search' })).toBeFocused();
  await openScreen(page, 'Shipments');
  await expect(page.getByRole('table', { name: 'Shipments' }).getByRole('row').filter({ hasText: reference })).toHaveCount(1);
  expect(new URL(page.url()).host).toBe(`${DESK_NAME}:${port}`);
});
