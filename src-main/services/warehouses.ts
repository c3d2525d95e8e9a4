// Sites (warehouses) of an account (docs/operations.md, "Sites"): kept as one station setting per account
// (`sites:client:<id>`), so every desk reads them through the settings cache and hears of a change at once; the
// desk's site per account as another (`desk-sites:<desk>`). Site 1, the main site, exists in every account even
// before anyone set it up: the account's own address and the station's calendar. The service answers which site
// a request works at (the desk's, or the one it names), which sites a list covers (one, or all for supervisors),
// and each site's calendar: its zone, holidays and cutoffs over the station's.
import { hasRole } from '../../src-shared/roles.ts';
import type { StationCalendar } from '../../src-shared/calendar.ts';
import { ERROR_TEXT, StationError, errorObject } from '../../src-shared/errors.ts';
import type { ErrorObject } from '../../src-shared/jsonapi.ts';
import {
  ALL_SITES,
  MAIN_SITE,
  SITES_MAX,
  SITE_PRINTING_MEMBERS,
  defaultMainSite,
  type NewWarehouse,
  type Site,
  type SitePrinting,
  type WarehouseChange,
} from '../../src-shared/warehouses.ts';
import type { Actor, Caller } from '../domain/caller.ts';
import { StoreFaultError } from '../domain/store-fault.ts';
import type { Store } from '../store/index.ts';
import { requireRole, type AuditLog } from './audit-log.ts';
import type { AuditedChange } from '../domain/audit.ts';
import { storedCutoffs } from './carrier-settings.ts';
import type { Logger } from '../logger.ts';
import type { CarrierRegistry } from '../carriers/registry.ts';

const MANAGING = 'Managing the sites';
/** A change of the sites is tried again while others land in between (update): past this many, something loops. */
const SAVE_ATTEMPTS = 1000;
/** A change's audit entry is written with the try that saved it only (settings.setIf's answer). */
const SAVED = { onlyIf: 'written' } as const;
const sitesKey = (clientId: string) => `sites:client:${clientId}`;
const deskKey = (desk: string) => `desk-sites:${desk}`;

/** A site's calendar: its own zone and holidays, or the station's; the station's cutoffs with the site's over them. */
export interface SiteCalendar extends StationCalendar {
  cutoffs: Record<string, string>;
}

/** Whose sites: the account, by the caller of a request or the owner of a scheduled shipment. */
export type SiteOwner = { client: { id: string; profile?: { name: string } } };

export interface WarehouseService {
  /** The account's sites, the main one first. */
  list(owner: SiteOwner): Promise<Site[]>;
  /** One site by its id (its number in the account); site.notFound otherwise, at `source` (the member that named it). */
  get(owner: SiteOwner, id: string | number, source?: SiteSource): Promise<Site>;
  /** An admin (or the admin command) adds a site to the owner's account. */
  add(actor: Actor, owner: SiteOwner, site: NewWarehouse): Promise<Site>;
  change(actor: Actor, owner: SiteOwner, id: string, change: WarehouseChange): Promise<Site>;
  /** The site of that number, or the main site when the account has none such (a shipment's own site). */
  numbered(owner: SiteOwner, number: number): Promise<Site>;
  /** The site this desk stands at for the account: chosen at the desk, given by --site, or the main site. */
  deskSite(owner: SiteOwner): Promise<Site>;
  /** Whether this desk's site was chosen (at the desk or by --site), rather than the main site by default. */
  deskSiteChosen(owner: SiteOwner): Promise<boolean>;
  /** A supervisor (or the admin command) sets the site this desk stands at, for the owner's account. */
  chooseDeskSite(actor: Actor, owner: SiteOwner, id: string): Promise<Site>;
  /**
   * The site a day view or a list covers: `asked` a site's id, `all`, or absent (the desk's site). null: every site
   * (asked so, or the account has one site, so no filter is needed). A packer sees their desk's site only.
   */
  scope(caller: Caller, asked: string | null | undefined, what: string): Promise<number | null>;
  /** The site an action works at (a close, a pickup): the one asked, or the desk's. A packer works at their desk's. */
  siteOf(caller: Caller, asked: string | number | null | undefined, what: string, source?: SiteSource): Promise<Site>;
  /** Refuses (site.otherSite) a packer something of another site than their desk's (a manifest, a pickup). */
  mayShow(caller: Caller, site: number, what: string): Promise<void>;
  /** A site's calendar: its zone, holidays and cutoffs over the station's. */
  calendarOf(site: Site): Promise<SiteCalendar>;
}

