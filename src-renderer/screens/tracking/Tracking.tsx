// Tracking lookup for the desk: a barcode scanner types the tracking number (or reference) and Enter. After each
// lookup the field's text is selected, so the next scan replaces it instead of adding to it.
import React, { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { trackingStatusName } from '../../i18n/domain-names.ts';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useTracking } from '../../store/tracking.ts';
import { CarrierFacts } from '../../components/CarrierFacts.tsx';

export function TrackingScreen(): React.JSX.Element {
  const { t } = useTranslation();
  const { query, searched, status, shipment, tracking, error, setQuery, lookup } = useTracking();
  const meta = shipment?.meta;
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (status === 'idle' || status === 'loading') return;
    field.current?.focus();
    field.current?.select();
  }, [status, shipment]);
  return (
    <div className="tracking">
      <form
        className="card filters"
        onSubmit={(event) => {
          event.preventDefault();
          void lookup();
        }}
      >
        <Field label={t('tracking.query')} value={query} onValue={setQuery} inputRef={field} autoFocus wide autoComplete="off" />
        <button type="submit" className="primary">
          {t('tracking.track')}
        </button>
      </form>
      {status === 'loading' ? <Loading label={t('tracking.loading')} /> : null}
      <ErrorNotice message={error} />
      {status === 'not-found' ? <ErrorNotice message={t('tracking.notFound', { query: searched })} /> : null}
      {status === 'ready' && shipment && meta ? (
        <section className="card" aria-label={t('tracking.result')}>
          <h2>
            {tracking ? trackingStatusName(tracking.attributes.trackingStatus) : t('tracking.notProcessed')}{' '}
            <StatusBadge status={meta.status} scheduled={meta.scheduledProcessing} />
          </h2>
          <dl className="facts">
            <dt>{t('tracking.date')}</dt>
            <dd>{tracking?.attributes.trackingDate ?? t('common.none')}</dd>
            <dt>{t('shipment.reference')}</dt>
            <dd>{meta.reference}</dd>
            <CarrierFacts meta={meta} />
            <dt>{t('shipment.receiver')}</dt>
            <dd>
              {shipment.attributes.shipTo.name}, {shipment.attributes.shipTo.city} ({shipment.attributes.shipTo.country})
            </dd>
            <dt>{t('shipment.trackingLink')}</dt>
            <dd>
              {shipment.links?.tracking ? (
                <a href={shipment.links.tracking} target="_blank" rel="noreferrer">
                  {shipment.links.tracking}
                </a>
              ) : (
                t('common.none')
              )}
            </dd>
          </dl>
        </section>
      ) : null}
    </div>
  );
}
