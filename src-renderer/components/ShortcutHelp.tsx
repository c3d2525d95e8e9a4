// The keyboard's map, opened with ? anywhere but in a text field: every shortcut of the desk in one dialog, so a
// packer who never touches the mouse can learn them. Escape closes it and the focus goes back where it was.
import React, { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../i18n/messages/en.ts';
import { useFocusReturn } from './focus-return.ts';

const SHORTCUTS: readonly { keys: MessageKey; does: MessageKey }[] = [
  { keys: 'help.keys.help', does: 'help.does.help' },
  { keys: 'help.keys.skip', does: 'help.does.skip' },
  { keys: 'help.keys.scan', does: 'help.does.scan' },
  { keys: 'help.keys.rates', does: 'help.does.rates' },
  { keys: 'help.keys.chooseRate', does: 'help.does.chooseRate' },
  { keys: 'help.keys.confirm', does: 'help.does.confirm' },
  { keys: 'help.keys.ship', does: 'help.does.ship' },
  { keys: 'help.keys.services', does: 'help.does.services' },
  { keys: 'help.keys.verify', does: 'help.does.verify' },
  { keys: 'help.keys.returnReason', does: 'help.does.returnReason' },
  { keys: 'help.keys.acknowledge', does: 'help.does.acknowledge' },
  { keys: 'help.keys.close', does: 'help.does.close' },
];

/** Whether a key press is typing into a field (where ? is a character, not a shortcut). */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable ||
      target.tagName === 'TEXTAREA' ||
      target.tagName === 'SELECT' ||
      (target.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'submit'].includes((target as HTMLInputElement).type)))
  );
}

export function ShortcutHelp(): React.JSX.Element | null {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  useFocusReturn(open, dialog);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === '?' && !typing(event.target) && !event.ctrlKey && !event.altKey && !event.metaKey) {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  if (!open) return null;
  const close = () => setOpen(false);
  return (
    <div className="overlay" onClick={close}>
      <div
        ref={dialog}
        className="card overlay__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="help-title"
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            close();
          }
        }}
      >
        <h2 id="help-title">{t('help.title')}</h2>
        <table className="list">
          <thead>
            <tr>
              <th scope="col">{t('help.key')}</th>
              <th scope="col">{t('help.action')}</th>
            </tr>
          </thead>
          <tbody>
            {SHORTCUTS.map((shortcut) => (
              <tr key={shortcut.keys}>
                <th scope="row">
                  <kbd>{t(shortcut.keys)}</kbd>
                </th>
                <td>{t(shortcut.does)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" className="primary" onClick={close}>
          {t('common.close')}
        </button>
      </div>
    </div>
  );
}
