// Settings → Sites: admins add and change the account's sites, a supervisor or admin makes this desk stand at one.
// Each answer is what the desk knows of the site from then on (store/sites.ts); a refusal is kept by the field it
// names (the station's JSON pointer), for the form to say at that field.
import { create } from 'zustand';
import { ApiError } from '../api/client.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import type { NewWarehouse, WarehouseChange } from '../../src-shared/warehouses.ts';
import { failure, fieldRefusals, type Said } from '../i18n/said.ts';
import { api } from './session.ts';
import { useSites } from './sites.ts';

export interface SiteSettingsState {
  status: 'idle' | 'saving';
  /** A refusal or failure not about one field. */
  error: Said | null;
  /** Refusals by field, the pointer's part after /data/attributes/ (name, address/city, timeZone, holidays/0, …). */
  fieldErrors: Record<string, Said>;
  /** Adds a site (no id) or changes one; true when the station took it. */
  save(id: string | null, site: NewWarehouse | WarehouseChange): Promise<boolean>;
  /** This desk stands at the site from now on. */
  chooseForDesk(id: string): Promise<boolean>;
  clear(): void;
}

export const useSiteSettings = create<SiteSettingsState>()((set) => {
  const refused = (caught: unknown) => {
    const byPointer = fieldRefusals(caught);
    const fieldErrors = Object.fromEntries(
      Object.entries(byPointer).map(([pointer, said]) => [pointer.replace(/^\/data\/attributes\/?/, '').replace(/^\/data\/?/, ''), said]),
    );
    const aboutAField = Object.keys(fieldErrors).some((field) => field !== '');
    // A code the field does not show (the name taken, too many sites) is said above the form's buttons.
    set({ status: 'idle', fieldErrors, error: aboutAField && caught instanceof ApiError ? null : failure(caught) });
  };
  return {
    status: 'idle',
    error: null,
    fieldErrors: {},
    async save(id, site) {
      set({ status: 'saving', error: null, fieldErrors: {} });
      try {
        const body = { data: { type: 'warehouse' as const, attributes: site } };
        const answer =
          id === null
            ? await api().call(ROUTES.addWarehouse, { body: body as { data: { type: 'warehouse'; attributes: NewWarehouse } } })
            : await api().call(ROUTES.changeWarehouse, { params: { id }, body });
        useSites.getState().take(answer.data);
        set({ status: 'idle' });
        return true;
      } catch (caught) {
        refused(caught);
        return false;
      }
    },
    async chooseForDesk(id) {
      set({ status: 'saving', error: null, fieldErrors: {} });
      try {
        const answer = await api().call(ROUTES.chooseDeskSite, { params: { id } });
        useSites.getState().take({ ...answer.data, meta: { thisDesk: true } });
        useSites.setState({ chosen: true, deskSite: answer.data.id });
        set({ status: 'idle' });
        return true;
      } catch (caught) {
        set({ status: 'idle', error: failure(caught) });
        return false;
      }
    },
    clear() {
      set({ error: null, fieldErrors: {} });
    },
  };
});