/** Where a request named a site: its query parameter or its member's pointer, for the refusal's source. */
export type SiteSource = { parameter?: string; pointer?: string };

export interface WarehouseDeps {
  store: Store;
  /** Where a desk's --site naming no site of an account is said (once per account). */
  logger?: Logger;
  audit: AuditLog;
  desk: string;
  /** The desk's site as `serve --site` named it: a site's number or name; undefined when not given. */
  deskSiteName?: string;
  calendar: () => Promise<StationCalendar>;
  /** The carrier choices (GET /carriers): a site's cutoffs are kept under their codes. */
  carriers: Pick<CarrierRegistry, 'choiceCodes' | 'refreshUpstreams' | 'carrierOfChoice'>;
  /**
   * The printers' names in the printing system, which a site's print defaults must name; null where this process
   * cannot see the printers the desks print on (the admin command on Windows, where the desk prints through its
   * window): the names are then taken as given.
   */
  printers: (() => Promise<string[]>) | null;
}

/**
 * A site's print defaults as kept: `given` over `over`, member by member, without the members null (taken away);
 * none left is null. `given` null: none at all.
 */
function keptPrinting(given: Partial<Record<keyof SitePrinting, unknown>> | null, over: SitePrinting | null): SitePrinting | null {
  if (given === null) return null;
  const merged: Partial<Record<keyof SitePrinting, unknown>> = { ...over, ...given };
  const kept = Object.fromEntries(
    SITE_PRINTING_MEMBERS.filter((member) => merged[member] !== null && merged[member] !== undefined).map((member) => [
      member,
      merged[member],
    ]),
  );
  return Object.keys(kept).length > 0 ? (kept as SitePrinting) : null;
}

/** A site's cutoffs under the carrier choices' codes: those kept before keys were made canonical (`ups`) too. */
function canonicalCutoffs(cutoffs: Record<string, string> | null, known: readonly string[]): Record<string, string> {
  if (!cutoffs) return {};
  return Object.fromEntries(
    Object.entries(cutoffs).map(([key, time]) => [
      known.find((code) => code.localeCompare(key, undefined, { sensitivity: 'accent' }) === 0) ?? key,
      time,
    ]),
  );
}

/** A site named by its number or by its name (any case). */
export function findSite(sites: readonly Site[], named: string | number): Site | undefined {
  const text = String(named).trim();
  if (/^[0-9]+$/.test(text)) return sites.find((site) => site.number === Number(text));
  return sites.find((site) => site.name.localeCompare(text, undefined, { sensitivity: 'accent' }) === 0);
}

