// The account's shipped orders over a range of ship dates (docs/shipments.md, "Orders": sending tracking numbers back):
// each processed shipment that ships an order, oldest first, with the order's lines, for the file a shop uploads
// (src-shared/shipped-orders.ts writes it). Voided shipments and returns are not shipments of an order.
import { dayIn, type StationCalendar } from '../../src-shared/calendar.ts';
import { STATUS } from '../../src-shared/shipment.ts';
import type { ShippedParcel } from '../../src-shared/shipped-orders.ts';
import type { Caller } from '../domain/caller.ts';
import type { OrderRecord } from '../domain/order.ts';
import type { SummaryKey } from '../domain/shipment.ts';
import type { Store } from '../store/index.ts';

export interface ShippedOrderService {
  /** The station's today: the range's default. */
  today(): Promise<string>;
  /**
   * The parcels of the account's orders shipped from `from` to `to` (ship dates, YYYY-MM-DD), oldest first; a
   * shipment ships an order when it names it (meta.orderNumber), or, for a further parcel of an order that has its
   * shipment already, when its customer reference is the order's number. `trackingUrl` makes a tracking page's URL.
   */
  shipped(caller: Caller, range: { from: string; to: string }, trackingUrl: (trackingHash: string) => string): Promise<ShippedParcel[]>;
}

/** Shipments read per page of the day's list. */
const PAGE = 500;

export function createShippedOrderService(deps: {
  store: Store;
  clock: () => Date;
  calendar: () => Promise<StationCalendar>;
}): ShippedOrderService {
  const { store } = deps;
  return {
    today: async () => dayIn(deps.clock(), (await deps.calendar()).timeZone),

    async shipped(caller, range, trackingUrl) {
      const owner = { clientId: caller.client.id, sandbox: caller.sandbox };
      const ids: string[] = [];
      let after: SummaryKey | null = null;
      for (;;) {
        const rows = await store.shipments.summaries({
          ...owner,
          dateFrom: range.from,
          dateTo: range.to,
          search: null,
          returns: false,
          after,
          limit: PAGE,
        });
        ids.push(...rows.filter((row) => row.status === STATUS.processed).map((row) => row.id));
        if (rows.length < PAGE) break;
        const last = rows[rows.length - 1]!;
        after = [last.shipDate, last.createdAt, last.id];
      }
      const orders = new Map<string, Promise<OrderRecord | undefined>>();
      const orderOf = (number: string) => {
        let order = orders.get(number);
        if (!order) orders.set(number, (order = store.orders.get(owner.clientId, owner.sandbox, number)));
        return order;
      };
      const parcels: (ShippedParcel & { processedAt: string })[] = [];
      for (const id of ids) {
        const shipment = await store.shipments.get(id, owner.clientId, owner.sandbox);
        if (!shipment || shipment.status !== STATUS.processed || shipment.returnOf || !shipment.trackingNumber) continue;
        const number = shipment.orderNumber ?? shipment.attributes.customerReference ?? null;
        const order = number ? await orderOf(number) : undefined;
        if (!order) continue;
        parcels.push({
          orderNumber: order.number,
          lines: order.attributes.lines,
          reference: shipment.reference ?? '',
          shipDate: shipment.shipDate,
          carrierCode: shipment.carrierCode ?? '',
          carrierName: shipment.carrierName ?? '',
          serviceName: shipment.serviceName ?? '',
          trackingNumber: shipment.trackingNumber,
          trackingUrl: shipment.trackingHash ? trackingUrl(shipment.trackingHash) : '',
          receiverName: shipment.attributes.shipTo.name,
          country: shipment.attributes.shipTo.country,
          processedAt: shipment.processedAt ?? shipment.createdAt,
        });
      }
      return (
        parcels
          // The station's references count up: within one moment, the order the parcels were booked in.
          .sort(
            (a, b) =>
              a.shipDate.localeCompare(b.shipDate) ||
              a.processedAt.localeCompare(b.processedAt) ||
              a.reference.localeCompare(b.reference, 'en', { numeric: true }),
          )
          .map(({ processedAt: _processedAt, ...parcel }) => parcel)
      );
    },
  };
}
