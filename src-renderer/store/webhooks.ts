// The signed-in client's webhooks on the Settings screen: listed with their state (a paused one says why),
// added with the shared rules (the secret is kept only until the packer has copied it), paused, resumed, removed.
import { create } from 'zustand';
import { EVENT_TYPES, type EventType } from '../../src-shared/events.ts';
import { validateNewWebhook } from '../../src-shared/webhooks.ts';
import type { Webhook } from '../api/types.ts';
import { api } from './session.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { failure, message, type Said } from '../i18n/said.ts';

export interface WebhooksState {
  webhooks: Webhook[];
  status: 'idle' | 'loading' | 'ready';
  /** The last refusal (the station's or the shared rules'), worded by the screen as it shows it. */
  error: Said | null;
  /** The secret of the webhook just added: shown once, then forgotten. */
  newSecret: { id: string; secret: string } | null;
  load(): Promise<void>;
  /** Adds an endpoint for the client's own events; false (with the error set) when the station or the rules refuse. */
  add(url: string, events: readonly EventType[]): Promise<boolean>;
  setStatus(id: string, status: 'active' | 'paused'): Promise<void>;
  remove(id: string): Promise<void>;
  forgetSecret(): void;
}

export const ALL_EVENT_TYPES = EVENT_TYPES;

export const useWebhooks = create<WebhooksState>()((set, get) => ({
  webhooks: [],
  status: 'idle',
  error: null,
  newSecret: null,

  async load() {
    set({ status: 'loading', error: null });
    try {
      set({ webhooks: (await api().call(ROUTES.webhooks)).data, status: 'ready' });
    } catch (error) {
      set({ status: 'ready', error: failure(error) });
    }
  },

  async add(url, events) {
    const checked = validateNewWebhook({ data: { type: 'webhook', attributes: { url, events } } });
    if (!checked.ok) {
      const field = checked.errors[0]!.source?.pointer?.split('/')[3];
      set({ error: field === 'url' ? message('webhooks.urlNeeded') : message('webhooks.eventNeeded') });
      return false;
    }
    try {
      const added = (await api().call(ROUTES.addWebhook, { body: { data: { type: 'webhook', attributes: checked.value } } })).data;
      set({ newSecret: { id: added.id, secret: added.attributes.secret ?? '' }, error: null });
      await get().load();
      return true;
    } catch (error) {
      set({ error: failure(error) });
      return false;
    }
  },

  async setStatus(id, status) {
    try {
      const changed = (
        await api().call(ROUTES.changeWebhook, { params: { id }, body: { data: { type: 'webhook', attributes: { status } } } })
      ).data;
      set({ webhooks: get().webhooks.map((webhook) => (webhook.id === id ? changed : webhook)), error: null });
    } catch (error) {
      set({ error: failure(error) });
    }
  },

  async remove(id) {
    try {
      await api().call(ROUTES.removeWebhook, { params: { id } });
      set({
        webhooks: get().webhooks.filter((webhook) => webhook.id !== id),
        newSecret: get().newSecret?.id === id ? null : get().newSecret,
      });
    } catch (error) {
      set({ error: failure(error) });
    }
  },

  forgetSecret: () => set({ newSecret: null }),
}));
