// The signed-in session: the station's address and integration key, the client with its username and role,
// and its Bearer token.
// The token is kept until sign-out, so a reload stays signed in.
import { create } from 'zustand';
import { ApiError, createApiClient, fetchStationConfig, type ApiClient } from '../api/client.ts';
import type { ClientProfileChange } from '../../src-shared/client.ts';
import type { Client, ClientMeta, StationConfig } from '../api/types.ts';
import { loadJson, removeKey, saveJson } from './persist.ts';
import { learnStationClock } from './station-clock.ts';
import '../../src-shared/bridge.ts';
import { useDatabaseHealth } from './database-health.ts';
import { translate } from '../i18n/i18n.ts';
import { describeError, refusedFields } from '../i18n/error-text.ts';

const TOKEN_KEY = 'shipping-station.session';

export interface SessionState {
  status: 'starting' | 'signed-out' | 'signing-in' | 'signed-in' | 'unreachable';
  config: StationConfig | null;
  api: ApiClient | null;
  client: Client | null;
  /** The signed-in username and role: what the desk shows, and which screens it offers. */
  who: ClientMeta | null;
  token: string | null;
  error: string | null;
  /** Learns where the station is (the preload bridge in Electron, /station-config in a browser) and restores a session. */
  start(config?: StationConfig): Promise<void>;
  signIn(username: string, password: string): Promise<void>;
  signOut(): void;
  /** Saves the account's address (admins); resolves with the station's refusal by JSON pointer, or none. */
  saveAccount(change: ClientProfileChange): Promise<Record<string, string> | undefined>;
}

export const useSession = create<SessionState>()((set, get) => ({
  status: 'starting',
  config: null,
  api: null,
  client: null,
  who: null,
  token: null,
  error: null,

  async start(given) {
    let config = given;
    try {
      const bridge = globalThis.window?.station;
      // The bridge does not tell the zone: the desk learns it with the station's clock at sign-in (GET /calendar).
      config ??= bridge ? { apiBase: await bridge.apiBase(), integrationKey: await bridge.integrationKey(), desk: '', timeZone: '' } : await fetchStationConfig();
    } catch {
      set({ status: 'unreachable', error: translate('app.unreachable') });
      return;
    }
    // A token the station refuses mid-session (the user removed, the account's key rotated) ends the session.
    const api = createApiClient({
      config,
      token: () => get().token,
      onSignedOut: () => {
        if (get().status !== 'signed-in') return;
        removeKey(TOKEN_KEY);
        set({ status: 'signed-out', client: null, who: null, token: null, error: translate('session.ended') });
      },
      onUnavailable: () => useDatabaseHealth.getState().noticeUnavailable(api.health),
    });
    const saved = loadJson<{ token: string | null }>(TOKEN_KEY, { token: null });
    set({ config, api, token: saved.token });
    if (!saved.token) {
      set({ status: 'signed-out' });
      return;
    }
    try {
      const { client, who } = await api.currentClient();
      await learnStationClock(api.calendar);
      set({ status: 'signed-in', client, who: who ?? null });
    } catch {
      removeKey(TOKEN_KEY);
      set({ status: 'signed-out', token: null });
    }
  },

  async signIn(username, password) {
    const { api } = get();
    if (!api) return;
    set({ status: 'signing-in', error: null });
    try {
      const { client, token, who } = await api.signIn(username, password);
      saveJson(TOKEN_KEY, { token });
      set({ token });
      // Screens count days on the station's calendar from their first moment.
      await learnStationClock(api.calendar);
      set({ status: 'signed-in', client, who: who ?? null, token });
    } catch (error) {
      set({ status: 'signed-out', error: signInRefusal(error) });
    }
  },

  async saveAccount(change) {
    const { api } = get();
    if (!api) return { '': translate('session.notStarted') };
    try {
      set({ client: await api.updateCurrentClient(change) });
      return undefined;
    } catch (error) {
      if (error instanceof ApiError && error.errors.some((entry) => entry.source?.pointer)) {
        // Each field with what it expects: the desk's words for it, or in English the station's reason.
        return refusedFields(error);
      }
      return { '': describeError(error) };
    }
  },

  signOut() {
    removeKey(TOKEN_KEY);
    set({ status: 'signed-out', client: null, who: null, token: null, error: null });
  },
}));

/** The API client of the current session; stores call the station only through it. */
export function api(): ApiClient {
  const client = useSession.getState().api;
  if (!client) throw new Error('The session has not started.');
  return client;
}

/** What a refused sign-in tells the person at the desk: never which of the two was wrong. */
function signInRefusal(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return translate('session.wrongSignIn');
  if (error instanceof ApiError) return describeError(error);
  return translate('app.unreachable');
}

