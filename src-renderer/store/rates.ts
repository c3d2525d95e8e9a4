// Rating and confirming the shipment on the desk: the priced services, the selection (cheapest first),
// the one-click confirm, the "price is different" recovery, and scheduling instead of confirming.
// What is booked is the form as it is now: any edit after rating makes the rates stale, and a stale rate is
// never confirmed (the station also refuses a document other than the one rated).
import { create } from 'zustand';
import type { ServiceLevel, ShipmentAttributes } from '../../src-shared/shipment.ts';
import { ApiError, bookedOf, shipmentRequest, type ClosedDay } from '../api/client.ts';
import type { PriceChangeMeta, Rate, Shipment } from '../api/types.ts';
import { useNewShipment } from './new-shipment.ts';
import { useLabel } from './label.ts';
import { rememberReceiverCountry } from './desk-habits.ts';
import { api } from './session.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { failure, message, unavailable, type Said } from '../i18n/said.ts';
import type { RateUnavailable } from '../../src-shared/resources.ts';

/** The station refused a confirm because the price changed: the old and new price, and today's rate to confirm. */
export interface PriceChange extends PriceChangeMeta {
  rate: Rate;
}

export interface RatesState {
  /** Made anew for each shipment rated: the confirm's Idempotency-Key is this plus the rate and its price. */
  keyPrefix: string;
  status: 'idle' | 'loading' | 'ready' | 'confirming' | 'error';
  attributes: ShipmentAttributes | null;
  /** The form's revision these rates were given for; any later edit makes them stale. */
  ratedRevision: number;
  /** The scanned order these rates were asked for: what is booked from them closes it. */
  orderNumber: string | null;
  rates: Rate[];
  /** Carriers whose day is closed for today: their rates ship on the day named, not today. */
  closedDays: ClosedDay[];
  /**
   * The services left out only because of the special services asked (not offered, or refused by how they carry),
   * each with its reason: said beside the rates, before confirm, so the packer knows what an option costs in choice.
   */
  optionRefusals: RateUnavailable[];
  selectedId: string | null;
  /** Why there is nothing to book, or why booking was refused: worded by the screen as it shows it. */
  error: Said | null;
  priceChange: PriceChange | null;
  load(attributes: ShipmentAttributes, orderNumber?: string): Promise<void>;
  select(id: string): void;
  /** Confirms the selected rate at its price; resolves with the processed shipment. */
  confirm(): Promise<Shipment | undefined>;
  confirmAtNewPrice(): Promise<Shipment | undefined>;
  /** Creates the shipment for scheduled processing with the given service instead of confirming now. */
  schedule(service: ServiceLevel): Promise<Shipment | undefined>;
  reset(): void;
}

/** The rates on screen were given for another form than the one shown. */
export function ratesAreStale(state: Pick<RatesState, 'status' | 'ratedRevision'>, revision: number): boolean {
  return state.status !== 'idle' && state.ratedRevision !== revision;
}

/** The figures of a 503 price change, from the error's meta (never from its English text). */
function priceChangeOf(error: unknown): PriceChangeMeta | undefined {
  if (!(error instanceof ApiError) || error.errors[0]?.code !== 'rate.priceChanged') return undefined;
  const meta = error.errors[0].meta;
  if (typeof meta?.originalPrice !== 'number' || typeof meta.updatedPrice !== 'number' || typeof meta.currency !== 'string')
    return undefined;
  return { originalPrice: meta.originalPrice, updatedPrice: meta.updatedPrice, currency: meta.currency };
}

/** 128 random bits as hex: crypto.randomUUID exists only in secure contexts, and a LAN desk may use plain HTTP. */
function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The cheapest rate, and the one that delivers first (the cheaper of equals). */
export function highlights(rates: readonly Rate[]): { cheapestId: string | null; fastestId: string | null } {
  const byPrice = [...rates].sort((a, b) => a.attributes.finalCost.amount - b.attributes.finalCost.amount);
  const byDate = [...byPrice].sort((a, b) =>
    (a.attributes.estimatedDeliveryDate ?? '9999').localeCompare(b.attributes.estimatedDeliveryDate ?? '9999'),
  );
  return { cheapestId: byPrice[0]?.id ?? null, fastestId: byDate[0]?.id ?? null };
}

/** The closed day of a rate's carrier, when the rate list said its day is closed. */
export function closedDayOf(rate: Rate, closedDays: readonly ClosedDay[]): ClosedDay | undefined {
  return closedDays.find((day) => day.carrier.toUpperCase() === rate.attributes.carrierCode.toUpperCase());
}

/** A service left out because of a special service asked, rather than the route or the parcel. */
const isOptionRefusal = (reason: RateUnavailable) => reason.code === 'service.optionNotOffered' || reason.code === 'service.optionRefused';

/** The form's fields a refusal names by pointer are marked with its reason, as the desk's own check marks them. */
function markRefusedFields(error: unknown): void {
  useNewShipment.getState().markRefused({ error });
}

