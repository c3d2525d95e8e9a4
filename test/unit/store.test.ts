import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion, SchemaTooNewError } from '../../src-main/store/database.ts';
import { MIGRATIONS, type Migration } from '../../src-main/store/migrations.ts';
import { openStore } from '../../src-main/store/index.ts';
import { tempDir } from '../helpers/station.ts';

const opened: { close(): void }[] = [];
afterEach(() => {
  for (const handle of opened.splice(0)) handle.close();
});

function freshFile(): string {
  return join(tempDir('store-test-'), 'station.sqlite');
}

const LATEST = Math.max(...MIGRATIONS.map((migration) => migration.version));

describe('openDatabase sets up SQLite the way the station relies on', () => {
  it('turns on WAL, foreign keys, a busy timeout and full sync', () => {
    const db = openDatabase(freshFile());
    opened.push(db);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('has FTS5, which address search needs', () => {
    const db = openDatabase(freshFile());
    opened.push(db);
    expect(() => db.exec('CREATE VIRTUAL TABLE probe USING fts5(text)')).not.toThrow();
  });
});

describe('migrations are numbered and applied once, in a transaction', () => {
  it('brings a new file to the latest version', () => {
    const db = openDatabase(freshFile());
    opened.push(db);
    expect(schemaVersion(db)).toBe(LATEST);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(expect.arrayContaining(['clients', 'integrations', 'station_secrets']));
  });

  it('applies only the pending ones when a station is upgraded', () => {
    const file = freshFile();
    const first: Migration[] = [{ version: 1, name: 'one', sql: 'CREATE TABLE a (x INTEGER);' }];
    openDatabase(file, first).close();
    const upgraded = [...first, { version: 2, name: 'two', sql: 'CREATE TABLE b (y INTEGER);' }];
    const db = openDatabase(file, upgraded);
    opened.push(db);
    expect(schemaVersion(db)).toBe(2);
    // Migration 1 was not run again: it would have failed on the existing table.
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name IN ('a', 'b')").pluck().get()).toBe(2);
  });

  it('rolls back every pending migration when one fails', () => {
    const file = freshFile();
    const broken: Migration[] = [
      { version: 1, name: 'good', sql: 'CREATE TABLE a (x INTEGER);' },
      { version: 2, name: 'bad', sql: 'CREATE TABLE b (y INTEGER); THIS IS NOT SQL;' },
    ];
    expect(() => openDatabase(file, broken)).toThrow();
    const raw = new Database(file);
    opened.push(raw);
    expect(raw.pragma('user_version', { simple: true })).toBe(0);
    expect(raw.prepare("SELECT count(*) FROM sqlite_master WHERE name IN ('a', 'b')").pluck().get()).toBe(0);
  });

  it('refuses a database written by a newer station, and leaves it untouched', () => {
    const file = freshFile();
    openDatabase(file).close();
    const raw = new Database(file);
    raw.pragma(`user_version = ${LATEST + 1}`);
    raw.close();
    const before = readFileSync(file);
    expect(() => openDatabase(file)).toThrow(SchemaTooNewError);
    expect(() => openDatabase(file)).toThrow(/newer Shipping Station/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe('the store keeps secrets and clients', () => {
  it('creates a secret once and returns the same value afterwards', () => {
    const store = openStore(freshFile());
    opened.push(store);
    const first = store.secrets.getOrCreate('serverKey', () => 'one');
    const second = store.secrets.getOrCreate('serverKey', () => 'two');
    expect([first, second]).toEqual(['one', 'one']);
  });

  it('refuses a second desk-app integration', () => {
    const store = openStore(freshFile());
    opened.push(store);
    store.integrations.add({ name: 'desk', integrationKey: 'k1', isDesktop: true });
    expect(() => store.integrations.add({ name: 'desk 2', integrationKey: 'k2', isDesktop: true })).toThrow(/UNIQUE/);
  });

  it('treats a non-numeric client id as unknown', () => {
    const store = openStore(freshFile());
    opened.push(store);
    expect(store.clients.byId('1 OR 1=1')).toBeUndefined();
    expect(store.clients.byId('abc')).toBeUndefined();
  });

  it('stamps records with the injected clock', () => {
    const store = openStore(freshFile(), { clock: () => new Date('2026-11-23T08:00:00Z') });
    opened.push(store);
    expect(store.integrations.add({ name: 'erp', integrationKey: 'k' }).createdAt).toBe('2026-11-23T08:00:00.000Z');
  });

  it('writes a file that exists where it was asked to', () => {
    const file = freshFile();
    const store = openStore(file);
    opened.push(store);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).size).toBeGreaterThan(0);
  });
});
