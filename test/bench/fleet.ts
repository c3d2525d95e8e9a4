// `npm run bench -- --fleet [N | N1,N2,…]`: a fleet of desks measured. For each count of desks it starts that many
// real desks (`station serve` child processes, each with its own --desk name, port and data folder) on ONE
// PostgreSQL (a throwaway cluster, fsync on, as a server runs), and drives creates with labels (POST /v3/shipments,
// immediate: the label rendered in the create) from all of them at once, a fixed number of connections per desk,
// from a separate load process (fleet-load.ts). Then the same load from the same number of client groups against
// ONE station on SQLite (what "desks on one SQLite file over the LAN" can be: a SQLite station locks its folder,
// so the desks are desk UIs and clients over the network to that one station). It reports labels per minute (total
// and per desk), API latency (p50, p99), and the CPU each part used over the measured window, read from
// /proc/<pid>/stat (the PostgreSQL cluster's processes, the desks, the load), beside one desk's figures in the same
// run. And on each database a paced run at a large site's peak (2,000 labels a minute, evenly spaced over the
// largest fleet or `--peak-desks N`), for the latency a conveyor sees below saturation. Prints a markdown table and writes bench-fleet.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import pg from 'pg';
import { openDataDir } from '../../src-main/station.ts';
import { CLI } from '../helpers/cli.ts';
import { http } from '../helpers/http.ts';
import { createDatabase, postgresBinaries, startPostgresCluster, type PostgresCluster } from '../helpers/postgres.ts';
import type { FleetLoadResult, FleetLoadSpec } from './fleet-load.ts';
import { BENCH_CLIENTS, benchAttributes, benchUser, seed } from './seed.ts';

const log = (message: string) => console.error(`bench fleet: ${message}`);
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** Clock ticks a second of /proc/<pid>/stat's times (USER_HZ: 100 on every Linux this runs on). */
const TICKS = 100;
const CORES = cpus().length;
/** A large site's peak (issue 49): the paced run's pace. */
const PEAK_PER_MINUTE = 2_000;

export interface FleetOptions {
  desks: number[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Skip the SQLite runs. */
  postgresOnly: boolean;
  /** Desks (desk UIs on SQLite) of the paced run at the peak: `--peak-desks N`, else the largest fleet. */
  peakDesks: number;
}

/** `--fleet` alone: 1, 2, 4, 8. `--fleet N`: the powers of two below N, and N. `--fleet 1,3,6`: those (1 added). */
export function fleetOptions(argv: string[]): FleetOptions {
  const value = (name: string) => {
    const at = argv.indexOf(name);
    const next = at >= 0 ? argv[at + 1] : undefined;
    return next !== undefined && /^\d+(,\d+)*$/.test(next) ? next : undefined;
  };
  const given = value('--fleet');
  let desks: number[];
  if (given === undefined) desks = [1, 2, 4, 8];
  else if (given.includes(',')) desks = given.split(',').map(Number);
  else {
    const n = Number(given);
    desks = [];
    for (let k = 1; k < n; k *= 2) desks.push(k);
    desks.push(n);
  }
  desks = [...new Set([1, ...desks.filter((n) => n >= 1)])].sort((a, b) => a - b);
  const quick = argv.includes('--quick');
  return {
    desks,
    connections: Number(value('--connections') ?? 4),
    seconds: Number(value('--seconds') ?? (quick ? 3 : 20)),
    warmupSeconds: quick ? 1 : 3,
    postgresOnly: argv.includes('--postgres-only'),
    peakDesks: Number(value('--peak-desks') ?? desks.at(-1)),
  };
}

// ---- CPU from /proc ---------------------------------------------------------------------------------------------

interface Stat {
  ppid: number;
  /** utime + stime of the process (all its threads). */
  own: number;
  /** cutime + cstime: its children that ended and were waited for. */
  children: number;
}

function stat(pid: number): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: state, ppid, … utime (12th), stime, cutime, cstime.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      own: Number(fields[11]) + Number(fields[12]),
      children: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return undefined;
  }
}

/** CPU seconds a process and its ended children used so far. */
const processSeconds = (pid: number) => {
  const s = stat(pid);
  return s ? (s.own + s.children) / TICKS : 0;
};

/**
 * CPU seconds the cluster used so far: the postmaster with the backends it reaped, and every live child (backends,
 * WAL writer, checkpointer…). A backend that ends within the window moves from the live sum into the postmaster's
 * reaped one with its whole time, so the difference of two samples is the window's.
 */
