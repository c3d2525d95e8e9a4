// A real headless station per test file: a temp data folder, a client made with the CLI, `station serve`
// on a free port, and helpers to call its API and CLI as the desk's other users would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { runCli as run, serve } from '../helpers/cli.ts';
import type { TestClock } from '../helpers/clock.ts';
import { faketimeLibrary, sharedFaketime } from '../helpers/faketime.ts';
import { chromiumMissing } from './chromium.ts';

export const PASSWORD = 'desk-password-1';

/** The admin command's options of the desk tests' account address: Bottega Verdi in Milano (its e-mail apart). */
export const VERDI_ADDRESS_ARGS = [
  '--address1',
  'Via Roma 12',
  '--city',
  'Milano',
  '--postal-code',
  '20129',
  '--state',
  'MI',
  '--country',
  'IT',
  '--contact',
  'Anna Verdi',
  '--phone',
  '3331234567',
] as const;

export interface E2EStation {
  url: string;
  dataDir: string;
  username: string;
  cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }>;
  api(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }>;
}

export const test = base.extend<
  { snap(page: Page, name: string): Promise<void> },
  { station: E2EStation; stationTimeZone: string | undefined; stationOf: string; stationClock: { clock: TestClock } | undefined }
>({
  /** The operating system's zone of the station's computer (TZ), which its first set-up takes; this one's by default. */
  stationTimeZone: [undefined, { scope: 'worker', option: true }],
  /**
   * Whose station: 'shared' by the files of a worker, one after another; a file that counts the account's team or
   * orders exactly names its own (`test.use({ stationOf: 'team' })`), and Playwright gives it a worker and a station of its own.
   */
  stationOf: ['shared', { scope: 'worker', option: true }],
  /**
   * A clock the test sets for a station of its own (with `stationOf`): the station and its admin commands run under
   * libfaketime's shared clock from that clock's reading, in its zone, so that what counts by the day (Today, a
   * parcel's ship date) does not hang on the day the test runs. Undefined: the real clock. (Wrapped in an object: a
   * function given as an option would be taken for a fixture.)
   */
  stationClock: [undefined, { scope: 'worker', option: true }],
  station: [
    async ({ stationTimeZone, stationOf, stationClock }, use) => {
      const missing = chromiumMissing();
      base.skip(missing !== undefined, missing);
      const faketime = stationClock ? await stationFaketime(stationClock.clock) : undefined;
      const folder = mkdtempSync(join(tmpdir(), `station-e2e-${stationOf}-`));
      const dataDir = join(folder, 'data');
      const username = 'desk';
      const zone: NodeJS.ProcessEnv = faketime ? faketime.env : stationTimeZone ? { TZ: stationTimeZone } : {};
      await addDeskClient(['--data', dataDir], zone);
      const served = await serve(['--data', dataDir, '--port', '0', '--desk', 'e2e-desk'], {
        STATION_SCHEDULER_INTERVAL_MS: '1500',
        ...zone,
      });
      const { url } = served;
      const keys = JSON.parse((await run(['keys', '--data', dataDir, '--json'])).stdout);
      let token = '';
      const api: E2EStation['api'] = async (method, path, body) => {
        if (!token) {
          const signIn = await fetch(`${url}/v3/clients/authentication`, {
            method: 'POST',
            headers: { Authorization: serviceApiAuthorization(authenticationHash(username, PASSWORD), keys.integrationKey) },
          });
          token = (await signIn.json()).meta.token;
        }
        const response = await fetch(`${url}/v3${path}`, {
          method,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json', Accept: 'application/vnd.api+json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, json: response.status === 204 ? null : await response.json() };
      };
      await use({ url, dataDir, username, cli: (args) => run([...args, '--data', dataDir], zone), api });
      await served.stop();
      faketime?.stop();
      rmSync(folder, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  snap: async ({}, use) => {
    await use(async (page, name) => {
      await page.screenshot({ path: join('test-results', `${name}.png`), fullPage: true });
    });
  },
});

export { expect };

/** libfaketime's shared clock at `clock`'s reading; the test is skipped where the library is missing, but not in CI. */
async function stationFaketime(clock: TestClock): Promise<{ env: NodeJS.ProcessEnv; stop(): void }> {
  const library = faketimeLibrary();
  if ('missing' in library) {
    if (process.env.CI) throw new Error(`${library.missing}; in CI the desk tests on a set clock must run.`);
    base.skip(true, `a station on a set clock needs it: ${library.missing}`);
    throw new Error(library.missing);
  }
  return sharedFaketime(library.path, clock(), clock.timeZone);
}

/**
 * Adds Bottega Verdi with the user `desk` to a station's folder (`--data DIR`) or shared database (`--database URL`):
 * a supervisor, as the desk tests void and reprint; what a packer sees is in the audit log test.
 */
export async function addDeskClient(where: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  const added = await run(
    [
      'client',
      'add',
      ...where,
      '--username',
      'desk',
      '--password',
      PASSWORD,
      '--name',
      'Bottega Verdi',
      '--role',
      'supervisor',
      ...VERDI_ADDRESS_ARGS,
      '--email',
      'anna@verdi.example',
    ],
    env,
  );
  if (added.code !== 0) throw new Error(added.stderr);
}

/** Signs in through the form, by keyboard. */
export async function signIn(page: Page, station: Pick<E2EStation, 'url' | 'username'>, password = PASSWORD): Promise<void> {
  await page.goto(station.url);
  await page.getByLabel('Username').fill(station.username);
  await page.getByLabel('Password').fill(password);
  await page.keyboard.press('Enter');
}

/** Signs in as a user of the station's account, by keyboard, and waits for Today. */
export async function signInAs(page: Page, url: string, username: string, password: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /^Today/ })).toBeVisible();
}

/** Signs in, starts packing from Today (its New shipment has the focus) and waits for the receiver search to have it. */
export async function signedIn(page: Page, station: E2EStation): Promise<void> {
  await signIn(page, station);
  await expect(page.getByRole('button', { name: 'New shipment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Receiver search' })).toBeFocused();
}

/**
 * Opens a screen by its link in the main navigation (by the link's name, or by its address: '#/settings'), through
 * the bar's More menu when the link does not fit the bar at this width (components/MainNavigation.tsx).
 */
export async function openScreen(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('banner').locator('nav');
  const link = name.startsWith('#/') ? nav.locator(`a[href="${name}"]`) : nav.getByRole('link', { name, exact: true });
  await expect(async () => {
    const more = nav.locator('button.main-nav__more-button');
    if (!(await link.isVisible()) && (await more.getAttribute('aria-expanded', { timeout: 1_000 })) === 'false') await more.click();
    await link.click({ timeout: 2_000 });
  }).toPass();
}

/** Every link of the main navigation, those behind its More menu too: what the person's role is offered. */
export const navigationLinks = (page: Page) => page.getByRole('banner').locator('nav a');

/** Presses Tab until the field with this accessible name has focus: proves it is reachable in tab order. */
export async function tabTo(page: Page, name: string, maxPresses = 40): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    const focused = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element) return '';
      const labelled = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent : null;
      return (labelled ?? element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
    });
    if (focused === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`"${name}" was not reached with Tab`);
}

