// The data folder's file modes can never run two stations on one folder, nor a station whose /health says ok while
// its writes fail (issue 50). Stations run here as an ordinary user (nobody, through setpriv), as on a warehouse PC:
// root ignores file modes. For each way the folder, station.lock, station.pid, station.sqlite, -wal and -shm can be
// left (read-only, or another user's), either one station runs, its /health is 200 and a write goes through, while
// a second one on the folder exits 1 naming the first; or the start refuses with what to do; or it waits, /health
// 503 saying the database is read-only, and serves by itself once the files are writable.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { CLI, runCli, serve, type RunAs, type Served } from '../helpers/cli.ts';
import { http } from '../helpers/http.ts';
import { attributes, document } from '../helpers/shipments.ts';
import { waitFor } from '../helpers/wait.ts';

const USER = 'nobody';
const GROUP = 'nogroup';
/** Runs a command as the user (setpriv, of util-linux), synchronously. */
const asUser = (command: string, ...args: string[]) =>
  spawnSync('setpriv', [`--reuid=${USER}`, `--regid=${GROUP}`, '--clear-groups', '--', command, ...args]);

/** Why this file cannot run here: not root (it runs stations as another user), no setpriv or no such user. */
function missing(): string | undefined {
  if (process.getuid?.() !== 0) return 'the file-mode tests run stations as an ordinary user, which needs root (setpriv)';
  const id = asUser('true');
  if (id.error || id.status !== 0) return `setpriv cannot run a command as ${USER} here`;
  return undefined;
}
const notHere = missing();

const PROJECT = fileURLToPath(new URL('../..', import.meta.url));
const reaches = (node: string, cli: string) => asUser(node, '-e', `require('fs').accessSync(${JSON.stringify(cli)})`).status === 0;
/** The project bind-mounted where the user can reach it, when the checkout is under a folder it may not enter. */
let mountedProject: string | undefined;
/**
 * How the user runs the station: the checkout as it is, or (a checkout under a folder the user may not enter, as
 * /root is) the same tree bind-mounted under a temporary folder, whose path the user can walk.
 */
function runAsUser(): RunAs | undefined {
  if (reaches(process.execPath, CLI)) return { user: USER, group: GROUP, node: process.execPath, cli: CLI };
  const mountPoint = mkdtempSync(join(tmpdir(), 'station-project-'));
  if (spawnSync('mount', ['--bind', PROJECT, mountPoint]).status !== 0) {
    rmSync(mountPoint, { recursive: true, force: true });
    return undefined;
  }
  mountedProject = mountPoint;
  const moved = (path: string) => (path.startsWith(PROJECT) ? join(mountPoint, relative(PROJECT, path)) : path);
  const as = { user: USER, group: GROUP, node: moved(process.execPath), cli: moved(CLI) };
  return reaches(as.node, as.cli) ? as : undefined;
}
const runAs = notHere ? undefined : runAsUser();
const skip = notHere ?? (runAs ? undefined : `${USER} can reach neither ${CLI} nor a bind mount of the project`);
if (skip && process.env.CI && process.getuid?.() === 0) throw new Error(`${skip}; in CI the file-mode tests must run.`);
if (skip) console.log(`Skipping the file-mode tests: ${skip}.`);

const PASSWORD = 'file-modes-2026';
const ENV = { STATION_SCHEDULER_INTERVAL_MS: '0' };
let root = '';
/** A station's folder as a killed station leaves it: its database with -wal and -shm, station.lock and station.pid. */
let template = '';

/** The user's uid and gid, for the files the tests hand to it. */
function ids(): { uid: number; gid: number } {
  return { uid: Number(asUser('id', '-u').stdout.toString().trim()), gid: Number(asUser('id', '-g').stdout.toString().trim()) };
}

const serveAsUser = (dataDir: string) => serve(['--data', dataDir, '--port', '0', '--desk', 'modes'], ENV, runAs);
const startAsUser = (dataDir: string) => runCli(['serve', '--data', dataDir, '--port', '0', '--desk', 'modes-2'], ENV, undefined, runAs);

beforeAll(async () => {
  if (skip) return;
  root = mkdtempSync(join(tmpdir(), 'station-modes-'));
  chmodSync(root, 0o755);
  const { uid, gid } = ids();
  template = join(root, 'template');
  mkdirSync(template);
  chownSync(template, uid, gid);
  const added = await runCli(
    ['client', 'add', '--data', template, '--username', 'modes', '--password', PASSWORD, '--name', 'Modes', '--role', 'supervisor'],
    ENV,
    undefined,
    runAs,
  );
  expect(added.code, added.stderr).toBe(0);
  // Killed mid-run, as after a power cut: the -wal, -shm, station.lock and station.pid stay.
  const station = await serveAsUser(template);
  await station.stop('SIGKILL');
  for (const file of ['station.sqlite-wal', 'station.sqlite-shm', 'station.lock', 'station.pid'])
    expect(existsSync(join(template, file)), file).toBe(true);
  chownSync(template, uid, gid);
}, 60_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  if (mountedProject && spawnSync('umount', [mountedProject]).status === 0) rmSync(mountedProject, { recursive: true, force: true });
});

let cases = 0;
/** A fresh copy of the template folder, owned by the user, with `change` made to it as root. */
function folder(change: (dir: string) => void): string {
  const dir = join(root, `case-${++cases}`);
  cpSync(template, dir, { recursive: true, preserveTimestamps: true });
  const { uid, gid } = ids();
  for (const path of [dir, ...readdirSync(dir).map((name) => join(dir, name))]) chownSync(path, uid, gid);
  change(dir);
  return dir;
}

