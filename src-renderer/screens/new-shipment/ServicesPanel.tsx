// The special services of the shipment, as a disclosure in the form, closed by default: delivery confirmation,
// cash on delivery, Saturday delivery, and each package's dry ice and lithium batteries. Alt+O opens and closes it
// from anywhere on New shipment (and moves the focus into it), Tab then Enter on its button does the same.
// Each package's dangerous-goods records are DangerousGoodsFields.
import React, { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COD_METHODS,
  DELIVERY_CONFIRMATIONS,
  LITHIUM_PACKINGS,
  LITHIUM_TYPES,
  MINIMUM_AGES,
} from '../../../src-shared/shipment-options.ts';
import { sayIt } from '../../i18n/said.ts';
import { Field } from '../../components/Field.tsx';
import { DangerousGoodsFields } from './DangerousGoodsFields.tsx';
import { useNewShipment, type LithiumPacking, type LithiumType, type MinimumAge } from '../../store/new-shipment.ts';
import type { DeliveryConfirmation } from '../../../src-shared/shipment-options.ts';

/** Delivery on a weekend day: a checkbox each. */
const WEEKEND_DAYS = [
  { member: 'saturdayDelivery', id: 'saturday-delivery', label: 'form.saturdayDelivery' },
  { member: 'sundayDelivery', id: 'sunday-delivery', label: 'form.sundayDelivery' },
] as const;

