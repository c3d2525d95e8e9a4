// Recording tracking events for processed shipments, as staff or a carrier feed report them: the event's
// status on the carrier-neutral scale and its time, checked here once for every caller.
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import { isCalendarDate } from '../../src-shared/calendar.ts';
import { STATUS } from '../../src-shared/shipment.ts';
import { TRACKING_STATUSES, isTrackingStatus } from '../../src-shared/tracking-status.ts';
import type { Actor } from '../domain/caller.ts';
import type { ShipmentRecord } from '../domain/shipment.ts';
import { requireRole, type AuditLog } from './audit-log.ts';
import type { Store } from '../store/index.ts';

export interface NewTrackingEvent {
  /** A code of the tracking status scale, as a number or its decimal text. */
  status: number | string;
  /** `YYYY-MM-DD HH:MM:SS`. */
  at: string;
  text?: string;
  location?: string;
}

export interface TrackingEventService {
  /** Records an event for the processed shipment with this id, reference or tracking number. */
  add(actor: Actor, shipmentKey: string, event: NewTrackingEvent): Promise<{ shipment: ShipmentRecord; status: number; at: string }>;
}

const EVENT_TIME = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

export function createTrackingEventService(store: Store, audit: AuditLog): TrackingEventService {
  return {
    async add(actor, shipmentKey, event) {
      requireRole(actor, 'supervisor', 'Recording tracking events');
      const statusText = String(event.status).trim();
      const status = Number(statusText);
      if (!/^\d+$/.test(statusText) || !isTrackingStatus(status)) {
        throw new StationError(400, ERROR_TEXT.invalidTrackingStatus(TRACKING_STATUSES.map((entry) => entry.code).join(', '), String(event.status)), { parameter: 'status' });
      }
      const time = EVENT_TIME.exec(event.at);
      if (!time || !isCalendarDate(time[1]!)) throw new StationError(400, ERROR_TEXT.invalidTrackingTime(event.at), { parameter: 'at' });
      const shipment = await store.shipments.findForAdmin(shipmentKey);
      if (!shipment || shipment.status !== STATUS.processed) throw new StationError(404, ERROR_TEXT.noProcessedShipment(shipmentKey));
      const logged = audit.change(actor, 'tracking-event.added', { type: 'shipment', id: shipment.id }, { reference: shipment.reference, status, at: event.at });
      await store.audited(logged, 'shipments', 'addEvent', shipment.id, { status, occurredAt: event.at, text: event.text ?? '', location: event.location ?? '' });
      return { shipment, status, at: event.at };
    },
  };
}
