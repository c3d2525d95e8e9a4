// `station site …`: an account's sites (warehouses) from the admin command (docs/operations.md, "Sites"): the same
// rules as Settings → Sites and /v3/warehouses, through the warehouse service; --json on each. A site's print
// defaults are set member by member (--label-format, --dpi, --label-size, --auto-print, --printer, --a4-printer;
// `none` takes one away), the others kept.
import { validateNewWarehouse, validateWarehouseChange, type Site } from '../../src-shared/warehouses.ts';
import { StationError } from '../../src-shared/errors.ts';
import type { StationAdmin } from '../admin.ts';
import { UsageError, common, parseWithPositionals, print, required, unknownSubcommand, withAdmin } from './arguments.ts';

const options = {
  ...common,
  client: { type: 'string' },
  name: { type: 'string' },
  address: { type: 'string' },
  'return-address': { type: 'string' },
  'time-zone': { type: 'string' },
  holidays: { type: 'string' },
  cutoff: { type: 'string', multiple: true },
  'label-format': { type: 'string' },
  dpi: { type: 'string' },
  'label-size': { type: 'string' },
  'auto-print': { type: 'string' },
  printer: { type: 'string' },
  'a4-printer': { type: 'string' },
} as const;

/** The print defaults' options, by the member of the API's `printing` each sets. */
const PRINTING_OPTIONS = {
  format: 'label-format',
  dpi: 'dpi',
  size: 'label-size',
  autoPrint: 'auto-print',
  printer: 'printer',
  a4Printer: 'a4-printer',
} as const;

const shown = ({ number, ...site }: Site, desk: number) => ({ id: String(number), ...site, thisDesk: number === desk });
const line = (site: Site, desk: number) =>
  `${site.number}\t${site.name}${site.number === desk ? '\t(this desk)' : ''}\t${site.address ? `${site.address.city}, ${site.address.country}` : 'account address'}\t${site.timeZone ?? 'station zone'}`;

/** A JSON member given on the command line, or null for the word that sets it back. */
function jsonOption(text: string | undefined, back: string, option: string): unknown {
  if (text === undefined) return undefined;
  if (text.trim().toLowerCase() === back) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UsageError(`--${option} takes a JSON object (or '${back}'), not '${text}'.`);
  }
}

/**
 * The print defaults the command line names, as the API's `printing` member (its members named only; `none` takes
 * one away), or undefined when it names none. A value the API refuses is passed as given, for its words.
 */
function printingOf(values: Record<string, unknown>): Record<string, unknown> | undefined {
  const named = Object.entries(PRINTING_OPTIONS).filter(([, option]) => values[option] !== undefined);
  if (named.length === 0) return undefined;
  return Object.fromEntries(
    named.map(([member, option]) => {
      const text = String(values[option]).trim();
      if (text.toLowerCase() === 'none') return [member, null];
      if (member === 'dpi') return [member, /^[0-9]+$/.test(text) ? Number(text) : text];
      if (member === 'autoPrint') {
        const answer = text.toLowerCase();
        if (answer !== 'yes' && answer !== 'no') throw new UsageError(`--auto-print takes yes, no or none, not '${text}'.`);
        return [member, answer === 'yes'];
      }
      return [member, member === 'format' || member === 'size' ? text.toLowerCase() : text];
    }),
  );
}

/** The site's members as the command line gives them, as the API's request attributes. */
function attributesOf(values: Record<string, unknown>): Record<string, unknown> {
  const text = (name: string) => values[name] as string | undefined;
  const cutoffs = (values.cutoff as string[] | undefined)?.map((entry) => {
    const [choice, time] = entry.split('=');
    if (!choice || !time) throw new UsageError(`--cutoff takes CHOICE=HH:MM, such as UPS=16:30, not '${entry}'.`);
    return [choice.trim(), time.trim()] as const;
  });
  const zone = text('time-zone');
  const holidays = text('holidays');
  return {
    ...(text('name') !== undefined ? { name: text('name') } : {}),
    ...(text('address') !== undefined ? { address: jsonOption(text('address'), 'account', 'address') } : {}),
    ...(text('return-address') !== undefined ? { returnAddress: jsonOption(text('return-address'), 'site', 'return-address') } : {}),
    ...(zone !== undefined ? { timeZone: zone.trim().toLowerCase() === 'station' ? null : zone } : {}),
    ...(holidays !== undefined
      ? { holidays: holidays.trim().toLowerCase() === 'station' ? null : holidays.split(',').filter((day) => day.trim() !== '') }
      : {}),
    ...(cutoffs ? { cutoffs: Object.fromEntries(cutoffs) } : {}),
    ...(printingOf(values) ? { printing: printingOf(values) } : {}),
  };
}

