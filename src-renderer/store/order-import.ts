// Importing orders from a shop's file (CSV or Excel, store/order-file.ts) on the Orders screen, read by the same code
// as the station's POST /orders/import (src-shared/order-reading.ts): a shop's export by its header row, a file of
// a saved template's columns with that template (the account's, kept on the station), else the guessed mapping to
// adjust; the preview checked with the shared order rules, and the import sent in batches with its progress, as
// orders or straight to scheduled shipments. An order
// through customs without what customs needs (an HS code, the exporter's EORI) is imported with a warning, at the
// preview and after the import: the parcel would otherwise be stopped only at the desk.
import { create } from 'zustand';
import { stationToday } from './station-clock.ts';
import { previewImport, type ColumnMapping, type ImportField, type ImportPreview } from '../../src-shared/order-import.ts';
import type { OrderFormat } from '../../src-shared/order-formats/index.ts';
import { readOrders, type OrderTemplate } from '../../src-shared/order-reading.ts';
import {
  expectedWeightKg,
  orderCustomsGaps,
  shipmentFromOrder,
  type OrderAttributes,
  type OrderCustomsGap,
} from '../../src-shared/orders.ts';
import { decidePacking } from '../../src-shared/packing-rules.ts';
import type { Address } from '../../src-shared/shipment.ts';
import { readOrderFile } from './order-file.ts';
import { loadJson, removeKey } from './persist.ts';
import { api, useSession } from './session.ts';
import { deskSender as siteSender } from './sites.ts';
import { failure, message, type Said } from '../i18n/said.ts';
import { usePackingSetup } from './packing-setup.ts';
import { useSettings } from './settings.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { orderRequest, shipmentRequest } from '../api/client.ts';

/** Orders per request: a 10,000-row file is 50 requests, each well under the station's 1 MB body limit. */
const BATCH = 200;
/** Where desks before the station kept templates kept them: moved to the station once, then removed. */
const OLD_TEMPLATES_KEY = 'shipping-station.import-templates';

export interface ImportResult {
  created: number;
  duplicates: string[];
  /** Straight to shipments: scheduled, and those the station refused (with why, worded by the screen as it shows it). */
  scheduled: number;
  refused: { number: string; why: Said }[];
  /** The orders imported that customs would stop as they are: the numbers, in file order. */
  customs: string[];
}

/** An order of the preview that goes through customs without what customs needs: it is imported, with this warning. */
export interface CustomsWarning {
  number: string;
  /** The file's rows of the order, counted from 1 after the header. */
  rows: number[];
  /** The receiver's country code. */
  country: string;
  gaps: (OrderCustomsGap & { sku?: string; hsCode?: string })[];
}

export interface OrderImportState {
  fileName: string | null;
  headers: string[];
  rows: Record<string, string>[];
  mapping: ColumnMapping;
  /** The shop's export the header row was recognised as, read as that shop writes it; null: mapped by hand. */
  format: OrderFormat | null;
  /** The saved template the file is read with (chosen, or applied by itself for its header row); null: none. */
  template: string | null;
  /** The account's saved column templates, from the station. */
  templates: OrderTemplate[];
  /** The template just saved, for the screen to say so. */
  savedTemplate: string | null;
  preview: ImportPreview | null;
  /** The preview's orders that customs would stop as they are. */
  customsWarnings: CustomsWarning[];
  mode: 'orders' | 'shipments';
  status: 'idle' | 'reading' | 'ready' | 'importing' | 'done';
  progress: { done: number; total: number };
  result: ImportResult | null;
  /** Why the file could not be read or the import stopped, worded by the screen as it shows it. */
  error: Said | null;
  load(file: File): Promise<void>;
  map(field: ImportField, column: string | undefined): void;
  loadTemplates(): Promise<void>;
  saveTemplate(name: string): Promise<void>;
  applyTemplate(name: string): void;
  setMode(mode: 'orders' | 'shipments'): void;
  run(): Promise<void>;
}

