// A warehouse's whole day, walked in Chromium (issue 44): two desks (two `station serve` processes) on one
// PostgreSQL database, each with a simulated scale and real CUPS queues. The admin sets up the account, the team and
// each desk's printers; two packers (one a desk, one switching to German) ship from scanned orders, the address book
// and hand-typed forms, a Swiss CN22 parcel with an A4 printer set and a US parcel with its CN23 invoice on A4, make
// a return, ship through an unplugged scale and a paused printer, and press Back mid-flow; the supervisor reprints
// a label, voids one, closes each carrier, reads the pickups, Today and Reports. Over the whole day: no raw API text
// on a packer's screen (nor English on the German one's), every acknowledged print job in its queue, each manifest's
// hand-off count equal to its pickup and its listed parcels, no false verify mismatch in the audit log, and the
// order loop within 4 keys an order, its time written down (the 2 s is judged by `npm run bench`). Dates are the
// station's: whatever day the ship dates come out as (a weekend's or an evening's parcels ship the next working
// day), the day is closed on those dates.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { pdfText } from '../helpers/pdf-text.ts';
import { cupsMissing } from '../helpers/printers.ts';
import { postgresBinaries } from '../helpers/postgres.ts';
import { socatMissing } from '../helpers/scale-simulator.ts';
import { chromiumMissing } from './chromium.ts';
import { BECKER_TYPED, countedKeys, expect, fillParcel, KUNDE_BECKER, openScreen, test } from './fixtures.ts';
import {
  ADMIN,
  deskWords,
  followPrintJob,
  orderDocument,
  screenIsClean,
  scaleReads,
  signInAt,
  startWarehouse,
  cupsJobs,
  type Api,
  type Desk,
  type Language,
  type LoopFigure,
  type Warehouse,
  type Words,
} from './warehouse-day-helpers.ts';

test.describe.configure({ mode: 'serial' });

const postgres = postgresBinaries();
const missing = chromiumMissing() ?? cupsMissing() ?? socatMissing() ?? ('missing' in postgres ? postgres.missing : undefined);
if (missing && process.env.CI) throw new Error(`${missing}; in CI the warehouse day must run.`);

const TEAM = {
  supervisor: { username: 'wd-sofia', name: 'Sofia Supervisor', role: 'supervisor' },
  anna: { username: 'wd-anna', name: 'Anna Packer', role: 'packer' },
  bruno: { username: 'wd-bruno', name: 'Bruno Packer', role: 'packer' },
} as const;
/** The orders of the day, imported through the API: desk 1 scans the first four, desk 2 the others. */
const ORDERS = Array.from({ length: 9 }, (_, index) => `WD-${8101 + index}`);

let warehouse: Warehouse;
let desk1: Desk;
let desk2: Desk;
let admin: Api;
let supervisorApi: Api;
/** Anna at desk 1 (English), Bruno at desk 2 (switches to German), the supervisor at desk 1. */
const people: Record<'anna' | 'bruno' | 'supervisor', { page: Page; context: BrowserContext; api: Api; language: Language }> = {} as never;
const figures: LoopFigure[] = [];
/** Shipments the day made, by what they are for in this scenario. */
const made: Record<string, { id: string; reference: string; trackingNumber: string }> = {};

const checkScreen = (who: 'anna' | 'bruno', where: string) => screenIsClean(people[who].page, people[who].language, where);
const words = (who: keyof typeof people): Words => deskWords(people[who].language);

test.beforeAll(async ({ browser }) => {
  test.skip(missing !== undefined, missing);
  test.setTimeout(60_000);
  warehouse = await startWarehouse();
  [desk1, desk2] = warehouse.desks;
  admin = await desk1.as(ADMIN.username);
  for (const who of ['anna', 'bruno', 'supervisor'] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
    people[who] = { page: await context.newPage(), context, api: undefined as never, language: 'en' };
  }
});

test.afterAll(async () => {
  for (const person of Object.values(people)) await person.context?.close();
  await warehouse?.stop();
});