/** The API's own checks, so the command refuses what the API refuses, in its words. */
function checked<T>(result: { ok: true; value: T } | { ok: false; errors: { detail: string; meta?: Record<string, unknown> }[] }): T {
  if (result.ok) return result.value;
  throw new UsageError(
    result.errors.map((error) => `${error.detail}${error.meta?.reason ? ` ${String(error.meta.reason)}` : ''}`).join(' '),
  );
}

/** The service's refusals in full: each one's detail with its reason where it has one (the printer it lacks). */
async function worded<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!(error instanceof StationError) || !error.errors.some((each) => each.meta?.reason)) throw error;
    throw new Error(error.errors.map((each) => `${each.detail}${each.meta?.reason ? ` ${String(each.meta.reason)}` : ''}`).join(' '));
  }
}

const ownerOf = async (admin: StationAdmin, client: string) => {
  const account = await admin.clients.find(admin.actor, /^[0-9]+$/.test(client) ? { id: client } : { username: client });
  return { client: account };
};

export async function siteCommand(sub: string | undefined, args: string[]): Promise<void> {
  switch (sub) {
    case 'list': {
      const { values } = parseWithPositionals(args, options, 0);
      const client = required(values, 'client');
      const { sites, desk } = await withAdmin(values, async (admin) => {
        const owner = await ownerOf(admin, client);
        return { sites: await admin.warehouses.list(owner), desk: (await admin.warehouses.deskSite(owner)).number };
      });
      print(
        values,
        sites.map((site) => shown(site, desk)),
        ['id\tname\t\taddress\ttime zone', ...sites.map((site) => line(site, desk))].join('\n'),
      );
      return;
    }
    case 'add': {
      const { values, positionals } = parseWithPositionals(args, options, 1);
      const client = required(values, 'client');
      if (positionals[0] === undefined) throw new UsageError('site add needs the site’s NAME.');
      const request = checked(
        validateNewWarehouse({ data: { type: 'warehouse', attributes: { ...attributesOf(values), name: positionals[0] } } }),
      );
      const site = await withAdmin(values, async (admin) =>
        worded(admin.warehouses.add(admin.actor, await ownerOf(admin, client), request)),
      );
      print(values, shown(site, 0), `Added site ${site.number} (${site.name}).`);
      return;
    }
    case 'set': {
      const { values, positionals } = parseWithPositionals(args, options, 1);
      const client = required(values, 'client');
      const id = positionals[0];
      if (id === undefined) throw new UsageError('site set needs the site’s ID (site list shows them).');
      const change = checked(validateWarehouseChange({ data: { type: 'warehouse', attributes: attributesOf(values) } }));
      const site = await withAdmin(values, async (admin) =>
        worded(admin.warehouses.change(admin.actor, await ownerOf(admin, client), id, change)),
      );
      print(values, shown(site, 0), `Site ${site.number} (${site.name}) changed.`);
      return;
    }
    case 'desk': {
      const { values, positionals } = parseWithPositionals(args, options, 1);
      const client = required(values, 'client');
      required(values, 'desk');
      const id = positionals[0];
      if (id === undefined) throw new UsageError('site desk needs the site’s ID (site list shows them).');
      const site = await withAdmin(values, async (admin) => admin.warehouses.chooseDeskSite(admin.actor, await ownerOf(admin, client), id));
      print(values, shown(site, site.number), `Desk ${String(values.desk)} stands at site ${site.number} (${site.name}).`);
      return;
    }
    default:
      throw new UsageError(unknownSubcommand('site', sub, 'list, add, set or desk'));
  }
}
