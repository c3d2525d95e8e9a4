// `npm run bench -- --large`: ten million shipments and two million addresses, on SQLite and on PostgreSQL (not in
// CI). Each database is seeded with the bench's rows written straight into it (test/bench/seed.ts, seedLarge:
// prepared INSERTs on SQLite, COPY on PostgreSQL, the indexes built after the load; timed), then measured: the hot
// reads' p50/p95/p99 under a paced load, the first start of a station on it, and a backup. Prints a markdown table
// and writes bench-large-results.json. docs/benchmarks.md, "Ten million shipments", says what each figure is and
// how long each part takes.
//
// Options: --rows N (10,000,000), --addresses N (2,000,000), --days N (2,190: six years at ~4,600 a day),
// --only sqlite|postgres, --keep DIR (the data folders and the PostgreSQL cluster live in DIR and stay; a database
// seeded there before is measured again without seeding, and a seeding stopped part-way goes on where it stopped),
// --seed-only, --reads-only (no backup, no index build), --skip TEXT (leaves out the reads whose name holds TEXT),
// --rate N and --seconds N (the reads' pace and length).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { MIGRATIONS, POSTGRES_MIGRATIONS } from '../../src-main/store/migrations/index.ts';
import { openDataDir } from '../../src-main/station.ts';
import { CLI } from '../helpers/cli.ts';
import { http } from '../helpers/http.ts';
import { BENCH_CLIENTS, SEARCH_WORDS, benchUser, seedLarge } from './seed.ts';
import { keptCluster, type KeptCluster } from './large-postgres.ts';

const argument = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const ROWS = Number(argument('--rows') ?? 10_000_000);
const ADDRESSES = Number(argument('--addresses') ?? 2_000_000);
const DAYS = Number(argument('--days') ?? 2_190);
const only = argument('--only') as 'sqlite' | 'postgres' | undefined;
const kept = argument('--keep');
const seedOnly = process.argv.includes('--seed-only');
/** Reads whose name contains this text are left out (`--skip deep`: the deep page, where it is known to be slow). */
const skip = argument('--skip');
/** Only the starts and the hot reads: no backup, no index build (a second look at a kept seeding). */
const readsOnly = process.argv.includes('--reads-only');

const log = (message: string) => console.error(`bench --large: ${new Date().toISOString().slice(11, 19)} ${message}`);

type Backend = 'sqlite' | 'postgres';

/** What a seeding left in its folder, so a kept folder is measured again without seeding it again. */
interface Seeded {
  backend: Backend;
  rows: number;
  addresses: number;
  days: number;
  shipmentSeconds: number;
  addressSeconds: number;
  firstShipDate: string;
  lastShipDate: string;
  databaseUrl?: string;
}

/** The data folder's size on disk, in bytes (SQLite: the database with its log). */
function sizeOnDisk(folder: string): number {
  return Number(execFileSync('du', ['-sb', folder]).toString().split('\t')[0]);
}

