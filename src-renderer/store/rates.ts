// Rating and confirming the shipment on the desk: the priced services, the selection (cheapest first),
// the one-click confirm, the "price is different" recovery, and scheduling instead of confirming.
import { create } from 'zustand';
import type { ServiceLevel, ShipmentAttributes } from '../../src-shared/shipment.ts';
import { ApiError } from '../api/client.ts';
import type { PriceChangeMeta, Rate, Shipment } from '../api/types.ts';
import { api, describeError } from './session.ts';

/** The station refused a confirm because the price changed: the old and new price, and today's rate to confirm. */
export interface PriceChange extends PriceChangeMeta {
  rate: Rate;
}

export interface RatesState {
  /** Made anew for each shipment rated: the confirm's Idempotency-Key is this plus the rate and its price. */
  keyPrefix: string;
  status: 'idle' | 'loading' | 'ready' | 'confirming' | 'error';
  attributes: ShipmentAttributes | null;
  rates: Rate[];
  selectedId: string | null;
  error: string | null;
  priceChange: PriceChange | null;
  load(attributes: ShipmentAttributes): Promise<void>;
  select(id: string): void;
  /** Confirms the selected rate at its price; resolves with the processed shipment. */
  confirm(): Promise<Shipment | undefined>;
  confirmAtNewPrice(): Promise<Shipment | undefined>;
  /** Creates the shipment for scheduled processing with the given service instead of confirming now. */
  schedule(service: ServiceLevel): Promise<Shipment | undefined>;
  reset(): void;
}

/** The figures of a 503 price change, from the error's meta (never from its English text). */
function priceChangeOf(error: unknown): PriceChangeMeta | undefined {
  if (!(error instanceof ApiError) || error.status !== 503) return undefined;
  const meta = error.errors[0]?.meta;
  if (typeof meta?.originalPrice !== 'number' || typeof meta.updatedPrice !== 'number' || typeof meta.currency !== 'string') return undefined;
  return { originalPrice: meta.originalPrice, updatedPrice: meta.updatedPrice, currency: meta.currency };
}

/** 128 random bits as hex: crypto.randomUUID exists only in secure contexts, and a LAN desk may use plain HTTP. */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The cheapest rate, and the one that delivers first (the cheaper of equals). */
export function highlights(rates: readonly Rate[]): { cheapestId: string | null; fastestId: string | null } {
  const byPrice = [...rates].sort((a, b) => a.attributes.finalCost.amount - b.attributes.finalCost.amount);
  const byDate = [...byPrice].sort((a, b) => (a.attributes.estimatedDeliveryDate ?? '9999').localeCompare(b.attributes.estimatedDeliveryDate ?? '9999'));
  return { cheapestId: byPrice[0]?.id ?? null, fastestId: byDate[0]?.id ?? null };
}

export const useRates = create<RatesState>()((set, get) => {
  const confirmWith = async (rate: Rate): Promise<Shipment | undefined> => {
    const { attributes } = get();
    if (!attributes) return undefined;
    set({ status: 'confirming', error: null });
    try {
      // The same rate at the same price is the same request: a second Enter, or a retry after a timeout, is answered
      // with the first one's shipment instead of booking another label.
      const shipment = await api().confirm(attributes, rate, `desk-${get().keyPrefix}-${rate.id}-${rate.attributes.finalCost.amount}`);
      set({ status: 'ready', priceChange: null });
      return shipment;
    } catch (error) {
      const change = priceChangeOf(error);
      if (change) {
        // Today's rates: the same service at its new price, ready for one more click.
        const rates = await api().rate(attributes).catch(() => get().rates);
        const fresh = rates.find((candidate) => candidate.id === rate.id);
        set({
          status: 'ready',
          rates: [...rates].sort((a, b) => a.attributes.finalCost.amount - b.attributes.finalCost.amount),
          priceChange: fresh ? { ...change, rate: fresh } : null,
          error: fresh ? null : describeError(error),
        });
        return undefined;
      }
      set({ status: 'ready', error: describeError(error) });
      return undefined;
    }
  };

  return {
    keyPrefix: randomKey(),
    status: 'idle',
    attributes: null,
    rates: [],
    selectedId: null,
    error: null,
    priceChange: null,

    async load(attributes) {
      set({ status: 'loading', attributes, error: null, priceChange: null, keyPrefix: randomKey() });
      try {
        const rates = [...(await api().rate(attributes))].sort((a, b) => a.attributes.finalCost.amount - b.attributes.finalCost.amount);
        set({
          status: 'ready',
          rates,
          selectedId: highlights(rates).cheapestId,
          error: rates.length === 0 ? 'No carrier service can carry this shipment. Check the weights, sizes and the destination.' : null,
        });
      } catch (error) {
        set({ status: 'error', rates: [], selectedId: null, error: describeError(error) });
      }
    },

    select: (selectedId) => set({ selectedId, priceChange: null }),

    confirm() {
      const rate = get().rates.find((candidate) => candidate.id === get().selectedId);
      return rate ? confirmWith(rate) : Promise.resolve(undefined);
    },

    confirmAtNewPrice() {
      const change = get().priceChange;
      return change ? confirmWith(change.rate) : Promise.resolve(undefined);
    },

    async schedule(service) {
      const { attributes } = get();
      if (!attributes) return undefined;
      set({ status: 'confirming', error: null });
      try {
        const shipment = await api().create(attributes, { service, scheduledProcessing: true }, `desk-${get().keyPrefix}-scheduled-${service}`);
        set({ status: 'ready' });
        return shipment;
      } catch (error) {
        set({ status: 'ready', error: describeError(error) });
        return undefined;
      }
    },

    reset: () => set({ keyPrefix: randomKey(), status: 'idle', attributes: null, rates: [], selectedId: null, error: null, priceChange: null }),
  };
});
