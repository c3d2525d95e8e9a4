// Event resources: the event's type, time and client, with the JSON:API resource it concerns drawn from the
// snapshot the store kept, so a replay shows the shipment or print job as it was then, not as it is now.
import type { EventResource } from '../../../src-shared/events.ts';
import type { StationEventRecord } from '../../domain/event.ts';
import { printJobResource } from './printing.ts';
import { shipmentResource, trackingResource } from './shipment.ts';

/** `apiBase` and `trackingBase`: what the resource's links are built on, as for any answer of this request. */
export function eventResource(event: StationEventRecord, apiBase: string, trackingBase: string): EventResource {
  const snapshot = event.snapshot;
  const resource =
    snapshot.kind === 'shipment'
      ? shipmentResource(snapshot.shipment, apiBase, trackingBase)
      : snapshot.kind === 'tracking'
        ? trackingResource(snapshot.shipment, snapshot.latest, snapshot.event)
        : snapshot.kind === 'printJob'
          ? printJobResource(snapshot.printJob, apiBase)
          : snapshot.resource;
  return {
    type: 'event',
    id: event.id,
    attributes: { eventType: event.type, occurredAt: event.at, clientId: event.clientId, sandbox: event.sandbox, resource },
  } satisfies EventResource;
}
