// The shipment status as a badge: saved (0, awaiting a confirm), waiting (0, for the station's timer),
// processed (3), error (-1).
import React from 'react';

export function statusLabel(status: number, scheduled: boolean): { label: string; tone: string } {
  if (status === 0) return scheduled ? { label: 'waiting', tone: 'waiting' } : { label: 'saved', tone: 'saved' };
  if (status === 3) return { label: 'processed', tone: 'ok' };
  if (status === -1) return { label: 'error', tone: 'error' };
  return { label: String(status), tone: 'waiting' };
}

export function StatusBadge({ status, scheduled }: { status: number; scheduled: boolean }): React.JSX.Element {
  const badge = statusLabel(status, scheduled);
  return <span className={`badge badge--${badge.tone}`}>{badge.label}</span>;
}