function clusterSeconds(cluster: PostgresCluster): number {
  const postmaster = Number(readFileSync(join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let ticks = 0;
  const own = stat(postmaster);
  if (own) ticks += own.own + own.children;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = stat(Number(name));
    if (s?.ppid === postmaster) ticks += s.own;
  }
  return ticks / TICKS;
}

/** The whole machine's busy CPU seconds so far (every process's, ours and others'). */
function machineSeconds(): number {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number) as number[];
  void idle;
  void iowait;
  return (user! + nice! + system! + irq! + softirq! + steal!) / TICKS;
}

// ---- processes, cleaned up on every way out --------------------------------------------------------------------

const live = new Set<ChildProcess>();
let liveCluster: PostgresCluster | undefined;
let folder: string | undefined;

function cleanUp(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
  liveCluster?.stop();
  liveCluster = undefined;
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
}

interface Desk {
  child: ChildProcess;
  url: string;
}

/**
 * Starts `station serve` and resolves once it logged its URL. The process is tracked from its spawn, so one still
 * starting is stopped too when the run ends.
 */
function startDesk(args: string[]): Promise<Desk> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'serve', ...args, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(child);
    let out = '';
    let errors = '';
    const timer = setTimeout(() => reject(new Error(`a desk did not start within 60 s:\n${out}\n${errors}`)), 60_000);
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      // A desk that waits for its database logs its URL before it serves: wait for the line without that note.
      const url = /listening on (https?:\/\/\S+) \(data: [^\n]*\)\n/.exec(out.replace(/^.*waiting for its database\n/gm, ''))?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      live.delete(child);
      reject(new Error(`a desk exited with ${code}:\n${out}\n${errors}`));
    });
  });
}

async function stopDesk(desk: Desk): Promise<void> {
  if (desk.child.exitCode !== null || desk.child.signalCode !== null) return;
  const exited = new Promise((resolve) => desk.child.once('exit', resolve));
  desk.child.kill('SIGTERM');
  await exited;
}

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

/** Creates with labels, varied addresses and weights, as the desks send them. */
const BODIES = Array.from({ length: 64 }, (_, i) =>
  JSON.stringify({ data: { type: 'shipment', attributes: benchAttributes(i), meta: { service: 'economy', scheduledProcessing: false } } }),
);

/** What the database's sessions of the run waited on, on average over the window (pg_stat_activity, 4 times a second). */
export interface SessionWaits {
  samples: number;
  /** Sessions waiting for a lock, by the lock's kind (advisory, transactionid, tuple…). */
  lock: Record<string, number>;
  /** Sessions inside a transaction waiting for their desk to send the next statement. */
  idleInTransaction: number;
  /** Sessions running a statement, not waiting for a lock. */
  active: number;
}

interface Sampled {
  load: FleetLoadResult;
  /** CPU seconds over the measured window. */
  cpu: { database: number; desks: number; load: number; machine: number };
  waits?: SessionWaits;
}

