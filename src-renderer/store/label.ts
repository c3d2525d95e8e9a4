// The shipment just confirmed (or opened) and its label PDF, fetched once for preview and printing.
import { create } from 'zustand';
import type { Shipment } from '../api/types.ts';
import type { ClosedDay } from '../api/client.ts';
import type { VerificationAttributes } from '../../src-shared/verification.ts';
import { customsForms, type CustomsDocument } from '../../src-shared/customs.ts';
import { api } from './session.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { failure, message, type Said } from '../i18n/said.ts';
import { block, signal } from '../feedback/feedback.ts';

/** How often a scheduled shipment is checked until the station has processed it. */
const WATCH_INTERVAL_MS = 2000;

export interface LabelState {
  shipment: Shipment | null;
  pdf: Uint8Array | null;
  fileName: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The last refusal or failure, worded by the screen as it shows it. */
  error: Said | null;
  /** The last scan that checked this parcel, matched or not. */
  verification: VerificationAttributes | null;
  /** The shipment's carrier was closed for today when it was booked: the day it ships instead, as its answer said. */
  closedDay: (ClosedDay & { shipmentId: string }) | null;
  /** Keeps what the booking's answer said of a closed day, for the shipment shown next. */
  noteClosedDay(shipmentId: string, closedDay: ClosedDay | null): void;
  show(shipment: Shipment): Promise<void>;
  /** Checks a scan (the printed label's barcode, or the order) against this shipment; the station records it. */
  verify(scanned: string): Promise<VerificationAttributes | undefined>;
  /**
   * Whether a scan into the check is an open order's number rather than this parcel's label: the next order's slip,
   * scanned before this label was checked. It starts that order; no mismatch is recorded.
   */
  isNextOrder(scanned: string): Promise<boolean>;
  clear(): void;
}

/**
 * The A4 documents a processed shipment has: a CN23 and a commercial invoice, as its route, carrier and value call
 * for (the same rule the station prints by). A CN22 is a label-sized page of the labels, so a CN22 parcel has none.
 */
export function a4DocumentsOf(shipment: Shipment): CustomsDocument[] {
  const { status, trackingNumber, customs } = shipment.meta;
  if (status !== 3 || !trackingNumber) return [];
  // The station names the forms of a route through customs; off such a route, the same rule says (an invoice only
  // when the client declared anyway).
  const subtotal = shipment.attributes.invoiceSubtotal;
  const forms =
    customs?.documents ??
    customsForms({ ...shipment.attributes, invoiceSubtotal: subtotal && { ...subtotal, amount: String(subtotal.amount) } }, trackingNumber);
  return forms.filter((form) => form !== 'CN22');
}

export function decodeBase64(data: string): Uint8Array {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export const useLabel = create<LabelState>()((set, get) => {
  let watcher: ReturnType<typeof setTimeout> | undefined;
  const stopWatching = () => {
    if (watcher) clearTimeout(watcher);
    watcher = undefined;
  };
  /** A scheduled shipment answers 404 until processed: ask again until it is 3 or -1. */
  const watch = (id: string) => {
    const check = async () => {
      if (get().shipment?.id !== id) return;
      try {
        const shipment = (await api().call(ROUTES.shipment, { params: { id } })).data;
        if (get().shipment?.id !== id) return;
        if (shipment.meta.status === 0) watch(id);
        else void get().show(shipment);
      } catch {
        if (get().shipment?.id === id) watch(id);
      }
    };
    watcher = setTimeout(() => void check(), WATCH_INTERVAL_MS);
  };

  return {
    shipment: null,
    pdf: null,
    fileName: null,
    status: 'idle',
    error: null,
    verification: null,
    closedDay: null,
    noteClosedDay: (shipmentId, closedDay) => set({ closedDay: closedDay && { ...closedDay, shipmentId } }),
    async show(shipment) {
      stopWatching();
      const processed = shipment.meta.status === 3;
      set({
        shipment,
        pdf: null,
        fileName: null,
        status: processed ? 'loading' : 'ready',
        error: null,
        verification: get().shipment?.id === shipment.id ? get().verification : null,
        closedDay: get().closedDay?.shipmentId === shipment.id ? get().closedDay : null,
      });
      // Only a scheduled shipment changes by itself; a saved one waits for a confirm, so nothing to watch.
      if (shipment.meta.status === 0 && shipment.meta.scheduledProcessing) watch(shipment.id);
      if (!processed) return;
      try {
        const documents = (await api().call(ROUTES.documents, { params: { id: shipment.id } })).data;
        if (get().shipment?.id !== shipment.id) return;
        set({ pdf: decodeBase64(documents.attributes.fileData), fileName: documents.attributes.fileName, status: 'ready' });
      } catch (error) {
        set({ status: 'error', error: failure(error) });
      }
    },
    async verify(scanned) {
      const shipment = get().shipment;
      if (!shipment) return undefined;
      try {
        const verification = (
          await api().call(ROUTES.verifyShipment, {
            params: { id: shipment.id },
            body: { data: { type: 'verification', attributes: { scanned } } },
          })
        ).data.attributes;
        if (get().shipment?.id === shipment.id) set({ verification });
        const words = { scanned: verification.scanned, reference: verification.reference };
        if (verification.matched) signal('good', message('label.verified', words));
        else block(message('label.wrongLabel', words));
        return verification;
      } catch (error) {
        set({ error: failure(error) });
        return undefined;
      }
    },
    async isNextOrder(scanned) {
      const shipment = get().shipment;
      const text = scanned.trim();
      if (!shipment || text === '' || text === shipment.meta.trackingNumber || text === shipment.meta.reference) return false;
      try {
        return (await api().call(ROUTES.order, { params: { number: text } })).data.attributes.status === 'open';
      } catch {
        return false;
      }
    },
    clear: () => {
      stopWatching();
      set({ shipment: null, pdf: null, fileName: null, status: 'idle', error: null, verification: null, closedDay: null });
    },
  };
});