/** The desk's own address (its site's, else the account's), as a scheduled shipment's sender when the order names none; its tax id is its EORI. */
function deskSender(): Address {
  const client = siteSender(useSession.getState().client);
  const fields = [
    'name',
    'contact',
    'address1',
    'address2',
    'city',
    'postalCode',
    'state',
    'country',
    'phone',
    'email',
    'taxIdentification',
  ] as const;
  return Object.fromEntries(
    fields.map((field) => [field, client?.[field] ?? '']).filter(([, value]) => value !== ''),
  ) as unknown as Address;
}

/** The orders that customs would stop as they are, each gap with the line it is about. */
function customsWarningsOf(preview: ImportPreview): CustomsWarning[] {
  const sender = deskSender();
  const today = stationToday();
  return preview.orders.flatMap((order) => {
    const customs = order.attributes && orderCustomsGaps(order.attributes, sender, today);
    if (!order.attributes || !customs || customs.gaps.length === 0) return [];
    const { lines, shipTo } = order.attributes;
    const gaps = customs.gaps.map((gap) =>
      gap.line === undefined ? gap : { ...gap, sku: lines[gap.line]?.sku, hsCode: lines[gap.line]?.hsCode },
    );
    return [{ number: order.number, rows: order.rows, country: shipTo.country, gaps }];
  });
}

/** Templates a desk kept in the browser before the station kept them: saved to the station once, then forgotten here. */
async function moveOldTemplates(): Promise<void> {
  const old = loadJson<Record<string, ColumnMapping>>(OLD_TEMPLATES_KEY, {});
  for (const [name, mapping] of Object.entries(old))
    await api().call(ROUTES.saveOrderTemplate, { body: { data: { type: 'orderTemplate', attributes: { name, headers: [], mapping } } } });
  if (Object.keys(old).length > 0) removeKey(OLD_TEMPLATES_KEY);
}

