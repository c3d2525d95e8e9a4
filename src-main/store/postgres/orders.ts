// PostgreSQL: orders, as SQLite keeps them (store/orders.ts).
import type { Async } from '../index.ts';
import { ORDER_COLUMNS, STATUS_CONDITION, likePrefix, orderRecord, type OrderRow, type OrdersTable } from '../orders.ts';
import { transaction, type Pool } from './database.ts';

export function ordersTable(pool: Pool, now: () => string): Async<OrdersTable> {
  const owner = (clientId: string, sandbox: boolean) => [Number(clientId) || 0, sandbox ? 1 : 0];
  return {
    insertMany: (orders) =>
      transaction(pool, async (db) => {
        const at = now();
        const made: string[] = [];
        for (const order of orders) {
          const inserted = await db.query(
            'INSERT INTO orders (client_id, sandbox, number, attributes, source, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING',
            [...owner(order.clientId, order.sandbox), order.attributes.number, JSON.stringify(order.attributes), order.source, at],
          );
          if (inserted.rowCount === 1) made.push(order.attributes.number);
        }
        return made;
      }),
    get: async (clientId, sandbox, number) => {
      const row = (await pool.query<OrderRow>(`${ORDER_COLUMNS} WHERE o.client_id = $1 AND o.sandbox = $2 AND o.number = $3`, [...owner(clientId, sandbox), number])).rows[0];
      return row && orderRecord(row);
    },
    list: async (filter) =>
      (
        await pool.query<OrderRow>(
          `${ORDER_COLUMNS} WHERE o.client_id = $1 AND o.sandbox = $2 ${filter.status ? `AND ${STATUS_CONDITION[filter.status]}` : ''}
             AND ($3::text IS NULL OR o.number ILIKE $3 OR (o.attributes::jsonb -> 'shipTo' ->> 'name') ILIKE $3)
             AND ($5::bigint IS NULL OR o.id < $5)
           ORDER BY o.id DESC LIMIT $4`,
          [...owner(filter.clientId, filter.sandbox), filter.search === null ? null : likePrefix(filter.search), filter.limit, filter.after ?? null],
        )
      ).rows.map(orderRecord),
    remove: async (clientId, sandbox, number) =>
      ((
        await pool.query(
          `DELETE FROM orders WHERE client_id = $1 AND sandbox = $2 AND number = $3 AND NOT EXISTS (
             SELECT 1 FROM shipments s WHERE s.client_id = orders.client_id AND s.sandbox = orders.sandbox AND s.order_number = orders.number AND s.deleted_at IS NULL AND s.status <> -1)`,
          [...owner(clientId, sandbox), number],
        )
      ).rowCount ?? 0) === 1,
  };
}
