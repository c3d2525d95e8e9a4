// The watched orders folder as a station setting (docs/shipments.md, "Watched folder"), on SQLite and PostgreSQL:
// GET /orders-folder for every role, PATCH /orders-folder for admins only, audited; a folder the station could not
// watch refused by name; a change starts, moves or stops the station's watcher at once, a restart watches the folder
// set, and a folder given to `station serve` wins over the setting.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSONAPI, OPERATOR, removeTempDirs, startTestStation, tempDir } from '../helpers/station.ts';

const AMAZON = readFileSync(new URL('../fixtures/orders/amazon-unshipped.txt', import.meta.url));
const SHOPIFY = readFileSync(new URL('../fixtures/orders/shopify-orders.csv', import.meta.url));
const ADMIN = { username: 'folder-admin', password: 'Folder-Admin-2026' };
const PACKER = { username: 'folder-packer', password: 'Folder-Packer-2026' };

const files = (folder: string) => (existsSync(folder) ? readdirSync(folder).sort() : []);

afterAll(() => removeTempDirs());

/** A station whose folder is looked at only when the test says, with an admin and a packer beside Smith (a supervisor). */
async function stationWithTeam(options: Parameters<typeof startTestStation>[0] = {}) {
  const t = await startTestStation({ schedulerIntervalMs: 0, ordersFolderPollMs: 0, desk: 'setting-desk', ...options });
  const users = await t.station.users.list(OPERATOR, t.client.id);
  if (!users.some((user) => user.username === ADMIN.username)) {
    await t.station.users.add(OPERATOR, { clientId: t.client.id, ...ADMIN, role: 'admin' });
    await t.station.users.add(OPERATOR, { clientId: t.client.id, ...PACKER });
  }
  const tokenOf = async (who: { username: string; password: string }) =>
    (await t.signIn(who.username, who.password)).json.meta.token as string;
  const tokens = { admin: await tokenOf(ADMIN), packer: await tokenOf(PACKER), supervisor: await t.token() };
  const send = (token: string, method: 'GET' | 'PATCH', attributes?: Record<string, unknown>) =>
    t.call('/v3/orders-folder', {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(attributes ? { 'Content-Type': JSONAPI } : {}) },
      body: attributes ? JSON.stringify({ data: { type: 'ordersFolder', attributes } }) : undefined,
    });
  const orderCount = async () => {
    const page = await t.call('/v3/orders?page[size]=100', { headers: { Authorization: `Bearer ${tokens.admin}` } });
    return (page.json.data as unknown[]).length;
  };
  return { t, tokens, send, orderCount };
}

