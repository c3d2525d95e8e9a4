// The Returns desk: the scan of a sale's tracking number or order number finds the shipment, a digit picks why it
// comes back, Enter makes the return label and prints it. The Return action on a shipment starts here too.
import { create } from 'zustand';
import { RETURN_REASONS, type ReturnReason } from '../../src-shared/returns.ts';
import type { PrintJob, Shipment } from '../api/types.ts';
import { api } from './session.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { failure, message, type Said } from '../i18n/said.ts';

export interface ReturnsState {
  query: string;
  status: 'idle' | 'loading' | 'ready' | 'not-found' | 'making' | 'made' | 'error';
  /** The sale being returned. */
  original: Shipment | null;
  reason: ReturnReason | null;
  note: string;
  /** Print the return label at once (with the outbound label, when that has not been printed yet). */
  print: boolean;
  made: Shipment | null;
  printJob: PrintJob | null;
  /** Why the return label did not print, when it was made but the printer refused it (worded by the screen). */
  printError: Said | null;
  /** Why no return was made, worded by the screen as it shows it. */
  error: Said | null;
  setQuery(query: string): void;
  /** Finds the sale by what was scanned: a tracking number, a reference, an order or customer reference. */
  lookup(): Promise<void>;
  /** Starts from a shipment already at hand (the Return action of a list). */
  start(id: string): Promise<void>;
  /** Picks the reason by its number on the desk (1 to 7), or by code. */
  choose(reason: ReturnReason | number): void;
  setNote(note: string): void;
  setPrint(print: boolean): void;
  make(): Promise<void>;
}

export const useReturns = create<ReturnsState>()((set, get) => {
  const show = async (id: string) => {
    const original = (await api().call(ROUTES.shipment, { params: { id } })).data;
    if (original.meta?.returnOf) {
      set({ status: 'error', original: null, error: message('returns.isReturn', { reference: original.meta.reference ?? id }) });
      return;
    }
    set({ status: 'ready', original, reason: null, note: '', made: null, printJob: null, error: null });
  };
  return {
    query: '',
    status: 'idle',
    original: null,
    reason: null,
    note: '',
    print: true,
    made: null,
    printJob: null,
    printError: null,
    error: null,
    setQuery: (query) => set({ query }),
    async lookup() {
      const query = get().query.trim();
      if (!query) return;
      set({ status: 'loading', error: null, original: null, made: null, printJob: null });
      try {
        const [summary] = (await api().call(ROUTES.shipmentSummaries, { query: { search: query, limit: 1, 'filter[return]': false } }))
          .data;
        if (!summary) {
          set({ status: 'not-found' });
          return;
        }
        await show(summary.id);
      } catch (error) {
        set({ status: 'error', error: failure(error) });
      }
    },
    async start(id) {
      set({ status: 'loading', error: null, original: null, made: null, printJob: null, query: '' });
      try {
        await show(id);
      } catch (error) {
        set({ status: 'error', error: failure(error) });
      }
    },
    choose: (reason) => set({ reason: typeof reason === 'number' ? (RETURN_REASONS[reason - 1] ?? get().reason) : reason }),
    setNote: (note) => set({ note }),
    setPrint: (print) => set({ print }),
    async make() {
      const { original, reason, note, print } = get();
      if (!original || !reason || get().status === 'making') return;
      set({ status: 'making', error: null });
      try {
        const made = await api().createReturn(
          original.id,
          { reason, ...(note.trim() ? { note: note.trim() } : {}), printWithOutbound: print },
          {},
          `return-${original.id}-${crypto.randomUUID()}`,
        );
        // A print refused is said in the packer's words, as any refusal (the station's English only on an English desk).
        set({
          status: 'made',
          made: made.shipment,
          printJob: made.printJob ?? null,
          printError: made.printRefusal ? failure(made.printRefusal) : made.printError ? failure(made.printError) : null,
        });
      } catch (error) {
        set({ status: 'ready', error: failure(error) });
      }
    },
  };
});
