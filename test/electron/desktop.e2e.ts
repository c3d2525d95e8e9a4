// Smoke test of the desktop app: Electron opens the window on the station, a client signs in and sees the
// New shipment screen. It needs the Electron binary, which cannot be downloaded on our build machines.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { electronBinary } from '../../src-main/desktop/electron-binary.ts';

const projectDir = join(import.meta.dirname, '..', '..');

const binary = electronBinary();
if (!binary) console.log('Skipping the Electron smoke test: the Electron binary is not installed (ELECTRON_SKIP_BINARY_DOWNLOAD).');

test('the desktop app opens, signs in and shows New shipment', async () => {
  test.skip(!binary, 'the Electron binary is not installed');
  const dataDir = mkdtempSync(join(tmpdir(), 'station-electron-'));
  const cli = join(projectDir, 'src-main', 'cli.ts');
  const added = spawnSync(process.execPath, [
    cli,
    'client',
    'add',
    '--data',
    dataDir,
    '--username',
    'desk',
    '--password',
    'desk-password',
    '--name',
    'Bottega Verdi',
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
    '--email',
    'anna@verdi.example',
  ]);
  expect(added.status).toBe(0);
  const app = await electron.launch({
    executablePath: binary!,
    args: [projectDir],
    env: { ...process.env, STATION_DATA_DIR: dataDir, STATION_PORT: '0' },
  });
  try {
    const window = await app.firstWindow();
    await window.getByLabel('Username').fill('desk');
    await window.getByLabel('Password').fill('desk-password');
    await window.keyboard.press('Enter');
    await expect(window.getByRole('combobox', { name: 'Receiver search' })).toBeFocused();
    await expect(window.getByRole('link', { name: 'New shipment' })).toHaveAttribute('aria-current', 'page');
    expect(await window.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
    expect(await window.evaluate(() => Object.keys((window as unknown as { station: object }).station).sort())).toEqual([
      'apiBase',
      'appInfo',
      'integrationKey',
      'listPrinters',
      'print',
    ]);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
