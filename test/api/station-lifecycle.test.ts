import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { silentLogger } from '../../src-main/logger.ts';
import { createStation } from '../../src-main/station.ts';
import { DatabaseUnusableError, SchemaTooNewError } from '../../src-main/store/database.ts';
import { StationRunningError } from '../../src-main/store/station-lock.ts';
import { OPERATOR, JSONAPI, SMITH, startTestStation, tempDir } from '../helpers/station.ts';

describe('a station starts, stops cleanly and keeps its identity', () => {
  it('lets a request in flight finish before it closes the database', async () => {
    const t = await startTestStation();
    // The request asks for 100 Continue, so its interim answer proves the server has taken it in; the station is
    // stopped only then, and the body sent after, so the request is surely in flight while the station stops.
    let stopping: Promise<void> | undefined;
    const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${t.url}/v3/clients/authentication`, {
        method: 'POST',
        headers: {
          Accept: JSONAPI,
          'Content-Type': JSONAPI,
          'Content-Length': '2',
          Expect: '100-continue',
          Authorization: serviceApiAuthorization(authenticationHash(SMITH.username, SMITH.password), t.integrationKey),
        },
      });
      req.on('continue', () => {
        stopping = t.station.stop();
        req.end('{}');
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    await stopping;
    expect(response.status, response.body).toBe(200);
    expect(JSON.parse(response.body).meta.token).toMatch(/^ey/);
    // SQLite's connection is closed once the request is answered (a PostgreSQL pool has no such flag).
    if (t.station.store.db) expect(t.station.store.db.open).toBe(false);
    await expect(t.call('/v3/test')).rejects.toThrow(/ECONNREFUSED|ECONNRESET|socket hang up/);
    await t.close();
  });

  it('tolerates a second stop, and refuses a second start', async () => {
    const t = await startTestStation();
    await expect(t.station.start()).rejects.toThrow('already started');
    await t.station.stop();
    await expect(t.station.stop()).resolves.toBeUndefined();
    await t.close();
  });

  it('keeps its keys and clients across restarts', async () => {
    const first = await startTestStation();
    const keys = first.station.keys;
    await first.station.stop();
    const again = await createStation({ dataDir: first.dataDir, databaseUrl: first.databaseUrl, port: 0, logger: silentLogger });
    try {
      expect(again.keys).toEqual(keys);
      expect((await again.clients.list(OPERATOR)).map((client) => client.username)).toEqual(['smith']);
    } finally {
      await again.stop();
      await first.close();
    }
  });

  it('refuses to open a data folder written by a newer station', async () => {
    const dataDir = join(tempDir(), 'data');
    const station = await createStation({ dataDir, port: 0, logger: silentLogger });
    await station.stop();
    const raw = new Database(join(dataDir, 'station.sqlite'));
    raw.pragma('user_version = 999');
    raw.close();
    await expect(createStation({ dataDir, port: 0, logger: silentLogger })).rejects.toThrow(SchemaTooNewError);
  });

  it('makes a new database whole before it takes its name, and leaves no draft behind', async () => {
    const dataDir = join(tempDir(), 'data');
    const station = await createStation({ dataDir, port: 0, logger: silentLogger });
    await station.stop();
    expect(readdirSync(dataDir).filter((name) => name.includes('.new'))).toEqual([]);
    const raw = new Database(join(dataDir, 'station.sqlite'), { readonly: true });
    expect(raw.pragma('user_version', { simple: true })).toBeGreaterThan(0);
    raw.close();
  });

  it.each([
    ['an empty station.sqlite', (file: string) => writeFileSync(file, ''), /is empty, so it is no station database/],
    [
      'a station.sqlite that is no database',
      (file: string) => writeFileSync(file, 'this is a spreadsheet, not a database '.repeat(200)),
      /is not a SQLite database/,
    ],
    [
      'a write-ahead log without its database',
      (file: string) => writeFileSync(`${file}-wal`, 'x'.repeat(4096)),
      /is missing, but its write-ahead log station.sqlite-wal is there/,
    ],
  ])('refuses %s, and leaves it as it was instead of starting a new station with new keys', async (_case, damage, message) => {
    const dataDir = join(tempDir(), 'data');
    mkdirSync(dataDir);
    const file = join(dataDir, 'station.sqlite');
    damage(file);
    const databaseFiles = () =>
      readdirSync(dataDir)
        .filter((name) => name.startsWith('station.sqlite'))
        .map((name) => [name, readFileSync(join(dataDir, name)).toString('base64')]);
    const before = databaseFiles();
    await expect(createStation({ dataDir, port: 0, logger: silentLogger })).rejects.toThrow(DatabaseUnusableError);
    await expect(createStation({ dataDir, port: 0, logger: silentLogger })).rejects.toThrow(message);
    expect(databaseFiles()).toEqual(before);
  });

  it('says that a station.sqlite which is a folder is a folder, not that the data folder is read-only', async () => {
    const dataDir = join(tempDir(), 'data');
    mkdirSync(join(dataDir, 'station.sqlite'), { recursive: true });
    const started = createStation({ dataDir, port: 0, logger: silentLogger });
    await expect(started).rejects.toThrow(DatabaseUnusableError);
    await expect(createStation({ dataDir, port: 0, logger: silentLogger })).rejects.toThrow(
      `The station's database ${join(dataDir, 'station.sqlite')} is a folder, not a database file.`,
    );
    await expect(createStation({ dataDir, port: 0, logger: silentLogger })).rejects.not.toThrow(/read-only/);
    expect(statSync(join(dataDir, 'station.sqlite')).isDirectory()).toBe(true);
  });

  it('tightens an existing data folder to its owner', async () => {
    const dataDir = join(tempDir(), 'data');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const station = await createStation({ dataDir, port: 0, logger: silentLogger });
    await station.stop();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  it('refuses a second station on the data folder of a running one, and lets it start once the first stops', async () => {
    const first = await startTestStation();
    await expect(createStation({ dataDir: first.dataDir, port: 0, logger: silentLogger })).rejects.toThrow(StationRunningError);
    await expect(createStation({ dataDir: first.dataDir, port: 0, logger: silentLogger })).rejects.toThrow(`(pid ${process.pid}, started `);
    await first.station.stop();
    const second = await createStation({ dataDir: first.dataDir, port: 0, logger: silentLogger });
    await second.stop();
    await first.close();
  });
});