/** Signs in and saves a shipment: a write the station acknowledges. */
async function write(url: string): Promise<number> {
  const keys = JSON.parse((await runCli(['keys', '--json', '--data', readDataDir(url)])).stdout) as { integrationKey: string };
  const signIn = await http(`${url}/v3/clients/authentication`, {
    method: 'POST',
    headers: {
      Accept: 'application/vnd.api+json',
      Authorization: serviceApiAuthorization(authenticationHash('modes', PASSWORD), keys.integrationKey),
    },
  });
  expect(signIn.status, signIn.text).toBe(200);
  const token = (signIn.json as { meta: { token: string } }).meta.token;
  const saved = await http(`${url}/v3/shipments/save`, {
    method: 'POST',
    headers: { Accept: 'application/vnd.api+json', 'Content-Type': 'application/vnd.api+json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(document(attributes())),
  });
  return saved.status;
}

/** The folder of a running station, by its URL (each case notes it). */
const dataDirs = new Map<string, string>();
const readDataDir = (url: string) => dataDirs.get(url)!;

/** One station runs on `dir`, healthy and writing, and a second on the same folder is refused naming it. */
async function expectOneHealthyStation(dir: string): Promise<void> {
  const first: Served = await serveAsUser(dir);
  dataDirs.set(first.url, dir);
  try {
    expect(first.stdout()).not.toContain('waiting for its database');
    const health = await http(`${first.url}/health`);
    expect(health.status, health.text).toBe(200);
    expect(await write(first.url)).toBe(202);
    const second = await startAsUser(dir);
    expect(second.code, second.stdout).toBe(1);
    expect(second.stderr).toContain(`Another station is already running on the data folder ${dir}`);
  } finally {
    expect(await first.stop()).toBe(0);
  }
}

describe.skipIf(skip !== undefined)('file modes of the data folder, with a station run by an ordinary user', () => {
  const readOnly =
    (...names: string[]) =>
    (dir: string) => {
      for (const name of names) chmodSync(join(dir, name), 0o400);
    };

  // Each of the folder's files left read-only alone (the folder itself 0500): the station makes it writable again.
  for (const name of ['station.lock', 'station.pid', 'station.sqlite', 'station.sqlite-wal', 'station.sqlite-shm', '.']) {
    it(`${name === '.' ? 'the folder' : name} left read-only: one station runs, healthy and writing, and a second is refused`, async () => {
      await expectOneHealthyStation(folder((dir) => chmodSync(join(dir, name), name === '.' ? 0o500 : 0o400)));
    });
  }

  it('station.sqlite, -wal and -shm left read-only with the folder writable: opened to write, /health and writes agree', async () => {
    await expectOneHealthyStation(folder(readOnly('station.sqlite', 'station.sqlite-wal', 'station.sqlite-shm')));
  });

  it('the whole folder made read-only (chmod -R a-w): the station makes its own folder and files writable, and runs alone', async () => {
    await expectOneHealthyStation(
      folder((dir) => {
        readOnly(...readdirSync(dir))(dir);
        chmodSync(dir, 0o500);
      }),
    );
  });

  it('station.lock of another user that the station may not write: the start refuses with what to do, never runs unlocked', async () => {
    const dir = folder((d) => {
      chownSync(join(d, 'station.lock'), 0, 0);
      chmodSync(join(d, 'station.lock'), 0o644);
    });
    for (const attempt of [await startAsUser(dir), await startAsUser(dir)]) {
      expect(attempt.code).toBe(1);
      expect(attempt.stderr).toContain(`The station cannot write ${join(dir, 'station.lock')}`);
      expect(attempt.stderr).toContain(`chown -R ${USER} '${dir}'`);
      expect(attempt.stderr).not.toMatch(/station: EACCES/);
    }
  });

  it('a read-only database (another user’s file): the station waits, /health 503 says so, and serves by itself once it is writable', async () => {
    const dir = folder((d) => {
      for (const name of ['station.sqlite', 'station.sqlite-wal', 'station.sqlite-shm']) {
        chownSync(join(d, name), 0, 0);
        chmodSync(join(d, name), 0o644);
      }
    });
    const first = await serveAsUser(dir);
    dataDirs.set(first.url, dir);
    try {
      expect(first.stdout()).toContain('waiting for its database');
      const waiting = await http(`${first.url}/health`);
      expect(waiting.status).toBe(503);
      expect(waiting.headers['retry-after']).toBeDefined();
      const health = (waiting.json as { meta: { health: { status: string; database: { readOnly?: boolean; problem: string } } } }).meta
        .health;
      expect(health.status).toBe('starting');
      expect(health.database.readOnly).toBe(true);
      expect(health.database.problem).toContain(`chown -R ${USER}`);
      await waitFor('the log to say what to do', () =>
        first.stderr().includes(`can open its database ${join(dir, 'station.sqlite')} only to read it`),
      );
      // Never two: the waiting station holds the folder.
      const second = await startAsUser(dir);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('Another station is already running');

      // The administrator gives the files back: the station opens the database to write, by itself.
      const { uid, gid } = ids();
      for (const name of ['station.sqlite', 'station.sqlite-wal', 'station.sqlite-shm']) chownSync(join(dir, name), uid, gid);
      await waitFor('the station to serve', async () => (await http(`${first.url}/health`)).status === 200, {
        timeoutMs: 10_000,
        intervalMs: 100,
      });
      expect(await write(first.url)).toBe(202);
    } finally {
      expect(await first.stop()).toBe(0);
    }
  });
});
