// Recording tracking events for processed shipments, as staff or a carrier feed report them: the event's
// status on the carrier-neutral scale and its time, checked here once for every caller (the admin command, and
// supervisors and integrations through the API); each is audited and announced as a tracking.updated event.
// A time later than tomorrow on the station's calendar is refused: no place on earth is that far ahead, so it is a
// mistake (a wrong year or month). A time before the shipment was booked is taken: carriers report in their own
// local time, and a scan may be reported late or back-dated.
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import { addDays, dayIn, isCalendarDate, type StationCalendar } from '../../src-shared/calendar.ts';
import { STATUS } from '../../src-shared/shipment.ts';
import { TRACKING_EVENT_EXPECTS, TRACKING_EVENT_TEXT, TRACKING_LOCATION_MAX, TRACKING_TEXT_MAX } from '../../src-shared/tracking-events.ts';
import { TRACKING_STATUSES, isTrackingStatus } from '../../src-shared/tracking-status.ts';
import { actorOf, type Actor, type Caller } from '../domain/caller.ts';
import type { IdempotencyTicket } from '../domain/idempotency.ts';
import type { ShipmentRecord, TrackingEvent } from '../domain/shipment.ts';
import { requireRole, type AuditLog } from './audit-log.ts';
import { createCalendarService } from './calendar.ts';
import type { Store } from '../store/index.ts';

export interface NewTrackingEvent {
  /** A code of the tracking status scale, as a number or its decimal text. */
  status: number | string;
  /** `YYYY-MM-DD HH:MM:SS`. */
  at: string;
  text?: string;
  location?: string;
}

export interface RecordedTrackingEvent {
  shipment: ShipmentRecord;
  status: number;
  at: string;
  event: TrackingEvent;
  /** Its place in the shipment's history as GET …/tracking/events lists it (from 1, oldest first): its id there. */
  position: number;
}

export interface TrackingEventService {
  /** The admin command: an event for any client's processed shipment with this id, reference or tracking number. */
  add(actor: Actor, shipmentKey: string, event: NewTrackingEvent): Promise<RecordedTrackingEvent>;
  /** The API: an event for the caller's own processed shipment (live or sandbox, as it calls) with this id. */
  addFor(caller: Caller, shipmentId: string, event: NewTrackingEvent, ticket?: IdempotencyTicket): Promise<RecordedTrackingEvent>;
  /**
   * The event a request with an Idempotency-Key recorded, found again after the station stopped before answering
   * (the key names the shipment; the same key came with the same body, so the event is the body's).
   */
  recorded(caller: Caller, shipmentId: string, event: NewTrackingEvent): Promise<RecordedTrackingEvent | undefined>;
}

export interface TrackingEventDeps {
  clock?: () => Date;
  /** The station's calendar: "tomorrow" is counted in its time zone. */
  calendar?: () => Promise<StationCalendar>;
}

const EVENT_TIME = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

const sameEvent = (a: TrackingEvent, b: TrackingEvent) =>
  a.status === b.status && a.occurredAt === b.occurredAt && a.location === b.location && a.text === b.text;

