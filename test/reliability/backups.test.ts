// Backups under load: `station backup` copies a running station's database while integrations keep writing,
// and the copy holds every shipment acknowledged before it began, each whole. `station restore` refuses while
// the station runs, and afterwards puts the copy back, keeping the database it replaced.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { runCli, serve } from '../helpers/cli.ts';
import { http } from '../helpers/http.ts';
import { attributes, document, post } from '../helpers/shipments.ts';
import { setClock } from '../helpers/clock.ts';
import { execBehindTheStation, JSONAPI, startTestStation, tempDir } from '../helpers/station.ts';
import { waitFor } from '../helpers/wait.ts';

function openCopy(file: string) {
  return new Database(file, { readonly: true, fileMustExist: true });
}

describe('backup and restore with the station under write load', () => {
  it('backs up a running station mid-load, refuses to restore under it, and restores once it is stopped', async () => {
    const data = join(tempDir(), 'data');
    await runCli(['client', 'add', '--data', data, '--username', 'shop', '--name', 'Shop', '--password', 'shop-password']);
    const keys = JSON.parse((await runCli(['keys', '--data', data, '--json'])).stdout);
    const station = await serve(['--data', data, '--port', '0'], { STATION_SCHEDULER_INTERVAL_MS: '50' });
    const signIn = await http(`${station.url}/v3/clients/authentication`, {
      method: 'POST',
      headers: {
        Accept: JSONAPI,
        Authorization: serviceApiAuthorization(authenticationHash('shop', 'shop-password'), keys.integrationKey),
      },
    });
    const headers = { Accept: JSONAPI, 'Content-Type': JSONAPI, Authorization: `Bearer ${signIn.json.meta.token}` };

    // Four integrations push shipments, immediate and scheduled, for as long as the test lets them.
    const acknowledged: { id: string; at: number }[] = [];
    let writing = true;
    const writer = async (index: number) => {
      for (let i = 0; writing; i++) {
        const scheduledProcessing = (i + index) % 2 === 0;
        const response = await http(`${station.url}/v3/shipments`, {
          method: 'POST',
          headers,
          body: JSON.stringify(document(attributes(), { service: 'economy', scheduledProcessing })),
        });
        if (response.status === 201 || response.status === 202) acknowledged.push({ id: response.json.data.id, at: performance.now() });
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    // Enough acknowledged before the backup starts, and more while and after it runs: waited for, not timed.
    await waitFor('21 shipments acknowledged before the backup', () => acknowledged.length > 20, { timeoutMs: 60_000 });

    const out = join(tempDir(), 'station-backup.sqlite');
    const backupStarted = performance.now();
    const backup = await runCli(['backup', '--data', data, '--out', out, '--json']);
    const atBackupEnd = acknowledged.length;
    await waitFor('a shipment acknowledged after the backup', () => acknowledged.length > atBackupEnd, { timeoutMs: 60_000 });
    writing = false;
    await Promise.all(writers);
    expect(backup.code, backup.stderr).toBe(0);
    const summary = JSON.parse(backup.stdout);
    const before = acknowledged.filter((entry) => entry.at < backupStarted).map((entry) => entry.id);
    expect(before.length).toBeGreaterThan(20);
    expect(acknowledged.length).toBeGreaterThan(before.length);

    const copy = openCopy(out);
    try {
      expect(copy.pragma('quick_check', { simple: true })).toBe('ok');
      const ids = new Set(copy.prepare('SELECT id FROM shipments').pluck().all() as string[]);
      expect(summary.shipments).toBe(ids.size);
      for (const id of before) expect(ids.has(id)).toBe(true);
      // Every processed shipment in the copy is whole: it has its documents.
      expect(
        copy
          .prepare(
            'SELECT count(*) FROM shipments s WHERE status = 3 AND NOT EXISTS (SELECT 1 FROM shipment_documents d WHERE d.shipment_id = s.id)',
          )
          .pluck()
          .get(),
      ).toBe(0);
    } finally {
      copy.close();
    }

    const refused = await runCli(['restore', '--data', data, '--from', out]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`Another station is already running on the data folder ${data}`);
    const later = acknowledged.at(-1)!.id;
    expect(await station.stop()).toBe(0);

    const restored = await runCli(['restore', '--data', data, '--from', out, '--json']);
    expect(restored.code, restored.stderr).toBe(0);
    const { keptAs, shipments } = JSON.parse(restored.stdout);
    expect(shipments).toBe(summary.shipments);
    const kept = openCopy(keptAs);
    expect(kept.prepare('SELECT count(*) FROM shipments').pluck().get()).toBe(acknowledged.length);
    kept.close();

    // A backup also starts a station on a new computer: restored into an empty folder, it has the same keys.
    const elsewhere = join(tempDir(), 'new-computer', 'data');
    expect((await runCli(['restore', '--data', elsewhere, '--from', out])).code).toBe(0);
    expect(JSON.parse((await runCli(['keys', '--data', elsewhere, '--json'])).stdout)).toEqual(keys);

    // The same station again, as it was at the backup: the same keys, so the same token works.
    const again = await serve(['--data', data, '--port', '0'], { STATION_SCHEDULER_INTERVAL_MS: '0' });
    try {
      expect((await http(`${again.url}/v3/shipments/${before[0]}`, { headers })).status).toBe(200);
      const afterBackup = await http(`${again.url}/v3/shipments/${later}`, { headers });
      expect(afterBackup.status).toBe(404);
    } finally {
      await again.stop();
    }
  });

  it('refuses to overwrite a file, to back up a folder without a station, and to restore what is no station backup', async () => {
    const data = join(tempDir(), 'data');
    await runCli(['client', 'add', '--data', data, '--username', 'shop', '--name', 'Shop', '--password', 'shop-password']);
    const existing = join(tempDir(), 'taken.sqlite');
    writeFileSync(existing, 'keep me');
    const overwrite = await runCli(['backup', '--data', data, '--out', existing]);
    expect(overwrite.code).toBe(1);
    expect(overwrite.stderr).toContain('already exists: choose a new name, so no backup is overwritten.');

    const empty = await runCli(['backup', '--data', join(tempDir(), 'nothing'), '--out', join(tempDir(), 'b.sqlite')]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('There is no station database at');

    const notADatabase = await runCli(['restore', '--data', data, '--from', existing]);
    expect(notADatabase.code).toBe(1);
    expect(notADatabase.stderr).toContain('cannot be read as a station database');

    const foreign = join(tempDir(), 'foreign.sqlite');
    const other = new Database(foreign);
    other.exec('CREATE TABLE t (x)');
    other.close();
    expect((await runCli(['restore', '--data', data, '--from', foreign])).stderr).toContain("is a SQLite database, but no station's.");
    expect((await runCli(['backup', '--data', data])).code).toBe(2);
  });
});

describe('scheduled backups', () => {
  it('are made on the station’s schedule beside a load of creates, checked, rotated, and restore every shipment acknowledged before them', async () => {
    const clock = setClock('2027-03-01 09:00', 'Europe/Rome', { running: false });
    const t = await startTestStation({ clock, schedulerIntervalMs: 0, backupIntervalMs: 0, backupsKept: 2 });
    const token = await t.token();
    const acknowledged: string[] = [];
    const create = async () => {
      const made = await post(t, token, '/v3/shipments', document(attributes(), { service: 'economy', scheduledProcessing: false }));
      expect(made.status).toBe(201);
      return made.json.data.id as string;
    };
    for (let i = 0; i < 30; i++) acknowledged.push(await create());
    // Three backups an hour apart, the second while eight creates run beside it.
    await t.station.backups.runOnce();
    clock.advance(3_600_000);
    const beside = Promise.all(Array.from({ length: 8 }, create));
    await t.station.backups.runOnce();
    acknowledged.push(...(await beside));
    clock.advance(3_600_000);
    const beforeLast = [...acknowledged];
    await t.station.backups.runOnce();
    acknowledged.push(await create());

    const folder = join(t.dataDir, 'backups');
    const kept = readdirSync(folder).sort();
    // The newest two are kept, named by the station's clock; each is a whole database (quick_check ok).
    expect(kept).toEqual(['station-20270301T090000Z.sqlite', 'station-20270301T100000Z.sqlite']);
    for (const name of kept) {
      const copy = openCopy(join(folder, name));
      expect(copy.pragma('quick_check', { simple: true })).toBe('ok');
      copy.close();
    }
    // Put back into the stopped station's folder: every shipment acknowledged before the last backup is there.
    await t.station.stop();
    const restored = await runCli(['restore', '--data', t.dataDir, '--from', join(folder, kept.at(-1)!), '--json']);
    expect(restored.code, restored.stderr).toBe(0);
    const db = openCopy(join(t.dataDir, 'station.sqlite'));
    const ids = new Set(db.prepare('SELECT id FROM shipments').pluck().all() as string[]);
    db.close();
    expect(beforeLast.filter((id) => !ids.has(id))).toEqual([]);
    await t.close();
  });
});

describe('a scheduled backup cut short', () => {
  it('does not hold up a stopping station, is never taken for a backup, and its draft is gone with the next one', async () => {
    const logged: string[] = [];
    const logger = {
      info: (message: string) => void logged.push(message),
      warn: () => {},
      error: (message: string) => void logged.push(message),
    };
    const t = await startTestStation({ schedulerIntervalMs: 0, backupIntervalMs: 0, logger });
    // Ballast, so the copy takes a while: 160 MB the maintenance thread has to read and write.
    await execBehindTheStation(
      t,
      'CREATE TABLE ballast (b BLOB); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 160) INSERT INTO ballast SELECT randomblob(1048576) FROM n;',
    );
    const folder = join(t.dataDir, 'backups');
    // What a crash in the middle of an earlier copy left.
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, '.station-20270301T080000Z.sqlite.partial-4242'), 'half a copy');
    const draft = () => readdirSync(folder).some((name) => name.includes('.partial-') && !name.endsWith('-4242'));
    const running = t.station.backups.runOnce();
    await waitFor('the copy’s draft file', draft, { intervalMs: 5 });
    // Stopped while the thread copies: the stop ends the run at once, and the run says so.
    await t.station.stop();
    await running;
    expect(logged.filter((line) => line.startsWith('Backed up'))).toEqual([]);
    expect(logged).toContain('The scheduled backup was left unfinished as the station stopped; the next one starts afresh');
    // No half copy is listed as a backup, on its own or by `station restore`'s reading of the folder.
    expect(readdirSync(folder).filter((name) => /^station-.*\.sqlite$/.test(name))).toEqual([]);
    // The next station's first backup clears every draft before it drafts its own.
    const again = await startTestStation({ dataDir: t.dataDir, schedulerIntervalMs: 0, backupIntervalMs: 0, logger });
    await execBehindTheStation(again, 'DROP TABLE ballast');
    await again.station.backups.runOnce();
    expect(readdirSync(folder).filter((name) => name.includes('.partial-'))).toEqual([]);
    expect(readdirSync(folder).filter((name) => /^station-.*\.sqlite$/.test(name))).toHaveLength(1);
    await again.close();
    await t.close();
  });
});
