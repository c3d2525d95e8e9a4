// The fault suite: the storage under a running station fails for real, and the station answers 503 with
// Retry-After instead of crashing, fails no acknowledged shipment, loses none, and finishes them all once the
// fault is gone. The disk fills up (a small tmpfs), the filesystem turns read-only (ext4 on a loop device,
// after a triggered error), and another program holds the database. Mounting needs root: outside CI those
// parts skip with the reason; in CI they must run.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, rmSync, statSync, writeSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { READ_MAP_BYTES } from '../../src-main/store/database.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { attributes, document, get, post } from '../helpers/shipments.ts';
import { OPERATOR, startTestStation, tempDir, type TestStation } from '../helpers/station.ts';
import { waitFor } from '../helpers/wait.ts';

const cannotMount =
  process.platform !== 'linux' ? 'mounting needs Linux' : process.getuid?.() !== 0 ? 'mounting a filesystem needs root' : undefined;
if (cannotMount && process.env.CI) throw new Error(`${cannotMount}; in CI the fault suite must run.`);
if (cannotMount) console.log(`Skipping the disk-full and read-only parts of the fault suite: ${cannotMount}.`);

const mounted: string[] = [];
const stations: TestStation[] = [];
afterEach(async () => {
  for (const station of stations.splice(0)) await station.close().catch(() => undefined);
  for (const point of mounted.splice(0)) execFileSync('umount', ['-l', point]);
});

/** A station on its own fresh mount point, with a token. */
async function stationOn(dataDir: string) {
  const t = await startTestStation({ dataDir, schedulerIntervalMs: 0 });
  stations.push(t);
  return { t, token: await t.token() };
}

function statusCounts(t: TestStation): Record<string, number> {
  const rows = t.station.store.db!.prepare('SELECT status, count(*) AS n FROM shipments GROUP BY status').all() as {
    status: number;
    n: number;
  }[];
  return Object.fromEntries(rows.map((row) => [String(row.status), row.n]));
}

/** Writes zeros until the filesystem says it is full. */
function fill(path: string): void {
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
}

const SCHEDULED = 20;

describe.skipIf(cannotMount !== undefined)('the disk fills up under a running station', () => {
  it('answers 503 with Retry-After, fails and loses nothing, and processes every queued shipment once space returns', async () => {
    const mount = tempDir('station-full-');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mount]);
    mounted.push(mount);
    const { t, token } = await stationOn(join(mount, 'data'));

    const queued: string[] = [];
    for (let i = 0; i < SCHEDULED; i++) {
      const response = await post(t, token, '/v3/shipments', document(attributes(), { service: i % 2 ? 'express' : 'economy' }));
      expect(response.status).toBe(202);
      queued.push(response.json.data.id);
    }
    // Empty the write-ahead log into the database, so the next write needs new space, then take all of it. A reader
    // still in the log (the quick_check after start, on a busy machine) keeps the log whole, and the next write would
    // then reuse its pages: the truncation is waited for, not assumed.
    const outside = new Database(join(mount, 'data', 'station.sqlite'));
    await waitFor('the write-ahead log to be emptied and truncated', () => {
      const [result] = outside.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      return result!.busy === 0 && statSync(join(mount, 'data', 'station.sqlite-wal')).size === 0;
    });
    outside.close();
    fill(join(mount, 'filler'));

    const refused = await post(t, token, '/v3/shipments', document(attributes(), { service: 'express', scheduledProcessing: false }));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json.errors[0].detail).toBe(ERROR_TEXT.storeFull);
    expect((await get(t, token, '/v3/test')).status).toBe(200);
    expect((await get(t, token, '/v3/shipment-summaries')).status).toBe(200);
    // The health says the writes fail, and why: a monitor never reads "ok" meanwhile.
    const health = await t.call('/health');
    expect(health.status).toBe(503);
    expect(health.json.meta.health.database).toMatchObject({ available: false });
    expect(health.json.meta.health.database.problem).toContain('cannot be written');
    // A write that changes no row goes through on a full disk too (nothing to release: it writes no byte). It does
    // not make the health say the disk takes writes again; the probe's write, which always writes, does.
    expect(await t.station.store.shipments.releaseWaitingClaims()).toBe(0);
    expect((await t.call('/health')).status).toBe(503);

    await t.station.scheduler.runOnce();
    await t.station.scheduler.runOnce();
    expect(statusCounts(t)['-1'] ?? 0).toBe(0);
    expect((statusCounts(t)['0'] ?? 0) + (statusCounts(t)['3'] ?? 0)).toBe(SCHEDULED);

    // Space returns: the station's own write probe finds it, and the health is ok again before anyone writes.
    rmSync(join(mount, 'filler'));
    await waitFor('the health to be ok again', async () => (await t.call('/health')).status === 200, { timeoutMs: 6_000, intervalMs: 100 });
    // One run finishes every waiting shipment, none left claimed by the runs that failed.
    await t.station.scheduler.runOnce();
    expect(statusCounts(t)).toEqual({ '3': SCHEDULED });
    const trackingNumbers = new Set<string>();
    for (const id of queued) {
      const shipment = await get(t, token, `/v3/shipments/${id}`);
      expect(shipment.json.data.meta.status).toBe(3);
      trackingNumbers.add(shipment.json.data.meta.trackingNumber);
      expect((await get(t, token, `/v3/shipments/${id}/documents`)).status).toBe(200);
    }
    expect(trackingNumbers.size).toBe(SCHEDULED);
    expect((await post(t, token, '/v3/shipments', document(attributes(), { service: 'express', scheduledProcessing: false }))).status).toBe(
      201,
    );
  });
});

