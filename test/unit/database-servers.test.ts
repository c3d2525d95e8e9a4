// libpq's multi-host URLs as the station reads them for `pg`, which takes one host: the servers in order, the
// URL of the first, and whether each connection must look for the server that accepts writes.
import { describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../src-main/store/postgres/servers.ts';

describe('--database with one or several servers', () => {
  it('keeps a one-server URL as it is', () => {
    expect(parseDatabaseUrl('postgres://station:secret@db.local:5433/warehouse?sslmode=require')).toEqual({
      url: 'postgres://station:secret@db.local:5433/warehouse?sslmode=require',
      servers: [{ host: 'db.local', port: 5433 }],
      readWrite: false,
    });
  });

  it('reads a primary and a standby, with ports of their own or the default, and looks for the writable one', () => {
    expect(
      parseDatabaseUrl(
        'postgresql://station:secret@10.0.0.5,10.0.0.6:5433,[fd00::7]:5434/warehouse?target_session_attrs=read-write&connect_timeout=3',
      ),
    ).toEqual({
      url: 'postgresql://station:secret@10.0.0.5:5432/warehouse?connect_timeout=3',
      servers: [
        { host: '10.0.0.5', port: 5432 },
        { host: '10.0.0.6', port: 5433 },
        { host: 'fd00::7', port: 5434 },
      ],
      readWrite: true,
    });
  });

  it('looks for the writable server among several even without target_session_attrs, as a station writes', () => {
    expect(parseDatabaseUrl('postgres://h1,h2/db').readWrite).toBe(true);
    expect(parseDatabaseUrl('postgres://h1/db?target_session_attrs=primary').readWrite).toBe(true);
    expect(parseDatabaseUrl('postgres://h1/db?target_session_attrs=any').readWrite).toBe(false);
  });

  it('refuses a target that cannot take writes, saying what would work', () => {
    expect(() => parseDatabaseUrl('postgres://h1,h2/db?target_session_attrs=standby')).toThrow(
      'target_session_attrs=standby in --database cannot work: the station writes, so use read-write (or primary, or any).',
    );
  });
});
