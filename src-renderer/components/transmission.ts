// A manifest's way to its upstream service in words, as the Outbox and the Close day screen show it.
import type { ManifestTransmission } from '../../src-shared/manifests.ts';
import { stationTime } from '../store/station-clock.ts';

const time = stationTime;

export function transmissionText(transmission: ManifestTransmission): string {
  switch (transmission.status) {
    case 'none':
      return '';
    case 'pending':
      return transmission.error ? `Waiting to be sent: ${transmission.error}; next try at ${transmission.nextTryAt ? time(transmission.nextTryAt) : 'once it answers'}` : 'Waiting to be sent';
    case 'sent':
      return `Sent, ${transmission.remoteNumber ?? ''} upstream`;
    case 'failed':
      return `Refused upstream: ${transmission.error ?? 'no reason given'}`;
  }
}