/** Samples pg_stat_activity of one database until stopped; the means over the samples. */
function watchSessions(databaseUrl: string): { stop(): Promise<SessionWaits> } {
  const name = new URL(databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: databaseUrl });
  const waits: SessionWaits = { samples: 0, lock: {}, idleInTransaction: 0, active: 0 };
  let running = true;
  const polling = (async () => {
    await client.connect();
    while (running) {
      const rows = (
        await client.query<{ state: string; wait_event_type: string | null; wait_event: string | null }>(
          `SELECT state, wait_event_type, wait_event FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
          [name],
        )
      ).rows;
      waits.samples++;
      for (const row of rows) {
        if (row.wait_event_type === 'Lock') waits.lock[row.wait_event!] = (waits.lock[row.wait_event!] ?? 0) + 1;
        else if (row.state === 'idle in transaction') waits.idleInTransaction++;
        else if (row.state === 'active') waits.active++;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await client.end();
  })();
  return {
    async stop() {
      running = false;
      await polling;
      const mean = (n: number) => n / Math.max(1, waits.samples);
      return {
        samples: waits.samples,
        lock: Object.fromEntries(Object.entries(waits.lock).map(([kind, n]) => [kind, mean(n)])),
        idleInTransaction: mean(waits.idleInTransaction),
        active: mean(waits.active),
      };
    },
  };
}

/** Runs one load in its own process, sampling CPU when its measured window opens and closes. */
function drive(spec: FleetLoadSpec, pids: { desks: number[]; cluster?: PostgresCluster; databaseUrl?: string }): Promise<Sampled> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [here('./fleet-load.ts'), JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'inherit'] });
    live.add(child);
    const sample = () => ({
      database: pids.cluster ? clusterSeconds(pids.cluster) : 0,
      desks: pids.desks.reduce((sum, pid) => sum + processSeconds(pid), 0),
      load: processSeconds(child.pid!),
      machine: machineSeconds(),
    });
    let before: ReturnType<typeof sample> | undefined;
    let after: ReturnType<typeof sample> | undefined;
    let out = '';
    let sessions: ReturnType<typeof watchSessions> | undefined;
    let waits: Promise<SessionWaits> | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!before && out.includes('measuring\n')) {
        before = sample();
        if (pids.databaseUrl) sessions = watchSessions(pids.databaseUrl);
      }
      if (!after && out.includes('measured\n')) {
        after = sample();
        waits = sessions?.stop();
      }
    });
    child.on('exit', (code) => {
      live.delete(child);
      if (code !== 0 || !before || !after) return reject(new Error(`the fleet load exited with ${code}`));
      const load = JSON.parse(out.trim().split('\n').pop()!) as FleetLoadResult;
      const cpu = {
        database: after.database - before.database,
        desks: after.desks - before.desks,
        load: after.load - before.load,
        machine: after.machine - before.machine,
      };
      (waits ?? Promise.resolve(undefined)).then(
        (sessionWaits) => resolve({ load, cpu, ...(sessionWaits ? { waits: sessionWaits } : {}) }),
        reject,
      );
    });
  });
}

// ---- the runs ---------------------------------------------------------------------------------------------------

interface Step {
  backend: 'PostgreSQL' | 'SQLite';
  desks: number;
  /** Closed loop (saturation) or paced at the peak. */
  pace: 'flat out' | `${number}/min`;
  connections: number;
  seconds: number;
  labels: number;
  labelsPerMinute: number;
  perDeskPerMinute: number[];
  p50: number;
  p95: number;
  p99: number;
  max: number;
  failures: number;
  failureSamples: string[];
  /** CPU used over the window, in cores (CPU seconds per second). */
  cores: { database: number; desks: number; load: number; others: number };
  /** PostgreSQL: what its sessions waited on. */
  waits?: SessionWaits;
}

function step(backend: Step['backend'], desks: number, spec: FleetLoadSpec, sampled: Sampled): Step {
  const { load, cpu } = sampled;
  const seconds = load.seconds;
  const perMinute = (n: number) => (n * 60) / seconds;
  return {
    backend,
    desks,
    pace: spec.overallRate ? `${Math.round(spec.overallRate * 60)}/min` : 'flat out',
    connections: spec.connections,
    seconds,
    labels: load.requests - load.failures,
    labelsPerMinute: perMinute(load.requests - load.failures),
    perDeskPerMinute: load.groups.map((group) => perMinute(group.requests - group.failures)),
    p50: load.p50,
    p95: load.p95,
    p99: load.p99,
    max: load.max,
    failures: load.failures,
    failureSamples: load.failureSamples,
    cores: {
      database: cpu.database / seconds,
      desks: cpu.desks / seconds,
      load: cpu.load / seconds,
      others: Math.max(0, (cpu.machine - cpu.database - cpu.desks - cpu.load) / seconds),
    },
    ...(sampled.waits ? { waits: sampled.waits } : {}),
  };
}

async function postgresFleet(options: FleetOptions, cluster: PostgresCluster, root: string, n: number, rate?: number): Promise<Step> {
  const url = await createDatabase(cluster.url);
  await seed(join(root, `pg-${n}-${rate ?? 0}-setup`), { shipments: 0, addresses: 0 }, url);
  const keys = await (async () => {
    const opened = await openDataDir(join(root, `pg-${n}-${rate ?? 0}-setup`), { databaseUrl: url });
    await opened.store.close();
    return opened.keys;
  })();
  log(`PostgreSQL: starting ${n} desk${n === 1 ? '' : 's'}`);
  const desks: Desk[] = [];
  try {
    for (let i = 0; i < n; i++)
      desks.push(
        await startDesk(['--database', url, '--desk', `fleet-${i + 1}`, '--data', join(root, `pg-${n}-${rate ?? 0}-desk-${i + 1}`)]),
      );
    const tokens = await Promise.all(
      Array.from({ length: BENCH_CLIENTS }, (_, index) => signIn(desks[0]!.url, keys.desktopIntegrationKey, index)),
    );
    const spec: FleetLoadSpec = {
      groups: desks.map((desk, i) => ({ url: desk.url, token: tokens[i % tokens.length]! })),
      connections: options.connections,
      seconds: options.seconds,
      warmupSeconds: options.warmupSeconds,
      bodies: BODIES,
      ...(rate ? { overallRate: rate } : {}),
    };
    log(
      `PostgreSQL: ${n} desk${n === 1 ? '' : 's'}, ${rate ? `${Math.round(rate * 60)} labels/min paced` : `${options.connections} connections each`}`,
    );
    return step('PostgreSQL', n, spec, await drive(spec, { desks: desks.map((desk) => desk.child.pid!), cluster, databaseUrl: url }));
  } finally {
    for (const desk of desks) await stopDesk(desk);
  }
}

async function sqliteStation(options: FleetOptions, root: string, n: number, rate?: number): Promise<Step> {
  const dataDir = join(root, `sqlite-${n}-${rate ?? 0}`);
  await seed(dataDir, { shipments: 0, addresses: 0 });
  const keys = await (async () => {
    const opened = await openDataDir(dataDir);
    await opened.store.close();
    return opened.keys;
  })();
  const station = await startDesk(['--data', dataDir]);
  try {
    const tokens = await Promise.all(
      Array.from({ length: BENCH_CLIENTS }, (_, index) => signIn(station.url, keys.desktopIntegrationKey, index)),
    );
    const spec: FleetLoadSpec = {
      groups: Array.from({ length: n }, (_, i) => ({ url: station.url, token: tokens[i % tokens.length]! })),
      connections: options.connections,
      seconds: options.seconds,
      warmupSeconds: options.warmupSeconds,
      bodies: BODIES,
      ...(rate ? { overallRate: rate } : {}),
    };
    log(
      `SQLite: one station, ${n} desk UI${n === 1 ? '' : 's'} over the network, ${rate ? `${Math.round(rate * 60)} labels/min paced` : `${options.connections} connections each`}`,
    );
    return step('SQLite', n, spec, await drive(spec, { desks: [station.child.pid!] }));
  } finally {
    await stopDesk(station);
  }
}

function machine(): string {
  const cpu = cpus();
  return `${cpu[0]?.model ?? 'unknown CPU'}, ${CORES} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Linux ${release()}, Node ${process.versions.node}`;
}

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;
const whole = (value: number) => Math.round(value).toLocaleString('en');

function waitsText(waits: SessionWaits): string {
  const locks = Object.entries(waits.lock).sort((a, b) => b[1] - a[1]);
  const total = locks.reduce((sum, [, n]) => sum + n, 0);
  const kinds = locks
    .filter(([, n]) => n >= 0.05)
    .map(([kind, n]) => `${kind} ${n.toFixed(1)}`)
    .join(', ');
  return `${total.toFixed(1)}${kinds ? ` (${kinds})` : ''} / ${waits.idleInTransaction.toFixed(1)} / ${waits.active.toFixed(1)}`;
}

function table(steps: Step[]): string {
  const base = (backend: Step['backend']) => steps.find((s) => s.backend === backend && s.desks === 1 && s.pace === 'flat out');
  const line = (s: Step) => {
    const one = base(s.backend);
    const busy = s.cores.database + s.cores.desks;
    const perDesk = s.perDeskPerMinute;
    const spread = perDesk.length > 1 ? ` (${whole(Math.min(...perDesk))}–${whole(Math.max(...perDesk))})` : '';
    return [
      s.backend === 'SQLite'
        ? `SQLite, one station, ${s.desks} desk UI${s.desks === 1 ? '' : 's'}`
        : `PostgreSQL, ${s.desks} desk${s.desks === 1 ? '' : 's'}`,
      `${s.pace}${s.pace === 'flat out' ? `, ${s.connections}/desk` : ''}`,
      whole(s.labelsPerMinute),
      `${whole(s.labelsPerMinute / s.desks)}${spread}`,
      one && s.pace === 'flat out' ? `${(s.labelsPerMinute / one.labelsPerMinute).toFixed(2)}×` : '',
      `${ms(s.p50)} / ${ms(s.p99)}`,
      s.backend === 'PostgreSQL' ? `${s.cores.database.toFixed(2)} (${((s.cores.database / CORES) * 100).toFixed(0)}%)` : 'in the station',
      s.cores.desks.toFixed(2),
      busy > 0 ? whole(s.labelsPerMinute / busy) : '',
      `${s.cores.load.toFixed(2)} / ${s.cores.others.toFixed(2)}`,
      s.waits ? waitsText(s.waits) : '',
      String(s.failures),
    ].join(' | ');
  };
  return [
    '| run | load | labels/min | per desk (min–max) | × 1 desk | API p50 / p99 | DB CPU, cores (share of machine) | desks CPU, cores | labels/min per busy core | load / others CPU, cores | DB sessions waiting (mean): lock / idle in transaction / running | failed |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...steps.map((s) => `| ${line(s)} |`),
  ].join('\n');
}

/** The lines under the table: PostgreSQL's one desk beside SQLite's, and where the fleet's labels stopped growing. */
function summary(steps: Step[]): string[] {
  const flat = (backend: Step['backend']) => steps.filter((s) => s.backend === backend && s.pace === 'flat out');
  const lines: string[] = [];
  const [pgOne, sqliteOne] = [flat('PostgreSQL')[0], flat('SQLite')[0]];
  if (pgOne && sqliteOne)
    lines.push(
      `- One desk: PostgreSQL creates at ${(pgOne.labelsPerMinute / sqliteOne.labelsPerMinute).toFixed(2)}× SQLite's (${whole(pgOne.labelsPerMinute)} against ${whole(sqliteOne.labelsPerMinute)} labels/min).`,
    );
  for (const backend of ['PostgreSQL', 'SQLite'] as const) {
    const runs = flat(backend);
    if (runs.length === 0) continue;
    const best = runs.reduce((a, b) => (b.labelsPerMinute > a.labelsPerMinute ? b : a));
    lines.push(
      `- ${backend}: most labels at ${best.desks} desk${best.desks === 1 ? '' : 's'}, ${whole(best.labelsPerMinute)}/min (${(best.labelsPerMinute / runs[0]!.labelsPerMinute).toFixed(2)}× one desk), the machine's ${CORES} cores ${(((best.cores.database + best.cores.desks + best.cores.load + best.cores.others) / CORES) * 100).toFixed(0)}% busy.`,
    );
  }
  return lines;
}

export async function fleetBenchmark(argv: string[]): Promise<void> {
  const options = fleetOptions(argv);
  const exit = (signal: NodeJS.Signals) => () => {
    cleanUp();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', exit('SIGINT'));
  process.once('SIGTERM', exit('SIGTERM'));
  process.once('exit', cleanUp);
  log(
    `machine: ${machine()}; desks ${options.desks.join(', ')}; ${options.connections} connections a desk, ${options.seconds} s after ${options.warmupSeconds} s`,
  );
  const root = mkdtempSync(join(tmpdir(), 'station-fleet-'));
  folder = root;
  const steps: Step[] = [];
  try {
    const binaries = postgresBinaries();
    if ('missing' in binaries) log(`PostgreSQL runs skipped: ${binaries.missing}`);
    else {
      const cluster = await startPostgresCluster({ durable: true });
      liveCluster = cluster;
      log(`PostgreSQL cluster at ${cluster.url} (fsync on), in ${cluster.dataDir}`);
      for (const n of options.desks) steps.push(await postgresFleet(options, cluster, root, n));
      steps.push(await postgresFleet(options, cluster, root, options.peakDesks, PEAK_PER_MINUTE / 60));
      cluster.stop();
      liveCluster = undefined;
    }
    if (!options.postgresOnly) {
      for (const n of options.desks) steps.push(await sqliteStation(options, root, n));
      steps.push(await sqliteStation(options, root, options.peakDesks, PEAK_PER_MINUTE / 60));
    }
  } finally {
    cleanUp();
  }
  const out = [
    `Machine: ${machine()}. Creates with labels (POST /v3/shipments, immediate), ${options.connections} connections a desk flat out, ${options.seconds} s after a ${options.warmupSeconds} s warm-up; the paced runs send ${PEAK_PER_MINUTE.toLocaleString('en')} a minute over ${options.peakDesks} desks.`,
    '',
    table(steps),
    '',
    ...summary(steps),
  ].join('\n');
  console.log(out);
  writeFileSync(
    'bench-fleet.json',
    JSON.stringify({ machine: machine(), cores: CORES, at: new Date().toISOString(), options, steps }, null, 2),
  );
  log('wrote bench-fleet.json');
}
