// Print settings: the printers a client's people print on at this desk (the label printer, its format and dpi,
// auto-print, the A4 printer). Each member is, in turn: what the account chose at this desk, else the print default
// of the desk's site (Settings → Sites), else the account's choice from before desks, else the station's from before
// accounts, else the built-in default; so a new desk at a site prints as the site says without anyone choosing. A
// change is the caller's own, at this desk, keeps only the members the account chose there, names only printers the
// printing system knows, and goes to the audit log.
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import { DEFAULT_PRINT_SETTINGS, type PrintLabelSize, type PrintSettings } from '../../../src-shared/printing.ts';
import { actorOf, type Caller } from '../../domain/caller.ts';
import type { PrintServiceDeps } from './types.ts';

/** Before settings were per client, one station-wide value: every client that has not chosen starts from it. */
const STATION_SETTINGS_KEY = 'printing';
/** Before settings were per desk: a client's choice, where it has not chosen at this desk. */
const clientSettingsKey = (clientId: string) => `printing:client:${clientId}`;
const deskSettingsKey = (desk: string, clientId: string) => `printing:desk:${desk}:client:${clientId}`;

type SettingsDeps = Pick<PrintServiceDeps, 'store' | 'desk' | 'warehouses'>;

/** What the account chose at a desk: only the members it chose there (older values may hold every member). */
const chosenAtDesk = async ({ store }: SettingsDeps, desk: string | null, clientId: string) =>
  ((desk === null ? undefined : await store.settings.get(deskSettingsKey(desk, clientId))) ?? {}) as Partial<PrintSettings>;

/**
 * An account's print settings at a desk, member by member: its choice at the desk, the desk's site's default, its
 * choice from before desks, the station's from before accounts, the built-in default. The site is this desk's: a
 * job of another desk (none are sent here) has no site defaults.
 */
async function settingsAt(deps: SettingsDeps, desk: string | null, owner: Caller | { client: { id: string } }): Promise<PrintSettings> {
  const { store } = deps;
  const clientId = owner.client.id;
  const [station, client, site, atDesk] = await Promise.all([
    store.settings.get(STATION_SETTINGS_KEY),
    store.settings.get(clientSettingsKey(clientId)),
    deps.warehouses && (desk === null || desk === deps.desk) ? deps.warehouses.deskSite(owner) : undefined,
    chosenAtDesk(deps, desk, clientId),
  ]);
  return {
    ...DEFAULT_PRINT_SETTINGS,
    ...(station as Partial<PrintSettings> | undefined),
    ...(client as Partial<PrintSettings> | undefined),
    ...(site?.printing ?? {}),
    ...atDesk,
  };
}

export interface PrintSettingsBook {
  readSettings(caller: Caller): Promise<PrintSettings>;
  updateSettings(caller: Caller, change: Partial<PrintSettings>): Promise<PrintSettings>;
}

export function createPrintSettings(
  deps: Pick<PrintServiceDeps, 'store' | 'backend' | 'desk' | 'audit' | 'warehouses'>,
): PrintSettingsBook {
  const { store, backend, desk, audit } = deps;
  const readSettings = (caller: Caller): Promise<PrintSettings> => settingsAt(deps, desk, caller);

  const findPrinter = async (name: string) => (await backend.printers()).find((printer) => printer.name === name);

  const updateSettings = async (caller: Caller, change: Partial<PrintSettings>): Promise<PrintSettings> => {
    for (const member of ['printer', 'a4Printer'] as const) {
      const name = change[member];
      if (name && !(await findPrinter(name))) {
        throw new StationError('print.printerUnknown', ERROR_TEXT.invalidData(`data.attributes.${member}`), {
          pointer: `/data/attributes/${member}`,
          meta: { reason: ERROR_TEXT.noSuchPrinter(name), printer: name },
        });
      }
    }
    const [previous, chosen] = await Promise.all([readSettings(caller), chosenAtDesk(deps, desk, caller.client.id)]);
    // Only what the account chose at this desk is kept there: the members it never chose follow the site's defaults.
    const kept = { ...chosen, ...change };
    const next = { ...previous, ...change };
    const changed = audit.change(
      actorOf(caller),
      'print-settings.changed',
      { type: 'printSettings', id: `${desk}:${caller.client.id}` },
      { from: previous, to: next },
    );
    await store.audited(changed, 'settings', 'set', deskSettingsKey(desk, caller.client.id), kept);
    return next;
  };

  return { readSettings, updateSettings };
}

/**
 * The stock a job's PDF labels print on: the size the desk's account prints on with its label printer (its choice,
 * else its site's default), when the job prints on that printer; 4×6 in on any other.
 */
export async function labelSizeOf(
  deps: SettingsDeps,
  job: { desk: string | null; clientId: string; printer: string },
): Promise<PrintLabelSize> {
  const settings = await settingsAt(deps, job.desk, { client: { id: job.clientId } });
  return settings.printer === job.printer ? settings.size : '4x6';
}
