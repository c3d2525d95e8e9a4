// The order guard around a create or confirm that names an order (data.meta.orderNumber): the order must be the
// caller's, and one live shipment at most ships it. Checked before the booking, and again by the store's
// constraint at its commit, where another desk's shipment of the order recorded in the meantime is answered as
// if it had been found first.
import { ERROR_TEXT, StationError } from '../../../src-shared/errors.ts';
import type { OrderShipmentLink } from '../../../src-shared/orders.ts';
import { STATUS } from '../../../src-shared/shipment.ts';
import type { Caller } from '../../domain/caller.ts';
import { OrderTakenError } from '../../domain/order.ts';
import type { ShipmentRecord } from '../../domain/shipment.ts';
import type { Store } from '../../store/index.ts';

/** The refusal of a second live shipment of one order: 409, naming the shipment that ships it. */
function refuseOrderTaken(number: string, shipment: OrderShipmentLink): StationError {
  const shipped = shipment.status === STATUS.processed;
  return new StationError(
    shipped ? 'order.shipped' : 'order.inProgress',
    (shipped ? ERROR_TEXT.orderShipped : ERROR_TEXT.orderInProgress)(number, shipment.reference ?? shipment.id),
    {
      pointer: '/data/meta/orderNumber',
      meta: { reason: shipped ? 'orderShipped' : 'orderInProgress', order: number, shipment: { ...shipment } },
    },
  );
}

/**
 * Runs `book` for the order `number`: no live shipment but `savedId` (the one being confirmed) may ship it.
 * Without an order, `book` runs as it is.
 */
export async function guardOrder(
  store: Store,
  caller: Caller,
  number: string | undefined,
  savedId: string | undefined,
  book: () => Promise<ShipmentRecord>,
): Promise<ShipmentRecord> {
  if (number === undefined) return book();
  const order = await store.orders.get(caller.client.id, caller.sandbox, number);
  if (!order)
    throw new StationError('order.unknown', ERROR_TEXT.invalidData('data.meta.orderNumber'), {
      pointer: '/data/meta/orderNumber',
      meta: { reason: ERROR_TEXT.noSuchOrder(number), order: number },
    });
  if (order.shipment && order.shipment.id !== savedId) throw refuseOrderTaken(number, order.shipment);
  try {
    return await book();
  } catch (error) {
    if (!(error instanceof OrderTakenError)) throw error;
    const now = await store.orders.get(caller.client.id, caller.sandbox, number);
    throw now?.shipment ? refuseOrderTaken(number, now.shipment) : error;
  }
}
