// The shipment status as a badge: waiting (0), processed (3), error (-1).
import React from 'react';

const BADGES: Record<number, { label: string; tone: string }> = {
  0: { label: 'waiting', tone: 'waiting' },
  3: { label: 'processed', tone: 'ok' },
  [-1]: { label: 'error', tone: 'error' },
};

export function StatusBadge({ status }: { status: number }): React.JSX.Element {
  const badge = BADGES[status] ?? { label: String(status), tone: 'waiting' };
  return <span className={`badge badge--${badge.tone}`}>{badge.label}</span>;
}
