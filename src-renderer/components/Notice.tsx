// Error and status messages: errors are announced (role=alert) and show the station's own text.
import React from 'react';

export function ErrorNotice({ message }: { message: string | null }): React.JSX.Element | null {
  if (!message) return null;
  return (
    <div className="notice notice--error" role="alert">
      {message}
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
