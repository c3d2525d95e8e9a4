// `station serve --orders-folder DIR`: the headless station imports the order files dropped into a folder as the
// account's first admin (or the user --orders-user names), and refuses, as a usage error, a folder it could not say
// whose orders go into. Without the option, it watches the folder set on the station (the desk's Settings); with
// it, the option wins.
import { readFileSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src-main/store/index.ts';
import { runCli, serve } from '../helpers/cli.ts';
import { tempDir } from '../helpers/temp-dirs.ts';
import { waitFor } from '../helpers/wait.ts';

const list = (folder: string) => readdir(folder).catch(() => [] as string[]);

describe('station serve --orders-folder', () => {
  it('imports a Shopify export dropped into the folder as the only account’s admin, audited as from the folder', async () => {
    const root = tempDir();
    const data = join(root, 'data');
    const folder = join(root, 'orders-in');
    const station = await serve(['--data', data, '--port', '0', '--desk', 'desk-7', '--orders-folder', folder], {
      STATION_SCHEDULER_INTERVAL_MS: '0',
      STATION_ORDERS_FOLDER_POLL_MS: '50',
    });
    try {
      await writeFile(join(folder, 'shopify.csv'), readFileSync(new URL('../fixtures/orders/shopify-orders.csv', import.meta.url)));
      await waitFor('shopify.csv imported', async () => (await list(join(folder, 'imported'))).includes('shopify.csv'), {
        seen: async () => [await list(folder), station.stderr()],
      });
      const audit = await runCli(['audit', '--action', 'order.imported', '--data', data, '--json']);
      expect(audit.code, audit.stderr).toBe(0);
      const [entry] = JSON.parse(audit.stdout) as { actor: string; desk: string; detail: Record<string, unknown> }[];
      expect(entry).toMatchObject({ actor: 'admin', desk: 'desk-7', detail: { orders: 20, file: 'shopify.csv', from: 'folder' } });
    } finally {
      expect(await station.stop()).toBe(0);
    }
  });

  it('watches the station’s orders folder setting without the option, and the folder given with it instead', async () => {
    const root = tempDir();
    const data = join(root, 'data');
    const set = join(root, 'set');
    const given = join(root, 'given');
    await mkdir(set);
    const env = { STATION_SCHEDULER_INTERVAL_MS: '0', STATION_ORDERS_FOLDER_POLL_MS: '50' };
    // A first run makes the station; the folder is then set as the desk's Settings sets it.
    const first = await serve(['--data', data, '--port', '0'], env);
    expect(await first.stop()).toBe(0);
    const store = openStore(join(data, 'station.sqlite'));
    await store.settings.set('station:orders-folder', { folder: set, user: null });
    await store.close();
    const shopify = readFileSync(new URL('../fixtures/orders/shopify-orders.csv', import.meta.url));

    const watching = await serve(['--data', data, '--port', '0'], env);
    try {
      await writeFile(join(set, 'shopify.csv'), shopify);
      await waitFor('shopify.csv imported from the folder set', async () => (await list(join(set, 'imported'))).includes('shopify.csv'), {
        seen: async () => [await list(set), watching.stderr()],
      });
    } finally {
      expect(await watching.stop()).toBe(0);
    }

    const option = await serve(['--data', data, '--port', '0', '--orders-folder', given], env);
    try {
      await writeFile(join(set, 'again.csv'), shopify);
      await writeFile(join(given, 'shopify.csv'), shopify);
      await waitFor(
        'shopify.csv imported from the folder given',
        async () => (await list(join(given, 'imported'))).includes('shopify.csv'),
        {
          seen: async () => [await list(given), option.stderr()],
        },
      );
      expect(await list(set)).toContain('again.csv');
    } finally {
      expect(await option.stop()).toBe(0);
    }
  });

  it('refuses a user it does not know, --orders-user alone, and a station of two accounts without --orders-user', async () => {
    const data = join(tempDir(), 'data');
    const folder = join(tempDir(), 'orders-in');
    const unknown = await runCli(['serve', '--data', data, '--port', '0', '--orders-folder', folder, '--orders-user', 'nobody']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("--orders-user: no user 'nobody' can sign in on this station");

    const alone = await runCli(['serve', '--data', data, '--port', '0', '--orders-user', 'admin']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--orders-user names who imports the files of --orders-folder: give both.');

    const added = await runCli([
      'client',
      'add',
      '--username',
      'second',
      '--password',
      'password-second',
      '--name',
      'Second',
      '--data',
      data,
    ]);
    expect(added.code, added.stderr).toBe(0);
    const two = await runCli(['serve', '--data', data, '--port', '0'], { STATION_ORDERS_FOLDER: folder });
    expect(two.code).toBe(2);
    expect(two.stderr).toContain(
      'The station holds 2 accounts: name the user whose account gets the orders of the folder with --orders-user',
    );
  });
});