describe('the watched orders folder as a station setting', () => {
  let desk: Awaited<ReturnType<typeof stationWithTeam>>;
  let root: string;
  beforeAll(async () => {
    root = tempDir();
    desk = await stationWithTeam();
  });
  afterAll(async () => {
    await desk?.t.close();
  });

  it('answers every role the folder set and that none is watched; only an admin changes it', async () => {
    const read = await desk.send(desk.tokens.packer, 'GET');
    expect(read.status, read.text).toBe(200);
    expect(read.json.data).toEqual({
      type: 'ordersFolder',
      id: 'station',
      attributes: { folder: null, user: null, commandLine: null, watching: false, watchedFolder: null, problem: null, problemText: null },
    });
    await mkdir(join(root, 'refused'));
    for (const role of ['packer', 'supervisor'] as const) {
      const refused = await desk.send(desk.tokens[role], 'PATCH', { folder: join(root, 'refused') });
      expect(refused.status, refused.text).toBe(403);
      expect(refused.json.errors[0]).toMatchObject({ code: 'role.required', meta: { neededRole: 'admin', role } });
    }
    expect((await desk.send(desk.tokens.admin, 'GET')).json.data.attributes.folder).toBeNull();
  });

  it('refuses a folder the station could not watch, and a user it could not import as, naming the member', async () => {
    await writeFile(join(root, 'a-file.csv'), 'not a folder');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ folder: 'orders-in' }, 'field.invalid', '/data/attributes/folder'],
      [{ folder: './orders-in' }, 'field.invalid', '/data/attributes/folder'],
      [{ folder: 42 }, 'field.invalid', '/data/attributes/folder'],
      [{ folder: join(root, 'not-there') }, 'order.folderNotUsable', '/data/attributes/folder'],
      [{ folder: join(root, 'a-file.csv') }, 'order.folderNotUsable', '/data/attributes/folder'],
      [{ folder: root, user: 'nobody' }, 'order.folderUserUnknown', '/data/attributes/user'],
    ];
    for (const [attributes, code, pointer] of cases) {
      const refused = await desk.send(desk.tokens.admin, 'PATCH', attributes);
      expect(refused.status, JSON.stringify(attributes)).toBe(400);
      expect(refused.json.errors[0]).toMatchObject({ code, source: { pointer } });
    }
    const notThere = await desk.send(desk.tokens.admin, 'PATCH', { folder: join(root, 'not-there') });
    expect(notThere.json.errors[0].detail).toContain(`${join(root, 'not-there')} is not a folder on the station's computer.`);
    expect(existsSync(join(root, 'not-there'))).toBe(false);
    expect((await desk.send(desk.tokens.admin, 'GET')).json.data.attributes).toMatchObject({ folder: null, watching: false });
  });

  it('watches the folder set at once, moves to another one set, and stops when it is cleared', async () => {
    const first = join(root, 'first');
    const second = join(root, 'second');
    await mkdir(first);
    await mkdir(second);
    const set = await desk.send(desk.tokens.admin, 'PATCH', { folder: first });
    expect(set.status, set.text).toBe(200);
    expect(set.json.data.attributes).toEqual({
      folder: first,
      user: null,
      commandLine: null,
      watching: true,
      watchedFolder: first,
      problem: null,
      problemText: null,
    });
    expect(files(first)).toEqual(['.importing', 'failed', 'imported']);

    // The only account's first admin imports a file dropped into it.
    await writeFile(join(first, 'amazon.txt'), AMAZON);
    await desk.t.station.ordersFolder.runOnce();
    await desk.t.station.ordersFolder.runOnce();
    expect(files(join(first, 'imported'))).toEqual(['amazon.txt']);
    expect(await desk.orderCount()).toBe(20);

    // Moved: the old folder is left alone, the new one imported, as the packer named.
    const moved = await desk.send(desk.tokens.admin, 'PATCH', { folder: ` ${second} `, user: PACKER.username });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json.data.attributes).toMatchObject({ folder: second, user: PACKER.username, watching: true, watchedFolder: second });
    await writeFile(join(first, 'late.csv'), SHOPIFY);
    await writeFile(join(second, 'shopify.csv'), SHOPIFY);
    await desk.t.station.ordersFolder.runOnce();
    await desk.t.station.ordersFolder.runOnce();
    expect(files(first)).toContain('late.csv');
    expect(files(join(second, 'imported'))).toEqual(['shopify.csv']);
    expect(await desk.orderCount()).toBe(40);
    const imported = await desk.t.station.audit.list(OPERATOR, {
      before: null,
      action: 'order.imported',
      desk: null,
      actor: null,
      limit: 10,
    });
    expect(imported.map((entry) => [entry.actor, entry.detail?.file])).toEqual([
      [PACKER.username, 'shopify.csv'],
      [ADMIN.username, 'amazon.txt'],
    ]);

    // Cleared: nothing is watched, and a file dropped stays where it is.
    const cleared = await desk.send(desk.tokens.admin, 'PATCH', { folder: null });
    expect(cleared.json.data.attributes).toMatchObject({
      folder: null,
      user: PACKER.username,
      watching: false,
      watchedFolder: null,
      problem: null,
    });
    await writeFile(join(second, 'after.csv'), SHOPIFY);
    await desk.t.station.ordersFolder.runOnce();
    await desk.t.station.ordersFolder.runOnce();
    expect(files(second)).toContain('after.csv');

    // Each change audited with what it changed, by the admin.
    const changes = await desk.t.station.audit.list(OPERATOR, {
      before: null,
      action: 'orders-folder.changed',
      desk: null,
      actor: null,
      limit: 10,
    });
    expect(changes.map((entry) => [entry.actor, { type: entry.subjectType, id: entry.subjectId }, entry.detail])).toEqual([
      [ADMIN.username, { type: 'ordersFolder', id: 'station' }, { folder: { from: second, to: null } }],
      [
        ADMIN.username,
        { type: 'ordersFolder', id: 'station' },
        { folder: { from: first, to: second }, user: { from: null, to: PACKER.username } },
      ],
      [ADMIN.username, { type: 'ordersFolder', id: 'station' }, { folder: { from: null, to: first } }],
    ]);
  });

  it('says why the folder set is not watched, and watches it again once it is back', async () => {
    const folder = join(root, 'share');
    await mkdir(folder);
    expect((await desk.send(desk.tokens.admin, 'PATCH', { folder })).json.data.attributes.watching).toBe(true);
    await rm(folder, { recursive: true });
    const gone = await desk.send(desk.tokens.packer, 'GET');
    expect(gone.json.data.attributes).toMatchObject({ folder, watching: false, watchedFolder: null, problem: 'folderMissing' });
    expect(gone.json.data.attributes.problemText).toContain(folder);
    await mkdir(folder);
    expect((await desk.send(desk.tokens.packer, 'GET')).json.data.attributes).toMatchObject({
      watching: true,
      watchedFolder: folder,
      problem: null,
    });
    // The user set removed from the team: not watched, and said why; set again to the account's admin, watched.
    const leaver = { username: 'folder-leaver', password: 'Folder-Leaver-2026' };
    await desk.t.station.users.add(OPERATOR, { clientId: desk.t.client.id, ...leaver });
    expect((await desk.send(desk.tokens.admin, 'PATCH', { user: leaver.username })).json.data.attributes).toMatchObject({
      user: leaver.username,
      watching: true,
    });
    await desk.t.station.users.remove(OPERATOR, { username: leaver.username });
    expect((await desk.send(desk.tokens.packer, 'GET')).json.data.attributes).toMatchObject({
      watching: false,
      problem: 'userUnknown',
      problemText: expect.stringContaining(leaver.username),
    });
    expect((await desk.send(desk.tokens.admin, 'PATCH', { user: null })).json.data.attributes).toMatchObject({
      user: null,
      watching: true,
      problem: null,
    });

    // The orders of the file were imported before: it is taken, and they are left alone as duplicates.
    await writeFile(join(folder, 'back.txt'), AMAZON);
    await desk.t.station.ordersFolder.runOnce();
    await desk.t.station.ordersFolder.runOnce();
    expect(files(join(folder, 'imported'))).toEqual(['back.txt', 'back.txt.log']);
  });
});