test('the admin sets up the account’s address, the team, and each desk’s scale and printers', async () => {
  const address = await admin('PATCH', '/clients/current', {
    data: { type: 'client', attributes: { address1: 'Via Roma 12', postalCode: '20129', city: 'Milano' } },
  });
  expect(address.status, JSON.stringify(address.json)).toBe(200);
  for (const person of Object.values(TEAM)) {
    const hired = await admin('POST', '/users', {
      data: {
        type: 'user',
        attributes: { username: person.username, password: 'Warehouse-Day-2026', name: person.name, role: person.role },
      },
    });
    expect(hired.status, JSON.stringify(hired.json)).toBe(201);
  }
  // Each desk: its scale, its label printer (desk 1 prints PDF and has an A4 printer for invoices; desk 2 a Zebra).
  for (const [desk, settings] of [
    [desk1, { printer: desk1.labels, format: 'pdf', autoPrint: true, a4Printer: warehouse.office }],
    [desk2, { printer: desk2.labels, format: 'zpl', autoPrint: true, a4Printer: null }],
  ] as const) {
    const at = desk === desk1 ? admin : await desk.as(ADMIN.username);
    expect(
      (await at('PATCH', '/scale', { data: { type: 'scale', attributes: { port: desk.scale.port, protocol: 'sics', units: 'kg' } } }))
        .status,
    ).toBe(200);
    const printing = await at('PATCH', '/print-settings', { data: { type: 'printSettings', attributes: settings } });
    expect(printing.status, JSON.stringify(printing.json)).toBe(200);
    await scaleReads(at, 'stable');
  }
  // The shop's orders of the day, through the API.
  const imported = await admin('POST', '/orders/batch', { data: ORDERS.map((number) => orderDocument(number)) });
  expect(imported.status, JSON.stringify(imported.json)).toBeLessThan(300);
  expect((await admin('GET', `/orders/${ORDERS[8]}`)).json.data.attributes.status).toBe('open');

  supervisorApi = await desk1.as(TEAM.supervisor.username);
  people.supervisor.api = supervisorApi;
  people.anna.api = await desk1.as(TEAM.anna.username);
  people.bruno.api = await desk2.as(TEAM.bruno.username);
  // The packers see the team's address at both desks: one database.
  expect((await people.bruno.api('GET', '/clients/current')).json.data.attributes).toMatchObject({
    address1: 'Via Roma 12',
    city: 'Milano',
  });
});

/**
 * One turn of the order loop at a desk: the order's slip scanned into Receiver search, the parcel put on the scale,
 * Enter on Ship and print, the label printed, and its barcode scanned to check the parcel. Keys are the keyboard
 * actions this test performs (a scanner's data is not keys; its Enter is); the time runs from the scan to the print
 * job, followed through GET /print-jobs.
 */
async function orderLoop(who: 'anna' | 'bruno', desk: Desk, order: string, weight: string): Promise<LoopFigure> {
  const { page, api } = people[who];
  const w = words(who);
  const search = page.getByRole('combobox', { name: w('receiver.search') });
  await expect(search).toBeFocused();
  const keys = countedKeys(page);
  const scannedAt = Date.now();
  await keys.scan(order);
  const printJob = followPrintJob(api, order, scannedAt);
  desk.scale.state = { mode: 'stable', weight };
  const panel = page.getByRole('region', { name: w('order.heading', { number: order }) });
  await expect(panel.getByRole('button', { name: w('order.ship') })).toBeFocused();
  await keys.press('Enter');
  const { acknowledgedMs, doneMs, shipmentId } = await printJob;
  const shipment = (await api('GET', `/shipments/${shipmentId}`)).json.data;
  await expect(page.getByLabel(w('label.verify'))).toBeFocused({ timeout: 15_000 });
  await keys.scan(shipment.meta.trackingNumber);
  await expect(page.getByRole('status').filter({ hasText: w('label.verified', { reference: shipment.meta.reference }) })).toBeVisible();
  await expect(search).toBeFocused();
  made[order] = { id: shipmentId, reference: shipment.meta.reference, trackingNumber: shipment.meta.trackingNumber };
  desk.scale.state = { mode: 'stable', weight: '0.000' };
  await checkScreen(who, `order ${order}`);
  const figure = { desk: desk.name, order, keys: keys.pressed, acknowledgedMs, doneMs };
  figures.push(figure);
  console.log(`${desk.name} ${order}: ${figure.keys.length} keys, acknowledged ${acknowledgedMs} ms, done ${doneMs} ms after the scan`);
  return figure;
}