describe.skipIf(cannotMount !== undefined)('the filesystem turns read-only under a running station', () => {
  it('answers 503, keeps serving reads, fails nothing, and a restart on the repaired disk finishes the queue', async () => {
    const folder = tempDir('station-readonly-');
    const image = join(folder, 'disk.ext4');
    const mount = join(folder, 'mnt');
    mkdirSync(mount);
    execFileSync('truncate', ['-s', '32M', image]);
    execFileSync('mkfs.ext4', ['-q', image]);
    execFileSync('mount', ['-o', 'loop,errors=remount-ro', image, mount]);
    mounted.push(mount);
    const dataDir = join(mount, 'data');
    const { t, token } = await stationOn(dataDir);

    const immediate = await post(t, token, '/v3/shipments', document(attributes(), { service: 'express', scheduledProcessing: false }));
    expect(immediate.status).toBe(201);
    for (let i = 0; i < 5; i++)
      expect((await post(t, token, '/v3/shipments', document(attributes(), { service: 'economy' }))).status).toBe(202);
    // An account that has shipped nothing yet, and has never searched its address book.
    await t.station.clients.add(OPERATOR, {
      username: 'readonly-newcomer',
      password: 'Newcomer-Desk-2026',
      profile: { name: 'Newcomer Shop', address1: 'Via Po 1', city: 'Torino', postalCode: '10124', country: 'IT', contact: 'Nora' },
    });
    const newcomer = (await t.signIn('readonly-newcomer', 'Newcomer-Desk-2026')).json.meta.token as string;

    // The kernel finds an error and remounts the filesystem read-only, as it does on a failing disk.
    const device = readdirSync('/sys/fs/ext4').find((name) =>
      execFileSync('findmnt', ['-n', '-o', 'SOURCE', mount], { encoding: 'utf8' }).trim().endsWith(name),
    );
    writeFileSync(`/sys/fs/ext4/${device}/trigger_fs_error`, 'fault suite');

    const readMap = () => t.station.store.db!.pragma('mmap_size', { simple: true });
    expect(readMap()).toBe(READ_MAP_BYTES);
    const refused = await post(t, token, '/v3/shipments', document(attributes(), { service: 'express', scheduledProcessing: false }));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBeDefined();
    expect([ERROR_TEXT.storeIo, ERROR_TEXT.storeReadOnly]).toContain(refused.json.errors[0].detail);
    // Reads no longer come from the file's memory map: a page the failing disk cannot give is then an error to
    // answer, not a SIGBUS that ends the station.
    expect(readMap()).toBe(0);
    expect((await get(t, token, `/v3/shipments/${immediate.json.data.id}`)).status).toBe(200);
    // A client's first address search is a read too: it answers, though its own address cannot be written to its
    // book now (it is, on a later search, once the disk can be written again).
    const search = await get(t, newcomer, '/v3/addresses?searchString=Newcomer');
    expect(search.status, search.text).toBe(200);
    expect((await get(t, token, '/v3/addresses?searchString=Kunde')).status).toBe(200);
    await t.station.scheduler.runOnce();
    expect(statusCounts(t)).toEqual({ '0': 5, '3': 1 });
    await t.close();
    stations.pop();

    // The disk is repaired (unmounted, its journal replayed on the next mount) and the station starts again.
    execFileSync('umount', [mount]);
    mounted.pop();
    execFileSync('mount', ['-o', 'loop', image, mount]);
    mounted.push(mount);
    const again = await stationOn(dataDir);
    await again.t.station.scheduler.runOnce();
    expect(statusCounts(again.t)).toEqual({ '3': 6 });
  });
});