/** Whether the canvases of a preview region have been painted (more than a blank page). */
export async function paintedCanvases(page: Page, region: string): Promise<number> {
  return page
    .getByRole('region', { name: region })
    .locator('canvas')
    .evaluateAll(
      (canvases) =>
        canvases.filter((canvas) => {
          const context = (canvas as HTMLCanvasElement).getContext('2d');
          if (!context) return false;
          const { data } = context.getImageData(0, 0, (canvas as HTMLCanvasElement).width, (canvas as HTMLCanvasElement).height);
          let dark = 0;
          for (let i = 0; i < data.length; i += 16) if (data[i]! < 128) dark++;
          return dark > 500;
        }).length,
    );
}

export const KUNDE_BECKER = {
  name: 'Kunde Becker',
  address1: 'Marienplatz 8',
  city: 'Muenchen',
  postalCode: '80331',
  country: 'DE',
  contact: 'Jonas Becker',
  phone: '4989123456',
  email: 'jonas@becker.example',
};

/**
 * Takes away what a file added to the worker's station for itself (its users, its orders still open), so the next
 * file on that worker finds the station's team and open orders as its own.
 */
export async function removeOwnData(station: E2EStation, own: { users?: readonly string[]; orders?: readonly string[] }): Promise<void> {
  // An account's last admin stays (the station refuses to remove it): such a user is left, and said so.
  for (const username of own.users ?? []) {
    const removed = await station.cli(['user', 'remove', '--username', username]);
    if (removed.code !== 0) console.log(`${username} stays on the worker's station: ${removed.stderr.trim()}`);
  }
  for (const number of own.orders ?? []) {
    const left = await station.api('GET', `/orders/${number}`);
    if (left.status === 200 && left.json.data.attributes.status === 'open')
      expect((await station.api('DELETE', `/orders/${number}`)).status).toBe(204);
  }
}

