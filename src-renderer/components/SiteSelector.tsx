// Which site a day view looks at (Today, Reports, Close day): this desk's by default, another site, or every site
// of the account. Only supervisors and admins of an account with several sites have it; a packer sees its desk's.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { hasRole } from '../../src-shared/roles.ts';
import { ALL_SITES } from '../../src-shared/warehouses.ts';
import { useSession } from '../store/session.ts';
import { severalSites, useSites } from '../store/sites.ts';

export function SiteSelector({ allowAll, onChange }: { allowAll: boolean; onChange(): void }): React.JSX.Element | null {
  const { t } = useTranslation();
  const several = useSites(severalSites);
  const { sites, deskSite, viewed, view } = useSites();
  const supervisor = hasRole(
    useSession((state) => state.who?.role ?? 'packer'),
    'supervisor',
  );
  if (!several || !supervisor) return null;
  // "All sites" is not a day one can close: that view shows this desk's site there.
  const value = viewed === '' || (viewed === ALL_SITES && !allowAll) ? deskSite : viewed;
  return (
    <div className="field site-selector">
      <label htmlFor="site-selector">{t('sites.selector')}</label>
      <select
        id="site-selector"
        value={value}
        onChange={(event) => {
          view(event.target.value);
          onChange();
        }}
      >
        {sites.map((site) => (
          <option key={site.id} value={site.id}>
            {site.id === deskSite ? t('sites.thisDeskOption', { site: site.attributes.name }) : site.attributes.name}
          </option>
        ))}
        {allowAll ? <option value={ALL_SITES}>{t('sites.allSites')}</option> : null}
      </select>
    </div>
  );
}