export const useOrderImport = create<OrderImportState>()((set, get) => {
  const refresh = () => {
    const preview = previewImport(get().rows, get().mapping, get().format ?? undefined);
    set({ preview, customsWarnings: customsWarningsOf(preview) });
  };

  /**
   * A scheduled shipment for an imported order: the rules' box by its expected weight, their service and carrier, and
   * the special services the order and the rules ask for. Resolves with why it cannot be made (no parcel), or nothing
   * once the station took it.
   */
  const schedule = async (order: OrderAttributes): Promise<Said | undefined> => {
    const { rules: packingRules, boxPresets } = usePackingSetup.getState().setup;
    const { defaultService } = useSettings.getState();
    const decision = decidePacking(packingRules, order, expectedWeightKg(order.lines));
    const box = boxPresets.find((preset) => preset.name === decision.box);
    const attributes = shipmentFromOrder(
      { ...order, services: decision.services },
      {
        shipFrom: deskSender(),
        box: box && { length: box.length, width: box.width, height: box.height, tareKg: box.tareKg },
        today: stationToday(),
      },
    );
    if (attributes.packages.length === 0) return message('orders.noParcel');
    await api().call(ROUTES.createShipment, {
      body: {
        data: {
          type: 'shipment',
          attributes: shipmentRequest(attributes),
          meta: {
            service: decision.service ?? defaultService,
            carrierChoice: decision.carrier,
            scheduledProcessing: true,
            orderNumber: order.number,
          },
        },
      },
      idempotencyKey: `desk-import-${order.number}`,
    });
    return undefined;
  };

  return {
    fileName: null,
    headers: [],
    rows: [],
    mapping: {},
    format: null,
    template: null,
    templates: [],
    savedTemplate: null,
    preview: null,
    customsWarnings: [],
    mode: 'orders',
    status: 'idle',
    progress: { done: 0, total: 0 },
    result: null,
    error: null,

    async load(file) {
      set({
        status: 'reading',
        fileName: file.name,
        error: null,
        result: null,
        preview: null,
        customsWarnings: [],
        format: null,
        template: null,
      });
      const parsed = await readOrderFile(file).catch((error: unknown) => {
        set({ status: 'idle', error: message('orders.unreadable', { reason: (error as Error).message }) });
        return undefined;
      });
      if (!parsed) return;
      const { headers, rows } = parsed;
      if (headers.length === 0 || rows.length === 0) {
        set({ status: 'idle', error: message('orders.noRows') });
        return;
      }
      // As the station reads it: a shop's own export as that shop writes it, a saved template's columns with it.
      const reading = readOrders(parsed, { templates: get().templates });
      set({ headers, rows, format: reading.format, template: reading.template, mapping: reading.mapping, status: 'ready' });
      refresh();
    },

    map(field, column) {
      // A column chosen by hand: the file is read through the mapping from then on, neither a format's nor a template's.
      set({ mapping: { ...get().mapping, [field]: column }, format: null, template: null });
      refresh();
    },

    async loadTemplates() {
      await moveOldTemplates();
      const answer = await api().call(ROUTES.orderTemplates);
      set({ templates: answer.data.map((template) => ({ name: template.id, ...template.attributes })) });
    },

    async saveTemplate(name) {
      const { headers, mapping } = get();
      try {
        await api().call(ROUTES.saveOrderTemplate, { body: { data: { type: 'orderTemplate', attributes: { name, headers, mapping } } } });
        set({ template: name, savedTemplate: name });
        await get().loadTemplates();
      } catch (error) {
        set({ error: failure(error) });
      }
    },

    applyTemplate(name) {
      const { headers, rows, templates } = get();
      if (!templates.some((template) => template.name === name)) return;
      const reading = readOrders({ headers, rows }, { template: name, templates });
      set({ mapping: reading.mapping, format: null, template: name });
      refresh();
    },

    setMode: (mode) => set({ mode }),

    async run() {
      const { preview, mode } = get();
      const orders = preview?.orders.flatMap((order) => (order.attributes ? [order.attributes] : [])) ?? [];
      if (orders.length === 0) return;
      const total = orders.length * (mode === 'shipments' ? 2 : 1);
      const result: ImportResult = { created: 0, duplicates: [], scheduled: 0, refused: [], customs: [] };
      const stopped = new Set(get().customsWarnings.map((warning) => warning.number));
      set({ status: 'importing', progress: { done: 0, total }, result: null, error: null });
      try {
        const made: OrderAttributes[] = [];
        for (let start = 0; start < orders.length; start += BATCH) {
          const batch = orders.slice(start, start + BATCH);
          const answer = (
            await api().call(ROUTES.addOrders, {
              body: { data: batch.map((attributes) => ({ type: 'order' as const, attributes: orderRequest(attributes) })) },
            })
          ).meta!;
          result.created += answer.created.length;
          result.duplicates.push(...answer.duplicates);
          const created = new Set(answer.created);
          made.push(...batch.filter((order) => created.has(order.number)));
          result.customs.push(
            ...batch.filter((order) => created.has(order.number) && stopped.has(order.number)).map((order) => order.number),
          );
          set({ progress: { done: start + batch.length, total } });
        }
        if (mode === 'shipments') {
          // A few at a time: the station books them later, in its own time; the desk only queues them.
          for (let start = 0; start < made.length; start += 4) {
            await Promise.all(
              made.slice(start, start + 4).map((order) =>
                schedule(order).then(
                  (refused) => void (refused ? result.refused.push({ number: order.number, why: refused }) : result.scheduled++),
                  (error: unknown) => void result.refused.push({ number: order.number, why: failure(error) }),
                ),
              ),
            );
            set({ progress: { done: orders.length + start + Math.min(4, made.length - start), total } });
          }
        }
        set({ status: 'done', result, progress: { done: total, total } });
      } catch (error) {
        set({ status: 'ready', result, error: message('orders.stopped', { reason: failure(error) }) });
      }
    },
  };
});