export function ServicesPanel(): React.JSX.Element {
  const { t } = useTranslation();
  const services = useNewShipment((state) => state.services);
  const packages = useNewShipment((state) => state.packages);
  const errors = useNewShipment((state) => state.errors);
  const setServices = useNewShipment((state) => state.setServices);
  const setPackageOptions = useNewShipment((state) => state.setPackageOptions);
  const error = (pointer: string) => {
    const said = errors[`/data/attributes/${pointer}`];
    return said ? sayIt(said) : undefined;
  };
  const hasError = Object.keys(errors).some(
    (pointer) =>
      pointer.startsWith('/data/attributes/services') ||
      /^\/data\/attributes\/packages\/\d+\/(dryIceKg|lithiumBatteries|dangerousGoods)/.test(pointer),
  );
  const [open, setOpen] = useState(false);
  const shown = open || hasError;
  const toggle = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLSelectElement>(null);

  // Alt+O, wherever the packer is on the screen: opens the panel at its first field, or closes it back to its button.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.code !== 'KeyO') return;
      event.preventDefault();
      setOpen((was) => {
        const next = !was;
        setTimeout(() => (next ? first.current : toggle.current)?.focus(), 0);
        return next;
      });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const asked =
    (services.deliveryConfirmation !== 'none' ? 1 : 0) +
    (services.codAmount !== '' ? 1 : 0) +
    (services.saturdayDelivery ? 1 : 0) +
    (services.sundayDelivery ? 1 : 0) +
    packages.filter((pkg) => pkg.dryIceKg !== '' || pkg.lithiumType !== '' || pkg.dangerousGoods.length > 0).length;

  return (
    <section className="card services-panel" aria-labelledby="services-heading">
      <div className="card__head">
        <h2 id="services-heading">
          <button
            ref={toggle}
            type="button"
            className="link"
            aria-expanded={shown}
            aria-controls="services-body"
            aria-keyshortcuts="Alt+O"
            onClick={() => setOpen(!shown)}
          >
            {t('form.services')}
          </button>
        </h2>
        <span className="muted">
          {t('form.servicesAsked', { count: asked })} · {t('form.servicesShortcut')}
        </span>
      </div>
      {shown ? (
        <div id="services-body">
          <div className="grid">
            <div className="field">
              <label htmlFor="delivery-confirmation">{t('form.deliveryConfirmation')}</label>
              <select
                id="delivery-confirmation"
                ref={first}
                value={services.deliveryConfirmation}
                onChange={(event) => setServices({ deliveryConfirmation: event.target.value as DeliveryConfirmation })}
              >
                {DELIVERY_CONFIRMATIONS.map((level) => (
                  <option key={level} value={level}>
                    {t('form.confirmationLevel', { level })}
                  </option>
                ))}
              </select>
              {error('services/deliveryConfirmation') ? (
                <span className="field__error">{error('services/deliveryConfirmation')}</span>
              ) : null}
            </div>
            {services.deliveryConfirmation === 'adultSignature' ? (
              <div className="field">
                <label htmlFor="minimum-age">{t('form.minimumAge')}</label>
                <select
                  id="minimum-age"
                  value={services.minimumAge}
                  onChange={(event) => setServices({ minimumAge: Number(event.target.value) as MinimumAge })}
                >
                  {MINIMUM_AGES.map((age) => (
                    <option key={age} value={age}>
                      {age}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <Field
              label={t('form.codAmount')}
              inputMode="decimal"
              value={services.codAmount}
              onValue={(value) => setServices({ codAmount: value })}
              error={error('services/cashOnDelivery/amount') ?? error('services/cashOnDelivery')}
            />
            <Field
              label={t('form.codCurrency')}
              value={services.codCurrency}
              onValue={(value) => setServices({ codCurrency: value })}
              error={error('services/cashOnDelivery/currency')}
              autoComplete="off"
            />
            <div className="field">
              <label htmlFor="cod-method">{t('form.codMethod')}</label>
              <select
                id="cod-method"
                value={services.codMethod}
                onChange={(event) => setServices({ codMethod: event.target.value as (typeof COD_METHODS)[number] })}
              >
                {COD_METHODS.map((method) => (
                  <option key={method} value={method}>
                    {t('form.codMethodOption', { method })}
                  </option>
                ))}
              </select>
            </div>
            {WEEKEND_DAYS.map((day) => (
              <div className="field field--check" key={day.member}>
                <input
                  id={day.id}
                  type="checkbox"
                  checked={services[day.member]}
                  onChange={(event) => setServices({ [day.member]: event.target.checked })}
                />
                <label htmlFor={day.id}>{t(day.label)}</label>
              </div>
            ))}
          </div>
          {packages.map((pkg, index) => (
            <fieldset className="package-row" key={index}>
              <legend>{t('form.packageServices', { number: index + 1 })}</legend>
              <Field
                id={`package-${index}-dry-ice`}
                label={t('form.dryIce')}
                inputMode="decimal"
                value={pkg.dryIceKg}
                onValue={(value) => setPackageOptions(index, { dryIceKg: value })}
                error={error(`packages/${index}/dryIceKg`)}
              />
              <div className="field">
                <label htmlFor={`package-${index}-lithium`}>{t('form.lithium')}</label>
                <select
                  id={`package-${index}-lithium`}
                  value={pkg.lithiumType}
                  onChange={(event) => setPackageOptions(index, { lithiumType: event.target.value as '' | LithiumType })}
                >
                  {(['', ...LITHIUM_TYPES] as const).map((type) => (
                    <option key={type} value={type}>
                      {t('form.lithiumType', { type: type === '' ? 'none' : type })}
                    </option>
                  ))}
                </select>
                {error(`packages/${index}/lithiumBatteries`) ? (
                  <span className="field__error">{error(`packages/${index}/lithiumBatteries`)}</span>
                ) : null}
              </div>
              {pkg.lithiumType !== '' ? (
                <>
                  <div className="field">
                    <label htmlFor={`package-${index}-lithium-packing`}>{t('form.lithiumPacking')}</label>
                    <select
                      id={`package-${index}-lithium-packing`}
                      value={pkg.lithiumPacking}
                      onChange={(event) => setPackageOptions(index, { lithiumPacking: event.target.value as LithiumPacking })}
                    >
                      {LITHIUM_PACKINGS.map((packing) => (
                        <option key={packing} value={packing}>
                          {t('form.lithiumPackingOption', { packing })}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="field field--check">
                    <input
                      id={`package-${index}-lithium-section2`}
                      type="checkbox"
                      checked={pkg.lithiumSection2}
                      onChange={(event) => setPackageOptions(index, { lithiumSection2: event.target.checked })}
                    />
                    <label htmlFor={`package-${index}-lithium-section2`}>{t('form.lithiumSection2')}</label>
                  </div>
                </>
              ) : null}
              <DangerousGoodsFields index={index} pkg={pkg} error={error} />
            </fieldset>
          ))}
        </div>
      ) : null}
    </section>
  );
}
