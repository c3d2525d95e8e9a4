// Migration 17 on a populated SQLite station of one client per person: every client becomes an account with one
// user of the same id, username, password and role, who signs in as before; and its shipments name their maker.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { authenticationHash } from '../../src-shared/auth-hash.ts';
import { deriveCredential } from '../../src-main/security/credentials.ts';
import { MIGRATIONS } from '../../src-main/store/migrations/index.ts';
import { openDatabase } from '../../src-main/store/database.ts';
import { openStore } from '../../src-main/store/index.ts';
import { removeTempDirs, tempDir } from '../helpers/station.ts';

afterEach(removeTempDirs);

describe('migration 17: accounts and their people', () => {
  it('turns each client into an account with one user of the same id, username, credential and role', async () => {
    const file = join(tempDir(), 'station.sqlite');
    // Times as a station stamped them long ago: the migration copies them, it does not read them as days.
    const created = new Date(Date.now() - 300 * 86_400_000).toISOString();
    const removed = new Date(Date.now() - 200 * 86_400_000).toISOString();
    const old = openDatabase(
      file,
      MIGRATIONS.filter((migration) => migration.version <= 16),
    );
    const salt = 'migration-salt';
    const credentials = {
      anna: await deriveCredential(authenticationHash('anna', 'Anna-Password-1'), salt),
      bruno: await deriveCredential(authenticationHash('bruno', 'Bruno-Password-1'), salt),
    };
    const insert = old.prepare(
      `INSERT INTO clients (id, username, credential, client_key, role, name, contact, created_at, updated_at, removed_at)
       VALUES (@id, @username, @credential, 'key', @role, @name, @contact, @created, @created, @removedAt)`,
    );
    insert.run({
      id: 3,
      username: 'anna',
      credential: credentials.anna,
      role: 'supervisor',
      name: 'Anna’s desk',
      contact: 'Anna Rossi',
      created,
      removedAt: null,
    });
    insert.run({
      id: 7,
      username: 'bruno',
      credential: credentials.bruno,
      role: 'packer',
      name: 'Bruno’s desk',
      contact: '',
      created,
      removedAt: removed,
    });
    old
      .prepare(
        `INSERT INTO shipments (id, client_id, sandbox, origin, status, scheduled, ship_date, attributes, created_at)
       VALUES ('S1', 3, 0, 'save', 0, 0, @day, '{}', @created)`,
      )
      .run({ day: created.slice(0, 10), created });
    old.close();

    const store = openStore(file);
    try {
      expect(await store.users.list()).toEqual([
        { id: '3', clientId: '3', username: 'anna', name: 'Anna Rossi', role: 'supervisor', createdAt: created, sessionEpoch: 0 },
      ]);
      // The removed client's user is removed too, and its username stays reserved.
      expect(await store.users.byUsername('bruno')).toBeUndefined();
      expect(await store.users.usernameTaken('bruno')).toBe(true);
      // The same password proves the same user.
      const [match] = (await store.users.credentials()).filter((entry) => entry.credential.equals(credentials.anna));
      expect(match?.id).toBe('3');
      expect(store.db!.prepare("SELECT created_by FROM shipments WHERE id = 'S1'").pluck().get()).toBe('anna');
    } finally {
      await store.close();
    }
  });
});
