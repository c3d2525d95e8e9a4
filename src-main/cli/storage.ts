// The database's safety from the admin command: `station backup`, `check`, `restore` and `migrate`. Backup and
// restore copy the SQLite file of a data folder; check looks at every page of either back end; migrate moves a
// stopped folder up to PostgreSQL.
import { backupDataFolder, checkDataFolder, checkSharedDatabase, migrateDataFolder, restoreDataFolder } from '../admin.ts';
import { UsageError, common, databaseOf, dataDirOf, parse, print, required, type Options } from './arguments.ts';
import { resolve } from 'node:path';

/** Backup and restore copy one SQLite file: they take no --database. */
const sqliteOnly: Options = { data: { type: 'string' }, json: { type: 'boolean', default: false } };

const SQLITE_ONLY =
  'backup and restore copy the SQLite file of a data folder. A shared PostgreSQL database (STATION_DATABASE_URL) is backed up with PostgreSQL’s own tools: pg_dump, or pg_basebackup with WAL archiving.';

export function backupCommand(args: string[]): void {
  if (process.env.STATION_DATABASE_URL) throw new UsageError(SQLITE_ONLY);
  const values = parse(args, { ...sqliteOnly, out: { type: 'string' } });
  const out = resolve(required(values, 'out'));
  const copy = backupDataFolder(dataDirOf(values), out);
  print(values, copy, `Backed up ${copy.clients} clients and ${copy.shipments} shipments to ${copy.file} (${copy.bytes} bytes).`);
}

/** `station check`: true when the database is whole. */
/** After a finding: the newest whole scheduled backup and the command that puts it back, or what to do without one. */
function wayBack(backups: { file: string; ok: boolean; shipments?: number; problem?: string }[]): string {
  const lines = backups.filter((backup) => !backup.ok).map((backup) => `Not this backup: ${backup.problem}`);
  const good = backups.find((backup) => backup.ok);
  lines.push(
    good
      ? `The newest whole scheduled backup is ${good.file} (${good.shipments} shipments). Stop the station, and put it back with: station restore --from ${good.file}`
      : 'No whole scheduled backup is in the folder. Stop the station, and put the newest good backup you have back with station restore --from FILE.',
  );
  return lines.join('\n');
}

export async function checkCommand(args: string[]): Promise<boolean> {
  const values = parse(args, common);
  const url = databaseOf(values);
  if (url) {
    const shared = await checkSharedDatabase(url);
    const how = `${shared.tables} tables and ${shared.indexes} indexes; data checksums ${shared.dataChecksums ? 'on' : 'off (initdb --data-checksums, or pg_checksums --enable on a stopped cluster)'}`;
    print(
      values,
      shared,
      shared.amcheck !== 'ran'
        ? `amcheck did not run: it is ${shared.amcheck}. ${how}. Run pg_amcheck as a superuser instead.`
        : shared.ok
          ? `The database is whole: amcheck found nothing in ${how} (${shared.milliseconds} ms).`
          : `The database is damaged. amcheck found:\n${shared.problems.map((problem) => `  ${problem}`).join('\n')}\nRestore it with PostgreSQL's own tools (pg_dump, or a base backup with WAL archiving).`,
    );
    return shared.ok;
  }
  const report = checkDataFolder(dataDirOf(values));
  print(
    values,
    report,
    report.ok
      ? `The database ${report.file} is whole: SQLite's integrity check found nothing (${report.milliseconds} ms).`
      : `The database ${report.file} is damaged. SQLite's integrity check found:\n${report.problems.map((problem) => `  ${problem}`).join('\n')}\n` +
          wayBack(report.backups ?? []),
  );
  return report.ok;
}

export async function migrateCommand(args: string[]): Promise<void> {
  const values = parse(args, { ...sqliteOnly, to: { type: 'string' } });
  const url = required(values, 'to');
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new UsageError(`--to must be a PostgreSQL URL (postgres://user@host/database), not '${url}'.`);
  const dataDir = dataDirOf(values);
  const moved = await migrateDataFolder(dataDir, url);
  const rows = moved.reduce((total, table) => total + table.postgresRows, 0);
  print(
    values,
    { tables: moved },
    [
      `Copied ${rows} rows of ${dataDir} into PostgreSQL; every table's row count matches:`,
      ...moved.map((table) => `  ${table.table}\t${table.postgresRows}`),
      `Start the desks with --database ${url.replace(/:[^:@/]*@/, ':***@')} from now on; the SQLite file stays as it was.`,
    ].join('\n'),
  );
}

export function restoreCommand(args: string[]): void {
  if (process.env.STATION_DATABASE_URL) throw new UsageError(SQLITE_ONLY);
  const values = parse(args, { ...sqliteOnly, from: { type: 'string' } });
  const from = resolve(required(values, 'from'));
  const { restored, keptAs } = restoreDataFolder(dataDirOf(values), from);
  print(
    values,
    { ...restored, keptAs: keptAs ?? null },
    `Restored ${restored.clients} clients and ${restored.shipments} shipments from ${from}.` +
      (keptAs ? ` The database it replaced is kept as ${keptAs}.` : ''),
  );
}
