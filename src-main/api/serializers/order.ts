// The order resource of the orders extension, with its status and totals worked out from its lines and shipment.
import { orderTotals, type OrderResource, type OrderStatus } from '../../../src-shared/orders.ts';
import { STATUS } from '../../../src-shared/shipment.ts';
import type { OrderRecord } from '../../domain/order.ts';

export function orderStatus(order: OrderRecord): OrderStatus {
  if (order.shipment === null) return 'open';
  return order.shipment.status === STATUS.processed ? 'closed' : 'inProgress';
}

export function orderResource(order: OrderRecord, apiBase: string): OrderResource {
  return {
    type: 'order',
    id: order.number,
    attributes: {
      ...order.attributes,
      status: orderStatus(order),
      totals: orderTotals(order.attributes.lines),
      shipment: order.shipment,
      source: order.source,
      createdAt: order.createdAt,
    },
    links: { self: `${apiBase}/orders/${encodeURIComponent(order.number)}` },
  };
}
