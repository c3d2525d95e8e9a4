// A database damaged in the middle of the file, as a failing disk or a copy cut short leaves it: pages of a table,
// of an index and of the address search's FTS index overwritten with noise while the station was stopped. The
// station finds it instead of serving it: every route over the data answers 200 or 503, never 500; once a
// damaged page is met, writes are refused with the damage's own text, and the health endpoint says so. And a
// write-ahead log damaged before a restart is reported, not silently cut short.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import { attributes, document, get, post, shipTo } from '../helpers/shipments.ts';
import { runCli } from '../helpers/cli.ts';
import { damagePages } from '../helpers/damage.ts';
import { readThroughDamage } from '../helpers/damaged-reads.ts';
import { startTestStation, tempDir, type TestStation } from '../helpers/station.ts';

const opened: TestStation[] = [];
afterEach(async () => {
  for (const station of opened.splice(0)) await station.close();
});

describe('a database damaged in the middle of the file', () => {
  it.each([
    ['the shipments table', /^shipments$/],
    ['the shipment list’s index', /^shipments_summaries$/],
    ['the address search’s FTS index', /^addresses_search/],
  ])('%s: every route answers 200 or 503, never 500; writes are refused; the health endpoint says so', async (_layout, name) => {
    const first = await startTestStation({ schedulerIntervalMs: 0 });
    const token = await first.token();
    const ids: string[] = [];
    for (let i = 0; i < 120; i++) {
      const made = await post(
        first,
        token,
        '/v3/shipments',
        document(attributes({ shipTo: { ...shipTo(), name: `Receiver ${i} ${'x'.repeat(i % 20)}` } }), {
          service: 'economy',
          scheduledProcessing: false,
        }),
      );
      expect(made.status).toBe(201);
      ids.push(made.json.data.id);
    }
    // A scheduled backup before the damage, which the finding then names.
    await first.station.backups.runOnce();
    // station check while the station runs: whole.
    const whole = await runCli(['check', '--data', first.dataDir, '--json']);
    expect(whole.code, whole.stderr).toBe(0);
    expect(JSON.parse(whole.stdout)).toMatchObject({ ok: true, problems: [] });
    await first.station.stop();
    const file = join(first.dataDir, 'station.sqlite');
    expect(damagePages(file, name)).toBeGreaterThan(0);
    // And after the damage: it says so, with what SQLite found, and fails.
    const found = await runCli(['check', '--data', first.dataDir]);
    expect(found.code).toBe(1);
    expect(found.stdout).toMatch(/is damaged\. SQLite's integrity check found:\n  \S/);
    // With the newest whole scheduled backup and the command that puts it back.
    expect(found.stdout).toMatch(
      /The newest whole scheduled backup is \S+\/backups\/station-\d{8}T\d{6}Z\.sqlite \(120 shipments\)\. Stop the station, and put it back with: station restore --from \S+\.sqlite$/m,
    );

    const logged: string[] = [];
    const logger = { info: () => {}, warn: () => {}, error: (message: string) => void logged.push(message) };
    const t = await startTestStation({ dataDir: first.dataDir, schedulerIntervalMs: 0, logger, checkIntervalMs: 24 * 3_600_000 });
    opened.push(t, first);
    const again = await t.token();
    // The check right after start has found it before any request met it: no writes, and the health says so.
    await t.station.integrity.runOnce();
    expect(t.station.store.health()).toMatchObject({
      available: false,
      damaged: true,
      problem: expect.stringContaining('quick_check found'),
    });
    const paths = [
      ...ids.flatMap((id) => [`/v3/shipments/${id}`, `/v3/shipments/${id}/documents`, `/v3/shipments/${id}/tracking`]),
      `/v3/shipment-summaries?limit=1000`,
      `/v3/shipment-summaries?dateFrom=${t.clock.day(-1)}&dateTo=${t.clock.day(30)}`,
      '/v3/addresses?searchString=Receiver',
      '/v3/addresses?searchString=eceiv',
      '/v3/addresses?searchString=Marienpl',
      '/v3/events?after=0&limit=1000',
      '/v3/today',
      `/v3/reports/daily?dateFrom=${t.clock.day(-7)}&dateTo=${t.clock.day(7)}`,
      '/v3/orders',
      '/v3/test',
    ];
    const statuses = await readThroughDamage(t, again, paths);
    expect(statuses['503'] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(0);
    // Found: nothing more is written to the file, and the health endpoint says why.
    const write = await post(t, again, '/v3/shipments/save', document(attributes()));
    expect(write.status).toBe(503);
    expect(write.json.errors[0].detail).toBe(ERROR_TEXT.storeDamaged);
    const health = await t.call('/v3/health');
    expect(health.status).toBe(503);
    expect(health.json.errors[0].detail).toBe(ERROR_TEXT.storeDamaged);
    expect(health.json.meta.health.database).toMatchObject({
      available: false,
      damaged: true,
      problem: expect.stringMatching(/^The database is damaged \(SQLITE_CORRUPT/),
    });
    // The log says it once, with what to put back.
    const findings = logged.filter((line) => line.startsWith('The database was found damaged'));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatch(/The newest scheduled backup is \S+\/backups\/station-\d{8}T\d{6}Z\.sqlite: station restore --from /);
    console.log(`damage in ${_layout}: ${JSON.stringify(statuses)} over ${paths.length} reads`);
  });
});

describe('damage met by a request before any check', () => {
  it('answers 503 with the damage’s text, refuses writes from then on, and the scheduled backup puts back every shipment acknowledged before it', async () => {
    const first = await startTestStation({ schedulerIntervalMs: 0 });
    const token = await first.token();
    const ids: string[] = [];
    for (let i = 0; i < 80; i++) {
      const made = await post(
        first,
        token,
        '/v3/shipments',
        document(attributes({ shipTo: { ...shipTo(), name: `Receiver ${i}` } }), { service: 'economy', scheduledProcessing: false }),
      );
      expect(made.status).toBe(201);
      ids.push(made.json.data.id);
    }
    await first.station.backups.runOnce();
    await first.station.stop();
    expect(damagePages(join(first.dataDir, 'station.sqlite'), /^shipments$/)).toBeGreaterThan(0);

    // No check at start or on a schedule: the first request over a damaged page is what finds it.
    const t = await startTestStation({ dataDir: first.dataDir, schedulerIntervalMs: 0, checkIntervalMs: 0 });
    opened.push(t, first);
    const again = await t.token();
    expect(t.station.store.health()).toMatchObject({ available: true });
    let met: string | undefined;
    for (const id of ids) {
      const answer = await get(t, again, `/v3/shipments/${id}`);
      expect([200, 503], answer.text.slice(0, 300)).toContain(answer.status);
      if (answer.status === 503) {
        expect(answer.json.errors[0].detail).toBe(ERROR_TEXT.storeDamaged);
        met = id;
        break;
      }
    }
    expect(met, 'no read met a damaged page').toBeDefined();
    expect(t.station.store.health()).toMatchObject({ available: false, damaged: true, problem: expect.stringMatching(/SQLITE_CORRUPT/) });
    // From then on nothing new lands on the file, whatever it would touch.
    for (const [path, body] of [
      ['/v3/shipments/save', document(attributes())],
      ['/v3/shipments', document(attributes(), { service: 'economy', scheduledProcessing: false })],
    ] as const) {
      const refused = await post(t, again, path, body);
      expect(refused.status, path).toBe(503);
      expect(refused.json.errors[0].detail).toBe(ERROR_TEXT.storeDamaged);
    }
    // The way back: the newest scheduled backup, put back with `station restore`, holds every shipment.
    await t.station.stop();
    const backup = readdirSync(join(first.dataDir, 'backups')).filter((name) => name.endsWith('.sqlite'));
    expect(backup).toHaveLength(1);
    const restored = await runCli(['restore', '--data', first.dataDir, '--from', join(first.dataDir, 'backups', backup[0]!)]);
    expect(restored.code, restored.stderr).toBe(0);
    const healed = await startTestStation({ dataDir: first.dataDir, schedulerIntervalMs: 0, checkIntervalMs: 0 });
    opened.push(healed);
    const healedToken = await healed.token();
    for (const id of ids) expect((await get(healed, healedToken, `/v3/shipments/${id}`)).status, id).toBe(200);
    expect((await post(healed, healedToken, '/v3/shipments/save', document(attributes()))).status).toBe(202);
  });
});

describe('a damaged write-ahead log', () => {
  /** A copy of a running station's database and its log, as a power cut leaves them; nothing checkpointed yet. */
  async function crashedCopy(): Promise<{ dataDir: string; frames: number; pageSize: number }> {
    const running = await startTestStation({ schedulerIntervalMs: 0 });
    opened.push(running);
    const token = await running.token();
    for (let i = 0; i < 12; i++)
      expect(
        (await post(running, token, '/v3/shipments', document(attributes(), { service: 'economy', scheduledProcessing: false }))).status,
      ).toBe(201);
    const dataDir = join(tempDir(), 'data');
    mkdirSync(dataDir);
    for (const name of ['station.sqlite', 'station.sqlite-wal']) copyFileSync(join(running.dataDir, name), join(dataDir, name));
    const header = readFileSync(join(dataDir, 'station.sqlite-wal')).subarray(0, 32);
    const pageSize = header.readUInt32BE(8);
    const frames = Math.floor((statSync(join(dataDir, 'station.sqlite-wal')).size - 32) / (24 + pageSize));
    return { dataDir, frames, pageSize };
  }

  it('is reported before SQLite drops what follows the damage, and the log is kept aside; a whole log is not', async () => {
    const whole = await crashedCopy();
    const quiet: string[] = [];
    const calm = await startTestStation({
      dataDir: whole.dataDir,
      schedulerIntervalMs: 0,
      logger: { info: () => {}, warn: () => {}, error: (message: string) => void quiet.push(message) },
    });
    opened.push(calm);
    expect(quiet.filter((line) => line.includes('write-ahead log'))).toEqual([]);

    const damaged = await crashedCopy();
    expect(damaged.frames).toBeGreaterThan(6);
    // A byte of page data in a frame a third of the way in: whole frames and commits follow it.
    const wal = join(damaged.dataDir, 'station.sqlite-wal');
    const bytes = readFileSync(wal);
    const at = 32 + Math.floor(damaged.frames / 3) * (24 + damaged.pageSize) + 24 + 100;
    bytes[at] = bytes[at]! ^ 0xff;
    writeFileSync(wal, bytes);
    const logged: string[] = [];
    const t = await startTestStation({
      dataDir: damaged.dataDir,
      schedulerIntervalMs: 0,
      logger: { info: () => {}, warn: () => {}, error: (message: string) => void logged.push(message) },
    });
    opened.push(t);
    const finding = logged.find((line) => line.startsWith("The database's write-ahead log is damaged"));
    expect(finding, logged.join('\n')).toMatch(
      /drops its last \d+ page writes \([1-9]\d* committed transaction\(s\)\).*copied to \S+station\.sqlite-wal\.damaged-/,
    );
    const keptAs = /copied to (\S+) first;/.exec(finding!)![1]!;
    expect(readFileSync(keptAs).equals(bytes)).toBe(true);
  });
});
