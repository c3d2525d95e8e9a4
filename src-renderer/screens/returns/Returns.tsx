// The Returns desk, keyboard first like scan-to-ship: scan the sale's tracking number or order number (the scanner
// ends with Enter), press the reason's digit, press Enter: the return label is made and printed. Four keys at most
// beyond the scan; the focus comes back to the scan field for the next parcel.
import React, { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RETURN_REASONS } from '../../../src-shared/returns.ts';
import { returnReasonName } from '../../i18n/domain-names.ts';
import { sayIt } from '../../i18n/said.ts';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { useReturns } from '../../store/returns.ts';
import { CarrierFacts } from '../../components/CarrierFacts.tsx';

export function Returns(): React.JSX.Element {
  const { t } = useTranslation();
  const state = useReturns();
  const { original, made } = state;
  const scan = useRef<HTMLInputElement>(null);
  const reasons = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (state.status === 'ready' && original)
      reasons.current?.querySelector<HTMLInputElement>('input[type=radio]:checked, input[type=radio]')?.focus();
    if (state.status === 'made' || state.status === 'not-found' || state.status === 'idle') {
      scan.current?.focus();
      scan.current?.select();
    }
  }, [state.status, original]);

  return (
    <div className="returns">
      <form
        className="card filters"
        onSubmit={(event) => {
          event.preventDefault();
          void state.lookup();
        }}
      >
        <Field label={t('returns.query')} value={state.query} onValue={state.setQuery} inputRef={scan} autoFocus wide autoComplete="off" />
        <button type="submit" className="primary">
          {t('returns.find')}
        </button>
      </form>
      {state.status === 'loading' ? <Loading label={t('tracking.loading')} /> : null}
      <ErrorNotice message={state.error} />
      {state.status === 'not-found' ? <ErrorNotice message={t('returns.notFound', { query: state.query.trim() })} /> : null}
      {original && (state.status === 'ready' || state.status === 'making') ? (
        <form
          className="card"
          aria-label={t('shipments.return')}
          onSubmit={(event) => {
            event.preventDefault();
            void state.make();
          }}
          onKeyDown={(event) => {
            const digit = Number(event.key);
            if (event.target instanceof HTMLTextAreaElement || (event.target instanceof HTMLInputElement && event.target.type === 'text'))
              return;
            if (Number.isInteger(digit) && digit >= 1 && digit <= RETURN_REASONS.length) {
              event.preventDefault();
              state.choose(digit);
              reasons.current?.querySelectorAll<HTMLInputElement>('input[type=radio]')[digit - 1]?.focus();
            }
          }}
        >
          <h2>{t('returns.heading', { reference: original.meta?.reference ?? '', sender: original.attributes.shipFrom.name })}</h2>
          <p className="muted">
            {t('returns.from', {
              name: original.attributes.shipTo.name,
              city: original.attributes.shipTo.city,
              country: original.attributes.shipTo.country,
              packages: original.attributes.packages.length,
            })}{' '}
            <span className="mono">{original.meta?.trackingNumber}</span>
          </p>
          <fieldset ref={reasons} className="returns__reasons">
            <legend>{t('returns.why', { last: RETURN_REASONS.length })}</legend>
            {RETURN_REASONS.map((reason, index) => (
              <label key={reason} className="radio">
                <input
                  type="radio"
                  name="return-reason"
                  value={reason}
                  checked={state.reason === reason}
                  onChange={() => state.choose(reason)}
                />
                {t('returns.reasonOption', { number: index + 1, reason: returnReasonName(reason) })}
              </label>
            ))}
          </fieldset>
          <Field label={t('returns.note')} value={state.note} onValue={state.setNote} wide autoComplete="off" />
          <label className="checkbox">
            <input type="checkbox" checked={state.print} onChange={(event) => state.setPrint(event.target.checked)} />{' '}
            {t('returns.printNow')}
          </label>
          <button type="submit" className="primary" disabled={!state.reason || state.status === 'making'}>
            {state.status === 'making' ? t('returns.making') : t('returns.make')}
          </button>
        </form>
      ) : null}
      {state.status === 'made' && made ? (
        <section className="card" aria-label={t('returns.made')} role="status">
          <h2>{t('returns.madeHeading')}</h2>
          <dl className="facts">
            <dt>{t('shipment.reference')}</dt>
            <dd>{made.meta?.reference}</dd>
            <CarrierFacts meta={made.meta} />
            <dt>{t('returns.printed')}</dt>
            <dd>
              {state.printJob
                ? t('returns.printedOn', { printer: state.printJob.attributes.printer })
                : state.printError
                  ? t('returns.notPrinted', { reason: sayIt(state.printError) })
                  : t('returns.printNotAsked')}
            </dd>
          </dl>
        </section>
      ) : null}
    </div>
  );
}
