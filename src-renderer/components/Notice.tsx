// Error and status messages: errors are announced (role=alert). What a store keeps as a Said (i18n/said.ts) is
// worded here, as it is shown, in the desk's language of the moment.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { sayIt, type Said } from '../i18n/said.ts';

export function ErrorNotice({ message }: { message: string | Said | null }): React.JSX.Element | null {
  // Subscribes to the language: a switch words a held refusal again.
  useTranslation();
  if (!message) return null;
  return (
    <div className="notice notice--error" role="alert">
      {typeof message === 'string' ? message : sayIt(message)}
    </div>
  );
}

export function Loading({ label }: { label: string }): React.JSX.Element {
  return (
    <div className="notice notice--loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label}
    </div>
  );
}