/** An open order for Kunde Becker: two cups and a saucer (0.9 kg of goods), as a shop's script adds it. */
export function beckerOrder(number: string) {
  return {
    data: {
      type: 'order',
      attributes: {
        number,
        shipTo: KUNDE_BECKER,
        lines: [
          { sku: 'CUP-6', description: 'Ceramic cup', quantity: '2', unitWeight: '0.35', unitPrice: '10.75', originCountry: 'IT' },
          { sku: 'SAUCER', description: 'Saucer', quantity: '1', unitWeight: '0.2', unitPrice: '4.00', originCountry: 'IT' },
        ],
        tags: [],
      },
    },
  };
}

/** A request document like the desk sends: Milan to Munich, one parcel. */
export function shipmentDocument(meta: Record<string, unknown> = {}) {
  return {
    data: {
      type: 'shipment',
      attributes: {
        shipFrom: {
          name: 'Bottega Verdi',
          address1: 'Via Roma 12',
          city: 'Milano',
          postalCode: '20129',
          state: 'MI',
          country: 'IT',
          contact: 'Anna Verdi',
          email: 'anna@verdi.example',
        },
        shipTo: KUNDE_BECKER,
        packages: [
          { weight: { value: '2', units: '1' }, dimensions: { length: '30', width: '20', height: '15', units: '1' }, type: 'CARTON' },
        ],
        goodsDescription: 'Ceramic cups',
        invoiceSubtotal: { amount: '64.50', currency: 'EUR' },
      },
      meta,
    },
  };
}

/** Kunde Becker in the search's matches (the other test files book to him too). */
export const beckerOption = (page: Page) => page.getByRole('option').filter({ has: page.locator('strong', { hasText: /^Kunde Becker$/ }) });

/**
 * Picks Kunde Becker from the address book (or types `typed`, a receiver the other test files never search for) and
 * fills one parcel of `weight` kg with its contents.
 */
export async function fillParcel(
  page: Page,
  weight: string,
  typed?: Record<'name' | 'contact' | 'address' | 'postalCode' | 'city', string> & { country?: string },
): Promise<void> {
  if (typed) {
    for (const [field, label] of [
      ['name', 'Receiver name'],
      ['contact', 'Receiver contact'],
      ['address', 'Receiver address'],
      // The city before the code: a code the station knows fills an empty city as it is typed.
      ['city', 'Receiver city'],
      ['postalCode', 'Receiver postal code'],
    ] as const) {
      await page.getByRole('textbox', { name: label, exact: true }).fill(typed[field]);
    }
    await page.getByRole('combobox', { name: 'Receiver country' }).fill(typed.country ?? 'DE');
    await page.keyboard.press('Enter');
  } else {
    await page.keyboard.type('beck');
    await beckerOption(page).click();
  }
  await page.getByRole('textbox', { name: 'Weight (kg)', exact: true }).fill(weight);
  await page.getByLabel('Length (cm)').fill('30');
  await page.getByLabel('Width (cm)').fill('20');
  await page.getByLabel('Height (cm)').fill('15');
  await page.getByLabel('Goods description').fill('Ceramic cups');
  await page.getByLabel('Invoice value').fill('64.50');
}

/** Kunde Becker as the packer types him, field by field. */
export const BECKER_TYPED = {
  name: KUNDE_BECKER.name,
  contact: KUNDE_BECKER.contact,
  address: KUNDE_BECKER.address1,
  postalCode: KUNDE_BECKER.postalCode,
  city: KUNDE_BECKER.city,
};

/** The keyboard as a packer's hands: every key pressed is counted; what a scanner types is data, its Enter is a key. */
export function countedKeys(page: Page) {
  const pressed: string[] = [];
  return {
    pressed,
    press: async (key: string) => {
      pressed.push(key);
      await page.keyboard.press(key);
    },
    /** Text typed by hand: a key per character. */
    type: async (text: string) => {
      pressed.push(...text);
      await page.keyboard.type(text);
    },
    scan: async (data: string) => {
      await page.keyboard.type(data);
      pressed.push('Enter');
      await page.keyboard.press('Enter');
    },
  };
}

/** A day (YYYY-MM-DD) as the desk shows it in English: "Thu, 26 Nov 2026" (src-renderer/i18n/format.ts, short). */
export function deskDate(day: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}