describe.skipIf(cannotMount !== undefined)('a data folder that is read-only from the start', () => {
  it('is refused with what to do, instead of a crash', async () => {
    const folder = tempDir('station-ro-start-');
    const source = join(folder, 'source');
    const readOnly = join(folder, 'ro');
    mkdirSync(join(source, 'data'), { recursive: true });
    mkdirSync(readOnly);
    const first = await stationOn(join(source, 'data'));
    await first.t.close();
    stations.pop();
    execFileSync('mount', ['--bind', source, readOnly]);
    mounted.push(readOnly);
    execFileSync('mount', ['-o', 'remount,bind,ro', readOnly]);
    await expect(startTestStation({ dataDir: join(readOnly, 'data') })).rejects.toThrow(/read-only or belongs to another user/);
  });
});

/** Another program (a second process) takes the database's write lock and holds it for `holdMs`. */
async function holdLock(file: string, holdMs: number): Promise<ChildProcess> {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(file)});
    db.exec('BEGIN IMMEDIATE');
    db.exec("UPDATE reference_counter SET next_value = next_value WHERE id = 1");
    process.stdout.write('locked\\n');
    setTimeout(() => { db.exec('COMMIT'); db.close(); process.exit(0); }, ${holdMs});
  `;
  const child = spawn(process.execPath, ['-e', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
}

describe('another program holds the database', () => {
  it('delays writes while it holds the write lock, never reads or /v3/test', async () => {
    const { t, token } = await stationOn(join(tempDir(), 'data'));
    const existing = await post(t, token, '/v3/shipments', document(attributes(), { service: 'express', scheduledProcessing: false }));
    const holder = await holdLock(join(t.dataDir, 'station.sqlite'), 1500);
    const creating = timed(post(t, token, '/v3/shipments', document(attributes(), { service: 'express', scheduledProcessing: false })));
    for (const path of ['/v3/test', `/v3/shipments/${existing.json.data.id}`, '/v3/shipment-summaries']) {
      const { value, ms } = await timed(get(t, token, path));
      expect(value.status).toBe(200);
      // The lock is held for 1.5 s: a read that waited for it would take that long.
      expect(ms).toBeLessThan(500);
    }
    const created = await creating;
    expect(created.value.status).toBe(201);
    expect(created.ms).toBeGreaterThan(500);
    await exited(holder);
  });

  it('answers a write 503 busy with Retry-After when the lock is held longer than a write may wait', async () => {
    const { t, token } = await stationOn(join(tempDir(), 'data'));
    // Held far longer than a write may wait (3 s) and than SQLite's own busy timeout (5 s): only the station's
    // bound can end the wait in time.
    const holder = await holdLock(join(t.dataDir, 'station.sqlite'), 20_000);
    const { value: refused, ms } = await timed(
      post(t, token, '/v3/shipments', document(attributes(), { service: 'express', scheduledProcessing: false })),
    );
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json.errors[0].detail).toBe(ERROR_TEXT.storeBusy);
    expect(ms).toBeLessThan(4500);
    holder.kill('SIGKILL');
    await exited(holder);
    expect((await post(t, token, '/v3/shipments', document(attributes(), { service: 'express', scheduledProcessing: false }))).status).toBe(
      201,
    );
  });

  it('frees a claim an earlier run left behind once the other program lets go, though it held the database at start', async () => {
    const dataDir = join(tempDir(), 'data');
    const file = join(dataDir, 'station.sqlite');
    const before = await stationOn(dataDir);
    const saved = (await post(before.t, before.token, '/v3/shipments/save', document(attributes()))).json.data;
    const confirm = document(attributes()) as { data: Record<string, unknown> };
    confirm.data.id = saved.id;
    confirm.data.meta = { rate: (await post(before.t, before.token, '/v3/shipments/rate', document(attributes()))).json.data[0] };
    await before.t.station.stop();
    // A confirm cut off by a kill leaves its claim on the saved shipment.
    const db = new Database(file);
    db.prepare("UPDATE shipments SET claim_token = 'killed-run', claimed_at = ? WHERE id = ?").run(
      new Date(before.t.clock().getTime() - 365 * 24 * 3_600_000).toISOString(),
      saved.id,
    );
    db.close();
    // Held past the 3 s a write may wait: the start's release is refused, and only a later try can free it.
    const holder = await holdLock(file, 4_000);
    const { t, token } = await stationOn(dataDir);
    await exited(holder);
    const stillClaimed = await post(t, token, '/v3/shipments/confirm', confirm);
    expect(stillClaimed.status).toBe(409);
    let last = stillClaimed.status;
    const confirmed = await waitFor(
      'the claim freed by a later try',
      async () => {
        const answer = await post(t, token, '/v3/shipments/confirm', confirm);
        last = answer.status;
        return answer.status === 409 ? undefined : answer;
      },
      { timeoutMs: 15_000, intervalMs: 250, seen: () => last },
    );
    expect(confirmed.status).toBe(202);
    expect(confirmed.json.data.id).toBe(saved.id);
  });

  it('lets a station start, sign in and read while another program holds the write lock', async () => {
    const dataDir = join(tempDir(), 'data');
    const before = await stationOn(dataDir);
    const existing = await post(
      before.t,
      before.token,
      '/v3/shipments',
      document(attributes(), { service: 'express', scheduledProcessing: false }),
    );
    await before.t.station.stop();
    const holder = await holdLock(join(dataDir, 'station.sqlite'), 20_000);
    // Opening an up-to-date database and reading its keys takes no write lock, in the API thread or the writer's.
    const { value: after, ms: startMs } = await timed(stationOn(dataDir));
    expect(startMs).toBeLessThan(3000);
    const { t, token } = after;
    expect((await get(t, token, `/v3/shipments/${existing.json.data.id}`)).status).toBe(200);
    const { value: refused, ms } = await timed(
      post(t, token, '/v3/shipments', document(attributes(), { service: 'express', scheduledProcessing: false })),
    );
    expect(refused.status).toBe(503);
    expect(ms).toBeLessThan(4500);
    holder.kill('SIGKILL');
    await exited(holder);
    expect((await post(t, token, '/v3/shipments', document(attributes(), { service: 'express', scheduledProcessing: false }))).status).toBe(
      201,
    );
  });
});