/** Signs a packer in at their desk and starts packing from Today. */
async function startPacking(who: 'anna' | 'bruno', desk: Desk): Promise<void> {
  const { page } = people[who];
  await signInAt(page, desk, TEAM[who].username);
  await expect(page.getByRole('button', { name: 'New shipment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Receiver search' })).toBeFocused();
}

test('Anna at desk 1 ships scanned orders: scan, the parcel on the scale, Enter, the label printed, scanned to check', async () => {
  await startPacking('anna', desk1);
  await checkScreen('anna', 'New shipment');
  for (const order of ORDERS.slice(0, 3)) await orderLoop('anna', desk1, order, '1.060');
});

test('Bruno at desk 2 switches the desk to German and ships scanned orders in German', async () => {
  const { page } = people.bruno;
  await signInAt(page, desk2, TEAM.bruno.username);
  await openScreen(page, 'Settings');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  people.bruno.language = 'de';
  const w = words('bruno');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(w('nav.settings'));
  await checkScreen('bruno', 'Einstellungen');
  await openScreen(page, '#/new');
  await expect(page.getByRole('combobox', { name: w('receiver.search') })).toBeFocused();
  for (const order of ORDERS.slice(4, 7)) await orderLoop('bruno', desk2, order, '1.040');
});

test('Anna ships a hand-typed form, then the same receiver from the address book; Back mid-flow brings no old label back', async () => {
  const { page, api } = people.anna;
  // Typed field by field.
  await fillParcel(page, '2', BECKER_TYPED);
  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  made.typed = await confirmFirstRate(page, api);
  await expect(page.getByRole('status').filter({ hasText: `Printed on Desk 1 labels (${desk1.labels}).` })).toBeVisible({
    timeout: 15_000,
  });
  await checkScreen('anna', 'hand-typed label');

  // From the address book (Kunde Becker is there now), by UPS: a second carrier to close.
  await page.getByRole('button', { name: 'New shipment' }).click();
  await expect(page.getByRole('combobox', { name: 'Receiver search' })).toBeFocused();
  await fillParcel(page, '1.5');
  await expect(page.getByRole('textbox', { name: 'Receiver address', exact: true })).toHaveValue(KUNDE_BECKER.address1);
  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  made.fromBook = await confirmFirstRate(page, api, 'UPS');
  await expect(page.getByRole('status').filter({ hasText: `Printed on Desk 1 labels (${desk1.labels}).` })).toBeVisible({
    timeout: 15_000,
  });
  const verify = page.getByLabel('Scan the label to check the parcel');
  await expect(verify).toBeFocused();
  expect(made.fromBook.id).not.toBe(made.typed.id);

  // Mid-flow, a look at Today and Back: a new form, not the label waiting for its check; the next order starts.
  await openScreen(page, 'Today');
  await expect(page.getByRole('heading', { level: 1, name: /^Today/ })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('combobox', { name: 'Receiver search' })).toBeFocused();
  await expect(verify).toHaveCount(0);
  await checkScreen('anna', 'after Back');
  await orderLoop('anna', desk1, ORDERS[3]!, '1.050');
});

/**
 * Confirms the first rate (it has the focus) with Enter, or the first of `carrier`'s rates with Confirm; the
 * shipment the desk booked.
 */
