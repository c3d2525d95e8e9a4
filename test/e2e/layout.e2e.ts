// The layout walk (issue 51): every screen at the four desk sizes (1024×768, 1280×800, 1366×768, 1920×1080) in each
// of the six languages, as an admin with the longest username and a long account name, so every navigation link
// and the longest texts show. It fails on sideways scrolling, a top bar over 64 px, text cut or running out of its
// box without an ellipsis meant for it, a placeholder or a select's chosen option cut, a check box the size of a text
// field, and a More menu reaching out of the window. The main screens are compared with their screenshot baselines
// (test/e2e/layout.e2e.ts-snapshots/; `npx playwright test -c test/e2e/playwright.config.ts e2e/layout.e2e.ts
// --update-snapshots` makes them again after a deliberate change of the layout).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { SCREENS } from '../../src-renderer/store/navigation.ts';
import { VERDI_ADDRESS_ARGS, beckerOrder, expect, shipmentDocument, test, type E2EStation } from './fixtures.ts';

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;
const LANGUAGES = [
  ['en', 'en-GB'],
  ['de', 'de-DE'],
  ['it', 'it-IT'],
  ['fr', 'fr-FR'],
  ['es', 'es-ES'],
  ['pl', 'pl-PL'],
] as const;
/** The screens whose look is pinned by a screenshot baseline, at 1024×768 (the narrowest desk) in each language. */
const BASELINES = ['sign-in', 'new', 'returns'] as const;
const TOP_BAR_MAX_PX = 64;
/** The screens a desk in another language must show with no code and no English of the station's data (issue 51). */
const WORDED_SCREENS = ['today', 'shipments', 'close-day', 'reports'];
const CARRIERS_DIR = join(import.meta.dirname, '../../resources/carriers');
const carrierFiles = readdirSync(CARRIERS_DIR).map((file) => readFileSync(join(CARRIERS_DIR, file), 'utf8'));
const valuesOf = (members: string) =>
  carrierFiles.flatMap((text) => [...text.matchAll(new RegExp(`"(?:${members})": "([^"]+)"`, 'g'))].map((match) => match[1]!));
/** The words of the carriers' and services' names (DHL, UPS): a code that is also one is no sign of a code shown. */
const NAME_WORDS = new Set(valuesOf('carrierName|serviceName').flatMap((name) => name.split(/\s+/)));
/** The codes the API knows carriers and services by (DHL_EXPRESS, POSTE_ITALIANE, STANDARD): the desk shows names. */
const CODES = [...new Set(valuesOf('choiceCode|carrierCode|serviceCode|serviceDefinitionCode'))].filter(
  (code) => code.length >= 3 && !NAME_WORDS.has(code),
);
/** English the station's answers carry in words (a manifest's reasons), which the desk must say in its own language. */
const STATION_ENGLISH = ['voided at', 'waiting to be processed', 'processing failed', 'in manifest', 'left out'];

interface LayoutFault {
  what: string;
  detail: string;
}

/** What is wrong with the page's layout as shown now; an empty list when nothing is. */
function layoutFaults(page: Page, topBarMaxPx: number): Promise<LayoutFault[]> {
  return page.evaluate((barMax) => {
    const faults: { what: string; detail: string }[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${typeof element.className === 'string' && element.className ? `.${element.className.split(' ').join('.')}` : ''} “${(element.textContent ?? '').trim().slice(0, 40)}”`;
    const seen = (element: Element) => {
      if (element.closest('.main-nav__measure, .sr-only, [hidden], [aria-hidden="true"]')) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      faults.push({ what: 'page', detail: `scrolls sideways: ${root.scrollWidth} px wide in a ${root.clientWidth} px window` });
    const bar = document.querySelector('.app__header');
    if (bar && bar.getBoundingClientRect().height > barMax + 0.5)
      faults.push({ what: 'top bar', detail: `${Math.round(bar.getBoundingClientRect().height)} px high (at most ${barMax})` });
    // Text cut, or running out of its box over its neighbours, unless the box ends it with an ellipsis (its whole
    // text then in a title).
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (!seen(element)) continue;
      const style = getComputedStyle(element);
      if (style.display === 'inline' || ['INPUT', 'SELECT', 'TEXTAREA', 'svg', 'CANVAS'].includes(element.tagName)) continue;
      const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
      if (!ownText) continue;
      if (element.scrollWidth > element.clientWidth + 1 && style.textOverflow !== 'ellipsis')
        faults.push({ what: name(element), detail: `text cut or running out (${element.scrollWidth} px in ${element.clientWidth} px)` });
      const box = element.getBoundingClientRect();
      if (box.right > window.innerWidth + 1 && style.position !== 'fixed')
        faults.push({ what: name(element), detail: `outside the window (${Math.round(box.left)}–${Math.round(box.right)} px)` });
    }
    // A field's placeholder and a select's chosen option: whole beside the padding (and a select's arrow).
    const canvas = document.createElement('canvas').getContext('2d')!;
    const room = (element: HTMLElement, arrow: number) => {
      const style = getComputedStyle(element);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
    };
    for (const select of document.querySelectorAll('select')) {
      if (!seen(select)) continue;
      const available = room(select, 20);
      const text = select.selectedOptions[0]?.textContent ?? '';
      const needed = canvas.measureText(text).width;
      if (needed > available + 1)
        faults.push({ what: `select #${select.id}`, detail: `“${text}” needs ${Math.round(needed)} px, has ${Math.round(available)}` });
    }
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (!seen(input) || input.value !== '') continue;
      const available = room(input, 0);
      const needed = canvas.measureText(input.placeholder).width;
      if (needed > available + 1)
        faults.push({
          what: `placeholder of #${input.id}`,
          detail: `“${input.placeholder}” needs ${Math.round(needed)} px, has ${Math.round(available)}`,
        });
    }
    // Check boxes and radio buttons at their own size, not a text field's.
    for (const input of document.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]')) {
      const box = input.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.width > 28 || box.height > 28)
        faults.push({ what: `${input.type} ${input.id || input.name}`, detail: `${Math.round(box.width)}×${Math.round(box.height)} px` });
    }
    return faults;
  }, topBarMaxPx);
}

