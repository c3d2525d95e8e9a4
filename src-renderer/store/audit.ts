// The Audit log screen: the station's audit log, newest first, a page at a time, optionally of one action.
import { create } from 'zustand';
import type { AuditEvent } from '../api/types.ts';
import { api } from './session.ts';
import { failure, type Said } from '../i18n/said.ts';

const PAGE = 50;

export interface AuditState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  events: AuditEvent[];
  /** The id to read older entries before; null at the log's start. */
  next: string | null;
  action: string;
  /** The last refusal or failure, worded by the screen as it shows it. */
  error: Said | null;
  setAction(action: string): void;
  /** Reads the newest page again. */
  load(): Promise<void>;
  /** Appends the next older page. */
  more(): Promise<void>;
}

export const useAudit = create<AuditState>()((set, get) => ({
  status: 'idle',
  events: [],
  next: null,
  action: '',
  error: null,
  setAction(action) {
    set({ action });
    void get().load();
  },
  async load() {
    set({ status: 'loading', error: null });
    try {
      const page = await api().auditEvents({ action: get().action || undefined, size: PAGE });
      set({ status: 'ready', events: page.events, next: page.next });
    } catch (error) {
      set({ status: 'error', error: failure(error) });
    }
  },
  async more() {
    const before = get().next;
    if (!before) return;
    set({ status: 'loading', error: null });
    try {
      const page = await api().auditEvents({ before, action: get().action || undefined, size: PAGE });
      set({ status: 'ready', events: [...get().events, ...page.events], next: page.next });
    } catch (error) {
      set({ status: 'error', error: failure(error) });
    }
  },
}));