export function createTrackingEventService(store: Store, audit: AuditLog, deps: TrackingEventDeps = {}): TrackingEventService {
  const clock = deps.clock ?? (() => new Date());
  const calendar = deps.calendar ?? createCalendarService({ store, audit, clock }).current;

  /** The event as it is stored, once its status, time and texts are checked; refusals name the API's member and the command's option. */
  const checked = async (event: NewTrackingEvent): Promise<TrackingEvent> => {
    const statusText = String(event.status).trim();
    const status = Number(statusText);
    if (!/^\d+$/.test(statusText) || !isTrackingStatus(status)) {
      throw new StationError(
        'tracking.invalidEvent',
        ERROR_TEXT.invalidTrackingStatus(TRACKING_STATUSES.map((entry) => entry.code).join(', '), String(event.status)),
        {
          pointer: '/data/attributes/status',
          parameter: 'status',
          meta: { reason: TRACKING_EVENT_EXPECTS.status },
        },
      );
    }
    const time = EVENT_TIME.exec(event.at);
    if (!time || !isCalendarDate(time[1]!)) {
      throw new StationError('tracking.invalidEvent', ERROR_TEXT.invalidTrackingTime(event.at), {
        pointer: '/data/attributes/occurredAt',
        parameter: 'at',
        meta: { reason: TRACKING_EVENT_EXPECTS.occurredAt },
      });
    }
    const latest = addDays(dayIn(clock(), (await calendar()).timeZone), 1);
    if (time[1]! > latest) {
      throw new StationError('tracking.timeAhead', TRACKING_EVENT_TEXT.timeAhead(event.at, latest), {
        pointer: '/data/attributes/occurredAt',
        parameter: 'at',
        meta: { reason: TRACKING_EVENT_EXPECTS.occurredAt, latest },
      });
    }
    const text = event.text ?? '';
    const location = event.location ?? '';
    if (text.length > TRACKING_TEXT_MAX)
      throw new StationError('tracking.invalidEvent', ERROR_TEXT.invalidData('data.attributes.text'), {
        pointer: '/data/attributes/text',
        parameter: 'text',
        meta: { reason: TRACKING_EVENT_EXPECTS.text },
      });
    if (location.length > TRACKING_LOCATION_MAX) {
      throw new StationError('tracking.invalidEvent', ERROR_TEXT.invalidData('data.attributes.location'), {
        pointer: '/data/attributes/location',
        parameter: 'location',
        meta: { reason: TRACKING_EVENT_EXPECTS.location },
      });
    }
    return { status, occurredAt: event.at, text, location };
  };

  /** Where the event stands in the shipment's history: the last one equal to it (a later id of the same time comes later). */
  const placed = async (shipment: ShipmentRecord, event: TrackingEvent): Promise<RecordedTrackingEvent | undefined> => {
    const history = (await store.shipments.trackingHistory(shipment.id)).reverse();
    const index = history.findLastIndex((entry) => sameEvent(entry, event));
    return index < 0 ? undefined : { shipment, status: event.status, at: event.occurredAt, event, position: index + 1 };
  };

  const record = async (actor: Actor, shipment: ShipmentRecord, event: TrackingEvent, ticket?: IdempotencyTicket) => {
    const logged = audit.change(
      actor,
      'tracking-event.added',
      { type: 'shipment', id: shipment.id },
      { reference: shipment.reference, status: event.status, at: event.occurredAt },
    );
    await store.audited(
      logged,
      'shipments',
      'addEvent',
      shipment.id,
      event,
      ticket && { ...ticket, subjectType: 'shipment', subjectId: shipment.id },
    );
    // Just written: it is in the history unless 500 later-dated events push it out, and then it is the oldest.
    return (await placed(shipment, event)) ?? { shipment, status: event.status, at: event.occurredAt, event, position: 1 };
  };

  return {
    async add(actor, shipmentKey, event) {
      requireRole(actor, 'supervisor', 'Recording tracking events');
      const valid = await checked(event);
      const shipment = await store.shipments.findForAdmin(shipmentKey);
      if (!shipment || shipment.status !== STATUS.processed)
        throw new StationError('shipment.notFound', ERROR_TEXT.noProcessedShipment(shipmentKey));
      return record(actor, shipment, valid);
    },

    async addFor(caller, shipmentId, event, ticket) {
      const actor = actorOf(caller);
      requireRole(actor, 'supervisor', 'Recording tracking events');
      const valid = await checked(event);
      const shipment = await store.shipments.get(shipmentId, caller.client.id, caller.sandbox);
      if (!shipment) throw new StationError('shipment.notFound', ERROR_TEXT.noProcessedShipment(shipmentId));
      if (shipment.status !== STATUS.processed)
        throw new StationError('tracking.shipmentNotProcessed', TRACKING_EVENT_TEXT.notProcessed(shipment.id), {
          meta: { status: shipment.status },
        });
      return record(actor, shipment, valid, ticket);
    },

    async recorded(caller, shipmentId, event) {
      const shipment = await store.shipments.get(shipmentId, caller.client.id, caller.sandbox);
      return shipment && placed(shipment, await checked(event));
    },
  };
}
