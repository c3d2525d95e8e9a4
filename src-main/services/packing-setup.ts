// The station's packing setup as the API offers it (docs/desk.md, "Scan to ship"): box presets, packing rules and the
// weight check, one set for every desk of the station, read by any desk and changed by supervisors (audited).
import { StationError } from '../../src-shared/errors.ts';
import { DEFAULT_PACKING_SETUP, validatePackingSetup, type PackingSetup } from '../../src-shared/packing-setup.ts';
import { actorOf, type Caller } from '../domain/caller.ts';
import type { Store } from '../store/index.ts';
import { requireRole, type AuditLog } from './audit-log.ts';

const KEY = 'packing';

export interface PackingSetupService {
  get(): Promise<PackingSetup>;
  /** Checks a PATCH /packing document against the current setup, stores the result and audits it. */
  configure(caller: Caller, document: unknown): Promise<PackingSetup>;
}

export function createPackingSetupService(deps: { store: Store; audit: AuditLog }): PackingSetupService {
  const { store, audit } = deps;
  const get = async () => ({ ...DEFAULT_PACKING_SETUP, ...((await store.settings.get(KEY)) as Partial<PackingSetup> | undefined) });
  return {
    get,
    async configure(caller, document) {
      requireRole(actorOf(caller), 'supervisor', 'Changing the packing rules and box presets');
      const checked = validatePackingSetup(document, await get());
      if (!checked.ok) throw StationError.many(checked.errors);
      const { boxPresets, rules, varianceWarnPercent, varianceBlockPercent } = checked.value;
      const configured = audit.change(
        actorOf(caller),
        'packing.configured',
        { type: 'packingSetup', id: 'station' },
        {
          boxPresets: boxPresets.map((preset) => preset.name),
          rules: rules.length,
          varianceWarnPercent,
          varianceBlockPercent,
        },
      );
      await store.audited(configured, 'settings', 'set', KEY, checked.value);
      return checked.value;
    },
  };
}