describe('the folder set is watched from the start, and a folder given to serve wins over it', () => {
  it('watches the folder set after a restart; started with --orders-folder, watches that one and keeps the setting for later', async () => {
    const root = tempDir();
    const dataDir = join(root, 'data');
    const set = join(root, 'set');
    const given = join(root, 'given');
    await mkdir(set);
    let desk = await stationWithTeam({ dataDir });
    expect((await desk.send(desk.tokens.admin, 'PATCH', { folder: set })).status).toBe(200);
    await desk.t.close();

    desk = await stationWithTeam({ dataDir });
    expect((await desk.send(desk.tokens.packer, 'GET')).json.data.attributes).toMatchObject({
      folder: set,
      watching: true,
      watchedFolder: set,
    });
    await writeFile(join(set, 'amazon.txt'), AMAZON);
    await desk.t.station.ordersFolder.runOnce();
    await desk.t.station.ordersFolder.runOnce();
    expect(files(join(set, 'imported'))).toEqual(['amazon.txt']);
    await desk.t.close();

    desk = await stationWithTeam({ dataDir, ordersFolder: { dir: given, user: ADMIN.username, pollMs: 0 } });
    const read = await desk.send(desk.tokens.admin, 'GET');
    expect(read.json.data.attributes).toEqual({
      folder: set,
      user: null,
      commandLine: { folder: given, user: ADMIN.username },
      watching: true,
      watchedFolder: given,
      problem: null,
      problemText: null,
    });
    // A change is kept for a start without the option, and the folder given stays watched meanwhile.
    const other = join(root, 'other');
    await mkdir(other);
    const changed = await desk.send(desk.tokens.admin, 'PATCH', { folder: other });
    expect(changed.json.data.attributes).toMatchObject({ folder: other, watchedFolder: given });
    await writeFile(join(given, 'shopify.csv'), SHOPIFY);
    await writeFile(join(other, 'shopify.csv'), SHOPIFY);
    await desk.t.station.ordersFolder.runOnce();
    await desk.t.station.ordersFolder.runOnce();
    expect(files(join(given, 'imported'))).toEqual(['shopify.csv']);
    expect(files(other)).toContain('shopify.csv');
    await desk.t.close();
  });
});
