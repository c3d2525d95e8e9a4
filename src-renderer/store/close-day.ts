// The Close day screen: for the chosen ship date, each carrier's preview (what a close takes and leaves out), the
// close itself, the day's manifests (with the PDF to look at and print, and a reopen), and the day's pickups.
import { create } from 'zustand';
import { stationToday } from './station-clock.ts';
import type { Manifest, ManifestPreview, Pickup } from '../api/types.ts';
import type { LeftOut } from '../../src-shared/manifests.ts';
import { api } from './session.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { failure, type Said } from '../i18n/said.ts';
import { closedSite } from './sites.ts';

/**
 * The figures of a left-out entry its words name: the manifest a closed shipment is in, the time (HH:MM, the
 * station's clock) a voided one was voided; the desk words them itself, never the station's English detail.
 */
export function leftOutFigures(entry: LeftOut): { manifest: string | null; time: string | null } {
  return { manifest: entry.manifest ?? null, time: entry.voidedAt ?? null };
}

/** A carrier's day as Close day groups it: closed already (by manifest), returns (handed over by the customer), left out. */
export function groupLeftOut(leftOut: readonly LeftOut[]): {
  closed: LeftOut[];
  manifests: string[];
  returns: LeftOut[];
  leftOut: LeftOut[];
} {
  const closed = leftOut.filter((entry) => entry.reason === 'closed');
  return {
    closed,
    manifests: [...new Set(closed.flatMap((entry) => leftOutFigures(entry).manifest ?? []))],
    returns: leftOut.filter((entry) => entry.reason === 'return'),
    leftOut: leftOut.filter((entry) => entry.reason !== 'closed' && entry.reason !== 'return'),
  };
}

export interface CarrierDay {
  carrier: string;
  carrierName: string;
  preview: ManifestPreview;
}

export interface CloseDayState {
  date: string;
  status: 'idle' | 'loading' | 'ready';
  carriers: CarrierDay[];
  manifests: Manifest[];
  pickups: Pickup[];
  /** The manifest shown, with its PDF. */
  shown: { manifest: Manifest; pdf: Uint8Array } | null;
  busy: string | null;
  /** The last refusal, worded by the screen as it shows it. */
  error: Said | null;
  setDate(date: string): void;
  load(): Promise<void>;
  close(carrier: string): Promise<void>;
  closeAll(): Promise<void>;
  show(manifest: Manifest): Promise<void>;
  reopen(manifest: Manifest): Promise<void>;
  /** Sends a manifest its upstream service refused again. */
  transmitAgain(manifest: Manifest): Promise<void>;
  cancelPickup(pickup: Pickup): Promise<void>;
}

export const useCloseDay = create<CloseDayState>()((set, get) => ({
  // The station's today, set at the first load.
  date: '',
  status: 'idle',
  carriers: [],
  manifests: [],
  pickups: [],
  shown: null,
  busy: null,
  error: null,

  setDate: (date) => set({ date, shown: null }),

  async load() {
    if (!get().date) set({ date: stationToday() });
    const { date } = get();
    // The site whose day it is: the one chosen (supervisors and admins of an account with several sites), else the desk's.
    const site = closedSite();
    set({ status: 'loading', error: null });
    try {
      const carriers = (await api().call(ROUTES.carriers)).data;
      const previews = await Promise.all(
        carriers.map(async (carrier) => ({
          carrier: carrier.attributes.carrierCode,
          carrierName: carrier.attributes.carrierName,
          preview: (await api().call(ROUTES.manifestPreview, { query: { carrier: carrier.attributes.carrierCode, date, site } })).data
            .attributes,
        })),
      );
      const [manifests, pickups] = await Promise.all([
        api()
          .call(ROUTES.manifests, { query: { date, site } })
          .then((answer) => answer.data),
        api()
          .call(ROUTES.pickups, { query: { date, site } })
          .then((answer) => answer.data),
      ]);
      // Another date was chosen meanwhile: its own load answers for it; this day's answer is not shown under it.
      if (get().date !== date || closedSite() !== site) return;
      // Only carriers with something on the day: to close, or left out with a reason.
      set({
        carriers: previews.filter((day) => day.preview.included.length > 0 || day.preview.leftOut.length > 0),
        manifests,
        pickups,
        status: 'ready',
      });
    } catch (error) {
      if (get().date === date) set({ status: 'ready', error: failure(error) });
    }
  },

  async close(carrier) {
    set({ busy: carrier, error: null });
    try {
      const manifest = (
        await api().call(ROUTES.closeDay, {
          body: { data: { type: 'manifest', attributes: { carrier, date: get().date, site: closedSite() } } },
        })
      ).data;
      await get().load();
      await get().show(manifest);
    } catch (error) {
      set({ error: failure(error) });
    } finally {
      set({ busy: null });
    }
  },

  async closeAll() {
    for (const day of get().carriers.filter((entry) => entry.preview.included.length > 0)) await get().close(day.carrier);
  },

  async show(manifest) {
    try {
      set({ shown: { manifest, pdf: await api().manifestPdf(manifest.id) } });
    } catch (error) {
      set({ error: failure(error) });
    }
  },

  async reopen(manifest) {
    try {
      await api().call(ROUTES.reopenManifest, { params: { id: manifest.id } });
      set({ shown: null });
      await get().load();
    } catch (error) {
      set({ error: failure(error) });
    }
  },

  async transmitAgain(manifest) {
    try {
      await api().call(ROUTES.transmitManifest, { params: { id: manifest.id } });
      await get().load();
    } catch (error) {
      set({ error: failure(error) });
    }
  },

  async cancelPickup(pickup) {
    try {
      await api().call(ROUTES.cancelPickup, { params: { id: pickup.id } });
      await get().load();
    } catch (error) {
      set({ error: failure(error) });
    }
  },
}));
