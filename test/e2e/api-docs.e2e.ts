// The human API reference at /docs: Swagger UI from the station's own files, drawing the station's own
// /v3/openapi.json, with no request leaving the station (it works with no internet), and every route of the
// route table shown as an operation: its method, its path and its summary.
import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { ROUTES, type RouteSpec } from '../../src-shared/routes.ts';
import { test } from './fixtures.ts';

const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

/** The operations of the description: every route of the table, and the HEADs it describes beside them. */
const OPERATIONS = Object.values(
  JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')).paths as Record<string, object>,
).reduce<number>((count, item) => count + Object.keys(item).length, 0);

test('/docs renders the whole API offline, every route under its heading', async ({ page, station }) => {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(station.url) && !request.url().startsWith('data:')) elsewhere.push(request.url());
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${station.url}/docs`);
  // Swagger UI draws the whole description (about 1 MB) before its heading shows: seconds on a busy machine.
  await expect(page.getByRole('heading', { name: /Shipping Station API/ })).toBeVisible({ timeout: 60_000 });
  // Each operation once (every route, and the HEADs and /test/ of spec 4.2 and 4.3), and the webhook deliveries
  // (OpenAPI's webhooks) after them.
  await expect(page.locator('.opblock')).toHaveCount(OPERATIONS + 1);
  await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
  for (const [name, spec] of Object.entries(ROUTES) as [string, RouteSpec][]) {
    const block = page
      .locator(`.opblock-${spec.method.toLowerCase()}`)
      .filter({ has: page.locator(`.opblock-summary-path[data-path="${openApiPath(spec.path)}"]`) });
    await expect(block, name).toHaveCount(1);
    await expect(block.locator('.opblock-summary-description'), name).toHaveText(spec.summary);
  }
  // An operation opens to its statuses, with the catalogue's texts as examples.
  await page
    .locator('.opblock-get')
    .filter({ has: page.locator('.opblock-summary-path[data-path="/shipments/{id}"]') })
    .locator('.opblock-summary-control')
    .click();
  await expect(page.locator('.responses-table').first()).toContainText('Shipment not found');
  expect(errors).toEqual([]);
  expect(elsewhere).toEqual([]);
});
