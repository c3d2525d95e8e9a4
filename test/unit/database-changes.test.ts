// The look the read cache takes once a turn (store/database-changes.ts): on a database in WAL mode it reads the
// wal-index header, and every commit of another connection or process must move it, as PRAGMA data_version does;
// where the header cannot be read the PRAGMA itself answers.
import { execFileSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src-main/store/database.ts';
import { databaseChangeProbe, type ChangeProbe } from '../../src-main/store/database-changes.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

const opened: { close(): void }[] = [];
afterEach(() => {
  for (const handle of opened.splice(0).reverse()) handle.close();
});

function open(file: string, options?: Database.Options): Db {
  const db = new Database(file, options);
  opened.push(db);
  return db;
}

function probeOf(db: Db): ChangeProbe {
  const probe = databaseChangeProbe(db);
  opened.push(probe);
  return probe;
}

/** A station database with a table of its own to write to, and a second connection on it (another desk's writer). */
function stationPair(): { file: string; db: Db; other: Db } {
  const file = join(tempDir('changes-test-'), 'station.sqlite');
  const db = openDatabase(file);
  opened.push(db);
  db.exec('CREATE TABLE probe_rows (n INTEGER)');
  const other = open(file);
  other.pragma('busy_timeout = 5000');
  return { file, db, other };
}

describe('a look at a WAL database', () => {
  it('reads the wal-index header, not the PRAGMA, and stays put while nothing is committed', () => {
    const { db } = stationPair();
    const probe = probeOf(db);
    const first = probe.version();
    // The header's looks count up from 0; the PRAGMA's answers are kept apart below zero.
    expect(first).toBeGreaterThanOrEqual(0);
    db.prepare('SELECT count(*) FROM probe_rows').get();
    expect(probe.version()).toBe(first);
    expect(probe.version()).toBe(first);
  });

  it('moves with every commit of another connection, one look after each, as data_version does', () => {
    const { db, other } = stationPair();
    const probe = probeOf(db);
    const dataVersion = db.prepare('PRAGMA data_version').pluck();
    const insert = other.prepare('INSERT INTO probe_rows (n) VALUES (?)');
    let version = probe.version();
    let pragma = dataVersion.get();
    for (let n = 0; n < 300; n++) {
      insert.run(n);
      // Checkpoints start the WAL over now and then: a commit after one must count as well.
      if (n % 50 === 49) other.pragma('wal_checkpoint(TRUNCATE)');
      const next = probe.version();
      expect(next, `commit ${n}`).not.toBe(version);
      const nextPragma = dataVersion.get();
      expect(nextPragma, `commit ${n}`).not.toBe(pragma);
      version = next;
      pragma = nextPragma;
    }
    // A rolled-back transaction commits nothing and moves nothing.
    other.exec('BEGIN IMMEDIATE');
    insert.run(-1);
    other.exec('ROLLBACK');
    expect(probe.version()).toBe(version);
  });

  it('reads the header beside the file a symbolic link leads to, where SQLite keeps it', () => {
    const { file, other } = stationPair();
    const link = join(tempDir('changes-link-'), 'linked.sqlite');
    symlinkSync(file, link);
    const probe = probeOf(open(link));
    const before = probe.version();
    expect(before).toBeGreaterThanOrEqual(0);
    other.prepare('INSERT INTO probe_rows (n) VALUES (1)').run();
    expect(probe.version()).not.toBe(before);
  });

  it('moves with a commit of another process', () => {
    const { file, db } = stationPair();
    const probe = probeOf(db);
    const before = probe.version();
    const script = `const D = require('better-sqlite3'); const db = new D(${JSON.stringify(file)}); db.prepare('INSERT INTO probe_rows (n) VALUES (1)').run(); db.close();`;
    execFileSync(process.execPath, ['-e', script], { cwd: process.cwd() });
    expect(probe.version()).not.toBe(before);
  });
});

describe('where the header cannot be read, the PRAGMA answers', () => {
  it('on a database not in WAL mode, every commit of another connection still moves it', () => {
    const file = join(tempDir('changes-test-'), 'rollback.sqlite');
    const db = open(file);
    db.exec('CREATE TABLE probe_rows (n INTEGER)');
    const other = open(file);
    const probe = probeOf(db);
    let version = probe.version();
    expect(version).toBeLessThan(0);
    for (let n = 0; n < 20; n++) {
      other.prepare('INSERT INTO probe_rows (n) VALUES (?)').run(n);
      const next = probe.version();
      expect(next).not.toBe(version);
      version = next;
    }
  });

  it('on a database in memory', () => {
    const probe = probeOf(open(':memory:'));
    expect(probe.version()).toBeLessThan(0);
  });
});
