// The README's first label, followed as a newcomer follows it, from the README alone: its `client add` command run
// as written (the password typed on stdin), `station serve` on a new data folder, the sign-in as that username, the
// fields of its table filled by their names with its values, then the buttons it names in its order. If the README
// names a field or a button the desk does not have, or values the station refuses, this fails.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runCli, serve, type Served } from '../helpers/cli.ts';
import { chromiumMissing } from './chromium.ts';

const README = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
const PASSWORD = 'first-label-password';

/** The README's section, up to the next level-2 heading. */
function section(heading: string): string {
  const start = README.indexOf(`\n## ${heading}`);
  if (start < 0) throw new Error(`README has no section "${heading}"`);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end < 0 ? undefined : end);
}

/** A shell command's words as sh reads them: single quotes, and a backslash at a line's end going on. */
function words(command: string): string[] {
  return [...command.replace(/\\\n/g, ' ').matchAll(/'([^']*)'|(\S+)/g)].map(([, quoted, bare]) => quoted ?? bare!);
}

const steps = section('Your first label, step by step');
const sh = [...steps.matchAll(/^[ \t]*```sh\n([\s\S]*?)^[ \t]*```/gm)].map(([, body]) => body!.trim());
const clientAdd = words(sh.find((block) => block.includes('client add'))!);
const fields = [
  ...(/<!-- first label fields -->([\s\S]*?)<!-- \/first label fields -->/.exec(steps)?.[1] ?? '').matchAll(
    /^\s*\| ([^|]+?) \| ([^|]+?) \|$/gm,
  ),
]
  .map(([, field, value]) => [field!, value!] as const)
  .filter(([field]) => field !== 'field' && !field.startsWith('-'));
/** The buttons the steps name in bold, in the order they name them. */
const buttons = [...steps.matchAll(/Press \*\*([^*]+)\*\*/g)].map(([, name]) => name!);

let folder = '';
let served: Served | undefined;
test.afterAll(async () => {
  await served?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('a newcomer reaches the first label from the README alone', async ({ page }) => {
  const missing = chromiumMissing();
  test.skip(missing !== undefined, missing);
  expect(sh, 'the steps show `npm run serve`').toContain('npm run serve');
  expect(clientAdd.slice(0, 6)).toEqual(['npm', 'run', '--silent', 'station', '--', 'client']);
  expect(fields.length).toBeGreaterThanOrEqual(10);
  expect(buttons).toEqual(['Get rates', 'Confirm', 'Print label']);

  folder = mkdtempSync(join(tmpdir(), 'first-label-'));
  const dataDir = join(folder, 'data');
  const added = await runCli([...clientAdd.slice(5), '--data', dataDir], {}, `${PASSWORD}\n`);
  expect(added.code, added.stderr).toBe(0);
  served = await serve(['--data', dataDir, '--port', '0']);

  await page.goto(served.url);
  await page.getByLabel('Username').fill(clientAdd[clientAdd.indexOf('--username') + 1]!);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'New shipment' })).toBeFocused();
  await page.keyboard.press('Enter');

  for (const [field, value] of fields) {
    if (field === 'Receiver country') {
      await page.getByRole('combobox', { name: field }).fill(value);
      await page.keyboard.press('Enter');
    } else await page.getByRole('textbox', { name: field, exact: true }).first().fill(value);
  }
  await page.getByRole('button', { name: buttons[0], exact: true }).click();
  await expect(page.getByRole('table', { name: 'Rates' }).getByRole('radio').first()).toBeChecked();
  await page.getByRole('button', { name: buttons[1], exact: true }).click();
  await expect(page.getByRole('region', { name: 'Label preview' })).toHaveAttribute('data-rendered', 'true');
  await expect(page.getByRole('button', { name: buttons[2], exact: true })).toBeVisible();
});