/** Seeds (or finds seeded) the data folder of one back end in `folder`. */
async function seeded(backend: Backend, folder: string, cluster?: KeptCluster): Promise<Seeded> {
  const dataDir = join(folder, backend);
  const marker = join(folder, `${backend}-seeded.json`);
  if (existsSync(marker)) {
    const found = JSON.parse(readFileSync(marker, 'utf8')) as Seeded;
    if (found.rows === ROWS && found.addresses === ADDRESSES && found.days === DAYS) {
      log(`${backend}: seeded before (${found.rows} shipments), measured again`);
      if (cluster) found.databaseUrl = `${cluster.url}/station_large`;
      return found;
    }
    throw new Error(`${folder} holds another seeding (${found.rows} shipments): remove it or name another --keep folder`);
  }
  // A seeding stopped part-way (its progress file there, of the same counts) goes on where it stopped.
  const progressFile = join(folder, `${backend}-seeding.json`);
  const resuming = existsSync(progressFile);
  const databaseUrl = cluster ? `${cluster.url}/station_large` : undefined;
  if (!resuming) {
    if (cluster) {
      const psql = ['-h', '127.0.0.1', '-p', new URL(cluster.url).port, '-U', 'postgres', '-c'];
      cluster.run('psql', [...psql, 'DROP DATABASE IF EXISTS station_large']);
      cluster.run('psql', [...psql, 'CREATE DATABASE station_large']);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  log(`${backend}: seeding ${ROWS} shipments over ${DAYS} days and ${ADDRESSES} addresses`);
  const result = await seedLarge(
    dataDir,
    { shipments: ROWS, addresses: ADDRESSES, days: DAYS },
    progressFile,
    (message) => log(`${backend}: ${message}`),
    databaseUrl,
  );
  const done: Seeded = {
    backend,
    rows: ROWS,
    addresses: ADDRESSES,
    days: DAYS,
    shipmentSeconds: result.shipmentSeconds,
    addressSeconds: result.addressSeconds,
    firstShipDate: result.firstShipDate,
    lastShipDate: result.lastShipDate,
    databaseUrl,
  };
  writeFileSync(marker, JSON.stringify(done, null, 2));
  log(`${backend}: seeded in ${result.shipmentSeconds.toFixed(0)} s (shipments) and ${result.addressSeconds.toFixed(0)} s (addresses)`);
  return done;
}

/** The hot reads' load: evenly paced requests (a desk's pace and more), measured from each one's planned start. */
const RATE = Number(argument('--rate') ?? 50);
const SECONDS = Number(argument('--seconds') ?? 10);
const WARMUP_SECONDS = 2;
const CONNECTIONS = 10;
const TARGET_MS = 20;

interface Latency {
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  failures: number;
}

type Request = { path: string; token: string };

/**
 * A year's report answers about 190 KB, tens of milliseconds of work: at the other reads' pace the figure would be
 * the queue of them on 2 cores (throughput, which `npm run bench` measures). It is paced at a fifth of it, still
 * far above the Reports screen's use.
 */
const REPORT_RATE = RATE / 5;

/** `rate` requests a second for `seconds`, each from `next()`, over at most CONNECTIONS keep-alive connections. */
async function paced(url: string, next: () => Request, seconds: number, rate: number): Promise<Latency> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const total = Math.round(seconds * rate);
  const send = (index: number) =>
    new Promise<void>((resolve) => {
      const planned = started + (index * 1000) / rate;
      const { path, token } = next();
      const headers = { Accept: 'application/vnd.api+json', Authorization: `Bearer ${token}` };
      const outgoing = httpRequest(`${url}${path}`, { headers, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - planned);
          if ((response.statusCode ?? 0) >= 400) failures++;
          resolve();
        });
      });
      outgoing.on('error', () => {
        failures++;
        resolve();
      });
      outgoing.end();
    });
  const inFlight: Promise<void>[] = [];
  for (let index = 0; index < total; index++) {
    const wait = started + (index * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(send(index));
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), requests: latencies.length, failures };
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const DAY = 86_400_000;
const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);
const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0)} ms`;
const seconds = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(1)} s`;
const gigabytes = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GiB`;
/** A figure not measured in this run (--reads-only). */
const notRun = (value: number, text: () => string) => (Number.isNaN(value) ? '(not run: --reads-only)' : text());

/** A station process started on the data folder: how long to `listening on`, and to the first 200 of /health. */
async function start(
  dataDir: string,
  databaseUrl?: string,
): Promise<{ child: ChildProcess; url: string; listening: number; ready: number }> {
  const began = performance.now();
  const args = [CLI, 'serve', '--data', dataDir, '--port', '0', ...(databaseUrl ? ['--database', databaseUrl] : [])];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, STATION_SCHEDULER_INTERVAL_MS: '0', STATION_BACKUP_HOURS: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (found) resolve(found);
    });
    child.on('exit', (code) => reject(new Error(`the station exited with ${code}: ${out}${stderr}`)));
  });
  const listening = performance.now() - began;
  for (;;) {
    const response = await http(`${url}/health`).catch(() => undefined);
    if (response?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { child, url, listening, ready: performance.now() - began };
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function signIn(url: string, integrationKey: string, index: number): Promise<string> {
  const user = benchUser(index);
  const response = await http(`${url}/v3/clients/authentication`, {
    method: 'POST',
    headers: {
      Accept: 'application/vnd.api+json',
      Authorization: serviceApiAuthorization(authenticationHash(user.username, user.password), integrationKey),
    },
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.text}`);
  return response.json.meta.token as string;
}

