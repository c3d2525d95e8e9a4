// The station's carriers as an administrator sees them: the rate cards in use, the card files that could not
// be used, and the fuel surcharge that overrides a card without editing it.
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import type { CarrierRegistry, LoadedCard, UnavailableCarrier } from '../carriers/registry.ts';
import type { Actor } from '../domain/caller.ts';
import type { Store } from '../store/index.ts';
import { requireRole, type AuditLog } from './audit-log.ts';

export interface CarrierSettingsService {
  cards(): Promise<LoadedCard[]>;
  /** Card files that could not be used, with the reason. */
  problems(): string[];
  /** The carriers those files make unavailable, and why. */
  unavailable(): UnavailableCarrier[];
  /** Sets a carrier's fuel surcharge in percent (0 to 200; a decimal string or a number). */
  setFuelSurcharge(actor: Actor, choiceCode: string, percent: string | number): Promise<number>;
}

export const MAX_FUEL_SURCHARGE_PERCENT = 200;

export function createCarrierSettingsService(store: Store, carriers: CarrierRegistry, audit: AuditLog): CarrierSettingsService {
  return {
    cards: () => carriers.cards(),
    problems: () => carriers.problems(),
    unavailable: () => carriers.unavailable(),
    async setFuelSurcharge(actor, choiceCode, percent) {
      requireRole(actor, 'supervisor', 'Changing carrier settings');
      const text = String(percent).trim();
      const value = Number(text);
      if (!/^\d+(\.\d+)?$/.test(text) || value > MAX_FUEL_SURCHARGE_PERCENT) {
        throw new StationError(400, ERROR_TEXT.invalidSurcharge(String(percent)), { parameter: 'percent' });
      }
      const known = carriers.choiceCodes();
      if (!known.includes(choiceCode)) throw new StationError(400, ERROR_TEXT.unknownCarrier(choiceCode, known.join(', ')), { parameter: 'carrier' });
      const before = (await store.carrierSettings.fuelSurcharges()).get(choiceCode) ?? null;
      await store.carrierSettings.setFuelSurcharge(choiceCode, value);
      await audit.record(actor, 'carrier-settings.changed', { type: 'carrier', id: choiceCode }, { fuelSurchargePercent: { from: before, to: value } });
      return value;
    },
  };
}
