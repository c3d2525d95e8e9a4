// Order files on the station (docs/shipments.md, "Orders"): a shop's export or any table of orders, as POST
// /orders/import and the watched folder take it, read by the same code as the desk's preview
// (src-shared/order-reading.ts), and the account's saved column templates, which a file of the same header row
// gets by itself. With commit, the file's orders are imported in one transaction, all or nothing as a batch is:
// a file with a faulty order imports none, and says each fault by order, row and column.
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import { readOrderTable, UnreadableOrderFile } from '../../src-shared/order-file.ts';
import { describeFault, type ImportFault } from '../../src-shared/order-import.ts';
import type { OrderFileImportAnswer } from '../../src-shared/order-files.ts';
import { readOrders, type OrderTemplate } from '../../src-shared/order-reading.ts';
import type { OrderFormat } from '../../src-shared/order-formats/index.ts';
import { actorOf, type Caller } from '../domain/caller.ts';
import type { Store } from '../store/index.ts';
import { requireRole, type AuditLog } from './audit-log.ts';
import type { OrderService } from './orders.ts';

/** What a file holds, as the desk's preview shows it, and what its import made (the API's answer, order-files.ts). */
export type OrderFileImport = OrderFileImportAnswer;
/** One fault of a file, where it is, and in English words. */
export type OrderFileFault = OrderFileImport['faults'][number];

export interface OrderFileOptions {
  format?: OrderFormat['id'] | null;
  template?: string | null;
  /** Import the orders (all or nothing); without, only read and check them. */
  commit: boolean;
  /** The file's name, for the audit log. */
  fileName?: string | null;
  /** Who is importing, for the audit log (the watched folder says so). */
  via?: 'api' | 'folder';
}

export interface OrderFileService {
  importFile(caller: Caller, bytes: Uint8Array, options: OrderFileOptions): Promise<OrderFileImport>;
  templates(caller: Caller): Promise<OrderTemplate[]>;
  /** Saves (or replaces) a template of the account under its name. */
  saveTemplate(caller: Caller, template: OrderTemplate): Promise<OrderTemplate>;
  removeTemplate(caller: Caller, name: string): Promise<void>;
}

/** The settings key of an account's templates: they are the account's, not the station's. */
const templatesKey = (caller: Caller) => `order-templates:${caller.client.id}`;

export function createOrderFileService(deps: { store: Store; audit: AuditLog; orders: OrderService }): OrderFileService {
  const { store, audit, orders } = deps;
  const templates = async (caller: Caller) => ((await store.settings.get(templatesKey(caller))) as OrderTemplate[] | undefined) ?? [];

  return {
    templates,

    async importFile(caller, bytes, options) {
      const saved = await templates(caller);
      if (options.template && !saved.some((template) => template.name === options.template))
        throw new StationError('order.templateNotFound', ERROR_TEXT.noSuchOrderTemplate(options.template), { parameter: 'template' });
      const table = await readOrderTable(bytes).catch((error: unknown) => {
        if (error instanceof UnreadableOrderFile) throw unreadable(error.message);
        throw error;
      });
      if (table.headers.length === 0 || table.rows.length === 0) throw unreadable('it has no header row followed by rows of orders');
      const reading = readOrders(table, { format: options.format, template: options.template, templates: saved });
      const { preview } = reading;
      const ready = preview.orders.flatMap((order) => (order.attributes ? [order.attributes] : []));
      const known = new Set(
        await store.orders.known(
          caller.client.id,
          caller.sandbox,
          ready.map((order) => order.number),
        ),
      );
      const faults = preview.orders.flatMap((order) => order.faults.map((fault) => faultOf(order.number, fault)));
      const listed = preview.orders.map((order) => ({
        number: order.number,
        rows: order.rows,
        status: !order.attributes ? ('faulty' as const) : known.has(order.number) ? ('duplicate' as const) : ('ready' as const),
      }));
      const answer: OrderFileImport = {
        format: reading.format?.id ?? null,
        template: reading.template,
        rows: table.rows.length,
        orders: listed,
        ready: listed.filter((order) => order.status === 'ready').length,
        faulty: preview.faulty,
        duplicates: [...new Set([...known, ...preview.clashes])],
        clashes: preview.clashes,
        faults,
        created: [],
        committed: false,
      };
      if (!options.commit || faults.length > 0) return answer;
      const result = await orders.createMany(caller, ready, { file: options.fileName ?? null, via: options.via ?? 'api' });
      return {
        ...answer,
        created: result.created,
        duplicates: [...new Set([...answer.duplicates, ...result.duplicates])],
        committed: true,
      };
    },

    async saveTemplate(caller, template) {
      requireRole(actorOf(caller), 'packer', 'Saving a column template');
      const others = (await templates(caller)).filter((each) => each.name !== template.name);
      const saved = audit.change(
        actorOf(caller),
        'order.template-saved',
        { type: 'orderTemplate', id: template.name },
        { columns: Object.keys(template.mapping).length },
      );
      await store.audited(saved, 'settings', 'set', templatesKey(caller), [...others, template]);
      return template;
    },

    async removeTemplate(caller, name) {
      const all = await templates(caller);
      if (!all.some((template) => template.name === name))
        throw new StationError('order.templateNotFound', ERROR_TEXT.noSuchOrderTemplate(name));
      const removed = audit.change(actorOf(caller), 'order.template-removed', { type: 'orderTemplate', id: name }, {});
      await store.audited(
        removed,
        'settings',
        'set',
        templatesKey(caller),
        all.filter((template) => template.name !== name),
      );
    },
  };
}

function faultOf(order: string, fault: ImportFault): OrderFileFault {
  return { order, row: fault.row, column: fault.column, field: fault.field, missing: fault.missing, text: describeFault(order, fault) };
}

const unreadable = (reason: string) =>
  new StationError('order.fileUnreadable', ERROR_TEXT.orderFileUnreadable, { meta: { reason: `The file cannot be read: ${reason}.` } });
