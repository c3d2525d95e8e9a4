// The desk renews its Bearer token before it expires, without the packer noticing (issue 45), in Chromium: the
// station's token lifetime is set to an hour; the station's clock and the desk's move on together, as a shift's
// hours would; halfway through the token's life the desk exchanges it for a fresh one in the background; after the
// first token has expired, a scanned order still ships, with no sign-in screen and no call refused.
// The station runs in this process on a set clock; the desk's clock is Playwright's, moved by the same steps.
import { createTokenLifetimeSettings } from '../../src-main/services/authentication.ts';
import { createAuditLog } from '../../src-main/services/audit-log.ts';
import type { Station } from '../../src-main/station.ts';
import { setClock } from '../helpers/clock.ts';
import { handMadeToken } from '../helpers/tokens.ts';
import { chromiumMissing } from './chromium.ts';
import { OPERATOR, startClockedStation, type ClockedStation } from './clocked-station.ts';
import { PASSWORD, beckerOrder, expect, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

/** A Friday morning in Rome, before every carrier's cutoff: the hours the test moves on stay on a working day. */
const clock = setClock('2026-11-27 08:00', 'Europe/Rome');
const MINUTE = 60_000;

let clocked: ClockedStation;
let station: Station;
let url = '';
/** A token of the desk's user, as a sign-in gave it. */
let signedInToken = '';

/** A call of the station's API with a token. */
const api = (token: string, method: string, path: string, body?: unknown) => clocked.call(method, path, body, token);

test.beforeAll(async () => {
  const missing = chromiumMissing();
  test.skip(missing !== undefined, missing);
  // Tokens live an hour at this station.
  clocked = await startClockedStation(clock, 'supervisor', async (station) => {
    await createTokenLifetimeSettings(station.store, createAuditLog(station.store, 'e2e-desk')).set(OPERATOR, 3600);
  });
  ({ station, url } = clocked);
  signedInToken = clocked.token;
  expect((await api(signedInToken, 'POST', '/orders', beckerOrder('TR-4501'))).status).toBe(201);
});

test.afterAll(async () => {
  await clocked?.stop();
});

test('the desk renews its token halfway through its life, in the background, and a scan ships after the first token expired', async ({
  page,
}) => {
  // The desk's clock, which Playwright moves with the station's.
  await page.clock.install();
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(new URL(response.url()).pathname);
  });
  const savedToken = () =>
    page.evaluate(() => (JSON.parse(localStorage.getItem('shipping-station.session') ?? '{}') as { token?: string }).token ?? '');

  await page.goto(url);
  await page.getByLabel('Username').fill('desk');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'New shipment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Receiver search' })).toBeFocused();
  const first = await savedToken();
  expect(first).not.toBe('');

  // 40 minutes on, past half the token's hour: the desk renews it by itself.
  const renewal = page.waitForResponse((response) => new URL(response.url()).pathname === '/v3/clients/authentication/renewal');
  clock.advance(40 * MINUTE);
  await page.clock.fastForward(40 * MINUTE);
  expect((await renewal).status()).toBe(200);
  await expect.poll(savedToken).not.toBe(first);
  const second = await savedToken();

  // 25 minutes more: the first token has expired, the renewed one lives on (and is not yet due again).
  clock.advance(25 * MINUTE);
  await page.clock.fastForward(25 * MINUTE);
  const expired = await api(first, 'GET', '/clients/current');
  expect(expired.status).toBe(401);
  expect(expired.json.errors[0].code).toBe('auth.tokenExpired');
  expect(await savedToken()).toBe(second);

  // A scanned order ships: no sign-in screen, no call refused.
  const search = page.getByRole('combobox', { name: 'Receiver search' });
  await search.focus();
  await page.keyboard.type('TR-4501');
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Order TR-4501' });
  await expect(panel).toBeVisible();
  await page.getByRole('textbox', { name: 'Weight (kg)', exact: true }).fill('1.2');
  const ship = panel.getByRole('button', { name: 'Ship and print' });
  await expect(ship).toBeEnabled();
  await ship.click();
  await expect(page.getByRole('heading', { name: 'Label ready' })).toBeVisible();
  await expect.poll(async () => (await api(second, 'GET', '/orders/TR-4501')).json.data.attributes.shipment?.status).toBe(3);
  await expect(page.getByLabel('Password')).toHaveCount(0);
  expect(refused).toEqual([]);
});

test('a desk reopened with a token from before tokens expired (no exp) renews it at once, and stays signed in', async ({ page }) => {
  // What the desk kept from before the upgrade: a token the station issued ten minutes ago, without exp (it lives
  // the station's lifetime from then).
  const claims = JSON.parse(Buffer.from(signedInToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  const { exp: _exp, ...withoutExpiry } = claims;
  const legacy = handMadeToken({ ...withoutExpiry, iat: Math.floor(clock().getTime() / 1000) - 600 }, station.keys.serverKey);
  await page.addInitScript((token) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('shipping-station.session', JSON.stringify({ token }));
      sessionStorage.setItem('seeded', 'yes');
    }
  }, legacy);
  const renewal = page.waitForResponse((response) => new URL(response.url()).pathname === '/v3/clients/authentication/renewal');
  await page.goto(url);
  expect((await renewal).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'New shipment' })).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  const saved = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('shipping-station.session') ?? '{}') as { token?: string }).token ?? '',
  );
  expect(saved).not.toBe(legacy);
  const renewedClaims = JSON.parse(Buffer.from(saved.split('.')[1]!, 'base64url').toString()) as { exp?: number; uid?: string };
  expect(renewedClaims.uid).toBe(claims.uid);
  expect(renewedClaims.exp).toBeGreaterThan(clock().getTime() / 1000);
});
