// Orders: the work handed to the desks, one row per client, sandbox flag and order number. An order's status is
// not stored: it is read from the live shipment that names it, through the one-shipment-per-order index.
import type { OrderAttributes, OrderStatus } from '../../src-shared/orders.ts';
import type { NewOrder, OrderRecord } from '../domain/order.ts';
import { numericId } from './row-id.ts';
import type { Sql } from './sql/executor.ts';
import type { TableContext, TableGroup } from './table-group.ts';

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

export interface OrderReads {
  get(clientId: string, sandbox: boolean, number: string): Promise<OrderRecord | undefined>;
  /** Newest first. */
  list(filter: OrderFilter): Promise<OrderRecord[]>;
  /** Which of these numbers the client has already (an import's duplicates, before it is made). */
  known(clientId: string, sandbox: boolean, numbers: readonly string[]): Promise<string[]>;
}

export interface OrderWrites {
  /** Records the orders that are new, in one transaction; answers their numbers (a number known already is left alone). */
  insertMany(orders: NewOrder[]): Promise<string[]>;
  /** Removes an order that no live shipment names; false when there is none such. */
  remove(clientId: string, sandbox: boolean, number: string): Promise<boolean>;
}

interface OrderRow {
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

const orderRecord = (row: OrderRow): OrderRecord => ({
  clientId: String(row.client_id),
  sandbox: row.sandbox === 1,
  number: row.number,
  attributes: JSON.parse(row.attributes) as OrderAttributes,
  source: row.source,
  createdAt: row.created_at,
  position: Number(row.id),
  shipment:
    row.shipment_id === null
      ? null
      : { id: row.shipment_id, reference: row.reference, status: row.status!, trackingNumber: row.tracking_number },
});

/** The orders with their live shipment. */
const ORDER_COLUMNS = `SELECT o.id, o.client_id, o.sandbox, o.number, o.attributes, o.source, o.created_at, s.id AS shipment_id, s.reference, s.status, s.tracking_number
  FROM orders o LEFT JOIN shipments s
    ON s.client_id = o.client_id AND s.sandbox = o.sandbox AND s.order_number = o.number AND s.deleted_at IS NULL AND s.status <> -1`;

/** The condition of one status, on the joined shipment. */
const STATUS_CONDITION: Record<OrderStatus, string> = { open: 's.id IS NULL', inProgress: 's.status = 0', closed: 's.status = 3' };

/** A search's LIKE pattern: its own wildcards taken literally. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const owner = (clientId: string, sandbox: boolean) => [numericId(clientId), sandbox ? 1 : 0];

/** Numbers asked about per query: well under either database's limit of parameters. */
const KNOWN_CHUNK = 500;

function reads(sql: Sql): OrderReads {
  const like = sql.dialect.caseInsensitiveLike;
  return {
    get: async (clientId, sandbox, number) => {
      const row = await sql.one<OrderRow>(`${ORDER_COLUMNS} WHERE o.client_id = $1 AND o.sandbox = $2 AND o.number = $3`, [
        ...owner(clientId, sandbox),
        number,
      ]);
      return row && orderRecord(row);
    },
    list: async (filter) =>
      (
        await sql.all<OrderRow>(
          `${ORDER_COLUMNS} WHERE o.client_id = $1 AND o.sandbox = $2 ${filter.status ? `AND ${STATUS_CONDITION[filter.status]}` : ''}
             AND (CAST($3 AS TEXT) IS NULL OR o.number ${like} $3 ESCAPE '\\' OR ${sql.dialect.jsonMember('o.attributes', 'shipTo', 'name')} ${like} $3 ESCAPE '\\')
             AND (CAST($5 AS BIGINT) IS NULL OR o.id < $5)
           ORDER BY o.id DESC LIMIT $4`,
          [
            ...owner(filter.clientId, filter.sandbox),
            filter.search === null ? null : likePrefix(filter.search),
            filter.limit,
            filter.after ?? null,
          ],
        )
      ).map(orderRecord),
    known: async (clientId, sandbox, numbers) => {
      const found: string[] = [];
      for (let start = 0; start < numbers.length; start += KNOWN_CHUNK) {
        const chunk = numbers.slice(start, start + KNOWN_CHUNK);
        const rows = await sql.all<{ number: string }>(
          `SELECT number FROM orders WHERE client_id = $1 AND sandbox = $2 AND number IN (${chunk.map((_, index) => `$${index + 3}`).join(', ')})`,
          [...owner(clientId, sandbox), ...chunk],
        );
        found.push(...rows.map((row) => row.number));
      }
      return found;
    },
  };
}

function writes(sql: Sql, { now }: TableContext): OrderWrites {
  return {
    insertMany: (orders) =>
      sql.tx(async (tx) => {
        const at = now();
        const made: string[] = [];
        for (const order of orders) {
          const inserted = await tx.run(
            'INSERT INTO orders (client_id, sandbox, number, attributes, source, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING',
            [...owner(order.clientId, order.sandbox), order.attributes.number, JSON.stringify(order.attributes), order.source, at],
          );
          if (inserted === 1) made.push(order.attributes.number);
        }
        return made;
      }),
    remove: async (clientId, sandbox, number) =>
      (await sql.run(
        `DELETE FROM orders WHERE client_id = $1 AND sandbox = $2 AND number = $3 AND NOT EXISTS (
           SELECT 1 FROM shipments s WHERE s.client_id = orders.client_id AND s.sandbox = orders.sandbox AND s.order_number = orders.number AND s.deleted_at IS NULL AND s.status <> -1)`,
        [...owner(clientId, sandbox), number],
      )) === 1,
  };
}

export const orders: TableGroup<OrderReads, OrderWrites> = { reads, writes };