export function createWarehouseService(deps: WarehouseDeps): WarehouseService {
  const { store, audit, desk } = deps;

  /** The account's sites from the stored setting (undefined: none stored), the main one first. */
  const sitesOf = (owner: SiteOwner, stored: unknown): Site[] => {
    const sites = ((stored as Site[] | undefined) ?? []).map((site) => ({ ...site, printing: site.printing ?? null }));
    const main = sites.find((site) => site.number === MAIN_SITE) ?? defaultMainSite(owner.client.profile?.name ?? '');
    return [main, ...sites.filter((site) => site.number !== MAIN_SITE).sort((a, b) => a.number - b.number)];
  };
  const list = async (owner: SiteOwner): Promise<Site[]> => sitesOf(owner, await store.settings.get(sitesKey(owner.client.id)));
  const get = async (owner: SiteOwner, id: string | number, source: SiteSource = {}) => {
    const text = String(id).trim();
    const site = /^[0-9]{1,6}$/.test(text) ? (await list(owner)).find((each) => each.number === Number(text)) : undefined;
    if (!site) throw new StationError('site.notFound', ERROR_TEXT.noSuchSite(text), source);
    return site;
  };
  /** The site --site named, per account, once found: a rename later keeps the desk where it stands. */
  const named = new Map<string, number>();
  /** The accounts whose missing --site site was written to the log already. */
  const warned = new Set<string>();
  /** The site of the account's `sites` chosen for this desk, at the desk or by --site; undefined: none. */
  const chosenAmong = async (owner: SiteOwner, sites: readonly Site[]): Promise<Site | undefined> => {
    const picked = ((await store.settings.get(deskKey(desk))) as Record<string, number> | undefined)?.[owner.client.id];
    const byChoice = picked === undefined ? undefined : sites.find((site) => site.number === picked);
    if (byChoice || deps.deskSiteName === undefined) return byChoice;
    // Started with --site: the account's site of that name (or id), found once; an account without one works at
    // its main site, and the log says so once (a station may serve accounts of which only some have that site).
    const known = named.get(owner.client.id);
    const found = (known === undefined ? undefined : sites.find((site) => site.number === known)) ?? findSite(sites, deps.deskSiteName);
    if (found) {
      named.set(owner.client.id, found.number);
      return found;
    }
    if (!warned.has(owner.client.id)) {
      warned.add(owner.client.id);
      deps.logger?.warn(
        ERROR_TEXT.deskSiteUnknown(deps.deskSiteName, owner.client.id, sites.map((site) => `${site.number} ${site.name}`).join(', ')),
      );
    }
    return undefined;
  };
  const chosen = async (owner: SiteOwner) => chosenAmong(owner, await list(owner));
  const deskSite = async (owner: SiteOwner) => {
    const sites = await list(owner);
    return (await chosenAmong(owner, sites)) ?? sites[0]!;
  };

  /**
   * Changes a setting as one compare-and-set: `change` is given the value as stored (undefined: none), and when
   * another request or desk saved it in between, it is given it again as it is now (its checks, such as a name
   * taken, made again), so changes made at once all land. `change` answers the value to save with the audit entry
   * of the change, or nothing to save.
   */
  const compareAndSet = async <T>(
    key: string,
    change: (stored: unknown) => { result: T; save?: { value: unknown; logged: AuditedChange } },
  ): Promise<T> => {
    let stored = await store.settings.get(key);
    for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
      const { result, save } = change(stored);
      if (!save) return result;
      const saved = await store.audited([save.logged], 'settings', 'setIf', key, stored, save.value);
      if (saved.written) return result;
      stored = saved.now;
    }
    // Each try lost to a change that landed: so many in a row means something rewrites the setting in a loop. The
    // request changed nothing and may be sent again: a passing fault (503 with Retry-After), not a bug.
    throw new StoreFaultError(
      'busy',
      'setting-contended',
      `The setting ${key} changed at each of ${SAVE_ATTEMPTS} tries to save a change.`,
    );
  };
  /** Changes the account's sites (compareAndSet): `change` is given them, the main one first. */
  const update = <T>(owner: SiteOwner, change: (sites: Site[]) => { result: T; save?: { sites: Site[]; logged: AuditedChange } }) =>
    compareAndSet(sitesKey(owner.client.id), (stored) => {
      const { result, save } = change(sitesOf(owner, stored));
      return { result, save: save && { value: save.sites, logged: save.logged } };
    });
  /**
   * A site's cutoffs under the carrier choices' own codes (`ups` is UPS), and its print defaults' printers known to
   * the printing system (as PATCH /print-settings checks them), but for one the site names already (`current`):
   * every member at fault refused, each by its pointer.
   */
  const checked = async (given: Pick<NewWarehouse, 'cutoffs' | 'printing'>, current: SitePrinting | null = null) => {
    const errors: ErrorObject[] = [];
    let cutoffs = given.cutoffs;
    if (cutoffs) {
      await deps.carriers.refreshUpstreams();
      const known = deps.carriers.choiceCodes();
      const named = new Map<string, string>();
      cutoffs = {};
      for (const [key, time] of Object.entries(given.cutoffs!)) {
        const pointer = `/data/attributes/cutoffs/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        // A choice's code in any case (`ups`); or a carrier's own code (`DHL_EXPRESS`), as the desk keyed cutoffs
        // before they were read by choice: kept under its choice's code (`DHL`), so an older site saves again.
        const same = (a: string) => a.localeCompare(key, undefined, { sensitivity: 'accent' }) === 0;
        const code =
          known.find(same) ??
          known.find((each) => {
            const carrier = deps.carriers.carrierOfChoice(each)?.carrierCode;
            return carrier !== undefined && carrier !== each && same(carrier);
          });
        if (code === undefined) {
          const error = errorObject('carrier.unknown', ERROR_TEXT.unknownCarrier(key, known.join(', ')), pointer);
          error.meta = { reason: ERROR_TEXT.unknownCarrier(key, known.join(', ')) };
          errors.push(error);
        } else if (named.has(code) && cutoffs[code] !== time) {
          const error = errorObject('field.invalid', ERROR_TEXT.invalidData(`data.attributes.cutoffs.${key}`), pointer);
          error.meta = { reason: ERROR_TEXT.cutoffNamedTwice(code, named.get(code)!, key) };
          errors.push(error);
        } else {
          named.set(code, key);
          cutoffs[code] = time;
        }
      }
    }
    const printers = given.printing && deps.printers ? await deps.printers() : [];
    for (const member of ['printer', 'a4Printer'] as const) {
      const name = given.printing?.[member];
      // A printer the site names already is kept unchecked: a change of another member never fails on it.
      if (!name || !deps.printers || name === current?.[member] || printers.includes(name)) continue;
      const error = errorObject(
        'print.printerUnknown',
        ERROR_TEXT.invalidData(`data.attributes.printing.${member}`),
        `/data/attributes/printing/${member}`,
      );
      error.meta = { reason: ERROR_TEXT.noSuchPrinter(name), printer: name };
      errors.push(error);
    }
    if (errors.length > 0) throw StationError.many(errors);
    return cutoffs;
  };
  const nameTaken = (sites: readonly Site[], name: string, except: number | null) =>
    sites.some((site) => site.number !== except && site.name.localeCompare(name, undefined, { sensitivity: 'accent' }) === 0);

  return {
    list,
    get,
    numbered: async (owner, number) => {
      const sites = await list(owner);
      return sites.find((site) => site.number === number) ?? sites[0]!;
    },
    async add(actor, owner, site) {
      requireRole(actor, 'admin', MANAGING);
      const cutoffs = await checked(site);
      return update(owner, (sites) => {
        if (sites.length >= SITES_MAX)
          throw new StationError('site.tooMany', ERROR_TEXT.tooManySites(SITES_MAX), { meta: { maxSites: SITES_MAX } });
        if (nameTaken(sites, site.name, null))
          throw new StationError('site.nameTaken', ERROR_TEXT.siteNameTaken(site.name), { pointer: '/data/attributes/name' });
        const made: Site = {
          number: Math.max(...sites.map((each) => each.number)) + 1,
          name: site.name,
          address: site.address ?? null,
          returnAddress: site.returnAddress ?? null,
          timeZone: site.timeZone ?? null,
          holidays: site.holidays ?? null,
          cutoffs: cutoffs ?? null,
          printing: keptPrinting(site.printing ?? null, null),
        };
        const logged = audit.change(actor, 'site.added', { type: 'warehouse', id: String(made.number) }, { name: made.name }, SAVED);
        return { result: made, save: { sites: [...sites, made], logged } };
      });
    },
    async change(actor, owner, id, change) {
      requireRole(actor, 'admin', MANAGING);
      const current = await get(owner, id);
      const cutoffs = await checked(change, current.printing ?? null);
      return update(owner, (sites) => {
        const before = sites.find((site) => site.number === Number(String(id).trim()));
        if (!before) throw new StationError('site.notFound', ERROR_TEXT.noSuchSite(String(id).trim()));
        if (change.name !== undefined && nameTaken(sites, change.name, before.number))
          throw new StationError('site.nameTaken', ERROR_TEXT.siteNameTaken(change.name), { pointer: '/data/attributes/name' });
        const after: Site = { ...before };
        for (const key of ['name', 'address', 'returnAddress', 'timeZone', 'holidays'] as const)
          if (change[key] !== undefined) (after as unknown as Record<string, unknown>)[key] = change[key];
        if (cutoffs !== undefined) after.cutoffs = cutoffs;
        // The print defaults change member by member: those named (null takes one away), or all of them with null.
        if (change.printing !== undefined) after.printing = keptPrinting(change.printing, before.printing ?? null);
        const changed = Object.fromEntries(
          (Object.keys(after) as (keyof Site)[])
            .filter((key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]))
            .map((key) => [key, { from: before[key], to: after[key] }]),
        );
        if (Object.keys(changed).length === 0) return { result: before };
        const logged = audit.change(actor, 'site.changed', { type: 'warehouse', id: String(after.number) }, changed, SAVED);
        return { result: after, save: { sites: sites.map((site) => (site.number === after.number ? after : site)), logged } };
      });
    },
    deskSite,
    deskSiteChosen: async (owner) => (await chosen(owner)) !== undefined,
    async chooseDeskSite(actor, owner, id) {
      requireRole(actor, 'supervisor', 'Choosing the desk’s site');
      const site = await get(owner, id);
      // One setting holds the desk's site for every account: accounts choosing at once all keep their choice.
      const logged = audit.change(
        actor,
        'site.desk-chosen',
        { type: 'warehouse', id: String(site.number) },
        { desk, site: site.name },
        SAVED,
      );
      return compareAndSet(deskKey(desk), (stored) => ({
        result: site,
        save: { value: { ...(stored as Record<string, number> | undefined), [owner.client.id]: site.number }, logged },
      }));
    },
    async scope(caller, asked, what) {
      const text = asked?.trim() ?? '';
      const sites = await list(caller);
      const own = await deskSite(caller);
      const wanted = text === '' ? own : text.toLowerCase() === ALL_SITES ? null : await get(caller, text, { parameter: 'site' });
      // One site in all: every site is the desk's, for anyone.
      if (sites.length === 1) return null;
      if ((wanted === null || wanted.number !== own.number) && !hasRole(caller.user.role, 'supervisor'))
        throw new StationError('site.otherSite', ERROR_TEXT.otherSite(what), {
          parameter: 'site',
          meta: { neededRole: 'supervisor', role: caller.user.role },
        });
      return wanted === null ? null : wanted.number;
    },
    async siteOf(caller, asked, what, source = {}) {
      const own = await deskSite(caller);
      if (asked === null || asked === undefined || String(asked).trim() === '') return own;
      const site = await get(caller, asked, source);
      if (site.number !== own.number && !hasRole(caller.user.role, 'supervisor'))
        throw new StationError('site.otherSite', ERROR_TEXT.otherSite(what), {
          ...source,
          meta: { neededRole: 'supervisor', role: caller.user.role },
        });
      return site;
    },
    async mayShow(caller, site, what) {
      if (hasRole(caller.user.role, 'supervisor') || (await list(caller)).length === 1) return;
      if (site !== (await deskSite(caller)).number)
        throw new StationError('site.otherSite', ERROR_TEXT.otherSite(what), {
          meta: { neededRole: 'supervisor', role: caller.user.role },
        });
    },
    async calendarOf(site) {
      const [station, cutoffs] = await Promise.all([deps.calendar(), storedCutoffs(store)]);
      return {
        timeZone: site.timeZone ?? station.timeZone,
        holidays: site.holidays ?? station.holidays,
        cutoffs: { ...cutoffs, ...canonicalCutoffs(site.cutoffs, deps.carriers.choiceCodes()) },
      };
    },
  };
}
