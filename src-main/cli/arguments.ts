// What every `station` command shares: its options parsed strictly (a negative number is an option's value), the
// data folder, database and desk they name, usage errors, output as text or --json, and the admin facade opened
// for one command and closed after it.
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { StationAdmin } from '../admin.ts';
import { defaultDataDir } from '../data-dir.ts';
import { deskName, hasStation } from '../station/folder.ts';

export type Options = ParseArgsConfig['options'];
export type Values = Record<string, string | boolean | string[] | undefined>;

export const common: Options = {
  data: { type: 'string' },
  database: { type: 'string' },
  desk: { type: 'string' },
  json: { type: 'boolean', default: false },
};

export class UsageError extends Error {}

/** A command's subcommand left out (or an option where it belongs) lists them; an unknown one is named. */
export function unknownSubcommand(command: string, sub: string | undefined, known: string): string {
  if (sub === undefined || sub.startsWith('-'))
    return `'${command}' needs a command first: ${known}. Run 'npm run --silent station -- help' for their options.`;
  return `Unknown ${command} command '${sub}'. Use ${known}.`;
}

/**
 * `--percent -5`: a value that looks like a negative number is the option's value, not another option (Node's
 * parser would refuse it as ambiguous); the option's own check then says what is wrong with it.
 */
function negativeValuesJoined(args: string[], options: Options): string[] {
  const joined: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const name = /^--([a-z-]+)$/.exec(args[index]!)?.[1];
    const next = args[index + 1];
    if (name !== undefined && options?.[name]?.type === 'string' && next !== undefined && /^-[0-9.,]/.test(next)) {
      joined.push(`--${name}=${next}`);
      index++;
    } else joined.push(args[index]!);
  }
  return joined;
}

export function parse(args: string[], options: Options): Values {
  return parseWithPositionals(args, options, 0).values;
}

/** Options, and up to `most` words without a dash (`holidays add 2026-12-25`); more are a usage error. */
export function parseWithPositionals(args: string[], options: Options, most: number): { values: Values; positionals: string[] } {
  let parsed: { values: unknown; positionals: string[] };
  try {
    parsed = parseArgs({ args: negativeValuesJoined(args, options), options, strict: true, allowPositionals: most > 0 });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.positionals.length > most) throw new UsageError(`Unexpected argument '${parsed.positionals[most]}'.`);
  return { values: parsed.values as Values, positionals: parsed.positionals };
}

export function required(values: Values, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required.`);
  return value;
}

export function optional(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function dataDirOf(values: Values): string {
  return optional(values, 'data') ?? defaultDataDir();
}

/** The shared PostgreSQL database of --database or $STATION_DATABASE_URL; undefined for the data folder's SQLite file. */
export function databaseOf(values: Values): string | undefined {
  const url = optional(values, 'database') ?? (process.env.STATION_DATABASE_URL || undefined);
  if (url !== undefined && !/^postgres(ql)?:\/\//.test(url)) {
    throw new UsageError(`--database must be a PostgreSQL URL (postgres://user@host/database), not '${url}'.`);
  }
  return url;
}

/** The desk of --desk or $STATION_DESK; undefined for this computer's host name. */
export function deskOf(values: Values): string | undefined {
  const desk = optional(values, 'desk') ?? (process.env.STATION_DESK || undefined);
  if (desk === undefined) return undefined;
  try {
    return deskName(desk);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function print(values: Values, json: unknown, text: string): void {
  console.log(values.json ? JSON.stringify(json) : text);
}

/**
 * Runs one admin command against the data folder, closing it afterwards. Only `client add` (`creates`) sets a
 * station up in a folder that has none; any other command there is refused, so a mistyped --data path does not
 * leave an empty station behind.
 */
export async function withAdmin<T>(values: Values, task: (admin: StationAdmin) => Promise<T> | T, creates = false): Promise<T> {
  const dataDir = dataDirOf(values);
  if (!creates && databaseOf(values) === undefined && !hasStation(dataDir)) {
    throw new Error(
      `There is no station in ${resolve(dataDir)}. Give the folder of an existing station with --data, or set one up with 'station client add'.`,
    );
  }
  // Loaded when a command needs it: `serve` listens before the station's modules are loaded (station/waiting.ts).
  const { openAdmin } = await import('../admin.ts');
  const admin = await openAdmin(dataDirOf(values), { databaseUrl: databaseOf(values), desk: deskOf(values) });
  try {
    return await task(admin);
  } finally {
    await admin.close();
  }
}

/** The password of --password, or the first line of standard input with --password-stdin; exactly one of them. */
export async function passwordOf(values: Values): Promise<string> {
  const given = optional(values, 'password');
  const fromStdin = values['password-stdin'] === true;
  if ((given !== undefined) === fromStdin) throw new UsageError('Give exactly one of --password or --password-stdin.');
  if (given !== undefined) {
    if (given === '') throw new UsageError('--password is required.');
    return given;
  }
  // The first line is the password: read up to its end (or the input's), so a typed password needs only Enter.
  let text = '';
  for await (const chunk of process.stdin) {
    text += (chunk as Buffer).toString('utf8');
    if (text.includes('\n')) break;
  }
  process.stdin.destroy();
  const password = text.split(/\r?\n/)[0] ?? '';
  if (password === '') throw new UsageError('--password-stdin read no password from standard input.');
  return password;
}

export const passwordOptions: Options = { password: { type: 'string' }, 'password-stdin': { type: 'boolean', default: false } };

/** --id or --username: exactly one. */
export function whichOne(values: Values): { id?: string; username?: string } {
  const id = optional(values, 'id');
  const username = optional(values, 'username');
  if ((id === undefined) === (username === undefined)) throw new UsageError('Give exactly one of --id or --username.');
  return id !== undefined ? { id } : { username };
}