async function confirmFirstRate(
  page: Page,
  api: Api,
  carrier?: string,
): Promise<{ id: string; reference: string; trackingNumber: string }> {
  const rates = page.getByRole('table', { name: 'Rates' });
  await expect(rates.getByRole('radio').first()).toBeFocused();
  const booked = page.waitForResponse(
    (response) =>
      /\/v3\/shipments(\/confirm)?$/.test(new URL(response.url()).pathname) &&
      response.request().method() === 'POST' &&
      response.status() < 300,
  );
  if (carrier) {
    await rates.getByRole('row').filter({ hasText: carrier }).first().getByRole('radio').check();
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  } else {
    await page.keyboard.press('Enter');
  }
  const { id } = (await (await booked).json()).data as { id: string };
  const shipment = (await api('GET', `/shipments/${id}`)).json.data;
  return { id, reference: shipment.meta.reference, trackingNumber: shipment.meta.trackingNumber };
}

test('a Swiss CN22 parcel with an A4 printer set prints only its label; a US parcel prints its CN23 invoice on the A4 queue', async () => {
  const { page, api } = people.anna;
  // The order loop left a new form, its search focused.
  await expect(page.getByRole('combobox', { name: 'Receiver search' })).toBeFocused();
  // Zürich by post, personal goods worth 40 EUR: a CN22, no commercial invoice.
  await fillParcel(page, '1.4', {
    name: 'Kundin Keller',
    contact: 'Lea Keller',
    address: 'Bahnhofstrasse 1',
    postalCode: '8001',
    city: 'Zürich',
    country: 'CH',
  });
  await page.getByLabel('Invoice value').fill('40');
  const declaration = page.getByRole('region', { name: 'Export declaration' });
  await declaration.getByLabel('Export reason').selectOption('PERSONAL_BELONGINGS_OR_PERSONAL_USE');
  await declaration.getByLabel('Shipment purpose').selectOption('PERSONAL');
  await declaration.getByLabel('Invoice number').fill('PERS-WD-1');
  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  made.swiss = await confirmFirstRate(page, api, 'Poste Italiane');
  await expect(page.getByRole('status').filter({ hasText: `Printed on Desk 1 labels (${desk1.labels}).` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('button', { name: 'Print invoice' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await checkScreen('anna', 'CN22 label');
  expect((await api('GET', `/shipments/${made.swiss.id}`)).json.data.meta.customs.documents).toEqual(['CN22']);

  // New York by post, commercial goods worth 400 EUR: a CN23 and the commercial invoice, printed on A4 by itself.
  await page.getByRole('button', { name: 'New shipment' }).click();
  await expect(page.getByRole('combobox', { name: 'Receiver search' })).toBeFocused();
  await fillParcel(page, '1.2', {
    name: 'Empire Ceramics',
    contact: 'Ann Smith',
    address: '20 W 34th St',
    postalCode: '10001',
    city: 'New York',
    country: 'US',
  });
  await page.getByRole('textbox', { name: 'Receiver state', exact: true }).fill('NY');
  await page.getByRole('textbox', { name: 'Receiver phone', exact: true }).fill('212 736 3100');
  await page.getByLabel('Invoice value').fill('400');
  await declaration.getByLabel('Invoice number').fill('INV-WD-1');
  await declaration.getByLabel('Exporter EORI').fill('IT01234567890');
  await declaration.getByLabel('HS code').fill('691200');
  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  made.us = await confirmFirstRate(page, api, 'Poste Italiane');
  await expect(page.getByRole('status').filter({ hasText: `Printed on Desk 1 labels (${desk1.labels}).` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('status').filter({ hasText: `Invoice printed on Office A4 (${warehouse.office}).` })).toBeVisible({
    timeout: 15_000,
  });
  await checkScreen('anna', 'CN23 label and invoice');
  expect((await api('GET', `/shipments/${made.us.id}`)).json.data.meta.customs.documents).toEqual(
    expect.arrayContaining(['CN23', 'commercialInvoice']),
  );
});

test('desk 1’s scale unplugged: the typed weight ships, said as typed; plugged back, the scale weighs the next order', async () => {
  const { page, api } = people.anna;
  await page.getByRole('button', { name: 'New shipment' }).click();
  const search = page.getByRole('combobox', { name: 'Receiver search' });
  await expect(search).toBeFocused();
  await desk1.scale.unplug();
  await scaleReads(api, 'unplugged');
  await page.keyboard.type(ORDERS[7]!);
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: `Order ${ORDERS[7]}` });
  await expect(panel.getByRole('status', { name: 'Scale' })).toContainText('Scale unplugged');
  await page.getByRole('textbox', { name: 'Weight (kg)', exact: true }).fill('1.1');
  await expect(panel.getByRole('status', { name: 'Scale' })).toContainText('Typed weight 1.1 kg');
  await checkScreen('anna', 'scale unplugged');
  await panel.getByRole('button', { name: 'Ship and print' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Printed on Desk 1 labels (${desk1.labels}).` })).toBeVisible({
    timeout: 15_000,
  });
  const shipment = (await api('GET', `/orders/${ORDERS[7]}`)).json.data.attributes.shipment;
  expect((await api('GET', `/shipments/${shipment.id}`)).json.data.attributes.packages[0].weight.value).toBe('1.1');
  made[ORDERS[7]!] = { id: shipment.id, reference: shipment.reference, trackingNumber: shipment.trackingNumber };
  await page.getByLabel('Scan the label to check the parcel').press('Escape');

  await desk1.scale.plugIn();
  await scaleReads(api, 'stable');
  await page.getByRole('button', { name: 'New shipment' }).click();
  await expect(search).toBeFocused();
  await checkScreen('anna', 'scale back');
});

test('desk 2’s printer paused: nothing is sent to it and the German desk says so; resumed, Print label prints it', async () => {
  const { page, api } = people.bruno;
  const w = words('bruno');
  const received = warehouse.thermal.received.length;
  const zebra = `Desk 2 Zebra (${desk2.labels})`;
  execFileSync('cupsdisable', [desk2.labels]);
  try {
    await page.keyboard.type(ORDERS[8]!);
    await page.keyboard.press('Enter');
    desk2.scale.state = { mode: 'stable', weight: '1.070' };
    const panel = page.getByRole('region', { name: w('order.heading', { number: ORDERS[8] }) });
    await expect(panel.getByRole('button', { name: w('order.ship') })).toBeFocused();
    await page.keyboard.press('Enter');
    // Booked, and refused at the paused queue: nothing waits in CUPS, and the packer may print it once it is back.
    await expect(page.getByRole('button', { name: w('label.print'), exact: true })).toBeVisible({ timeout: 15_000 });
    const shipment = (await api('GET', `/orders/${ORDERS[8]}`)).json.data.attributes.shipment;
    made[ORDERS[8]!] = { id: shipment.id, reference: shipment.reference, trackingNumber: shipment.trackingNumber };
    expect(cupsJobs(desk2.labels).pending).toBe(0);
    await expect(page.getByRole('alert').filter({ hasText: desk2.labels })).toBeVisible();
    // The refusal in the packer's words (meta.reason printerPaused), naming the printer and what to do.
    await checkScreen('bruno', 'printer paused');
  } finally {
    execFileSync('cupsenable', [desk2.labels]);
  }
  await page.getByRole('button', { name: w('label.print'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: w('label.printed', { what: 'label', printer: zebra }) })).toBeVisible({
    timeout: 20_000,
  });
  await expect.poll(() => warehouse.thermal.received.length, { timeout: 10_000 }).toBe(received + 1);
  await checkScreen('bruno', 'printer resumed');
  desk2.scale.state = { mode: 'stable', weight: '0.000' };
});

test('Bruno makes a return in German: the sale’s tracking number scanned, a reason’s digit, Enter', async () => {
  const { page } = people.bruno;
  const w = words('bruno');
  await openScreen(page, '#/returns');
  const scanField = page.getByLabel(w('returns.query'));
  await expect(scanField).toBeFocused();
  const keys = countedKeys(page);
  await keys.scan(made.fromBook!.trackingNumber);
  const form = page.getByRole('form', { name: w('shipments.return') });
  await expect(form.getByRole('heading')).toHaveText(
    w('returns.heading', { reference: made.fromBook!.reference, sender: 'Bottega Verdi' }),
  );
  await keys.press('1');
  await keys.press('Enter');
  const madeNotice = page.getByRole('status', { name: w('returns.made') });
  await expect(madeNotice).toContainText(w('returns.madeHeading'));
  expect(keys.pressed.length).toBeLessThanOrEqual(4);
  await checkScreen('bruno', 'return made');
  const sale = (await people.bruno.api('GET', `/shipments/${made.fromBook!.id}`)).json.data;
  expect(sale.meta.returns).toHaveLength(1);
  const back = (await people.bruno.api('GET', `/shipments/${sale.meta.returns[0]}`)).json.data;
  made.return = { id: back.id, reference: back.meta.reference, trackingNumber: back.meta.trackingNumber };
  expect(back.meta).toMatchObject({ returnOf: sale.id, returnReason: 'DAMAGED' });
});

test('the supervisor reprints one label from its detail, voids one, closes each carrier, and reads the pickups, Today and Reports', async () => {
  test.setTimeout(60_000);
  const { page } = people.supervisor;
  await signInAt(page, desk1, TEAM.supervisor.username);
  const detail = page.getByRole('region', { name: 'Shipment detail' });
  const open = async (reference: string) => {
    await openScreen(page, 'Shipments');
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page
      .getByRole('table', { name: 'Shipments' })
      .getByRole('button', { name: new RegExp(`^Open shipment ${reference}`) })
      .click();
    await expect(detail.getByRole('heading').first()).toContainText(reference);
  };

  // A reprint of one label (an order Anna shipped), from its detail.
  await open(made[ORDERS[0]!]!.reference);
  await detail.getByRole('button', { name: 'Reprint label' }).click();
  await expect(detail.getByRole('status').filter({ hasText: `Printed on Desk 1 labels (${desk1.labels}).` })).toBeVisible({
    timeout: 20_000,
  });

  // A void: the hand-typed parcel, which has no return.
  await open(made.typed!.reference);
  await detail.getByRole('button', { name: 'Delete' }).click();
  await detail.getByRole('alertdialog', { name: 'Confirm delete' }).getByRole('button', { name: 'Yes, delete' }).click();
  await expect
    .poll(async () =>
      (
        (await supervisorApi('GET', '/audit-events?filter[action]=shipment.voided')).json.data as {
          attributes: { subject: { id: string } };
        }[]
      ).map((event) => event.attributes.subject.id),
    )
    .toEqual([made.typed!.id]);

  // Close day: every ship date the day's parcels came out with (today's, or the next working day's after a
  // weekend or a carrier's cutoff), each carrier closed with its own button.
  const dates = await shipDates();
  await openScreen(page, 'Close day');
  for (const date of dates) {
    await page.getByLabel('Ship date').fill(date);
    const closeButtons = page.getByRole('button', { name: /^Close (?!all)/ });
    await expect(page.getByRole('button', { name: /^Close all \(\d+\)$/ })).toBeVisible();
    for (;;) {
      await expect(page.locator('[role="status"].notice--loading')).toHaveCount(0);
      const enabled = await closeButtons.evaluateAll((buttons) =>
        buttons.filter((button) => !(button as HTMLButtonElement).disabled).map((button) => button.textContent ?? ''),
      );
      if (enabled.length === 0) break;
      const name = enabled[0]!;
      await page.getByRole('button', { name, exact: true }).click();
      await expect(page.getByRole('button', { name, exact: true })).toBeDisabled({ timeout: 20_000 });
    }
    const manifests = (await supervisorApi('GET', `/manifests?date=${date}`)).json.data as { attributes: { number: string } }[];
    for (const manifest of manifests)
      await expect(page.getByRole('table', { name: 'Manifests' })).toContainText(manifest.attributes.number);
    // The day's pickups, as the API lists them.
    const pickups = (await supervisorApi('GET', `/pickups?date=${date}`)).json.data as {
      attributes: { carrierName: string; shipments: unknown[]; parcels: number };
    }[];
    const table = page.getByRole('table', { name: 'Pickups' });
    for (const pickup of pickups) await expect(table).toContainText(pickup.attributes.carrierName);
  }
  expect((await supervisorApi('GET', `/manifests?date=${dates[0]}`)).json.data.length).toBeGreaterThan(0);

  // Today and Reports.
  await openScreen(page, 'Today');
  const today = (await supervisorApi('GET', '/today')).json.data.attributes;
  const table = page.getByRole('table', { name: 'Shipments today by carrier' });
  for (const carrier of today.carriers as { carrierName: string; made: number }[]) {
    await expect(
      table
        .getByRole('row', { name: new RegExp(`^${carrier.carrierName}`) })
        .getByRole('cell')
        .first(),
    ).toHaveText(String(carrier.made));
  }
  // Per person: Anna's parcels and Bruno's, made at two desks.
  const perPerson = page.getByRole('table', { name: 'Parcels made today per person' });
  for (const person of today.people as { name: string; made: number }[])
    await expect(perPerson.getByRole('row', { name: new RegExp(`^${person.name} ${person.made}`) })).toBeVisible();
  await openScreen(page, 'Reports');
  await page.getByLabel('From', { exact: true }).fill(dates[0]!);
  await page.getByLabel('To', { exact: true }).fill(dates.at(-1)!);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  const report = (await supervisorApi('GET', `/reports/daily?dateFrom=${dates[0]}&dateTo=${dates.at(-1)}`)).json.meta;
  await expect(page.getByText(new RegExp(`^${report.totals.shipments} shipments, ${report.totals.packages} packages`))).toBeVisible();
});

/** The ship dates of the day's shipments, as the station booked them (its calendar), earliest first. */
async function shipDates(): Promise<string[]> {
  const dates = new Set<string>();
  for (const { id } of Object.values(made)) {
    // A voided label is not found any more; the others each have their ship date.
    const shipDate = (await supervisorApi('GET', `/shipments/${id}`)).json.data?.attributes.shipDate as string | undefined;
    if (shipDate) dates.add(shipDate);
  }
  return [...dates].sort();
}

test('the day in figures: every job in its queue, each manifest = its pickup = its parcels, no false mismatch, the loop within 4 keys, its time written down', async () => {
  // Every print job the station acknowledged (both desks, one account) was printed, and landed in its own queue.
  const jobs = (await admin('GET', '/print-jobs?page[size]=500')).json.data as {
    attributes: { printer: string; status: string; desk: string };
  }[];
  expect(jobs.filter((job) => job.attributes.status !== 'done')).toEqual([]);
  const perQueue = (queue: string) => jobs.filter((job) => job.attributes.printer === queue).length;
  expect(perQueue(desk1.labels)).toBeGreaterThan(0);
  expect(cupsJobs(desk1.labels)).toEqual({ completed: perQueue(desk1.labels), pending: 0 });
  expect(cupsJobs(warehouse.office)).toEqual({ completed: perQueue(warehouse.office), pending: 0 });
  expect(cupsJobs(desk2.labels)).toEqual({ completed: perQueue(desk2.labels), pending: 0 });
  expect(warehouse.thermal.received.length).toBe(perQueue(desk2.labels));
  expect(jobs.filter((job) => job.attributes.printer === desk2.labels).every((job) => job.attributes.desk === desk2.name)).toBe(true);
  expect(jobs.filter((job) => job.attributes.printer !== desk2.labels).every((job) => job.attributes.desk === desk1.name)).toBe(true);

  // Each manifest: its hand-off count is its pickup's count at our dock and the parcels it lists; no return on it.
  const dates = await shipDates();
  let manifests = 0;
  for (const date of dates) {
    const listed = (await supervisorApi('GET', `/manifests?date=${date}`)).json.data as {
      id: string;
      attributes: { number: string; carrier: string; carrierName?: string; totals: { shipments: number } };
    }[];
    const pickups = (await supervisorApi('GET', `/pickups?date=${date}`)).json.data as {
      attributes: { carrier: string; address: { address1: string }; status: string; shipments: { id: string }[] };
    }[];
    for (const manifest of listed) {
      manifests++;
      const preview = (await supervisorApi('GET', `/manifests/preview?carrier=${manifest.attributes.carrier}&date=${date}`)).json.data
        .attributes;
      const onManifest = (preview.leftOut as { shipmentId: string; reason: string; detail: string }[])
        .filter((entry) => entry.reason === 'closed' && entry.detail.includes(manifest.attributes.number))
        .map((entry) => entry.shipmentId)
        .sort();
      const atOurDock = pickups.filter(
        (pickup) =>
          pickup.attributes.carrier === manifest.attributes.carrier &&
          pickup.attributes.status === 'booked' &&
          pickup.attributes.address.address1 === 'Via Roma 12',
      );
      expect(atOurDock, `${manifest.attributes.number}: one pickup at the dock`).toHaveLength(1);
      const pickedUp = atOurDock[0]!.attributes.shipments.map((shipment) => shipment.id).sort();
      const pdf = Buffer.from((await supervisorApi('GET', `/manifests/${manifest.id}/document`)).json.data.attributes.fileData, 'base64');
      const text = await pdfText(new Uint8Array(pdf));
      const handedOff = Number(/Handed to [^:]+: (\d+) shipments/.exec(text)?.[1]);
      expect({ handedOff, listed: manifest.attributes.totals.shipments, pickup: pickedUp.length }, manifest.attributes.number).toEqual({
        handedOff: onManifest.length,
        listed: onManifest.length,
        pickup: onManifest.length,
      });
      expect(pickedUp).toEqual(onManifest);
      for (const id of onManifest) expect(text).toContain((await supervisorApi('GET', `/shipments/${id}`)).json.data.meta.trackingNumber);
      expect(onManifest).not.toContain(made.return!.id);
      expect(onManifest).not.toContain(made.typed!.id);
    }
  }
  expect(manifests).toBeGreaterThan(0);

  // No false mismatch: every label scanned was the parcel's own.
  const audit = await admin('GET', '/audit-events?filter[action]=shipment.verify-mismatch');
  expect(audit.json.data).toEqual([]);

  // The order loop: at most 4 keys from the scan to the printed label, every order, and its time written down.
  console.log(
    `warehouse day, order loop:\n${figures.map((figure) => `  ${figure.desk} ${figure.order}: ${figure.keys.length} keys (${figure.keys.join(', ')}), acknowledged ${figure.acknowledgedMs} ms, done ${figure.doneMs} ms`).join('\n')}`,
  );
  writeFileSync(join('test-results', 'warehouse-day.json'), JSON.stringify(figures, null, 2));
  for (const figure of figures) {
    expect(figure.keys.length, `${figure.order}: keys`).toBeLessThanOrEqual(4);
    // Held to the print job acknowledged (queued at the desk's printer), not to `done`: the station looks at CUPS
    // once a second, and desk 1's stand-in printer (cups-pdf) converts through Ghostscript, so `done` came 0.8 to
    // 2.6 s after the scan on this 2-core machine (more under load), whatever the desk does. `done` is measured,
    // printed and written to test-results/warehouse-day.json; every job is checked done in its queue above.
    // The 2 s itself is a target, judged where a busy test machine does not decide it: `npm run bench`'s desk loop
    // (test/bench/desk-loop.ts). Here the figure is written down, and bounded only against a hang.
    expect(figure.acknowledgedMs, `${figure.order}: scan to the print job`).toBeLessThanOrEqual(10_000);
  }
});
