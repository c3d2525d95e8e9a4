// What each role is offered on the Shipments screen, in Chromium with a real CUPS queue: a packer prints a label
// never printed from its detail and bulk prints the labels never printed (the reprints left out, by reference), is
// offered no reprint and no void of a processed shipment, and is told that closing the day is for supervisors; a
// supervisor reprints one label from its detail, and confirms a bulk print's reprints, told how many they are.
import type { Page } from '@playwright/test';
import { cupsMissing } from '../helpers/printers.ts';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { expect, openScreen, shipmentDocument, signIn, signInAs, test } from './fixtures.ts';
import { startDeskHardware, type DeskHardware } from './desk-hardware.ts';

test.describe.configure({ mode: 'serial' });

const missing = cupsMissing();
if (missing && process.env.CI) throw new Error(`${missing}; in CI the print roles test must run.`);

const PACKER = { username: 'print-paula', name: 'Paula Packer', password: 'print-paula-2026' };
let hardware: DeskHardware | undefined;
let queue = '';
let packerToken = '';
/** The packer's parcels: [id, reference]; the first is printed before the desk opens. */
const parcels: { id: string; reference: string }[] = [];

test.beforeAll(async ({ station }) => {
  test.skip(missing !== undefined, missing);
  hardware = await startDeskHardware('print-roles', 'Roles labels');
  queue = hardware.queue;
  expect(
    (await station.api('PATCH', '/print-settings', { data: { type: 'printSettings', attributes: { printer: queue, format: 'pdf' } } }))
      .status,
  ).toBe(200);
  const account = (await station.api('GET', '/clients/current')).json.data.id as string;
  const added = await station.cli([
    'user',
    'add',
    '--client',
    account,
    '--username',
    PACKER.username,
    '--password',
    PACKER.password,
    '--name',
    PACKER.name,
    '--role',
    'packer',
    '--json',
  ]);
  expect(added.code, added.stderr).toBe(0);
  const keys = JSON.parse((await station.cli(['keys', '--json'])).stdout);
  const signedIn = await fetch(`${station.url}/v3/clients/authentication`, {
    method: 'POST',
    headers: { Authorization: serviceApiAuthorization(authenticationHash(PACKER.username, PACKER.password), keys.integrationKey) },
  });
  packerToken = (await signedIn.json()).meta.token;
  for (let index = 0; index < 4; index++) parcels.push(await packerShips(station.url, `Roles Receiver ${index}`));
  // The first label was printed already (as the desk's automatic print would have).
  expect(
    (await packerCall(station.url, 'POST', `/shipments/${parcels[0]!.id}/print`, { data: { type: 'printJob', attributes: {} } })).status,
  ).toBe(202);
});

test.afterAll(async ({ station }) => {
  await hardware?.stop(station);
  await station.cli(['user', 'remove', '--username', PACKER.username]);
});

