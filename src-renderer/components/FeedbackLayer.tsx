// The frame's feedback for every screen: the two live regions that announce outcomes to a screen reader (plain
// aria-live regions, so they are not mistaken for a screen's own status or alert), and the
// full-screen stop for a parcel that must not ship. The stop takes the focus and keeps it until the packer presses
// Enter, Escape or Space; the focus then goes back where it was, so the next scan lands in the same field.
import React, { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../feedback/feedback.ts';
import { useFocusReturn } from './focus-return.ts';
import { sayAny } from '../i18n/said.ts';

export function LiveRegions(): React.JSX.Element {
  // Subscribes to the language: what a store asked to be said is worded as it shows, in the language of that moment.
  useTranslation();
  const polite = useFeedback((state) => state.polite);
  const assertive = useFeedback((state) => state.assertive);
  return (
    <>
      <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="announcer-polite">
        {polite ? <span key={polite.serial}>{sayAny(polite.text)}</span> : null}
      </div>
      <div className="sr-only" aria-live="assertive" aria-atomic="true" data-testid="announcer-assertive">
        {assertive ? <span key={assertive.serial}>{sayAny(assertive.text)}</span> : null}
      </div>
    </>
  );
}

/** A scanner types its characters a few milliseconds apart; a person's Enter comes well after their last key. */
const SCANNER_GAP_MS = 300;

export function BlockedOverlay(): React.JSX.Element | null {
  const { t } = useTranslation();
  const reason = useFeedback((state) => state.blocked);
  const button = useRef<HTMLButtonElement>(null);
  /** When the last other key came: a scanner types fast, and its Enter must not acknowledge. */
  const lastOtherKey = useRef(0);

  useFocusReturn(Boolean(reason), button);
  useEffect(() => {
    if (!reason) return;
    // Every key goes to the stop while it shows, wherever the focus is: nothing typed or scanned reaches the
    // screen behind it. Only a deliberate key acknowledges: the Enter that ends a scanner's burst does not.
    const onKey = (event: KeyboardEvent) => {
      event.preventDefault();
      event.stopPropagation();
      if (event.type !== 'keydown' || event.repeat) return;
      const deliberate =
        event.key === 'Escape' || event.key === ' ' || (event.key === 'Enter' && event.timeStamp - lastOtherKey.current > SCANNER_GAP_MS);
      if (deliberate) useFeedback.getState().acknowledge();
      else if (event.key !== 'Enter') lastOtherKey.current = event.timeStamp;
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('keypress', onKey, true);
    window.addEventListener('keyup', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('keypress', onKey, true);
      // The key that acknowledged is released after the stop is gone: its keyup reaches nothing either.
      setTimeout(() => window.removeEventListener('keyup', onKey, true), 300);
    };
  }, [reason]);

  if (!reason) return null;
  const acknowledge = () => useFeedback.getState().acknowledge();
  return (
    <div className="blocked" role="alertdialog" aria-modal="true" aria-labelledby="blocked-title" aria-describedby="blocked-reason">
      <div className="blocked__box">
        <h2 id="blocked-title">{t('blocked.title')}</h2>
        <p id="blocked-reason" className="blocked__reason">
          {sayAny(reason)}
        </p>
        <button type="button" ref={button} className="blocked__acknowledge" onClick={acknowledge}>
          {t('blocked.acknowledge')}
        </button>
      </div>
    </div>
  );
}
