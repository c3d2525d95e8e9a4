// The desk's names for the station's codes: tracking stages, audit actions, roles and return reasons. The API
// answers codes (for programs); people read these names, in their language.
import type { AuditAction } from '../../src-shared/resources.ts';
import { TRACKING_STATUSES, type TrackingStatusCode } from '../../src-shared/tracking-status.ts';
import { RETURN_REASONS, type ReturnReason } from '../../src-shared/returns.ts';
import { translate } from './i18n.ts';

/** A tracking stage's name, or "no tracking events yet". */
export function trackingStatusName(code: number | null): string {
  if (code === null) return translate('trackingStatus.none');
  return TRACKING_STATUSES.some((status) => status.code === code)
    ? translate(`trackingStatus.${code as TrackingStatusCode}`)
    : translate('trackingStatus.other', { code });
}

export function auditActionName(action: AuditAction): string {
  return translate(`audit.actions.${action}`);
}

/** A return reason in the packer's words; a code the desk does not know yet, as it is. */
export function returnReasonName(reason: string | null | undefined): string {
  const known = (RETURN_REASONS as readonly string[]).includes(reason ?? 'OTHER');
  return known ? translate(`returnReason.${(reason ?? 'OTHER') as ReturnReason}`) : (reason ?? '');
}
