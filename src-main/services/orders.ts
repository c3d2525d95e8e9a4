// The orders use cases (docs/shipments.md, "Orders"): orders handed over one by one by an integration or in batches by a
// file import, listed by status, read by number when a desk scans one, and removed while nothing ships them. An
// order through customs without what customs needs is taken with a warning that says what is missing.
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import {
  orderCustomsWarnings,
  type OrderAttributes,
  type OrderBatchResult,
  type OrderCustomsWarning,
  type OrderStatus,
} from '../../src-shared/orders.ts';
import type { Address } from '../../src-shared/shipment.ts';
import { actorOf, type Caller } from '../domain/caller.ts';
import type { OrderRecord } from '../domain/order.ts';
import type { Store } from '../store/index.ts';
import type { AuditLog } from './audit-log.ts';

export interface OrderQuery {
  status: OrderStatus | null;
  search: string | null;
  /** The position of the last order of the page before. */
  after?: number | null;
  limit: number;
}

/** Where imported orders come from: a file by its name, sent to the API or dropped in the watched folder. */
export interface ImportSource {
  file: string | null;
  via: 'api' | 'folder';
}

export interface OrderService {
  /** One order; a number the client has already is refused (409). */
  create(caller: Caller, attributes: OrderAttributes): Promise<OrderRecord>;
  /**
   * Many orders in one transaction; the numbers known already (or repeated in the batch) are left alone and listed.
   * `from`: the file they come from, for the audit log (POST /orders/import, the watched folder).
   */
  createMany(caller: Caller, orders: OrderAttributes[], from?: ImportSource): Promise<OrderBatchResult>;
  get(caller: Caller, number: string): Promise<OrderRecord>;
  list(caller: Caller, query: OrderQuery): Promise<OrderRecord[]>;
  remove(caller: Caller, number: string): Promise<void>;
  /**
   * What customs will ask of each order that it does not give, for meta.warnings: `at` is where the order is in the
   * request (['data'], or ['data', i] in a batch). The account's address is the sender of an order that names none.
   */
  customsWarnings(caller: Caller, orders: readonly { order: OrderAttributes; at: readonly (string | number)[] }[]): OrderCustomsWarning[];
}

/** The account's address as the sender of its orders: the fields it has. */
function accountSender(caller: Caller): Address {
  return Object.fromEntries(Object.entries(caller.client.profile).filter(([, value]) => value.trim() !== '')) as unknown as Address;
}

export function createOrderService(deps: { store: Store; audit: AuditLog; clock: () => Date }): OrderService {
  const { store, audit, clock } = deps;
  const find = (caller: Caller, number: string) => store.orders.get(caller.client.id, caller.sandbox, number);

  return {
    async create(caller, attributes) {
      const [made] = await store.orders.insertMany([{ clientId: caller.client.id, sandbox: caller.sandbox, attributes, source: 'api' }]);
      if (made === undefined) {
        throw new StationError('order.exists', ERROR_TEXT.orderExists(attributes.number), { pointer: '/data/attributes/number' });
      }
      return (await find(caller, attributes.number))!;
    },

    async createMany(caller, orders, from) {
      const seen = new Set<string>();
      const unique = orders.filter((order) => !seen.has(order.number) && seen.add(order.number));
      const imported = audit.change(
        actorOf(caller),
        'order.imported',
        { type: 'order', id: '' },
        { orders: 0, first: null, last: null, sandbox: caller.sandbox, ...(from ? { file: from.file, from: from.via } : {}) },
        {
          fromResult: { subjectId: '0', 'detail.orders': 'length', 'detail.first': '0', 'detail.last': '-1' },
          onlyIf: 'length',
        },
      );
      const rows = unique.map((attributes) => ({
        clientId: caller.client.id,
        sandbox: caller.sandbox,
        attributes,
        source: 'import' as const,
      }));
      const created = await store.audited(imported, 'orders', 'insertMany', rows);
      const made = new Set(created);
      // Each number made counts once; any other occurrence of it, and every number known already, is a duplicate.
      const duplicates = orders.map((order) => order.number).filter((number) => !made.delete(number));
      return { created, duplicates };
    },

    async get(caller, number) {
      const order = await find(caller, number);
      if (!order) throw new StationError('order.notFound', ERROR_TEXT.noSuchOrder(number));
      return order;
    },

    list: (caller, query) => store.orders.list({ clientId: caller.client.id, sandbox: caller.sandbox, ...query }),

    async remove(caller, number) {
      const order = await find(caller, number);
      if (!order) throw new StationError('order.notFound', ERROR_TEXT.noSuchOrder(number));
      const removed = audit.change(
        actorOf(caller),
        'order.removed',
        { type: 'order', id: number },
        { lines: order.attributes.lines.length, sandbox: caller.sandbox },
        { onlyIf: '' },
      );
      if (!(await store.audited(removed, 'orders', 'remove', caller.client.id, caller.sandbox, number)))
        throw new StationError('order.notRemovable', ERROR_TEXT.orderNotRemovable(number));
    },

    customsWarnings(caller, orders) {
      const sender = accountSender(caller);
      // The day only dates the declaration customs is asked about; no rule depends on it.
      const today = clock().toISOString().slice(0, 10);
      // Without a sender's country (an account whose address is still empty), which border is crossed is not known.
      return orders.flatMap(({ order, at }) => (order.shipFrom || sender.country ? orderCustomsWarnings(order, sender, today, at) : []));
    },
  };
}
