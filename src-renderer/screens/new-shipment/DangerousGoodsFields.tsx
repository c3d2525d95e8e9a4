// A package's dangerous-goods records in the Special services panel: up to three, each its UN number, proper
// shipping name, class, packing group, pieces and net weight, as a carrier's dangerous-goods declaration asks them.
// Each field shows the fault the desk's own check (or the station) found at its pointer.
import React, { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_DANGEROUS_GOODS, PACKING_GROUPS } from '../../../src-shared/shipment-options.ts';
import { Field } from '../../components/Field.tsx';
import { useNewShipment, type DangerousGoodDraft, type PackageDraft } from '../../store/new-shipment.ts';

/** An example UN number (perfume), the same in every language. */
const UN_EXAMPLE = 'UN1266';

export function DangerousGoodsFields({
  index,
  pkg,
  error,
}: {
  index: number;
  pkg: PackageDraft;
  /** The fault at a pointer under /data/attributes/, in the packer's words. */
  error(pointer: string): string | undefined;
}): React.JSX.Element {
  const { t } = useTranslation();
  const addDangerousGood = useNewShipment((state) => state.addDangerousGood);
  const setDangerousGood = useNewShipment((state) => state.setDangerousGood);
  const removeDangerousGood = useNewShipment((state) => state.removeDangerousGood);
  const listError = error(`packages/${index}/dangerousGoods`);
  // A record just added takes the focus at its UN number: the packer types on without reaching for the mouse.
  const count = pkg.dangerousGoods.length;
  const counted = useRef(count);
  const add = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (count > counted.current) document.getElementById(`package-${index}-dg-${count - 1}-un`)?.focus();
    counted.current = count;
  }, [count, index]);
  return (
    <div className="dangerous-goods">
      {pkg.dangerousGoods.map((entry, number) => {
        const at = (field: keyof DangerousGoodDraft) => error(`packages/${index}/dangerousGoods/${number}/${field}`);
        const id = `package-${index}-dg-${number}`;
        const change = (field: keyof DangerousGoodDraft) => (value: string) => setDangerousGood(index, number, { [field]: value });
        return (
          <fieldset className="package-row" key={number} aria-label={t('form.dgEntry', { package: index + 1, number: number + 1 })}>
            <Field
              id={`${id}-un`}
              label={t('form.dgUnNumber')}
              placeholder={UN_EXAMPLE}
              value={entry.unNumber}
              onValue={change('unNumber')}
              error={at('unNumber')}
              autoComplete="off"
              size={8}
            />
            <Field
              id={`${id}-name`}
              label={t('form.dgName')}
              value={entry.properShippingName}
              onValue={change('properShippingName')}
              error={at('properShippingName')}
              autoComplete="off"
            />
            <Field
              id={`${id}-class`}
              label={t('form.dgClass')}
              placeholder="3"
              value={entry.class}
              onValue={change('class')}
              error={at('class')}
              autoComplete="off"
              size={4}
            />
            <div className="field">
              <label htmlFor={`${id}-group`}>{t('form.dgPackingGroup')}</label>
              <select
                id={`${id}-group`}
                aria-invalid={at('packingGroup') ? true : undefined}
                aria-describedby={at('packingGroup') ? `${id}-group-error` : undefined}
                value={entry.packingGroup}
                onChange={(event) =>
                  setDangerousGood(index, number, { packingGroup: event.target.value as DangerousGoodDraft['packingGroup'] })
                }
              >
                <option value="">{t('form.dgNoPackingGroup')}</option>
                {PACKING_GROUPS.map((group) => (
                  <option key={group} value={group}>
                    {group}
                  </option>
                ))}
              </select>
              {at('packingGroup') ? (
                <span className="field__error" id={`${id}-group-error`}>
                  {at('packingGroup')}
                </span>
              ) : null}
            </div>
            <Field
              id={`${id}-quantity`}
              label={t('form.dgQuantity')}
              inputMode="numeric"
              value={entry.quantity}
              onValue={change('quantity')}
              error={at('quantity')}
              size={4}
            />
            <Field
              id={`${id}-net`}
              label={t('form.dgNetWeight')}
              inputMode="decimal"
              value={entry.netWeightKg}
              onValue={change('netWeightKg')}
              error={at('netWeightKg')}
              size={6}
            />
            <button
              type="button"
              className="link"
              onClick={() => {
                removeDangerousGood(index, number);
                // The focus goes to the record before, or to Add: never lost to the page's top.
                const before = document.getElementById(`package-${index}-dg-${number - 1}-un`);
                setTimeout(() => (before ?? add.current)?.focus(), 0);
              }}
            >
              {t('form.dgRemove', { number: number + 1 })}
            </button>
          </fieldset>
        );
      })}
      {listError ? <span className="field__error">{listError}</span> : null}
      {pkg.dangerousGoods.length < MAX_DANGEROUS_GOODS ? (
        <button type="button" ref={add} onClick={() => addDangerousGood(index)}>
          {t('form.dgAdd', { package: index + 1 })}
        </button>
      ) : null}
    </div>
  );
}
