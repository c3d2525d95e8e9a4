// Print settings: the printers a client's people print on at this desk (the label printer, its format and dpi,
// auto-print, the A4 printer). Read with the older station-wide and per-client choices as fallbacks; a change is the
// caller's own, at this desk, names only printers the printing system knows, and goes to the audit log.
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import { DEFAULT_PRINT_SETTINGS, type PrintSettings } from '../../../src-shared/printing.ts';
import { actorOf, type Caller } from '../../domain/caller.ts';
import type { PrintServiceDeps } from './types.ts';

/** Before settings were per client, one station-wide value: every client that has not chosen starts from it. */
const STATION_SETTINGS_KEY = 'printing';
/** Before settings were per desk: a client's choice, where it has not chosen at this desk. */
const clientSettingsKey = (caller: Caller) => `printing:client:${caller.client.id}`;
const deskSettingsKey = (desk: string, caller: Caller) => `printing:desk:${desk}:client:${caller.client.id}`;

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
  const readSettings = async (caller: Caller): Promise<PrintSettings> => {
    const chosen = ((await store.settings.get(deskSettingsKey(desk, caller))) ??
      (await store.settings.get(clientSettingsKey(caller))) ??
      (await store.settings.get(STATION_SETTINGS_KEY))) as Partial<PrintSettings> | undefined;
    return { ...DEFAULT_PRINT_SETTINGS, ...chosen };
  };

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
    await store.audited(changed, 'settings', 'set', deskSettingsKey(desk, caller), next);
    return next;
  };

  return { readSettings, updateSettings };
}
