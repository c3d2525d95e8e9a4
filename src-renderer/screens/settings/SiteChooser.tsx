// At sign-in, when the account has several sites and nobody chose this desk's: a supervisor or admin is asked once
// which site the desk stands at (Not now keeps the main site); a packer is told where it stands and whom to ask.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/Notice.tsx';
import { useSiteSettings } from '../../store/site-settings.ts';
import { deskSiteOf, useSites } from '../../store/sites.ts';

export function SiteChooser({ canChoose, onDone }: { canChoose: boolean; onDone(): void }): React.JSX.Element {
  const { t } = useTranslation();
  const sites = useSites((state) => state.sites);
  const here = useSites(deskSiteOf);
  const { status, error, chooseForDesk } = useSiteSettings();
  if (!canChoose)
    return (
      <p className="notice notice--warning" role="status">
        {t('sites.packerNote', { site: here?.attributes.name ?? '' })}{' '}
        <button type="button" className="link" onClick={onDone}>
          {t('sites.understood')}
        </button>
      </p>
    );
  return (
    <section className="card first-run" aria-labelledby="site-chooser-heading">
      <h2 id="site-chooser-heading">{t('sites.whichSite')}</h2>
      <p className="muted">{t('sites.whichSiteLead')}</p>
      <div className="form-actions">
        {sites.map((site) => (
          <button
            key={site.id}
            type="button"
            className={site.id === here?.id ? 'primary' : 'secondary'}
            disabled={status === 'saving'}
            onClick={() => void chooseForDesk(site.id).then((chosen) => chosen && onDone())}
          >
            {site.attributes.name}
          </button>
        ))}
        <button type="button" className="link" onClick={onDone}>
          {t('sites.notNow', { site: here?.attributes.name ?? '' })}
        </button>
      </div>
      <ErrorNotice message={error} />
    </section>
  );
}
