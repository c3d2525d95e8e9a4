// An order as the station keeps it: the work handed to the desks before packing, and the live shipment made from it.
import type { OrderAttributes, OrderShipmentLink } from '../../src-shared/orders.ts';

export interface OrderRecord {
  clientId: string;
  sandbox: boolean;
  number: string;
  attributes: OrderAttributes;
  source: 'api' | 'import';
  createdAt: string;
  /** Its place in the client's list, newest highest: the cursor of the page after it. */
  position: number;
  /** The live (not voided, not failed) shipment that names the order; one at most, by constraint. */
  shipment: OrderShipmentLink | null;
}

export type NewOrder = Pick<OrderRecord, 'clientId' | 'sandbox' | 'attributes' | 'source'>;

/**
 * Another shipment of the same order was recorded in the moment between the check and the commit (one live
 * shipment per order, by constraint): nothing was recorded.
 */
export class OrderTakenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OrderTakenError';
  }
}
