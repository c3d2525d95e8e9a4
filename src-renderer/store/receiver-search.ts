// The `Receiver search` combobox's state: the typed text, the address-book matches (searched while typing,
// debounced, the older search cancelled), which match is active, and the pick.
import { create } from 'zustand';
import type { SavedAddress } from '../api/types.ts';
import { api } from './session.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { failure, type Said } from '../i18n/said.ts';

const DEBOUNCE_MS = 200;

export interface ReceiverSearchState {
  text: string;
  /** The name of the match picked, while the field still shows it: typing after it is a new search or a scan. */
  picked: string | null;
  matches: SavedAddress[];
  open: boolean;
  active: number;
  status: 'idle' | 'loading' | 'error';
  /** The last refusal or failure, worded by the screen as it shows it. */
  error: Said | null;
  /** The packer typed: search the address book for the new text after a short pause. */
  type(text: string): void;
  /** Moves the active match by one; opens the list first when it is closed. */
  move(step: 1 | -1): void;
  close(): void;
  /** Closes the list and drops a search still pending: the text was a scan, not a search. */
  dropSearch(): void;
  /** Picks a match: the field shows its name and the list closes. Returns the address, if any. */
  pick(index?: number): SavedAddress | undefined;
  reset(): void;
}

export const useReceiverSearch = create<ReceiverSearchState>()((set, get) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    inFlight?.abort();
    inFlight = undefined;
  };

  const search = (query: string) => {
    const controller = new AbortController();
    inFlight = controller;
    set({ status: 'loading' });
    api()
      .call(ROUTES.addresses, { query: { searchString: query }, signal: controller.signal })
      .then(({ data: matches }) => {
        if (inFlight !== controller) return;
        set({ matches, active: 0, open: true, status: 'idle', error: null });
      })
      .catch((caught: unknown) => {
        if ((caught as Error).name === 'AbortError' || inFlight !== controller) return;
        set({ status: 'error', error: failure(caught) });
      });
  };

  return {
    text: '',
    picked: null,
    matches: [],
    open: false,
    active: 0,
    status: 'idle',
    error: null,

    type(typed) {
      cancel();
      // Typed (or scanned) after a picked name, as when the field had the focus with the name in it: the new text
      // starts afresh rather than joining the name ("Kunde BeckerSO-7003").
      const picked = get().picked;
      const text = picked !== null && typed.length > picked.length && typed.startsWith(picked) ? typed.slice(picked.length) : typed;
      set({ text, picked: null });
      const query = text.trim();
      if (!query) {
        set({ matches: [], open: false, status: 'idle' });
        return;
      }
      timer = setTimeout(() => search(query), DEBOUNCE_MS);
    },

    move(step) {
      const { open, matches, active } = get();
      if (!open) {
        if (matches.length > 0) set({ open: true });
        return;
      }
      set({ active: Math.max(0, Math.min(matches.length - 1, active + step)) });
    },

    close: () => set({ open: false }),

    // A scan wants no search still on its way to open the list again.
    dropSearch: () => {
      cancel();
      set({ open: false, status: 'idle' });
    },

    pick(index = get().active) {
      const address = get().matches[index];
      if (!address) return undefined;
      cancel();
      set({ text: address.attributes.name, picked: address.attributes.name, open: false, active: index, status: 'idle' });
      return address;
    },

    reset() {
      cancel();
      set({ text: '', picked: null, matches: [], open: false, active: 0, status: 'idle', error: null });
    },
  };
});
