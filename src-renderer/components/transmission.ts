// A manifest's way to its upstream service in words, as the Outbox and the Close day screen show it.
import type { ManifestTransmission } from '../../src-shared/manifests.ts';

const time = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

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
