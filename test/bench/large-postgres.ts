// The large benchmark's PostgreSQL: a cluster in a folder the benchmark names, kept between runs when asked
// (`--keep`), so ten million seeded rows can be measured again without seeding them again. Set as a server for
// such a table is set (shared_buffers 1 GB, a larger WAL between checkpoints), fsync on. As root it runs as the
// `postgres` user, as test/helpers/postgres.ts's clusters do.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, postgresBinaries } from '../helpers/postgres.ts';

export interface KeptCluster {
  url: string;
  binaries: string;
  /** Runs a PostgreSQL program (pg_dump, psql) as the cluster's user; its standard output. */
  run(program: string, args: string[]): string;
  /** Stops the server; its files stay. */
  stop(): void;
}

export async function keptCluster(folder: string): Promise<KeptCluster> {
  const found = postgresBinaries();
  if ('missing' in found) throw new Error(found.missing);
  const asRoot = process.getuid?.() === 0;
  const command = (program: string, args: string[]) =>
    asRoot
      ? (['runuser', ['-u', 'postgres', '--', join(found.dir, program), ...args]] as const)
      : ([join(found.dir, program), args] as const);
  const run = (program: string, args: string[]) => {
    const [file, argv] = command(program, args);
    return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 }).toString();
  };
  mkdirSync(folder, { recursive: true });
  if (asRoot)
    chownSync(folder, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const dataDir = join(folder, 'cluster');
  // A run stopped by a signal leaves its server running: it is stopped, and started again on a port of this run.
  const [statusFile, statusArgs] = command('pg_ctl', ['-D', dataDir, 'status']);
  if (existsSync(dataDir) && spawnSync(statusFile, statusArgs, { stdio: 'ignore' }).status === 0)
    run('pg_ctl', ['-D', dataDir, '-w', '-t', '600', '-m', 'fast', 'stop']);
  if (!existsSync(dataDir)) run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${folder}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=100',
    '-c shared_buffers=1GB',
    '-c max_wal_size=8GB',
    '-c maintenance_work_mem=512MB',
  ].join(' ');
  run('pg_ctl', ['-D', dataDir, '-l', join(folder, 'log'), '-w', '-t', '600', '-o', settings, 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}`,
    binaries: found.dir,
    run,
    stop() {
      const [file, argv] = command('pg_ctl', ['-D', dataDir, '-w', '-t', '600', '-m', 'fast', 'stop']);
      spawnSync(file, argv, { stdio: 'ignore' });
    },
  };
}
