// A throwaway PostgreSQL cluster for the tests: initdb in a temp folder, on a free port on 127.0.0.1, trust
// authentication, stopped and deleted afterwards. PostgreSQL refuses to run as root, so as root the cluster runs
// as the `postgres` user. Each test station gets its own database in it.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const execFileAsync = promisify(execFile);

export interface PostgresCluster {
  /** The server's base URL (postgres://postgres@127.0.0.1:PORT). */
  url: string;
  port: number;
  /** The cluster's files (owned by `postgres` when the tests run as root). */
  dataDir: string;
  /** Stops the server and deletes its files. */
  stop(): void;
  /** `pg_ctl restart` in this mode: fast ends every session; immediate is a crash without a checkpoint. */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  /** Stops the server (keeping its files), and starts it again. */
  halt(mode: 'fast' | 'immediate'): Promise<void>;
  resume(): Promise<void>;
  /** `pg_ctl promote` (a standby becomes a primary). */
  promote(): Promise<void>;
  /** A standby of this server (pg_basebackup -R, streaming replication), on its own port. */
  startStandby(): Promise<PostgresCluster>;
}

/** Where Debian's PostgreSQL binaries are, or why there are none. */
export function postgresBinaries(): { dir: string } | { missing: string } {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length > 0
    ? { dir: join(root, versions[0]!, 'bin') }
    : { missing: 'PostgreSQL is not installed (apt-get install postgresql)' };
}

/** A TCP port on loopback that nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * `durable`: fsync on, as a real server runs (the benchmark); tests run without it. `checksums`: initdb
 * --data-checksums, so a damaged page is an error when read. `dataDir` of the returned cluster is its files.
 */
export async function startPostgresCluster(options: { durable?: boolean; checksums?: boolean } = {}): Promise<PostgresCluster> {
  return startServer(options, (dataDir, run) =>
    run('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
      ...(options.checksums ? ['--data-checksums'] : []),
    ]),
  );
}

type Run = (program: string, args: string[]) => void;

async function startServer(options: { durable?: boolean }, create: (dataDir: string, run: Run) => void): Promise<PostgresCluster> {
  const binaries = postgresBinaries();
  if ('missing' in binaries) throw new Error(binaries.missing);
  const asRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(join(tmpdir(), 'station-pg-'));
  const dataDir = join(folder, 'cluster');
  const run: Run = (program, args) => {
    const command = asRoot
      ? (['runuser', ['-u', 'postgres', '--', join(binaries.dir, program), ...args]] as const)
      : ([join(binaries.dir, program), args] as const);
    execFileSync(command[0], command[1], { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  if (asRoot)
    chownSync(folder, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  create(dataDir, run);
  const port = await freePort();
  // fsync off: a test cluster never survives a power cut, and the tests run much faster without it.
  const fsync = options.durable ? '' : ' -c fsync=off';
  const serverOptions = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1${fsync} -c max_connections=300`;
  const startArgs = ['-D', dataDir, '-l', join(folder, 'log'), '-w', '-o', serverOptions, 'start'];
  run('pg_ctl', startArgs);
  // While the tests go on: pg_ctl runs beside them, not blocking their event loop.
  const pgCtl = async (args: string[]) => {
    const program = join(binaries.dir, 'pg_ctl');
    await execFileAsync(asRoot ? 'runuser' : program, asRoot ? ['-u', 'postgres', '--', program, ...args] : args);
  };
  const url = `postgres://postgres@127.0.0.1:${port}`;
  return {
    url,
    port,
    dataDir,
    stop() {
      const program = join(binaries.dir, 'pg_ctl');
      const args = ['-D', dataDir, '-m', 'immediate', 'stop'];
      spawnSync(asRoot ? 'runuser' : program, asRoot ? ['-u', 'postgres', '--', program, ...args] : args, { stdio: 'ignore' });
      rmSync(folder, { recursive: true, force: true });
    },
    restart: (mode) => pgCtl(['-D', dataDir, '-l', join(folder, 'log'), '-w', '-m', mode, '-o', serverOptions, 'restart']),
    halt: (mode) => pgCtl(['-D', dataDir, '-w', '-m', mode, 'stop']),
    resume: () => pgCtl(startArgs),
    promote: () => pgCtl(['-D', dataDir, '-w', 'promote']),
    startStandby: () =>
      startServer(options, (standbyDir, runAsPostgres) =>
        runAsPostgres('pg_basebackup', [
          '-h',
          '127.0.0.1',
          '-p',
          String(port),
          '-U',
          'postgres',
          '-D',
          standbyDir,
          '-R',
          '-X',
          'stream',
          '-c',
          'fast',
          '--no-sync',
        ]),
      ),
  };
}

let databases = 0;
/** A new, empty database on the cluster, for one station; returns its URL. */
export async function createDatabase(serverUrl: string): Promise<string> {
  const name = `station_${process.pid}_${++databases}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return `${serverUrl}/${name}`;
}