async function packerCall(url: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(`${url}/v3${path}`, {
    method,
    headers: { Authorization: `Bearer ${packerToken}`, 'Content-Type': 'application/vnd.api+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: response.status === 204 ? null : await response.json() };
}

/** A processed parcel made by the packer, as their desk would make it. */
async function packerShips(url: string, name: string): Promise<{ id: string; reference: string }> {
  const document = shipmentDocument({ scheduledProcessing: false, service: 'economy', carrierChoice: 'UPS' });
  document.data.attributes.shipTo = { ...document.data.attributes.shipTo, name };
  const made = await packerCall(url, 'POST', '/shipments', document);
  expect(made.status).toBe(201);
  return { id: made.json.data.id, reference: made.json.data.meta.reference };
}

/** The Shipments screen narrowed to the packer's parcels. */
async function packersShipments(page: Page): Promise<void> {
  await openScreen(page, 'Shipments');
  await page.getByLabel('Made by').selectOption(PACKER.username);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Shipments' }).getByRole('row')).toHaveCount(parcels.length + 1);
}

const openParcel = (page: Page, reference: string) =>
  page
    .getByRole('table', { name: 'Shipments' })
    .getByRole('button', { name: new RegExp(`^Open shipment ${reference}`) })
    .click();

test('a packer prints the labels never printed, in bulk and from a detail, and is offered no reprint, no void and no close', async ({
  page,
  station,
  snap,
}) => {
  await signInAs(page, station.url, PACKER.username, PACKER.password);
  await packersShipments(page);
  const bulk = page.getByRole('region', { name: 'Print labels' });
  await bulk.getByRole('button', { name: 'Print 4 labels as one job' }).click();
  // The three never printed are printed; the one printed before is left out, by its reference.
  await expect(bulk.getByRole('status')).toHaveText(
    `Printed 3 labels on Roles labels (${queue}), as one job. 1 label left out, printed before (a reprint needs a supervisor): ${parcels[0]!.reference}.`,
    { timeout: 20_000 },
  );
  await snap(page, 'shipments-packer-bulk-left-out');

  // The parcel printed before: no reprint and no void for a packer, and a word why; a return may be made.
  const detail = page.getByRole('region', { name: 'Shipment detail' });
  await openParcel(page, parcels[0]!.reference);
  await expect(detail.getByRole('button', { name: 'Return' })).toBeVisible();
  await expect(detail.getByText('Its label was printed before: a reprint needs a supervisor.')).toBeVisible();
  await expect(detail.getByRole('button', { name: /label/i })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // A new parcel, never printed: Print label, followed until printed; then no second print is offered.
  parcels.push(await packerShips(station.url, 'Roles Receiver 4'));
  await packersShipments(page);
  await openParcel(page, parcels[4]!.reference);
  await detail.getByRole('button', { name: 'Print label' }).click();
  await expect(detail.getByRole('status').filter({ hasText: `Printed on Roles labels (${queue}).` })).toBeVisible({ timeout: 20_000 });
  // The detail says what the printer got, as the label screen does.
  await expect(detail.getByRole('status').filter({ hasText: `Printed on Roles labels (${queue}).` })).toContainText(
    /Sent as (PDF|ZPL|EPL2|PNG) /,
  );
  await expect(detail.getByRole('button', { name: /label/i })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // Every label is printed now: a bulk print is refused as a whole, naming them.
  await bulk.getByRole('button', { name: 'Print 5 labels as one job' }).click();
  await expect(bulk.getByRole('alert')).toContainText(
    'Nothing printed: all 5 labels were printed before, and a reprint needs a supervisor:',
  );
  for (const parcel of parcels) await expect(bulk.getByRole('alert')).toContainText(parcel.reference);

  // Close day by its address: not a blank page, but whose it is.
  await page.goto(`${station.url}/#/close-day`);
  await expect(page.getByRole('status').filter({ hasText: 'Closing the day is for supervisors.' })).toBeVisible();
  await snap(page, 'close-day-packer');
  await page.getByRole('button', { name: 'Back to Today' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Today/ })).toBeVisible();
  // Nothing was reprinted by the packer.
  const reprints = await station.api('GET', '/audit-events?filter[action]=label.reprinted');
  expect(
    reprints.json.data.filter(
      (event: { attributes: { actor: { username: string } } }) => event.attributes.actor.username === PACKER.username,
    ),
  ).toEqual([]);
});

test('a supervisor reprints one label from its detail, and confirms a bulk print’s reprints, told how many', async ({
  page,
  station,
  snap,
}) => {
  parcels.push(await packerShips(station.url, 'Roles Receiver 5'));
  await signIn(page, station);
  await packersShipments(page);
  const bulk = page.getByRole('region', { name: 'Print labels' });
  await bulk.getByRole('button', { name: 'Print 6 labels as one job' }).click();
  const question = bulk.getByRole('alertdialog', { name: 'Confirm reprints' });
  await expect(question).toContainText('5 labels of the 6 listed were printed before.');
  await snap(page, 'shipments-supervisor-confirm-reprints');
  // Only the new one first; the five are left out and named.
  await question.getByRole('button', { name: 'Print only the 1 new label' }).click();
  await expect(bulk.getByRole('status')).toHaveText(
    new RegExp(`^Printed 1 label on Roles labels \\(${queue}\\), as one job\\. 5 labels left out, printed before: `),
    { timeout: 20_000 },
  );
  // Then all six again, confirmed.
  await bulk.getByRole('button', { name: 'Print 6 labels as one job' }).click();
  await expect(question).toContainText('6 labels of the 6 listed were printed before.');
  await expect(question.getByRole('button', { name: /^Print only/ })).toHaveCount(0);
  await question.getByRole('button', { name: 'Reprint too: print all 6 labels' }).click();
  await expect(bulk.getByRole('status')).toHaveText(`Printed 6 labels on Roles labels (${queue}), as one job.`, { timeout: 20_000 });

  // One label reprinted from its detail; a supervisor may also void it.
  const detail = page.getByRole('region', { name: 'Shipment detail' });
  await openParcel(page, parcels[1]!.reference);
  await expect(detail.getByRole('button', { name: 'Delete' })).toBeVisible();
  await detail.getByRole('button', { name: 'Reprint label' }).click();
  await expect(detail.getByRole('status').filter({ hasText: `Printed on Roles labels (${queue}).` })).toBeVisible({ timeout: 20_000 });
  const reprints = await station.api('GET', `/audit-events?filter[action]=label.reprinted&filter[actor]=${station.username}&page[size]=20`);
  const single = reprints.json.data.filter(
    (event: { attributes: { subject: { id: string } } }) => event.attributes.subject.id === parcels[1]!.id,
  );
  // The bulk reprint of six, and this one.
  expect(single).toHaveLength(2);
});