export const useRates = create<RatesState>()((set, get) => {
  const form = () => useNewShipment.getState();
  const stale = () => ratesAreStale(get(), form().revision);

  const confirmWith = async (rate: Rate): Promise<Shipment | undefined> => {
    // The form as it is now, with the rate given for the form as it was: the station books it only when they match.
    if (stale()) {
      set({ error: message('rates.stale') });
      return undefined;
    }
    const attributes = form().validate();
    if (!attributes) return undefined;
    set({ status: 'confirming', error: null });
    try {
      // The same rate at the same price is the same request: a second Enter, or a retry after a timeout, is answered
      // with the first one's shipment instead of booking another label.
      const orderNumber = get().orderNumber;
      const { shipment, closedDay } = bookedOf(
        await api().call(ROUTES.confirmShipment, {
          body: {
            data: { type: 'shipment', attributes: shipmentRequest(attributes), meta: orderNumber ? { rate, orderNumber } : { rate } },
          },
          idempotencyKey: `desk-${get().keyPrefix}-${rate.id}-${rate.attributes.finalCost.amount}`,
        }),
      );
      useLabel.getState().noteClosedDay(shipment.id, closedDay);
      rememberReceiverCountry(attributes.shipTo.country);
      set({ status: 'ready', priceChange: null });
      return shipment;
    } catch (error) {
      if (error instanceof ApiError && error.errors[0]?.code === 'shipment.notTheRated') {
        set({ status: 'ready', ratedRevision: -1, error: message('rates.stale') });
        return undefined;
      }
      const change = priceChangeOf(error);
      if (change) {
        // Today's rates: the same service at its new price, ready for one more click.
        const rates = await api()
          .call(ROUTES.rateShipment, { body: { data: { type: 'shipment', attributes: shipmentRequest(attributes), meta: {} } } })
          .then((answer) => answer.data)
          .catch(() => get().rates);
        const fresh = rates.find((candidate) => candidate.id === rate.id);
        set({
          status: 'ready',
          rates: [...rates].sort((a, b) => a.attributes.finalCost.amount - b.attributes.finalCost.amount),
          priceChange: fresh ? { ...change, rate: fresh } : null,
          error: fresh ? null : failure(error),
        });
        return undefined;
      }
      set({ status: 'ready', error: failure(error) });
      markRefusedFields(error);
      return undefined;
    }
  };

  return {
    keyPrefix: randomKey(),
    status: 'idle',
    attributes: null,
    ratedRevision: -1,
    orderNumber: null,
    rates: [],
    closedDays: [],
    optionRefusals: [],
    selectedId: null,
    error: null,
    priceChange: null,

    async load(attributes, orderNumber) {
      const revision = form().revision;
      set({
        status: 'loading',
        attributes,
        ratedRevision: revision,
        orderNumber: orderNumber ?? null,
        error: null,
        priceChange: null,
        keyPrefix: randomKey(),
      });
      try {
        const list = await api().rateList(attributes);
        const rates = [...list.rates].sort((a, b) => a.attributes.finalCost.amount - b.attributes.finalCost.amount);
        const none = rates.length === 0;
        set({
          status: 'ready',
          rates,
          closedDays: list.closedDays,
          optionRefusals: list.unavailable.filter(isOptionRefusal),
          selectedId: highlights(rates).cheapestId,
          error: none ? unavailable(list.unavailable) : null,
        });
        // The fields the reasons are about are marked, as a field the desk checks itself would be.
        if (none && form().revision === revision) form().markRefused({ unavailable: list.unavailable });
      } catch (error) {
        set({ status: 'error', rates: [], closedDays: [], optionRefusals: [], selectedId: null, error: failure(error) });
        markRefusedFields(error);
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
      // Scheduling needs no rate: the form as it is now is sent.
      const attributes = form().validate();
      if (!attributes) return undefined;
      set({ status: 'confirming', error: null });
      try {
        const orderNumber = get().orderNumber ?? undefined;
        const { shipment, closedDay } = bookedOf(
          await api().call(ROUTES.createShipment, {
            body: {
              data: {
                type: 'shipment',
                attributes: shipmentRequest(attributes),
                meta: { service, scheduledProcessing: true, ...(orderNumber ? { orderNumber } : {}) },
              },
            },
            idempotencyKey: `desk-${get().keyPrefix}-r${form().revision}-scheduled-${service}`,
          }),
        );
        useLabel.getState().noteClosedDay(shipment.id, closedDay);
        rememberReceiverCountry(attributes.shipTo.country);
        set({ status: 'ready' });
        return shipment;
      } catch (error) {
        set({ status: 'ready', error: failure(error) });
        return undefined;
      }
    },

    reset: () =>
      set({
        keyPrefix: randomKey(),
        status: 'idle',
        attributes: null,
        ratedRevision: -1,
        orderNumber: null,
        rates: [],
        closedDays: [],
        optionRefusals: [],
        selectedId: null,
        error: null,
        priceChange: null,
      }),
  };
});
