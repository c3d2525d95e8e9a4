// Scan to ship: an order scanned into Receiver search fills the form from the order, the packing rules choose
// the box, service, carrier and special services (with their reasons), the scale's settled weight fills the
// package, and one Enter rates, confirms and shows the label, which prints by itself when a label printer is chosen.
import { create } from 'zustand';
import { stationToday } from './station-clock.ts';
import { expectedWeightKg, shipmentFromOrder, type OrderResource } from '../../src-shared/orders.ts';
import { chooseRate, decidePacking, type PackingDecision, type PackingRule } from '../../src-shared/packing-rules.ts';
import type { BoxPreset } from '../../src-shared/packing-setup.ts';
import type { Address } from '../../src-shared/shipment.ts';
import { ApiError, bookedOf, shipmentRequest } from '../api/client.ts';
import { rememberReceiverCountry } from './desk-habits.ts';
import type { Shipment } from '../api/types.ts';
import { useLabel } from './label.ts';
import { ADDRESS_FIELDS, useNewShipment } from './new-shipment.ts';
import { useRates } from './rates.ts';
import { api } from './session.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { usePackingSetup } from './packing-setup.ts';
import { announce, block, signal } from '../feedback/feedback.ts';
import { closedDay as closedDaySaid, failure, message, type Said } from '../i18n/said.ts';

/**
 * The packing rules' choices for the scanned order (box, service, carrier, special services), and what they were
 * made from: the screen tells why in the packer's words as it shows them (decidePacking again, from the same rules
 * and weight).
 */
export type PackingChoice = Omit<PackingDecision, 'reasons'> & {
  readonly rules: readonly PackingRule[];
  readonly contentsKg: number | undefined;
};

export interface PackingState {
  order: OrderResource | null;
  decision: PackingChoice | null;
  box: BoxPreset | null;
  status: 'idle' | 'loading' | 'ready' | 'shipping';
  /** Why the scan or the shipping stopped, worded by the screen as it shows it. */
  error: Said | null;
  /** Looks the text up as an order number; false when no order has it (it may be a receiver's name). */
  scan(text: string): Promise<boolean>;
  /** The scale's settled weight (above zero) came or changed: the package's weight (the box stays the rules' choice). */
  weighed(weightKg: string): void;
  /** Rates, confirms with the rules' choice, and shows the label. */
  ship(): Promise<Shipment | undefined>;
  clear(): void;
}

/** The sender as the form holds it, as an address for the order's shipment. */
function senderAddress(): Address {
  const sender = useNewShipment.getState().sender;
  const address: Record<string, string> = {};
  for (const field of ADDRESS_FIELDS) if (sender[field].trim() !== '') address[field] = sender[field].trim();
  return address as unknown as Address;
}

export const usePacking = create<PackingState>()((set, get) => {
  /** Fills the form from the order packed with the rules' box, weighed `weightKg` when known. */
  const fill = (order: OrderResource, weightKg: string | undefined) => {
    const { rules: packingRules, boxPresets } = usePackingSetup.getState().setup;
    // The rules choose by the contents: weighing the packed box (box included) never changes the box.
    const contentsKg = expectedWeightKg(order.attributes.lines);
    const { reasons: _told, ...choice } = decidePacking(packingRules, order.attributes, contentsKg);
    const decision: PackingChoice = { ...choice, rules: packingRules, contentsKg };
    const box = boxPresets.find((preset) => preset.name === decision.box) ?? null;
    // The order's own services and the rules' (an adult signature for WINE-*) go to the Special services panel.
    const attributes = shipmentFromOrder(
      { ...order.attributes, services: choice.services },
      {
        shipFrom: senderAddress(),
        box: box ? { length: box.length, width: box.width, height: box.height, tareKg: box.tareKg } : undefined,
        weightKg,
        today: stationToday(),
      },
    );
    useNewShipment.getState().fillFrom(attributes);
    set({ decision, box });
  };

  return {
    order: null,
    decision: null,
    box: null,
    status: 'idle',
    error: null,

    async scan(text) {
      const number = text.trim();
      if (number === '') return false;
      set({ status: 'loading', error: null });
      try {
        const order = (await api().call(ROUTES.order, { params: { number } })).data;
        if (order.attributes.status !== 'open') {
          const shipment = order.attributes.shipment;
          const taken = message('packing.orderTaken', {
            number,
            status: order.attributes.status === 'closed' ? 'shipped' : 'shipping',
            shipment: shipment?.reference ?? shipment?.id ?? '',
            tracking: shipment?.trackingNumber ?? 'none',
          });
          set({ status: 'idle', order: null, error: taken });
          block(taken);
          return true;
        }
        // Rates asked for before this scan are another parcel's.
        useRates.getState().reset();
        set({ order, status: 'ready' });
        signal(
          'good',
          message('announce.orderFound', {
            number,
            pieces: order.attributes.totals.quantity,
            name: order.attributes.shipTo.name,
            country: order.attributes.shipTo.country,
          }),
        );
        fill(order, undefined);
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) {
          const unknown = message('packing.noOrder', { number });
          set({ status: 'idle', order: null, error: unknown });
          // A scanned number (it has digits) that is no order stops the parcel; a typed name is only told.
          if (/\d/.test(number)) block(unknown);
          else signal('bad', unknown);
          return false;
        }
        set({ status: 'idle', error: failure(error) });
        return true;
      }
    },

    weighed(weightKg) {
      const { order, status } = get();
      if (!order || status !== 'ready') return;
      // Only the weight changes: the box was chosen by the contents, and the packer's edits to the form stay.
      useNewShipment.getState().weighFromScale(0, weightKg);
    },

    async ship() {
      const { order, decision } = get();
      if (!order || get().status !== 'ready') return undefined;
      const attributes = useNewShipment.getState().validate();
      if (!attributes) return undefined;
      set({ status: 'shipping', error: null });
      try {
        const rates = (
          await api().call(ROUTES.rateShipment, { body: { data: { type: 'shipment', attributes: shipmentRequest(attributes), meta: {} } } })
        ).data;
        const carrier = decision?.carrier?.toUpperCase();
        const candidates = carrier ? rates.filter((rate) => rate.attributes.carrierCode.toUpperCase() === carrier) : rates;
        const chosen = chooseRate(candidates, decision);
        if (!chosen) {
          set({ status: 'ready', error: carrier ? message('packing.carrierNoService', { carrier }) : message('packing.noService') });
          return undefined;
        }
        const number = order.attributes.number;
        const { shipment, closedDay } = bookedOf(
          await api().call(ROUTES.confirmShipment, {
            body: { data: { type: 'shipment', attributes: shipmentRequest(attributes), meta: { rate: chosen, orderNumber: number } } },
            idempotencyKey: `desk-order-${number}-${chosen.id}-${chosen.attributes.finalCost.amount}`,
          }),
        );
        set({ status: 'idle', order: null });
        useLabel.getState().noteClosedDay(shipment.id, closedDay);
        rememberReceiverCountry(attributes.shipTo.country);
        // The parcel does not go today: said before its label prints, and kept (assertive) past the print's own words.
        if (closedDay) announce(closedDaySaid(closedDay, 'label'), 'assertive');
        void useLabel.getState().show(shipment);
        return shipment;
      } catch (error) {
        set({ status: 'ready', error: failure(error) });
        return undefined;
      }
    },

    clear: () => {
      // Rates asked for beside the order would book for it: they go with it.
      if (get().order && useRates.getState().orderNumber === get().order?.attributes.number) useRates.getState().reset();
      set({ order: null, decision: null, box: null, status: 'idle', error: null });
    },
  };
});
