// Print settings: the printers a client's people print on at this desk (the label printer, its format and dpi,
// auto-print, the A4 printer). Read with the older station-wide and per-client choices as fallbacks; a change is the
// caller's own, at this desk, names only printers the printing system knows, and goes to the audit log.
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import { DEFAULT_PRINT_SETTINGS, type PrintLabelSize, type PrintSettings } from '../../../src-shared/printing.ts';
import { actorOf, type Caller } from '../../domain/caller.ts';
import type { PrintServiceDeps } from './types.ts';

/** Before settings were per client, one station-wide value: every client that has not chosen starts from it. */
const STATION_SETTINGS_KEY = 'printing';
/** Before settings were per desk: a client's choice, where it has not chosen at this desk. */
const clientSettingsKey = (clientId: string) => `printing:client:${clientId}`;
const deskSettingsKey = (desk: string, clientId: string) => `printing:desk:${desk}:client:${clientId}`;

/** What an account chose at a desk: its choice there, else its choice before desks, else the station's before accounts. */
async function chosenSettings(
  store: PrintServiceDeps['store'],
  desk: string | null,
  clientId: string,
): Promise<Partial<PrintSettings> | undefined> {
  return ((desk === null ? undefined : await store.settings.get(deskSettingsKey(desk, clientId))) ??
    (await store.settings.get(clientSettingsKey(clientId))) ??
    (await store.settings.get(STATION_SETTINGS_KEY))) as Partial<PrintSettings> | undefined;
}

export interface PrintSettingsBook {
  readSettings(caller: Caller): Promise<PrintSettings>;
  updateSettings(caller: Caller, change: Partial<PrintSettings>): Promise<PrintSettings>;
}

export function createPrintSettings({
  store,
  backend,
  desk,
  audit,
}: Pick<PrintServiceDeps, 'store' | 'backend' | 'desk' | 'audit'>): PrintSettingsBook {
  const readSettings = async (caller: Caller): Promise<PrintSettings> => ({
    ...DEFAULT_PRINT_SETTINGS,
    ...(await chosenSettings(store, desk, caller.client.id)),
  });

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
    const previous = await readSettings(caller);
    const next = { ...previous, ...change };
    const changed = audit.change(
      actorOf(caller),
      'print-settings.changed',
      { type: 'printSettings', id: `${desk}:${caller.client.id}` },
      { from: previous, to: next },
    );
    await store.audited(changed, 'settings', 'set', deskSettingsKey(desk, caller.client.id), next);
    return next;
  };

  return { readSettings, updateSettings };
}

/**
 * The stock a job's PDF labels print on: the size the desk's account chose for its label printer, when the job
 * prints on that printer; 4×6 in on any other.
 */
export async function labelSizeOf(
  store: PrintServiceDeps['store'],
  job: { desk: string | null; clientId: string; printer: string },
): Promise<PrintLabelSize> {
  const chosen = await chosenSettings(store, job.desk, job.clientId);
  return chosen?.printer === job.printer ? (chosen.size ?? '4x6') : '4x6';
}
