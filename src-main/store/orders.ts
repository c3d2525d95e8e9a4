// Orders: the work handed to the desks, one row per client, sandbox flag and order number. An order's status is
// not stored: it is read from the live shipment that names it, through the one-shipment-per-order index.
import type { OrderAttributes, OrderStatus } from '../../src-shared/orders.ts';
import type { NewOrder, OrderRecord } from '../domain/order.ts';
import type { Db } from './database.ts';

export interface OrderFilter {
  clientId: string;
  sandbox: boolean;
  status: OrderStatus | null;
  /** The start of an order number, or of the receiver's name. */
  search: string | null;
  /** Only orders before this one in the list (its position): the page after it. */
  after?: number | null;
  limit: number;
}

export interface OrdersTable {
  /** Records the orders that are new, in one transaction; answers their numbers (a number known already is left alone). */
  insertMany(orders: NewOrder[]): string[];
  get(clientId: string, sandbox: boolean, number: string): OrderRecord | undefined;
  /** Newest first. */
  list(filter: OrderFilter): OrderRecord[];
  /** Removes an order that no live shipment names; false when there is none such. */
  remove(clientId: string, sandbox: boolean, number: string): boolean;
}

export interface OrderRow {
  id: number;
  client_id: number;
  sandbox: number;
  number: string;
  attributes: string;
  source: 'api' | 'import';
  created_at: string;
  shipment_id: string | null;
  reference: string | null;
  status: number | null;
  tracking_number: string | null;
}

export const orderRecord = (row: OrderRow): OrderRecord => ({
  clientId: String(row.client_id),
  sandbox: row.sandbox === 1,
  number: row.number,
  attributes: JSON.parse(row.attributes) as OrderAttributes,
  source: row.source,
  createdAt: row.created_at,
  position: Number(row.id),
  shipment: row.shipment_id === null ? null : { id: row.shipment_id, reference: row.reference, status: row.status!, trackingNumber: row.tracking_number },
});

/** The orders with their live shipment, as both back ends select them. */
export const ORDER_COLUMNS = `SELECT o.id, o.client_id, o.sandbox, o.number, o.attributes, o.source, o.created_at, s.id AS shipment_id, s.reference, s.status, s.tracking_number
  FROM orders o LEFT JOIN shipments s
    ON s.client_id = o.client_id AND s.sandbox = o.sandbox AND s.order_number = o.number AND s.deleted_at IS NULL AND s.status <> -1`;

/** The condition of one status, on the joined shipment. */
export const STATUS_CONDITION: Record<OrderStatus, string> = { open: 's.id IS NULL', inProgress: 's.status = 0', closed: 's.status = 3' };

/** A search's LIKE pattern: its own wildcards taken literally. */
export const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export function ordersTable(db: Db, now: () => string): OrdersTable {
  const insert = db.prepare(
    `INSERT INTO orders (client_id, sandbox, number, attributes, source, created_at) VALUES (@clientId, @sandbox, @number, @attributes, @source, @now)
     ON CONFLICT DO NOTHING`,
  );
  const selectOne = db.prepare<Record<string, unknown>, OrderRow>(`${ORDER_COLUMNS} WHERE o.client_id = @clientId AND o.sandbox = @sandbox AND o.number = @number`);
  const selectList = (status: OrderStatus | null) =>
    db.prepare<Record<string, unknown>, OrderRow>(
      `${ORDER_COLUMNS} WHERE o.client_id = @clientId AND o.sandbox = @sandbox ${status ? `AND ${STATUS_CONDITION[status]}` : ''}
         AND (@search IS NULL OR o.number LIKE @search ESCAPE '\\' OR json_extract(o.attributes, '$.shipTo.name') LIKE @search ESCAPE '\\')
         AND (@after IS NULL OR o.id < @after)
       ORDER BY o.id DESC LIMIT @limit`,
    );
  const lists = new Map<OrderStatus | null, ReturnType<typeof selectList>>();
  const remove = db.prepare(
    `DELETE FROM orders WHERE client_id = @clientId AND sandbox = @sandbox AND number = @number AND NOT EXISTS (
       SELECT 1 FROM shipments s WHERE s.client_id = orders.client_id AND s.sandbox = orders.sandbox AND s.order_number = orders.number AND s.deleted_at IS NULL AND s.status <> -1)`,
  );
  const owner = (clientId: string, sandbox: boolean) => ({ clientId: Number(clientId), sandbox: sandbox ? 1 : 0 });
  return {
    insertMany: db.transaction((orders: NewOrder[]) => {
      const at = now();
      return orders
        .filter((order) => insert.run({ ...owner(order.clientId, order.sandbox), number: order.attributes.number, attributes: JSON.stringify(order.attributes), source: order.source, now: at }).changes === 1)
        .map((order) => order.attributes.number);
    }),
    get: (clientId, sandbox, number) => {
      const row = selectOne.get({ ...owner(clientId, sandbox), number });
      return row && orderRecord(row);
    },
    list: (filter) => {
      let statement = lists.get(filter.status);
      if (!statement) lists.set(filter.status, (statement = selectList(filter.status)));
      return statement.all({ ...owner(filter.clientId, filter.sandbox), search: filter.search === null ? null : likePrefix(filter.search), after: filter.after ?? null, limit: filter.limit }).map(orderRecord);
    },
    remove: (clientId, sandbox, number) => remove.run({ ...owner(clientId, sandbox), number }).changes === 1,
  };
}
