// The desk's names for the station's codes: tracking stages, audit actions, roles, return reasons and the station's
// own box presets. The API answers codes (for programs); people read these names, in their language.
import type { AuditAction } from '../../src-shared/resources.ts';
import { TRACKING_STATUSES, type TrackingStatusCode } from '../../src-shared/tracking-status.ts';
import { DEFAULT_BOX_NAMES } from '../../src-shared/packing-setup.ts';
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

/** A box preset's name: the station's own three in the desk's language, an admin's own name as they typed it. */
export function boxName(name: string): string {
  const own = (Object.keys(DEFAULT_BOX_NAMES) as (keyof typeof DEFAULT_BOX_NAMES)[]).find((size) => DEFAULT_BOX_NAMES[size] === name);
  return own ? translate(`box.${own}`) : name;
}
