// The special services panel on New shipment: opened from the keyboard, an adult signature and cash on delivery
// chosen, the rates priced with their surcharges (a service without COD is not offered), the confirmed shipment
// keeps the services in the API.
import type { Page } from '@playwright/test';
import { BECKER_TYPED, expect, fillParcel, openScreen, signedIn, test } from './fixtures.ts';

/** Opens the shipment on the Shipments screen (a click on its row) and answers its detail. */
async function shipmentDetail(page: Page, reference: string) {
  await openScreen(page, 'Shipments');
  await page.getByRole('table', { name: 'Shipments' }).getByRole('row').filter({ hasText: reference }).getByRole('cell').nth(2).click();
  return page.getByRole('region', { name: 'Shipment detail' });
}

test('special services: Alt+O opens the panel, adult signature and COD price the rates, and the shipment keeps them', async ({
  page,
  station,
  snap,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedIn(page, station);
  await fillParcel(page, '2', BECKER_TYPED);
  await page.getByLabel('Customer reference').fill('WINE-48');

  // Closed by default; Alt+O opens it at its first field, and closes it back to its button.
  const toggle = page.getByRole('button', { name: 'Special services' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Delivery confirmation')).toHaveCount(0);
  await page.keyboard.press('Alt+o');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Delivery confirmation')).toBeFocused();
  await page.keyboard.press('Alt+o');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  // Enter on its button opens it too.
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  await page.getByLabel('Delivery confirmation').selectOption({ label: 'Adult signature' });
  await page.getByLabel('Minimum age').selectOption('21');
  await page.getByLabel('Cash on delivery amount').fill('49,90');
  await expect(page.getByLabel('COD currency')).toHaveValue('EUR');
  await page.getByLabel('Receiver pays by').selectOption({ label: 'Cash' });
  await expect(page.getByText('2 chosen')).toBeVisible();
  // Open, the panel fits the narrowest desk screen: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await snap(page, 'special-services-open');

  // Collected in dollars: no card collects another currency than its own, and the desk says why, service by service.
  await page.getByLabel('COD currency').fill('usd');
  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'No carrier service can carry this shipment' });
  await expect(refusal).toContainText('DHL Express Worldwide does not offer cash on delivery');
  await snap(page, 'rates-cod-refused');
  await page.getByLabel('COD currency').fill('EUR');

  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  const rates = page.getByRole('table', { name: 'Rates' });
  const ups = rates.locator('tbody tr').filter({ hasText: 'UPS Express Saver' });
  await expect(ups).toContainText('Cash on delivery 8.00 EUR');
  await expect(ups).toContainText(/Adult signature \d+\.\d\d EUR/);
  // DHL has no cash on delivery on its card: none of its services is offered for this shipment, and each says so.
  await expect(rates.locator('tbody tr').filter({ hasText: 'DHL' })).toHaveCount(0);
  await expect(page.getByRole('note', { name: 'Not offered with these special services' })).toContainText(
    'DHL Express Worldwide: does not offer cash on delivery',
  );
  await snap(page, 'rates-with-services');

  await ups.getByRole('radio').check();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Label preview' })).toHaveAttribute('data-rendered', 'true');

  const summaries = (await station.api('GET', '/shipment-summaries?filter[search]=WINE-48')).json.data as { id: string }[];
  expect(summaries).toHaveLength(1);
  const booked = (await station.api('GET', `/shipments/${summaries[0]!.id}`)).json.data;
  expect(booked.attributes.services).toMatchObject({
    deliveryConfirmation: 'adultSignature',
    minimumAge: 21,
    cashOnDelivery: { amount: '49.90', currency: 'EUR', method: 'cash' },
  });
  await expect(await shipmentDetail(page, booked.meta.reference)).toContainText(
    'Special services' + 'Adult signature (21+); Cash on delivery 49.90 EUR',
  );
});

test('special services: a package’s dry ice and lithium batteries price on the air service and stay on the booked package', async ({
  page,
  station,
}) => {
  await signedIn(page, station);
  await fillParcel(page, '3', BECKER_TYPED);
  await page.getByLabel('Customer reference').fill('ICE-48');
  await page.getByRole('button', { name: 'Special services' }).click();
  // More dry ice than the parcel weighs: the desk's own check marks the field, with what it expects, before any rate.
  await page.getByLabel('Dry ice (kg)').fill('5');
  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  await expect(page.getByLabel('Dry ice (kg)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Dry ice (kg)')).toBeFocused();
  await page.getByLabel('Dry ice (kg)').fill('1,5');
  await page.getByLabel('Lithium batteries').selectOption({ label: 'Lithium-ion' });
  await page.getByLabel('Batteries packed').selectOption({ label: 'Contained in equipment' });
  await page.getByLabel('Section II (small cells)').check();

  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  const rates = page.getByRole('table', { name: 'Rates' });
  const dhl = rates.locator('tbody tr').filter({ hasText: 'DHL Express Worldwide' });
  await expect(dhl).toContainText('Dry ice 15.00 EUR');
  await expect(dhl).toContainText('Lithium batteries 8.00 EUR');
  await dhl.getByRole('radio').check();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Label preview' })).toHaveAttribute('data-rendered', 'true');

  const summaries = (await station.api('GET', '/shipment-summaries?filter[search]=ICE-48')).json.data as { id: string }[];
  expect(summaries).toHaveLength(1);
  const booked = (await station.api('GET', `/shipments/${summaries[0]!.id}`)).json.data;
  expect(booked.attributes.packages[0]).toMatchObject({
    dryIceKg: '1.5',
    lithiumBatteries: { type: 'ion', packing: 'containedInEquipment', section2: true },
  });
});

test('special services: lithium-ion alone names each air service that refuses it under the rates; dangerous goods typed per package book on road', async ({
  page,
  station,
  snap,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedIn(page, station);
  await fillParcel(page, '2', BECKER_TYPED);
  await page.getByLabel('Customer reference').fill('DG-48');
  await page.keyboard.press('Alt+o');
  await page.getByLabel('Lithium batteries').selectOption({ label: 'Lithium-ion' });
  await page.getByLabel('Batteries packed').selectOption({ label: 'Alone' });

  // Road services take them and are priced; each air service is named below the rates with why, before any confirm.
  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  const rates = page.getByRole('table', { name: 'Rates' });
  await expect(rates.locator('tbody tr').filter({ hasText: 'UPS Standard' })).toContainText(/Lithium batteries \d+\.\d\d EUR/);
  await expect(rates.locator('tbody tr').filter({ hasText: 'DHL Express Worldwide' })).toHaveCount(0);
  const refused = page.getByRole('note', { name: 'Not offered with these special services' });
  await expect(refused).toContainText('DHL Express Worldwide: package 1: lithium-ion batteries packed alone are not carried by air');
  await expect(refused).toContainText('UPS Express Saver: package 1: lithium-ion batteries packed alone are not carried by air');
  await expect(refused).not.toContainText('UPS Standard');
  await snap(page, 'rates-lithium-alone-refused-by-air');

  // Dangerous goods instead: the record is typed in the package's fields, checked by the desk before any rate.
  await page.getByLabel('Lithium batteries').selectOption({ label: 'None' });
  await page.getByRole('button', { name: 'Add dangerous goods' }).click();
  const record = page.getByRole('group', { name: 'Package 1, dangerous goods 1' });
  await expect(record.getByLabel('UN number')).toBeFocused();
  await page.keyboard.type('12660');
  await record.getByLabel('Proper shipping name').fill('Perfumery products');
  await record.getByLabel('Class').fill('3');
  await record.getByLabel('Packing group').selectOption('II');
  await record.getByLabel('Pieces').fill('2');
  await record.getByLabel('Net kg per piece').fill('0,5');
  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  await expect(record.getByLabel('UN number')).toHaveAttribute('aria-invalid', 'true');
  await expect(record).toContainText('UN and four digits, such as UN1266');
  await record.getByLabel('UN number').fill('un1266');
  // Only three records fit a package: the button goes when the third is added.
  await page.getByRole('button', { name: 'Add dangerous goods' }).click();
  await page.getByRole('button', { name: 'Add dangerous goods' }).click();
  await expect(page.getByRole('button', { name: 'Add dangerous goods' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove dangerous goods 3' }).click();
  // The focus goes to the record before, not to the page's top.
  await expect(page.getByRole('group', { name: 'Package 1, dangerous goods 2' }).getByLabel('UN number')).toBeFocused();
  await page.getByRole('button', { name: 'Remove dangerous goods 2' }).click();
  await expect(page.getByRole('group', { name: /dangerous goods 2/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Get rates', exact: true }).click();
  const ups = rates.locator('tbody tr').filter({ hasText: 'UPS Standard' });
  await expect(ups).toContainText(/Dangerous goods \d+\.\d\d EUR/);
  // The post takes no dangerous goods: said of the post's service alone; the air services now carry the parcel.
  await expect(page.getByRole('note', { name: 'Not offered with these special services' })).toHaveText(
    /Poste Italiane Poste Delivery International: package 1: the post takes no dangerous goods$/,
  );
  await expect(rates.locator('tbody tr').filter({ hasText: 'DHL Express Worldwide' })).toContainText(/Dangerous goods \d+\.\d\d EUR/);
  await ups.getByRole('radio').check();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Label preview' })).toHaveAttribute('data-rendered', 'true');

  const summaries = (await station.api('GET', '/shipment-summaries?filter[search]=DG-48')).json.data as { id: string }[];
  expect(summaries).toHaveLength(1);
  const booked = (await station.api('GET', `/shipments/${summaries[0]!.id}`)).json.data;
  expect(booked.attributes.packages[0].dangerousGoods).toEqual([
    { unNumber: 'UN1266', properShippingName: 'Perfumery products', class: '3', packingGroup: 'II', quantity: '2', netWeightKg: '0.5' },
  ]);
  expect(booked.attributes.packages[0].lithiumBatteries).toBeUndefined();

  // Shipments says what the parcel carries, for whoever looks at it later.
  await expect(await shipmentDetail(page, booked.meta.reference)).toContainText(
    'Special services' + 'package 1: UN1266 Perfumery products',
  );
});
