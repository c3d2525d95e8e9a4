// The watched orders folder when the database fails under it: a file whose import the database refuses (another
// program holds it past a write's wait) stays claimed in .importing/, the station goes on, and the file is imported
// once the database takes writes again, each order once.
import { readFileSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../src-main/logger.ts';
import { removeTempDirs, startTestStation, tempDir } from '../helpers/station.ts';
import { waitFor } from '../helpers/wait.ts';

afterAll(() => removeTempDirs());

const list = (folder: string) => readdir(folder).catch(() => [] as string[]);

describe('a watched folder whose database is held by another program', () => {
  it('leaves the file claimed while the database refuses the import, and imports it once the database is free', async () => {
    const folder = join(tempDir(), 'orders-in');
    const said: string[] = [];
    const logger: Logger = { info: (line) => said.push(line), warn: (line) => said.push(line), error: (line) => said.push(line) };
    const t = await startTestStation({
      schedulerIntervalMs: 0,
      desk: 'desk-1',
      logger,
      ordersFolder: { dir: folder, user: 'smith', pollMs: 20 },
    });
    const token = await t.token();
    // Another program takes the write lock and keeps it, past the 3 s a write may wait.
    const holder = new Database(join(t.dataDir, 'station.sqlite'));
    try {
      holder.exec('BEGIN IMMEDIATE');
      holder.exec('UPDATE reference_counter SET next_value = next_value WHERE id = 1');
      await writeFile(join(folder, 'amazon.txt'), readFileSync(new URL('../fixtures/orders/amazon-unshipped.txt', import.meta.url)));
      await waitFor(
        'the import refused and the file left claimed',
        () => said.some((line) => /amazon\.txt waits in \.importing\//.test(line)),
        {
          timeoutMs: 20_000,
          seen: () => said,
        },
      );
      expect(await list(join(folder, '.importing', 'desk-1'))).toEqual(['amazon.txt']);
      expect(await list(join(folder, 'imported'))).toEqual([]);
      expect(await list(join(folder, 'failed'))).toEqual([]);
    } finally {
      holder.exec('COMMIT');
      holder.close();
    }
    await waitFor('amazon.txt imported', async () => (await list(join(folder, 'imported'))).includes('amazon.txt'), { timeoutMs: 20_000 });
    const orders = await t.call('/v3/orders?page[size]=100', { headers: { Authorization: `Bearer ${token}` } });
    expect(orders.status).toBe(200);
    expect(orders.json.data).toHaveLength(20);
    expect(new Set((orders.json.data as { id: string }[]).map((order) => order.id)).size).toBe(20);
    await t.close();
  });
});
