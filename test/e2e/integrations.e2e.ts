// The integration features a desk sees: a confirm sent twice (a double Enter, a retry) makes one label because the
// desk sends an Idempotency-Key; and Settings → Webhooks adds an endpoint that then receives signed events,
// shows its secret once, and says when a webhook is paused.
import { createServer, type Server } from 'node:http';
import { createHmac } from 'node:crypto';
import { expect, KUNDE_BECKER, openScreen, shipmentDocument, signedIn, tabTo, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ station }) => {
  // Kunde Becker in the address book, as an earlier day at the desk would have left him.
  expect((await station.api('POST', '/shipments/save', shipmentDocument())).status).toBe(202);
});

const shipmentsToBecker = async (station: { api(method: string, path: string): Promise<{ json: any }> }) =>
  (
    (await station.api('GET', '/shipment-summaries?limit=1000')).json.data as { attributes: { shipToName: string; status: number } }[]
  ).filter((row) => row.attributes.shipToName === KUNDE_BECKER.name && row.attributes.status === 3).length;

test('a confirm sent twice makes one label: the desk sends the same Idempotency-Key', async ({ page, station, snap }) => {
  const before = await shipmentsToBecker(station);
  const confirms: { key: string | null; body: string; headers: Record<string, string> }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/shipments/confirm')) {
      confirms.push({ key: request.headers()['idempotency-key'] ?? null, body: request.postData() ?? '', headers: request.headers() });
    }
  });
  // The station answers the confirm slowly, so the second Enter comes while the first is still on its way.
  await page.route('**/shipments/confirm', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await signedIn(page, station);
  await page.keyboard.type('beck');
  await expect(page.getByRole('option', { name: /Kunde Becker/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Weight (kg)')).toBeFocused();
  await page.keyboard.type('2');
  await page.keyboard.press('Tab');
  await page.keyboard.type('30');
  await page.keyboard.press('Tab');
  await page.keyboard.type('20');
  await page.keyboard.press('Tab');
  await page.keyboard.type('15');
  await tabTo(page, 'Goods description');
  await page.keyboard.type('Ceramic cups');
  await tabTo(page, 'Invoice value');
  await page.keyboard.type('40');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: 'Rates' }).getByRole('radio').first()).toBeFocused();

  // Enter twice, as fast as a keyboard repeats, before the first answer is back.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Label preview' })).toHaveAttribute('data-rendered', 'true');
  const reference = (await page.getByRole('complementary', { name: 'Shipment' }).locator('dd').first().textContent())!.trim();
  expect(confirms.length).toBeGreaterThanOrEqual(1);
  expect(confirms[0]!.key).toMatch(/^desk-[0-9a-f]{32}-.+/);
  expect(new Set(confirms.map((confirm) => confirm.key)).size).toBe(1);

  // The same request again, as a retry after a lost answer would send it: the same shipment, not a second one.
  const again = await page.request.post(`${station.url}/v3/shipments/confirm`, {
    headers: {
      Authorization: confirms[0]!.headers.authorization!,
      'Content-Type': 'application/vnd.api+json',
      'Idempotency-Key': confirms[0]!.key!,
    },
    data: confirms[0]!.body,
  });
  expect(again.headers()['idempotent-replayed']).toBe('true');
  expect((await again.json()).data.meta.reference).toBe(reference);
  expect(await shipmentsToBecker(station)).toBe(before + 1);
  await snap(page, 'confirm-once');
});

