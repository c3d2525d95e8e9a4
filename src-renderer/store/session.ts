// The signed-in session: the station's address and integration key, the client with its username and role,
// and its Bearer token.
// The token is kept until sign-out, so a reload stays signed in. It expires (the station's token lifetime): halfway
// through its life the desk exchanges it for a fresh one in the background, and before any call made later than
// that, so the packer never meets a sign-in screen mid-shift and no call is refused for an expired token.
import { create } from 'zustand';
import { ApiError, createApiClient, fetchStationConfig, fetchStationHealth, type ApiClient } from '../api/client.ts';
import type { ClientProfileChange } from '../../src-shared/client.ts';
import type { Client, ClientMeta, StationConfig } from '../api/types.ts';
import { loadJson, removeKey, saveJson } from './persist.ts';
import { learnStationClock, stationNow } from './station-clock.ts';
import '../../src-shared/bridge.ts';
import { useDatabaseHealth } from './database-health.ts';
import { failure, fieldRefusals, message, type Said } from '../i18n/said.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { useSites } from './sites.ts';

const TOKEN_KEY = 'shipping-station.session';

export interface SessionState {
  status: 'starting' | 'signed-out' | 'signing-in' | 'signed-in' | 'unreachable';
  config: StationConfig | null;
  api: ApiClient | null;
  client: Client | null;
  /** The signed-in username and role: what the desk shows, and which screens it offers. */
  who: ClientMeta | null;
  token: string | null;
  /** Why the desk is signed out or cannot reach the station, worded by the screen as it shows it. */
  error: Said | null;
  /** Learns where the station is (the preload bridge in Electron, /station-config in a browser) and restores a session. */
  start(config?: StationConfig): Promise<void>;
  signIn(username: string, password: string): Promise<void>;
  signOut(): void;
  /** Saves the account's address (admins); resolves with the station's refusal by JSON pointer ('' for no field), or none. */
  saveAccount(change: ClientProfileChange): Promise<Record<string, Said> | undefined>;
}

/**
 * When a token is to be renewed, on the station's clock (ms): halfway between its issue and its expiry, which it
 * says itself (iat, exp); at once for a token that names no expiry (one issued before tokens expired).
 */
function renewalDue(token: string): number {
  try {
    const part = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { iat?: unknown; exp?: unknown };
    if (typeof claims.exp !== 'number') return 0;
    const issuedAt = typeof claims.iat === 'number' ? claims.iat : claims.exp;
    return ((issuedAt + claims.exp) / 2) * 1000;
  } catch {
    return 0;
  }
}

/**
 * A renewal that failed for want of the station (not refused) is tried again this much later; and renewals are at
 * least this far apart, so a desk whose idea of the station's clock is off never renews in a loop.
 */
const RENEWAL_RETRY_MS = 30_000;
let renewalTimer: ReturnType<typeof setTimeout> | undefined;
/** How soon the desk asks again for its configuration while the station waits for its database. */
const START_RETRY_MS = 2_000;
let startAgain: ReturnType<typeof setTimeout> | undefined;
let renewing: Promise<void> | undefined;
/** When the token was last renewed, on this computer's clock. */
let renewedAt = Number.NEGATIVE_INFINITY;

