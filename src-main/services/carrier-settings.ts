// The station's carriers as an administrator sees them: the rate cards in use, the card files that could not
// be used, and the fuel surcharge that overrides a card without editing it.
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import type { CarrierRegistry, LoadedCard, UnavailableCarrier } from '../carriers/registry.ts';
import type { Actor } from '../domain/caller.ts';
import type { Store } from '../store/index.ts';
import type { UpstreamSettings } from '../../src-shared/upstream.ts';
import { CUTOFF_TIME, MAX_FUEL_SURCHARGE_PERCENT, SURCHARGE_TEXT } from '../../src-shared/administration.ts';
import type { UpstreamHealth } from '../carriers/upstream.ts';
import { requireRole, type AuditLog } from './audit-log.ts';

export interface CarrierSettingsService {
  cards(): Promise<LoadedCard[]>;
  /** Card files that could not be used, with the reason. */
  problems(): string[];
  /** The carriers those files make unavailable, and why. */
  unavailable(): UnavailableCarrier[];
  /** Sets a carrier's fuel surcharge in percent (0 to 200; a decimal string or a number). */
  setFuelSurcharge(actor: Actor, choiceCode: string, percent: string | number): Promise<number>;
  /** Each carrier choice's cutoff time (HH:MM on the station's clock, in its time zone), where one is set. */
  cutoffs(): Promise<Record<string, string>>;
  /** Sets or clears (null) a carrier's cutoff time. */
  setCutoff(actor: Actor, choiceCode: string, time: string | null): Promise<string | null>;
  /** The upstream services configured, keys included: for the registry, never for an answer. */
  upstreamSettings(): Promise<UpstreamSettings[]>;
  /** Adds or replaces an upstream service (admin: it holds keys). */
  addUpstream(actor: Actor, settings: UpstreamSettings): Promise<void>;
  removeUpstream(actor: Actor, code: string): Promise<void>;
  /** Each upstream's reachability as this station last saw it. */
  upstreamHealth(): UpstreamHealth[];
}

/** Where the carriers' cutoff times are kept (station settings, shared by every desk). */
export const CUTOFF_SETTINGS_KEY = 'carriers:cutoff';

/** The cutoff times a store holds, by carrier choice. */
export async function storedCutoffs(store: Store): Promise<Record<string, string>> {
  return ((await store.settings.get(CUTOFF_SETTINGS_KEY)) as Record<string, string> | undefined) ?? {};
}

/** Where the upstream services are kept (station settings, shared by every desk). */
export const UPSTREAM_SETTINGS_KEY = 'carriers:upstream';

/** The upstream services a store holds: what the carrier registry prices with. */
export async function storedUpstreams(store: Store): Promise<UpstreamSettings[]> {
  return ((await store.settings.get(UPSTREAM_SETTINGS_KEY)) as UpstreamSettings[] | undefined) ?? [];
}

export { MAX_FUEL_SURCHARGE_PERCENT };

export function createCarrierSettingsService(store: Store, carriers: CarrierRegistry, audit: AuditLog): CarrierSettingsService {
  return {
    cards: () => carriers.cards(),
    problems: () => carriers.problems(),
    unavailable: () => carriers.unavailable(),
    async setFuelSurcharge(actor, choiceCode, percent) {
      requireRole(actor, 'supervisor', 'Changing carrier settings');
      // A number as the API's JSON gives it, or the decimal text the admin command's --percent takes.
      const value = typeof percent === 'number' ? percent : SURCHARGE_TEXT.test(percent) ? Number(percent.trim()) : Number.NaN;
      if (!Number.isFinite(value) || value < 0 || value > MAX_FUEL_SURCHARGE_PERCENT) {
        throw new StationError('field.invalid', ERROR_TEXT.invalidSurcharge(String(percent)), { parameter: 'percent' });
      }
      const known = carriers.choiceCodes();
      if (!known.includes(choiceCode))
        throw new StationError('carrier.unknown', ERROR_TEXT.unknownCarrier(choiceCode, known.join(', ')), { parameter: 'carrier' });
      const before = (await store.carrierSettings.fuelSurcharges()).get(choiceCode) ?? null;
      const changed = audit.change(
        actor,
        'carrier-settings.changed',
        { type: 'carrier', id: choiceCode },
        { fuelSurchargePercent: { from: before, to: value } },
      );
      await store.audited(changed, 'carrierSettings', 'setFuelSurcharge', choiceCode, value);
      return value;
    },
    cutoffs: () => storedCutoffs(store),
    async setCutoff(actor, choiceCode, time) {
      requireRole(actor, 'supervisor', 'Changing carrier settings');
      if (time !== null && !CUTOFF_TIME.test(time))
        throw new StationError('field.invalid', ERROR_TEXT.invalidCutoff(time), { parameter: 'time' });
      const known = carriers.choiceCodes();
      if (!known.includes(choiceCode))
        throw new StationError('carrier.unknown', ERROR_TEXT.unknownCarrier(choiceCode, known.join(', ')), { parameter: 'carrier' });
      const all = await storedCutoffs(store);
      const before = all[choiceCode] ?? null;
      const next = { ...all };
      if (time === null) delete next[choiceCode];
      else next[choiceCode] = time;
      await store.audited(
        audit.change(actor, 'carrier-settings.changed', { type: 'carrier', id: choiceCode }, { cutoffTime: { from: before, to: time } }),
        'settings',
        'set',
        CUTOFF_SETTINGS_KEY,
        next,
      );
      return time;
    },
    upstreamSettings: () => storedUpstreams(store),
    async addUpstream(actor, settings) {
      requireRole(actor, 'admin', 'Configuring an upstream service');
      const cardCodes = (await carriers.cards()).map((entry) => entry.card.choiceCode);
      if (cardCodes.includes(settings.code))
        throw new StationError('upstream.codeTaken', ERROR_TEXT.upstreamCodeTaken(settings.code), { parameter: 'code' });
      const others = (await storedUpstreams(store)).filter((entry) => entry.code !== settings.code);
      const upstream = { name: settings.name, baseUrl: settings.baseUrl, version: settings.version, clientId: settings.clientId };
      await store.audited(
        audit.change(actor, 'carrier-settings.changed', { type: 'carrier', id: settings.code }, { upstream }),
        'settings',
        'set',
        UPSTREAM_SETTINGS_KEY,
        [...others, settings],
      );
    },
    async removeUpstream(actor, code) {
      requireRole(actor, 'admin', 'Configuring an upstream service');
      const all = await storedUpstreams(store);
      if (!all.some((entry) => entry.code === code))
        throw new StationError('upstream.unknown', ERROR_TEXT.noSuchUpstream(code), { parameter: 'code' });
      const removed = audit.change(actor, 'carrier-settings.changed', { type: 'carrier', id: code }, { upstream: null });
      await store.audited(
        removed,
        'settings',
        'set',
        UPSTREAM_SETTINGS_KEY,
        all.filter((entry) => entry.code !== code),
      );
    },
    upstreamHealth: () => carriers.upstreams().map((carrier) => carrier.health()),
  };
}
