// Special services from the packing rules and the order file, in real Chromium: a supervisor adds the rule
// "SKU WINE-* → adult signature" in Settings (its dry run on an imported order says so), a shop's CSV with a
// Saturday-delivery tag is imported on the Orders screen, and the order scanned at New shipment fills the Special
// services panel with both, each with its reason; the booked shipment keeps them in the API. A rule saying "no
// Saturday delivery", set through the API, survives a save from Settings.
import { expect, openScreen, signedIn, test } from './fixtures.ts';

// The station's packing rules change here: a station of its own, not the worker's shared one.
test.use({ stationOf: 'order-services' });

const ORDERS_CSV = [
  'Order Number,Name,Contact,Address,Zip,City,Country,Phone,SKU,Description,Qty,Weight,Price,Tags',
  'WINE-4801,Kunde Becker,Jonas Becker,Marienplatz 8,80331,Muenchen,DE,4989123456,WINE-RED-75,Red wine,2,1.3,12.00,"gift, saturday-delivery"',
].join('\n');

test('a rule "SKU WINE-* → adult signature" and a tagged order fill the Special services panel at the scan, with why; the booked shipment keeps them', async ({
  page,
  station,
  snap,
}) => {
  await signedIn(page, station);

  // The shop's file: its Tags column asks for Saturday delivery.
  await openScreen(page, 'Orders');
  await page
    .getByLabel('Orders file (CSV or Excel, a row per order line)')
    .setInputFiles({ name: 'wine-orders.csv', mimeType: 'text/csv', buffer: Buffer.from(ORDERS_CSV) });
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('status').first()).toHaveText('1 row: 1 order ready.');
  await preview.getByRole('button', { name: 'Import 1 order' }).click();
  await expect(preview.getByRole('status').filter({ hasText: 'Imported 1 order.' })).toBeVisible();
  expect((await station.api('GET', '/orders/WINE-4801')).json.data.attributes.services).toEqual({ saturdayDelivery: true });

  // The rule, set in Settings and tried on the order before it is saved.
  await openScreen(page, 'Settings');
  const rules = page.getByRole('region', { name: 'Packing rules' });
  // The rules shown first (the station's), then one more: a count read before the new row renders would edit the last.
  await expect(rules.getByRole('listitem').first()).toBeVisible();
  const count = (await rules.getByRole('listitem').count()) + 1;
  await rules.getByRole('button', { name: 'Add rule' }).click();
  await expect(rules.getByRole('listitem')).toHaveCount(count);
  await page.getByLabel(`Rule ${count} SKUs`).fill('WINE-*');
  await page.getByLabel(`Rule ${count} signature`).selectOption({ label: 'Adult signature 18+' });
  await rules.getByRole('button', { name: 'Try on recent orders' }).click();
  await expect(rules.getByRole('status')).toHaveText('1 of the 1 newest order would be packed differently.');
  const row = rules.getByRole('table', { name: 'Dry run on recent orders' }).getByRole('row').filter({ hasText: 'WINE-4801' });
  await expect(row).toContainText('Adult signature 18+ because with WINE-*');
  await expect(row).toContainText('Saturday delivery because the order asks for it');
  await snap(page, 'settings-rule-services');
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await expect(rules.getByRole('status')).toHaveText('Saved. Every desk of the station packs by these rules now.');
  // Read back from the station, the rule shows its choice.
  await expect(page.getByLabel(`Rule ${count} signature`)).toHaveValue('adultSignature-18');
  const saved = (await station.api('GET', '/packing')).json.data.attributes.rules;
  expect(saved[count - 1]).toEqual({
    when: { skus: ['WINE-*'] },
    then: { services: { deliveryConfirmation: 'adultSignature', minimumAge: 18 } },
  });

  // The order scanned at New shipment: the rule's adult signature and the order's Saturday delivery, each with why.
  await openScreen(page, 'New shipment');
  const search = page.getByRole('combobox', { name: 'Receiver search' });
  await search.click();
  await page.keyboard.type('WINE-4801');
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Order WINE-4801' });
  await expect(panel).toBeVisible();
  const why = panel.getByRole('list', { name: 'Why' });
  await expect(why).toContainText('Adult signature 18+ because with WINE-*');
  await expect(why).toContainText('Saturday delivery because the order asks for it');
  await page.getByRole('button', { name: 'Special services' }).click();
  await expect(page.getByLabel('Delivery confirmation')).toHaveValue('adultSignature');
  await expect(page.getByLabel('Minimum age')).toHaveValue('18');
  await expect(page.getByLabel('Saturday delivery')).toBeChecked();
  await snap(page, 'scan-order-services');

  // Shipped as the rules chose: the booked shipment keeps the services.
  await panel.getByRole('button', { name: 'Ship and print' }).click();
  await expect(page.getByRole('region', { name: 'Label preview' })).toHaveAttribute('data-rendered', 'true', { timeout: 15_000 });
  const link = (await station.api('GET', '/orders/WINE-4801')).json.data.attributes.shipment;
  expect(link).not.toBeNull();
  const booked = (await station.api('GET', `/shipments/${link.id}`)).json.data;
  expect(booked.attributes.services).toMatchObject({ deliveryConfirmation: 'adultSignature', minimumAge: 18, saturdayDelivery: true });
});

test('a rule saying "no Saturday delivery" through the API keeps it when Settings saves the rules again', async ({ page, station }) => {
  const current = (await station.api('GET', '/packing')).json.data.attributes;
  const rules = [...current.rules, { when: { tags: ['bulky'] }, then: { services: { saturdayDelivery: false } } }];
  const set = await station.api('PATCH', '/packing', { data: { type: 'packingSetup', attributes: { rules } } });
  expect(set.status, JSON.stringify(set.json)).toBe(200);

  await signedIn(page, station);
  await openScreen(page, 'Settings');
  const editor = page.getByRole('region', { name: 'Packing rules' });
  await expect(page.getByLabel(`Rule ${rules.length} tags`)).toHaveValue('bulky');
  await editor.getByRole('button', { name: 'Save rules' }).click();
  await expect(editor.getByRole('status')).toHaveText('Saved. Every desk of the station packs by these rules now.');
  const saved = (await station.api('GET', '/packing')).json.data.attributes.rules;
  expect(saved.at(-1)).toEqual({ when: { tags: ['bulky'] }, then: { services: { saturdayDelivery: false } } });
});
