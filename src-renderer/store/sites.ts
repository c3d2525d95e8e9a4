// The account's sites (warehouses) as the desk knows them since sign-in (GET /warehouses): which one this desk
// stands at, whether that was chosen, and the site the day views (Today, Reports, Close day) look at. A desk of an
// account with one site shows nothing of sites; its sender and views are as before sites.
import { create } from 'zustand';
import type { ApiClient } from '../api/client.ts';
import type { Client } from '../api/types.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { ALL_SITES, type WarehouseResource } from '../../src-shared/warehouses.ts';
import type { ClientProfile } from '../../src-shared/client.ts';

export type Site = WarehouseResource;

export interface SitesState {
  sites: Site[];
  /** The id of the site this desk stands at ('' before the desk learned it). */
  deskSite: string;
  /** Whether the desk's site was chosen (at a desk, or serve --site), rather than the main site by default. */
  chosen: boolean;
  /** The site Today, Reports and Close day look at: a site's id or 'all'; '' is the desk's own. */
  viewed: string;
  /** Learns the sites from the station; an answer it cannot give leaves the desk as with one site. */
  learn(api: ApiClient): Promise<void>;
  /** Takes the station's answer about one site (added or changed), and where this desk stands when it says so. */
  take(site: Site): void;
  view(site: string): void;
  forget(): void;
}

export const useSites = create<SitesState>()((set, get) => ({
  sites: [],
  deskSite: '',
  chosen: false,
  viewed: '',
  async learn(api) {
    try {
      const answer = await api.call(ROUTES.warehouses);
      set({ sites: answer.data, deskSite: answer.meta?.desk.site ?? '', chosen: answer.meta?.desk.chosen ?? false });
    } catch {
      set({ sites: [], deskSite: '', chosen: false });
    }
  },
  take(site) {
    const known = get().sites.some((other) => other.id === site.id);
    const sites = known ? get().sites.map((other) => (other.id === site.id ? site : other)) : [...get().sites, site];
    const here = site.meta?.thisDesk === true;
    set({
      sites: sites.map((other) => (here && other.id !== site.id ? { ...other, meta: { thisDesk: false } } : other)),
      ...(here ? { deskSite: site.id } : {}),
    });
  },
  view(viewed) {
    set({ viewed });
  },
  forget() {
    set({ sites: [], deskSite: '', chosen: false, viewed: '' });
  },
}));

/** Whether the account has several sites: only then does the desk speak of them. */
export const severalSites = (state: Pick<SitesState, 'sites'> = useSites.getState()): boolean => state.sites.length > 1;

/** The site this desk stands at, when the desk knows it. */
export function deskSiteOf(state: Pick<SitesState, 'sites' | 'deskSite'> = useSites.getState()): Site | undefined {
  return state.sites.find((site) => site.id === state.deskSite);
}

/**
 * The `site` a day view asks for: the one chosen (a site's id, or all) when the account has several sites, else
 * nothing (the desk's own, as before sites).
 */
export function viewedSite(state: Pick<SitesState, 'sites' | 'viewed'> = useSites.getState()): string | undefined {
  return severalSites(state) && state.viewed !== '' ? state.viewed : undefined;
}

/**
 * The site the Shipments list shows: with several sites, the desk's own unless a supervisor chose another or all
 * (the station's list is the account's, for integrations); with one, nothing.
 */
export function listedSite(state: Pick<SitesState, 'sites' | 'viewed' | 'deskSite'> = useSites.getState()): string | undefined {
  if (!severalSites(state)) return undefined;
  return viewedSite(state) ?? (state.deskSite || undefined);
}

/**
 * A report file's word for the site it covers, with several sites: `-all-sites`, or the site's name as a file name
 * takes it (`-verona`); nothing with one site.
 */
export function siteFileTag(state: Pick<SitesState, 'sites' | 'viewed' | 'deskSite'> = useSites.getState()): string {
  const site = listedSite(state);
  if (site === undefined) return '';
  if (site === ALL_SITES) return '-all-sites';
  const name = state.sites.find((other) => other.id === site)?.attributes.name ?? site;
  const tag = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `-${tag || site}`;
}

/** The site a close is of: the one viewed when it is one site, the desk's own otherwise (a close is never of all). */
export function closedSite(state: Pick<SitesState, 'sites' | 'viewed'> = useSites.getState()): string | undefined {
  const viewed = viewedSite(state);
  return viewed === ALL_SITES ? undefined : viewed;
}

/** The sender of this desk's shipments: its site's address when set, else the account's own (as before sites). */
export function deskSender(client: Client | null): ClientProfile | null {
  const address = deskSiteOf()?.attributes.address;
  if (address) return address;
  return client ? client.attributes : null;
}