/** The database of one back end, for what the benchmark asks it directly (samples, the migration records, an index's build). */
interface Direct {
  all<T>(text: string, values?: unknown[]): Promise<T[]>;
  run(text: string): Promise<void>;
  close(): Promise<void>;
}

async function direct(backend: Backend, dataDir: string, databaseUrl?: string): Promise<Direct> {
  if (backend === 'sqlite') {
    const db = new Database(join(dataDir, 'station.sqlite'));
    return {
      all: async <T>(text: string, values: unknown[] = []) => db.prepare(text.replace(/\$\d+/g, '?')).all(...values) as T[],
      run: async (text) => void db.exec(text),
      close: async () => void db.close(),
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    all: async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[],
    run: async (text) => void (await client.query(text)),
    close: () => client.end(),
  };
}

/** Random processed shipments of the whole table (not only the first seeded), with the index of their account. */
async function sampleIds(backend: Backend, db: Direct): Promise<[string, number][]> {
  const sampled = async (text: string, values: unknown[] = []) =>
    db.all<{ id: string; username: string }>(
      `SELECT s.id, c.username FROM shipments s ${text} JOIN clients c ON c.id = s.client_id WHERE s.status = 3 ${values.length ? 'AND s.rowid IN (SELECT value FROM json_each($1))' : ''} LIMIT 20000`,
      values,
    );
  let rows =
    backend === 'sqlite'
      ? await (async () => {
          const top = (await db.all<{ top: number }>('SELECT max(rowid) AS top FROM shipments'))[0]!.top;
          return sampled('', [JSON.stringify(Array.from({ length: 30_000 }, () => 1 + Math.floor(Math.random() * top)))]);
        })()
      : await sampled('TABLESAMPLE SYSTEM (0.3)');
  // A small table's sample of pages may hold none: then any of its processed shipments.
  if (rows.length < 100)
    rows = await db.all<{ id: string; username: string }>(
      'SELECT s.id, c.username FROM shipments s JOIN clients c ON c.id = s.client_id WHERE s.status = 3 LIMIT 20000',
    );
  if (rows.length === 0) throw new Error('no processed shipment to read');
  return rows.map((row) => [row.id, Number(row.username.replace('bench', ''))]);
}

interface Figures {
  rows: number;
  addresses: number;
  seedShipments: number;
  seedAddresses: number;
  diskBytes: number;
  migration: { from: number; to: number; listening: number; ready: number };
  startNoMigration: { listening: number; ready: number };
  releaseIndexSeconds: number;
  reads: Record<string, Latency>;
  backup: { seconds: number; bytes: number; how: string };
}

/** The database's schema version, and the newest this build's migrations make. */
async function schemaVersions(backend: Backend, db: Direct): Promise<{ found: number; latest: number }> {
  const [row] =
    backend === 'sqlite'
      ? await db.all<{ version: number }>('SELECT user_version AS version FROM pragma_user_version')
      : await db.all<{ version: number }>('SELECT version FROM schema_version WHERE id = 1');
  return { found: Number(row!.version), latest: (backend === 'sqlite' ? MIGRATIONS : POSTGRES_MIGRATIONS).length };
}

const READS = [
  'GET /v3/test (reads no row: the floor of this machine and run)',
  'GET /v3/shipments/<random id>',
  'GET /v3/shipment-summaries, first page (100)',
  'GET /v3/shipment-summaries, a page deep in the list (page[after])',
  'GET /v3/addresses?searchString=<3–5 letters>',
  'GET /v3/shipment-summaries, one day (first page)',
  'GET /v3/reports/daily, a year',
] as const;

async function measureBackend(backend: Backend, folder: string, cluster: KeptCluster | undefined, found: Seeded): Promise<Figures> {
  const dataDir = join(folder, backend);
  const url = found.databaseUrl;
  const db = await direct(backend, dataDir, url);
  let ids: [string, number][];
  let versions: { found: number; latest: number };
  let diskBytes: number;
  try {
    log(`${backend}: sampling shipment ids`);
    ids = await sampleIds(backend, db);
    diskBytes =
      backend === 'sqlite'
        ? sizeOnDisk(dataDir)
        : Number((await db.all<{ bytes: string }>("SELECT pg_database_size('station_large') AS bytes"))[0]!.bytes);
    versions = await schemaVersions(backend, db);
  } finally {
    await db.close();
  }
  // A folder seeded by an older build (kept with --keep) is at an older schema: its first start here migrates it,
  // 10M rows and all, as a station in the field upgrades. Seeded by this build, nothing is pending.
  log(`${backend}: first start, schema ${versions.found}, this build's ${versions.latest}`);
  const first = await start(dataDir, url);
  await stop(first.child);
  log(`${backend}: migrated and ready in ${ms(first.ready)}; starting again`);
  const integrationKey = await (async () => {
    const opened = await openDataDir(dataDir, { databaseUrl: url });
    await opened.store.close();
    return opened.keys.desktopIntegrationKey;
  })();
  const station = await start(dataDir, url);
  const reads: Record<string, Latency> = {};
  try {
    const tokens = await Promise.all(Array.from({ length: BENCH_CLIENTS }, (_, index) => signIn(station.url, integrationKey, index)));
    const firstDay = Date.parse(found.firstShipDate);
    const lastDay = Date.parse(found.lastShipDate);
    const randomDay = (span = 0) => firstDay + Math.floor(Math.random() * ((lastDay - firstDay - span * DAY) / DAY)) * DAY;
    // Cursors deep in each account's list: the page after the first page of a day in its older half.
    const cursors: [string, number][] = [];
    for (let i = 0; i < 40; i++) {
      const client = i % BENCH_CLIENTS;
      const day = isoDate(firstDay + Math.floor(Math.random() * ((lastDay - firstDay) / DAY / 2)) * DAY);
      const page = await http(`${station.url}/v3/shipment-summaries?dateTo=${day}&page[size]=100`, {
        headers: { Accept: 'application/vnd.api+json', Authorization: `Bearer ${tokens[client]}` },
      });
      const next = page.json?.links?.next as string | undefined;
      const after = next ? new URL(next, station.url).searchParams.get('page[after]') : null;
      if (after) cursors.push([after, client]);
    }
    if (cursors.length === 0) throw new Error('no deep cursor: the lists have a single page');
    const anyClient = () => Math.floor(Math.random() * BENCH_CLIENTS);
    const requests: Record<(typeof READS)[number], () => Request> = {
      'GET /v3/test (reads no row: the floor of this machine and run)': () => ({ path: '/v3/test', token: tokens[anyClient()]! }),
      'GET /v3/shipments/<random id>': () => {
        const [id, client] = pick(ids);
        return { path: `/v3/shipments/${id}`, token: tokens[client]! };
      },
      'GET /v3/shipment-summaries, first page (100)': () => ({ path: '/v3/shipment-summaries', token: tokens[anyClient()]! }),
      'GET /v3/shipment-summaries, a page deep in the list (page[after])': () => {
        const [after, client] = pick(cursors);
        return { path: `/v3/shipment-summaries?page[after]=${encodeURIComponent(after)}`, token: tokens[client]! };
      },
      'GET /v3/addresses?searchString=<3–5 letters>': () => {
        const word = pick(SEARCH_WORDS);
        const length = 3 + Math.floor(Math.random() * 3);
        const at = Math.floor(Math.random() * Math.max(1, word.length - length + 1));
        return { path: `/v3/addresses?searchString=${encodeURIComponent(word.slice(at, at + length))}`, token: tokens[0]! };
      },
      'GET /v3/shipment-summaries, one day (first page)': () => {
        const day = isoDate(randomDay());
        return { path: `/v3/shipment-summaries?dateFrom=${day}&dateTo=${day}`, token: tokens[anyClient()]! };
      },
      'GET /v3/reports/daily, a year': () => {
        const from = randomDay(365);
        return { path: `/v3/reports/daily?dateFrom=${isoDate(from)}&dateTo=${isoDate(from + 364 * DAY)}`, token: tokens[anyClient()]! };
      },
    };
    for (const figure of READS) {
      if (skip && figure.includes(skip)) continue;
      log(`${backend}: ${figure}`);
      const rate = figure === 'GET /v3/reports/daily, a year' ? REPORT_RATE : RATE;
      await paced(station.url, requests[figure], WARMUP_SECONDS, rate);
      reads[figure] = await paced(station.url, requests[figure], SECONDS, rate);
      log(`${backend}: ${figure}: p50 ${ms(reads[figure].p50)}, p95 ${ms(reads[figure].p95)}, p99 ${ms(reads[figure].p99)}`);
    }
  } finally {
    await stop(station.child);
  }

  if (readsOnly)
    return {
      rows: found.rows,
      addresses: found.addresses,
      seedShipments: found.shipmentSeconds,
      seedAddresses: found.addressSeconds,
      diskBytes,
      migration: { from: versions.found, to: versions.latest, listening: first.listening, ready: first.ready },
      startNoMigration: { listening: Number.NaN, ready: Number.NaN },
      releaseIndexSeconds: Number.NaN,
      reads,
      backup: { seconds: Number.NaN, bytes: 0, how: 'not run: --reads-only' },
    };
  log(`${backend}: backup`);
  const backupFile = join(folder, `${backend}-backup`);
  rmSync(backupFile, { force: true });
  const backupStarted = performance.now();
  let how: string;
  if (backend === 'sqlite') {
    execFileSync(process.execPath, [CLI, 'backup', '--out', backupFile, '--data', dataDir, '--json'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    how = 'station backup --out FILE';
  } else {
    const port = new URL(cluster!.url).port;
    cluster!.run('pg_dump', [
      '-h',
      '127.0.0.1',
      '-p',
      port,
      '-U',
      'postgres',
      '-Fc',
      '-f',
      `/tmp/station-large-backup-${process.pid}.dump`,
      'station_large',
    ]);
    execFileSync('mv', [`/tmp/station-large-backup-${process.pid}.dump`, backupFile]);
    how = 'pg_dump -Fc';
  }
  const backup = { seconds: (performance.now() - backupStarted) / 1000, bytes: statSync(backupFile).size, how };
  rmSync(backupFile, { force: true });
  log(`${backend}: backup in ${seconds(backup.seconds)} (${gigabytes(backup.bytes)})`);

  log(`${backend}: start with no migration pending`);
  const again = await start(dataDir, url);
  await stop(again.child);

  // What the upgrade from the last release costs at this size: migration 18 added columns (no rewrite on either
  // database) and one partial index over the shipments, whose build reads the whole table. Built here under
  // another name, timed, and dropped.
  log(`${backend}: the release upgrade's index over the shipments`);
  const probe = await direct(backend, dataDir, url);
  let releaseIndexSeconds: number;
  try {
    const began = performance.now();
    await probe.run('CREATE INDEX large_bench_probe ON shipments (client_id, sandbox, ship_date) WHERE return_of IS NOT NULL');
    releaseIndexSeconds = (performance.now() - began) / 1000;
    await probe.run('DROP INDEX large_bench_probe');
  } finally {
    await probe.close();
  }

  return {
    rows: found.rows,
    addresses: found.addresses,
    seedShipments: found.shipmentSeconds,
    seedAddresses: found.addressSeconds,
    diskBytes,
    migration: { from: versions.found, to: versions.latest, listening: first.listening, ready: first.ready },
    startNoMigration: { listening: again.listening, ready: again.ready },
    releaseIndexSeconds,
    reads,
    backup,
  };
}

function table(figures: Partial<Record<Backend, Figures>>): string {
  const backends = (['sqlite', 'postgres'] as const).filter((backend) => figures[backend]);
  const cell = (backend: Backend, value: (f: Figures) => string) => value(figures[backend]!);
  const line = (label: string, value: (f: Figures) => string) => `| ${label} | ${backends.map((b) => cell(b, value)).join(' | ')} |`;
  const lines = [
    `| figure | ${backends.map((b) => (b === 'sqlite' ? 'SQLite' : 'PostgreSQL')).join(' | ')} |`,
    `|---|${backends.map(() => '---').join('|')}|`,
    line('shipments / addresses seeded', (f) => `${f.rows.toLocaleString('en')} / ${f.addresses.toLocaleString('en')}`),
    line(
      'seeding the shipments (rows, their indexes, the day summaries)',
      (f) => `${seconds(f.seedShipments)} (${Math.round(f.rows / f.seedShipments).toLocaleString('en')}/s)`,
    ),
    line(
      'seeding the addresses (rows, their indexes)',
      (f) => `${seconds(f.seedAddresses)} (${Math.round(f.addresses / f.seedAddresses).toLocaleString('en')}/s)`,
    ),
    line('database on disk', (f) => gigabytes(f.diskBytes)),
    ...READS.map((figure) =>
      line(`${figure}: p50 / p95 / p99`, (f) => {
        const r = f.reads[figure];
        if (!r) return '(not run: --skip)';
        return `${ms(r.p50)} / ${r.p95 <= TARGET_MS ? ms(r.p95) : `**${ms(r.p95)}**`} / ${ms(r.p99)}${r.failures ? ` (${r.failures} failed)` : ''}`;
      }),
    ),
    line(
      'first start (to listening / to ready), the migrations it ran',
      (f) =>
        `${ms(f.migration.listening)} / ${ms(f.migration.ready)} (${f.migration.from === f.migration.to ? `none: at v${f.migration.to}` : `v${f.migration.from} → v${f.migration.to}`})`,
    ),
    line('start, no migration pending (to listening / to ready)', (f) =>
      notRun(f.startNoMigration.ready, () => `${ms(f.startNoMigration.listening)} / ${ms(f.startNoMigration.ready)}`),
    ),
    line('the last release’s upgrade: its index over the shipments', (f) =>
      notRun(f.releaseIndexSeconds, () => seconds(f.releaseIndexSeconds)),
    ),
    line('backup', (f) => notRun(f.backup.seconds, () => `${seconds(f.backup.seconds)}, ${gigabytes(f.backup.bytes)} (${f.backup.how})`)),
  ];
  return lines.join('\n');
}

function machine(): string {
  const cpu = cpus();
  return `${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Linux ${release()}, Node ${process.versions.node}`;
}

export async function runLarge(): Promise<void> {
  const folder = kept ?? mkdtempSync(join(tmpdir(), 'station-large-'));
  mkdirSync(folder, { recursive: true });
  log(`data in ${folder}; free disk before: ${execFileSync('df', ['-h', folder]).toString().split('\n')[1]}`);
  const figures: Partial<Record<Backend, Figures>> = {};
  try {
    for (const backend of ['sqlite', 'postgres'] as const) {
      if (only && only !== backend) continue;
      const cluster = backend === 'postgres' ? await keptCluster(join(folder, 'pg')) : undefined;
      try {
        const found = await seeded(backend, folder, cluster);
        if (seedOnly) continue;
        figures[backend] = await measureBackend(backend, folder, cluster, found);
      } finally {
        cluster?.stop();
      }
    }
    if (seedOnly) return;
    const text = [
      `Machine: ${machine()}. Hot reads: ${RATE} requests a second (the year's report ${REPORT_RATE}), evenly paced over up to ${CONNECTIONS} connections, ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up; p95 over ${TARGET_MS} ms in bold.`,
      '',
      table(figures),
    ].join('\n');
    console.log(text);
    writeFileSync('bench-large-results.json', JSON.stringify({ machine: machine(), at: new Date().toISOString(), figures }, null, 2));
  } finally {
    if (!kept) rmSync(folder, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runLarge();