/**
 * What the account has, so the lists, Today's carriers and Close day's previews are walked with rows in them: a
 * parcel on each service level and one voided, booked through the API as its admin, and an open order.
 */
async function addAccountData(station: E2EStation, username: string, password: string, language: string): Promise<void> {
  const keys = JSON.parse((await station.cli(['keys', '--json'])).stdout);
  const signedIn = await fetch(`${station.url}/v3/clients/authentication`, {
    method: 'POST',
    headers: { Authorization: serviceApiAuthorization(authenticationHash(username, password), keys.integrationKey) },
  });
  const token = (await signedIn.json()).meta.token as string;
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${station.url}/v3${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/vnd.api+json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const ids: string[] = [];
  for (const service of ['economy', 'express', 'economy']) {
    const made = await call('POST', '/shipments', shipmentDocument({ service, scheduledProcessing: false }));
    expect(made.status, await made.clone().text()).toBe(201);
    ids.push((await made.json()).data.id);
  }
  // One voided: Close day lists it with its reason, in the desk's words.
  expect((await call('DELETE', `/shipments/${ids[2]}`)).status).toBe(204);
  expect((await call('POST', '/orders', beckerOrder(`LAYOUT-${language.toUpperCase()}-1`))).status).toBe(201);
}

/** The parts of a screen that change by the minute (the station's clock), hidden from a screenshot's comparison. */
const moving = (page: Page) => [page.locator('.app__day'), page.locator('input[type="date"]')];

for (const [language, locale] of LANGUAGES) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });

    test(`every screen fits 1024×768, 1280×800, 1366×768 and 1920×1080 (${language}): no sideways scrolling, a top bar of at most 64 px, no text cut`, async ({
      page,
      station,
    }) => {
      test.setTimeout(240_000);
      // As long as a username may be (64 characters): the top bar must still say who is signed in.
      const admin = {
        username: `${language}-anna-maria.verdi-bianchi.supervisor-of-the-north-packing-hall`,
        password: 'layout-admin-2026',
      };
      expect(admin.username).toHaveLength(64);
      const added = await station.cli([
        'client',
        'add',
        '--username',
        admin.username,
        '--password',
        admin.password,
        '--role',
        'admin',
        '--name',
        'Bottega Verdi Ceramiche Artigianali',
        ...VERDI_ADDRESS_ARGS,
        '--email',
        'anna@verdi.example',
        '--json',
      ]);
      expect(added.code, added.stderr).toBe(0);
      await addAccountData(station, admin.username, admin.password, language);

      const found: string[] = [];
      const check = async (where: string) => {
        for (const fault of await layoutFaults(page, TOP_BAR_MAX_PX)) found.push(`${where}: ${fault.what}: ${fault.detail}`);
      };
      await page.setViewportSize(SIZES[0]);
      await page.goto(station.url);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.evaluate(() => document.fonts.ready);
      await check(`sign-in at ${SIZES[0].width}`);
      await expect(page).toHaveScreenshot(`sign-in-${language}-1024.png`, { maxDiffPixelRatio: 0.02 });
      await page.locator('input[autocomplete="username"]').fill(admin.username);
      await page.locator('input[autocomplete="current-password"]').fill(admin.password);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('banner').locator('nav a')).toHaveCount(SCREENS.length);

      for (const size of SIZES) {
        await page.setViewportSize(size);
        for (const screen of SCREENS) {
          await page.evaluate((hash) => (location.hash = hash), `#/${screen}`);
          await expect(page.locator(`nav a[href="#/${screen}"]`)).toHaveAttribute('aria-current', 'page');
          // Let the screen load what it shows (lists, settings) before it is measured.
          await page.waitForLoadState('networkidle');
          await check(`${screen} at ${size.width}×${size.height}`);
          if (language !== 'en' && size.width === 1024 && WORDED_SCREENS.includes(screen)) {
            const text = await page.locator('main').innerText();
            for (const code of CODES) if (new RegExp(`\\b${code}\\b`).test(text)) found.push(`${screen}: the code ${code} is shown`);
            for (const english of STATION_ENGLISH) if (text.includes(english)) found.push(`${screen}: “${english}” is shown in English`);
          }
          if (size.width === 1024 && (BASELINES as readonly string[]).includes(screen))
            await expect(page).toHaveScreenshot(`${screen}-${language}-1024.png`, { mask: moving(page), maxDiffPixelRatio: 0.02 });
        }
        // What does not fit the bar is behind More, and its menu opens inside the window.
        const more = page.locator('button.main-nav__more-button');
        if (await more.isVisible()) {
          await more.click();
          await expect(page.locator('#main-nav-more')).toBeVisible();
          await check(`the More menu at ${size.width}×${size.height}`);
          await page.keyboard.press('Escape');
          await expect(more).toBeFocused();
          await expect(page.locator('#main-nav-more')).toBeHidden();
        } else if (size.width === 1024) {
          found.push(`${size.width}×${size.height}: no More button, yet an admin's ${SCREENS.length} links fit a bar this narrow?`);
        }
      }
      expect(found).toEqual([]);
    });
  });
}
