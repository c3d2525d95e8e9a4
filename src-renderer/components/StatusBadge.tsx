// The shipment status as a badge: saved (0, awaiting a confirm), waiting (0, for the station's timer),
// processed (3), error (-1).
import React from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../i18n/messages/en.ts';

export function statusLabel(status: number, scheduled: boolean): { label: MessageKey; tone: string } {
  if (status === 0) return scheduled ? { label: 'status.waiting', tone: 'waiting' } : { label: 'status.saved', tone: 'saved' };
  if (status === 3) return { label: 'status.processed', tone: 'ok' };
  if (status === -1) return { label: 'status.error', tone: 'error' };
  return { label: 'status.other', tone: 'waiting' };
}

export function StatusBadge({ status, scheduled }: { status: number; scheduled: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const badge = statusLabel(status, scheduled);
  return <span className={`badge badge--${badge.tone}`}>{t(badge.label, { status })}</span>;
}
