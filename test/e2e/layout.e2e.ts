// Every screen at the two desk sizes (1280×800 and 1920×1080), as an admin with a long account name, so every
// navigation link shows: nothing overflows the window sideways, nothing in the top bar is clipped or off screen, no
// select cuts its chosen option's text ("No servic"), and no check box is the size of a text field. A screenshot of
// each is kept in test-results/.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { VERDI_ADDRESS_ARGS, expect, test } from './fixtures.ts';

// As long as a username may be (64 characters): the top bar must still show it whole.
const ADMIN = { username: 'anna-maria.verdi-bianchi.supervisor-of-the-north-packing-hall-2', password: 'layout-admin-2026' };
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;

interface LayoutFault {
  what: string;
  detail: string;
}

/** What is wrong with the page's layout as shown now; an empty list when nothing is. */
async function layoutFaults(page: Page): Promise<LayoutFault[]> {
  return page.evaluate(() => {
    const faults: { what: string; detail: string }[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''} “${(element.textContent ?? '').trim().slice(0, 40)}”`;
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      faults.push({ what: 'page', detail: `scrolls sideways: ${root.scrollWidth} px wide in a ${root.clientWidth} px window` });
    // The top bar: at most two rows of links (a crushed bar stacks them one under another), each piece of text
    // whole, and inside the window.
    const bar = document.querySelector('.app__header')!.getBoundingClientRect();
    if (bar.height > 130)
      faults.push({ what: 'top bar', detail: `${Math.round(bar.height)} px high: its links no longer fit in two rows` });
    for (const element of document.querySelectorAll(
      '.app__header a, .app__header button, .app__client, .app__user, .app__day, .app__name',
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.left < 0 || box.right > window.innerWidth + 1)
        faults.push({ what: name(element), detail: `outside the window (${Math.round(box.left)}–${Math.round(box.right)} px)` });
      if (element.scrollWidth > element.clientWidth + 1)
        faults.push({ what: name(element), detail: `text clipped (${element.scrollWidth} px in ${element.clientWidth} px)` });
    }
    // Selects: the chosen option's text fits beside the arrow.
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const select of document.querySelectorAll('select')) {
      if (select.offsetParent === null) continue;
      const style = getComputedStyle(select);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0]?.textContent ?? '';
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      const needed = canvas.measureText(text).width;
      if (needed > room + 1)
        faults.push({ what: `select #${select.id}`, detail: `“${text}” needs ${Math.round(needed)} px, has ${Math.round(room)}` });
    }
    // Check boxes and radio buttons at their own size, not a text field's.
    for (const input of document.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]')) {
      const box = input.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.width > 28 || box.height > 28)
        faults.push({ what: `${input.type} ${input.id || input.name}`, detail: `${Math.round(box.width)}×${Math.round(box.height)} px` });
    }
    return faults;
  });
}

test('every screen fits 1280×800 and 1920×1080: no sideways scrolling, nothing clipped in the top bar, no cut-off select, no oversized check box', async ({
  page,
  station,
}) => {
  const added = await station.cli([
    'client',
    'add',
    '--username',
    ADMIN.username,
    '--password',
    ADMIN.password,
    '--role',
    'admin',
    '--name',
    'Bottega Verdi Ceramiche Artigia',
    ...VERDI_ADDRESS_ARGS,
    '--email',
    'anna@verdi.example',
    '--json',
  ]);
  expect(added.code, added.stderr).toBe(0);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto(station.url);
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.keyboard.press('Enter');
    const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    await expect(links).toHaveCount(10);
    const found: string[] = [];
    for (const label of await links.allTextContents()) {
      await links.filter({ hasText: new RegExp(`^${label}$`) }).click();
      await expect(page.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
      // Let the screen load what it shows (lists, settings) before it is measured.
      await page.waitForLoadState('networkidle');
      await page.screenshot({
        path: join('test-results', `layout-${label.toLowerCase().replace(/\s+/g, '-')}-${viewport.width}.png`),
        fullPage: true,
      });
      for (const fault of await layoutFaults(page))
        found.push(`${label} at ${viewport.width}×${viewport.height}: ${fault.what}: ${fault.detail}`);
    }
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect(found).toEqual([]);
  }
});
