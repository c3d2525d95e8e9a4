// The integration events' records: what changed, for which client, and a snapshot of the record it concerns, as
// the store wrote it in the same transaction as the change. The API turns the snapshot into a JSON:API resource.
import type { ClosedDayResource, EventType, OrderImportResource } from '../../src-shared/events.ts';
import type { PrintJobRecord } from './print-job.ts';
import type { ShipmentRecord, TrackingEvent } from './shipment.ts';

/** The record an event concerns, as it was when the event was written. */
export type EventSnapshot =
  | { kind: 'shipment'; shipment: ShipmentRecord }
  | { kind: 'tracking'; shipment: ShipmentRecord; latest: TrackingEvent | undefined; event?: TrackingEvent }
  | { kind: 'printJob'; printJob: PrintJobRecord }
  | { kind: 'other'; resource: ClosedDayResource | OrderImportResource };

export interface NewStationEvent {
  type: EventType;
  clientId: string;
  sandbox: boolean;
  subjectType: string;
  subjectId: string;
  snapshot: EventSnapshot;
}

export interface StationEventRecord extends NewStationEvent {
  id: string;
  at: string;
}

export interface EventFilter {
  /** One client's events, or every client's (null: a webhook registered for all). */
  clientId: string | null;
  /** Only the sandbox's, or only live ones; null for both. */
  sandbox: boolean | null;
  /** Events with a greater id, oldest first. */
  after: number;
  /** Only these types; null for every type. */
  types: readonly string[] | null;
  limit: number;
}
