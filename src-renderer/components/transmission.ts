// A manifest's way to its upstream service in words, as the Outbox and the Close day screen show it.
import type { ManifestTransmission } from '../../src-shared/manifests.ts';
import { formatTime } from '../i18n/format.ts';
import { translate } from '../i18n/i18n.ts';

/** `timeZone`: the station's, for the time of the next try. */
export function transmissionText(transmission: ManifestTransmission, timeZone: string): string {
  switch (transmission.status) {
    case 'none':
      return '';
    case 'pending':
      if (!transmission.error) return translate('transmission.pending');
      return transmission.nextTryAt
        ? translate('transmission.retrying', { error: transmission.error, time: formatTime(transmission.nextTryAt, timeZone) })
        : translate('transmission.retryingOnceAnswers', { error: transmission.error });
    case 'sent':
      return translate('transmission.sent', { number: transmission.remoteNumber ?? '' });
    case 'failed':
      return transmission.error
        ? translate('transmission.refused', { error: transmission.error })
        : translate('transmission.refusedNoReason');
  }
}