test('Settings → Webhooks: add one that receives signed events, see its secret once, pause and resume it', async ({
  page,
  station,
  snap,
}) => {
  const received: { signature: string; body: string }[] = [];
  const receiver: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ signature: String(request.headers['station-signature']), body });
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/erp/hook`;
  try {
    await signedIn(page, station);
    await openScreen(page, 'Settings');
    const section = page.getByRole('region', { name: 'Webhooks' });
    await expect(section.getByText('No webhooks yet.')).toBeVisible();
    await section.getByLabel('Webhook URL').fill('not a url');
    await section.getByRole('button', { name: 'Add webhook' }).click();
    await expect(section.getByRole('alert')).toContainText('http:// or https://');

    await section.getByLabel('Webhook URL').fill(url);
    await section.getByRole('checkbox', { name: 'tracking.updated' }).uncheck();
    await section.getByRole('button', { name: 'Add webhook' }).click();
    const secret = (await section.getByLabel('New webhook secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    const row = section.getByRole('listitem', { name: `Webhook ${url}` });
    await expect(row).toContainText('shipment.processed');
    await expect(row).toContainText('Active');
    await snap(page, 'settings-webhook-added');
    await section.getByRole('button', { name: 'I have copied it' }).click();
    await expect(section.getByLabel('New webhook secret')).toHaveCount(0);

    // The webhook works: a shipment made now reaches the receiver, signed with the secret the screen showed.
    const created = await station.api('POST', '/shipments', shipmentDocument({ scheduledProcessing: false, service: 'economy' }));
    expect(created.status).toBe(201);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const [delivery] = received;
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery!.signature)!;
    expect(createHmac('sha256', secret).update(`${t}.${delivery!.body}`).digest('hex')).toBe(v1);
    expect(JSON.parse(delivery!.body).data.attributes.resource.id).toBe(created.json.data.id);

    await row.getByRole('button', { name: 'Pause' }).click();
    await expect(row.getByRole('status')).toHaveText(/Paused: Paused by hand\./);
    await snap(page, 'settings-webhook-paused');
    await row.getByRole('button', { name: 'Resume' }).click();
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Remove webhook ${url}` }).click();
    await expect(section.getByText('No webhooks yet.')).toBeVisible();
  } finally {
    receiver.close();
  }
});

test('Shipments → Outbox: scheduled shipments for an upstream that cannot be reached wait there, with why', async ({
  page,
  station,
  snap,
}) => {
  // An upstream service on a port where nothing listens: every connection is refused.
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as { port: number }).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const added = await station.cli([
    'carriers',
    'add-upstream',
    '--code',
    'PV',
    '--name',
    'ParcelValue',
    '--url',
    `http://127.0.0.1:${port}`,
    '--client-id',
    '1',
    '--client-key',
    'k',
    '--server-key',
    's',
  ]);
  expect(added.code, added.stderr).toBe(0);
  const ids: string[] = [];
  try {
    for (let i = 0; i < 2; i++) {
      const scheduled = await station.api(
        'POST',
        '/shipments',
        shipmentDocument({ scheduledProcessing: true, service: 'economy', carrierChoice: 'PV' }),
      );
      expect(scheduled.status).toBe(202);
      ids.push(scheduled.json.data.id);
    }
    await signedIn(page, station);
    await openScreen(page, 'Shipments');
    const outbox = page.getByRole('region', { name: 'Outbox' });
    await expect(outbox.getByRole('status')).toContainText(
      /ParcelValue cannot be reached \(connect ECONNREFUSED [^)]+\), since .*\. Shipments for ParcelValue wait here/,
    );
    // Other tests of this station may have left scheduled shipments of their own: these are the two for PV.
    const rows = outbox
      .getByRole('table', { name: 'Outbox' })
      .locator('tbody tr')
      .filter({ has: page.getByRole('cell', { name: 'PV', exact: true }) });
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Kunde Becker');
    await expect(rows.first()).toContainText('PV');
    await expect(rows.first()).toContainText('Queued');
    await expect(rows.first()).toContainText('ParcelValue cannot be reached');
    await snap(page, 'shipments-outbox');
  } finally {
    for (const id of ids) await station.api('DELETE', `/shipments/${id}`);
    await station.cli(['carriers', 'remove-upstream', '--code', 'PV']);
  }
});
