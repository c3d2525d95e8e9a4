// A shipment's special services among its facts on Shipments, in the packer's words: who signs, the cash to collect,
// Saturday or Sunday delivery, and each package's dry ice, lithium batteries and dangerous goods. Nothing when none.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MINIMUM_AGE } from '../../../src-shared/shipment-options.ts';
import type { ShipmentResource as Shipment } from '../../../src-shared/resources.ts';
import { formatMoney, formatWeight } from '../../i18n/format.ts';

export function ServiceFacts({ attributes }: { attributes: Shipment['attributes'] }): React.JSX.Element | null {
  const { t } = useTranslation();
  const services = attributes.services;
  const parts: string[] = [];
  const level = services?.deliveryConfirmation;
  if (level && level !== 'none')
    parts.push(
      level === 'adultSignature'
        ? t('shipments.adultSignature', { age: services.minimumAge ?? DEFAULT_MINIMUM_AGE })
        : t('form.confirmationLevel', { level }),
    );
  const cod = services?.cashOnDelivery;
  if (cod) parts.push(t('shipments.cod', { amount: formatMoney(Number(cod.amount), cod.currency) }));
  if (services?.saturdayDelivery) parts.push(t('form.saturdayDelivery'));
  if (services?.sundayDelivery) parts.push(t('form.sundayDelivery'));
  attributes.packages.forEach((pkg, index) => {
    const held = [
      ...(pkg.dryIceKg !== undefined ? [t('shipments.dryIce', { weight: formatWeight(Number(pkg.dryIceKg)) })] : []),
      ...(pkg.lithiumBatteries
        ? [
            `${t('form.lithiumType', { type: pkg.lithiumBatteries.type })} (${t('form.lithiumPackingOption', { packing: pkg.lithiumBatteries.packing })})`,
          ]
        : []),
      ...(pkg.dangerousGoods ?? []).map((good) => `${good.unNumber} ${good.properShippingName}`),
    ];
    if (held.length > 0) parts.push(t('shipments.packageHolds', { number: index + 1, held: held.join(', ') }));
  });
  if (parts.length === 0) return null;
  return (
    <>
      <dt>{t('form.services')}</dt>
      <dd>{parts.join('; ')}</dd>
    </>
  );
}
