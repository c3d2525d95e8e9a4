// The desk's scale as the API offers it: its settings (stored per desk, changed by supervisors and audited), the
// live reading, and the listeners of the reading stream. Changing the settings connects to the new port at once.
import { DEFAULT_SCALE_SETTINGS, type ScaleReading, type ScaleSettings } from '../../src-shared/scale.ts';
import { actorOf, type Caller } from '../domain/caller.ts';
import { connectScale, serialPorts, type ScaleLink, type ScaleTiming } from '../scale/serial-scale.ts';
import type { Logger } from '../logger.ts';
import type { Store } from '../store/index.ts';
import { requireRole, type AuditLog } from './audit-log.ts';

export interface ScaleService {
  state(): { settings: ScaleSettings; reading: ScaleReading };
  configure(caller: Caller, changes: Partial<ScaleSettings>): Promise<{ settings: ScaleSettings; reading: ScaleReading }>;
  /** Each new reading, until the returned function is called or the station stops (`stopping`). */
  subscribe(listener: (reading: ScaleReading, stopping?: boolean) => void): () => void;
  ports(): Promise<string[]>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createScaleService(deps: {
  store: Store;
  audit: AuditLog;
  desk: string;
  logger: Logger;
  clock: () => Date;
  timing?: ScaleTiming;
}): ScaleService {
  const { store, audit, desk, logger, clock } = deps;
  const key = `scale:${desk}`;
  const listeners = new Set<(reading: ScaleReading, stopping?: boolean) => void>();
  let settings: ScaleSettings = DEFAULT_SCALE_SETTINGS;
  let link: ScaleLink | undefined;

  const connect = async () => {
    await link?.stop();
    link = connectScale(settings, deps.timing, clock);
    let last = link.reading().status;
    link.onReading((reading) => {
      // The log hears of the scale coming and going, not of every weight.
      const trouble = reading.status === 'unplugged' || reading.status === 'noAnswer';
      if (trouble && last !== reading.status) logger.warn(`Scale: ${reading.problem}`);
      if (!trouble && (last === 'unplugged' || last === 'noAnswer')) logger.info(`Scale at ${settings.port} answers again`);
      last = reading.status;
      for (const listener of listeners) listener(reading);
    });
    for (const listener of listeners) listener(link.reading());
  };

  const state = () => ({
    settings,
    reading: link?.reading() ?? { status: 'off' as const, weightKg: null, problem: null, at: clock().toISOString() },
  });
  return {
    state,
    async configure(caller, changes) {
      requireRole(actorOf(caller), 'supervisor', 'Setting up the scale');
      settings = { ...settings, ...changes };
      await store.audited(
        audit.change(actorOf(caller), 'scale.configured', { type: 'scale', id: desk }, { ...settings }),
        'settings',
        'set',
        key,
        settings,
      );
      await connect();
      return state();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ports: serialPorts,
    async start() {
      settings = { ...DEFAULT_SCALE_SETTINGS, ...((await store.settings.get(key)) as Partial<ScaleSettings> | undefined) };
      await connect();
    },
    async stop() {
      for (const listener of listeners) listener(state().reading, true);
      listeners.clear();
      await link?.stop();
    },
  };
}
