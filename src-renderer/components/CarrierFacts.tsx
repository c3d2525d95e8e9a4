// A shipment's carrier, tracking number and (when asked) cost, as the facts list of every screen that shows a
// booked shipment writes them: New shipment's label, the shipment detail, Tracking and Returns.
import React from 'react';
import { useTranslation } from 'react-i18next';
import type { ShipmentResource as Shipment } from '../../src-shared/resources.ts';
import { formatMoney } from '../i18n/format.ts';

export function CarrierFacts({ meta, cost = false }: { meta: Shipment['meta'] | undefined; cost?: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <>
      <dt>{t('shipment.carrier')}</dt>
      <dd>{meta?.carrierName ?? t('common.none')}</dd>
      <dt>{t('shipment.trackingNumber')}</dt>
      <dd className="mono">{meta?.trackingNumber ?? t('common.none')}</dd>
      {cost ? (
        <>
          <dt>{t('shipments.cost')}</dt>
          <dd>{meta?.finalCost ? formatMoney(meta.finalCost.amount, meta.finalCost.currency) : t('common.none')}</dd>
        </>
      ) : null}
    </>
  );
}
