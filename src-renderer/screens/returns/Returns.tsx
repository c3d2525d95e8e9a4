// The Returns desk, keyboard first like scan-to-ship: scan the sale's tracking number or order number (the scanner
// ends with Enter), press the reason's digit, press Enter: the return label is made and printed. Four keys at most
// beyond the scan; the focus comes back to the scan field for the next parcel.
import React, { useEffect, useRef } from 'react';
import { RETURN_REASONS, RETURN_REASON_WORDS } from '../../../src-shared/returns.ts';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice, Loading } from '../../components/Notice.tsx';
import { useReturns } from '../../store/returns.ts';

export function Returns(): React.JSX.Element {
  const state = useReturns();
  const { original, made } = state;
  const scan = useRef<HTMLInputElement>(null);
  const reasons = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (state.status === 'ready' && original) reasons.current?.querySelector<HTMLInputElement>('input[type=radio]:checked, input[type=radio]')?.focus();
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
        <Field label="Tracking number or order number of the sale" value={state.query} onValue={state.setQuery} inputRef={scan} autoFocus wide autoComplete="off" />
        <button type="submit" className="primary">
          Find
        </button>
      </form>
      {state.status === 'loading' ? <Loading label="Looking it up…" /> : null}
      <ErrorNotice message={state.error} />
      {state.status === 'not-found' ? <ErrorNotice message={`No sent shipment has the tracking number, reference or order number “${state.query.trim()}”.`} /> : null}
      {original && (state.status === 'ready' || state.status === 'making') ? (
        <form
          className="card"
          aria-label="Return"
          onSubmit={(event) => {
            event.preventDefault();
            void state.make();
          }}
          onKeyDown={(event) => {
            const digit = Number(event.key);
            if (event.target instanceof HTMLTextAreaElement || (event.target instanceof HTMLInputElement && event.target.type === 'text')) return;
            if (Number.isInteger(digit) && digit >= 1 && digit <= RETURN_REASONS.length) {
              event.preventDefault();
              state.choose(digit);
              reasons.current?.querySelectorAll<HTMLInputElement>('input[type=radio]')[digit - 1]?.focus();
            }
          }}
        >
          <h2>
            Return of {original.meta?.reference} to {original.attributes.shipFrom.name}
          </h2>
          <p className="muted">
            From {original.attributes.shipTo.name}, {original.attributes.shipTo.city} ({original.attributes.shipTo.country}); {original.attributes.packages.length} package(s); tracking{' '}
            <span className="mono">{original.meta?.trackingNumber}</span>
          </p>
          <fieldset ref={reasons} className="returns__reasons">
            <legend>Why does it come back? (press 1 to {RETURN_REASONS.length})</legend>
            {RETURN_REASONS.map((reason, index) => (
              <label key={reason} className="radio">
                <input type="radio" name="return-reason" value={reason} checked={state.reason === reason} onChange={() => state.choose(reason)} />
                {index + 1}. {RETURN_REASON_WORDS[reason]}
              </label>
            ))}
          </fieldset>
          <Field label="Note (optional)" value={state.note} onValue={state.setNote} wide autoComplete="off" />
          <label className="checkbox">
            <input type="checkbox" checked={state.print} onChange={(event) => state.setPrint(event.target.checked)} /> Print the return label now
          </label>
          <button type="submit" className="primary" disabled={!state.reason || state.status === 'making'}>
            {state.status === 'making' ? 'Making the return label…' : 'Make return label'}
          </button>
        </form>
      ) : null}
      {state.status === 'made' && made ? (
        <section className="card" aria-label="Return made" role="status">
          <h2>Return label made</h2>
          <dl className="facts">
            <dt>Reference</dt>
            <dd>{made.meta?.reference}</dd>
            <dt>Carrier</dt>
            <dd>{made.meta?.carrierName ?? '—'}</dd>
            <dt>Tracking number</dt>
            <dd className="mono">{made.meta?.trackingNumber ?? '—'}</dd>
            <dt>Printed</dt>
            <dd>{state.printJob ? `on ${state.printJob.attributes.printer}` : state.printError ? `no: ${state.printError}` : 'not asked'}</dd>
          </dl>
        </section>
      ) : null}
    </div>
  );
}