export const useSession = create<SessionState>()((set, get) => {
  /** Exchanges the token for a fresh one; one exchange at a time, whoever asks. */
  const renew = (): Promise<void> =>
    (renewing ??= (async () => {
      const { api, status, token } = get();
      if (!api || status !== 'signed-in' || !token) return;
      try {
        const renewed = await api.renewToken();
        // Signed out meanwhile (or signed in again): the answer is for a session that is over.
        if (get().token !== token || get().status !== 'signed-in') return;
        renewedAt = Date.now();
        saveJson(TOKEN_KEY, { token: renewed.token });
        set({ token: renewed.token, client: renewed.client, who: renewed.who ?? get().who });
        scheduleRenewal();
      } catch (error) {
        // A refused token has ended the session already (onSignedOut); an unreachable station is asked again soon.
        if (!(error instanceof ApiError) || error.status !== 401) scheduleRenewal(RENEWAL_RETRY_MS);
      }
    })().finally(() => {
      renewing = undefined;
    }));

  /** Sets the timer of the next renewal: when the token is due, or after `retryMs`. */
  const scheduleRenewal = (retryMs?: number) => {
    clearTimeout(renewalTimer);
    renewalTimer = undefined;
    const { token, status } = get();
    if (!token || status !== 'signed-in') return;
    const wait = retryMs ?? Math.max(0, renewalDue(token) - stationNow().getTime(), renewedAt + RENEWAL_RETRY_MS - Date.now());
    // A timer waits at most about 24 days; a token lives 7 at most.
    renewalTimer = setTimeout(() => void renew(), Math.min(wait, 2 ** 31 - 1));
  };

  /** Before a call: a token past its renewal point (a timer held up by a sleeping computer) is renewed first. */
  const renewIfDue = async () => {
    const { token, status } = get();
    if (renewing) await renewing;
    else if (token && status === 'signed-in' && stationNow().getTime() >= renewalDue(token) && Date.now() - renewedAt >= RENEWAL_RETRY_MS)
      await renew();
  };

  return {
    status: 'starting',
    config: null,
    api: null,
    client: null,
    who: null,
    token: null,
    error: null,

    async start(given) {
      clearTimeout(startAgain);
      let config = given;
      try {
        const bridge = globalThis.window?.station;
        // The bridge does not tell the zone: the desk learns it with the station's clock at sign-in (GET /calendar).
        config ??= bridge
          ? { apiBase: await bridge.apiBase(), integrationKey: await bridge.integrationKey(), desk: '', timeZone: '' }
          : await fetchStationConfig();
      } catch (error) {
        if (error instanceof ApiError && error.status === 503) {
          // The station answers but its database does not (it started before it): the banner says so while the
          // desk asks again, and the desk starts by itself once the station serves.
          useDatabaseHealth.getState().noticeUnavailable(() => fetchStationHealth());
          startAgain = setTimeout(() => void get().start(given), START_RETRY_MS);
          return;
        }
        set({ status: 'unreachable', error: message('app.unreachable') });
        return;
      }
      // A token the station refuses mid-session (the user removed, the account's key rotated) ends the session.
      const api = createApiClient({
        config,
        token: () => get().token,
        onSignedOut: () => {
          if (get().status !== 'signed-in') return;
          clearTimeout(renewalTimer);
          removeKey(TOKEN_KEY);
          set({ status: 'signed-out', client: null, who: null, token: null, error: message('session.ended') });
        },
        onUnavailable: () => useDatabaseHealth.getState().noticeUnavailable(api.health),
        beforeCall: renewIfDue,
      });
      const saved = loadJson<{ token: string | null }>(TOKEN_KEY, { token: null });
      set({ config, api, token: saved.token });
      if (!saved.token) {
        set({ status: 'signed-out' });
        return;
      }
      try {
        const { client, who } = await api.currentClient();
        await learnStationClock(async () => (await api.call(ROUTES.calendar)).data.attributes);
        await useSites.getState().learn(api);
        set({ status: 'signed-in', client, who: who ?? null });
        scheduleRenewal();
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
        await learnStationClock(async () => (await api.call(ROUTES.calendar)).data.attributes);
        // The sites, and where this desk stands: its sender and its day views are its site's from the first screen.
        await useSites.getState().learn(api);
        set({ status: 'signed-in', client, who: who ?? null, token });
        scheduleRenewal();
      } catch (error) {
        set({ status: 'signed-out', error: signInRefusal(error) });
      }
    },

    async saveAccount(change) {
      const { api } = get();
      if (!api) return { '': message('session.notStarted') };
      try {
        set({ client: (await api.call(ROUTES.changeCurrentClient, { body: { data: { type: 'client', attributes: change } } })).data });
        return undefined;
      } catch (error) {
        if (error instanceof ApiError && error.errors.some((entry) => entry.source?.pointer)) {
          // Each field with what it expects: the desk's words for it, or in English the station's reason.
          return fieldRefusals(error);
        }
        return { '': failure(error) };
      }
    },

    signOut() {
      clearTimeout(renewalTimer);
      removeKey(TOKEN_KEY);
      useSites.getState().forget();
      set({ status: 'signed-out', client: null, who: null, token: null, error: null });
    },
  };
});

/** The API client of the current session; stores call the station only through it. */
export function api(): ApiClient {
  const client = useSession.getState().api;
  if (!client) throw new Error('The session has not started.');
  return client;
}

/** What a refused sign-in tells the person at the desk: never which of the two was wrong. */
function signInRefusal(error: unknown): Said {
  if (error instanceof ApiError && error.status === 401) return message('session.wrongSignIn');
  if (error instanceof ApiError) return failure(error);
  return message('app.unreachable');
}
