// The delivery outlook's history (src-shared/delivery-outlook.ts): an account's delivered parcels of the last year,
// per lane, each counted in working days from its ship date to its delivery day on the station's calendar (its time
// zone and holidays; the destination's own holidays are not known to the station). Read once per account and
// environment and kept for ten minutes of the station's clock, so a rate asks the database nothing most of the time.
import { addDays, dayIn, type StationCalendar } from '../../src-shared/calendar.ts';
import {
  HISTORY_DAYS,
  LaneHistory,
  outlookOf,
  postalPrefix,
  workingDaysBetween,
  type DeliveryOutlook,
} from '../../src-shared/delivery-outlook.ts';
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';
import type { Caller } from '../domain/caller.ts';
import type { Quote } from '../domain/rating.ts';
import type { Store } from '../store/index.ts';

/** How long a read history stays in use before the next rate reads it again. */
const HISTORY_KEPT_MS = 10 * 60 * 1000;

export interface DeliveryHistory {
  /** Each quote's outlook for this shipment shipped on its date, counted over `holidays` (its site's), in the order of the quotes. */
  outlooks(
    caller: Caller,
    attributes: Pick<ShipmentAttributes, 'shipFrom' | 'shipTo'>,
    quotes: readonly Quote[],
    shipDate: (quote: Quote) => string,
    holidays: readonly string[],
  ): Promise<DeliveryOutlook[]>;
}

export function createDeliveryHistory(deps: {
  store: Store;
  clock: () => Date;
  calendar: () => Promise<StationCalendar>;
}): DeliveryHistory {
  const kept = new Map<string, { readAt: number; history: Promise<LaneHistory> }>();

  const read = async (caller: Caller): Promise<LaneHistory> => {
    const calendar = await deps.calendar();
    const today = dayIn(deps.clock(), calendar.timeZone);
    const groups = await deps.store.shipments.deliveredLanes({
      clientId: caller.client.id,
      sandbox: caller.sandbox,
      since: addDays(today, -HISTORY_DAYS),
    });
    const history = new LaneHistory();
    for (const group of groups) {
      const deliveredOn = dayIn(new Date(group.deliveredAt), calendar.timeZone);
      history.add(group.lane, workingDaysBetween(group.shipDate, deliveredOn, calendar.holidays), group.parcels);
    }
    return history;
  };

  const historyOf = (caller: Caller): Promise<LaneHistory> => {
    const key = `${caller.client.id}|${caller.sandbox ? 1 : 0}`;
    const now = deps.clock().getTime();
    const entry = kept.get(key);
    if (entry && now - entry.readAt < HISTORY_KEPT_MS) return entry.history;
    const history = read(caller);
    kept.set(key, { readAt: now, history });
    // A failed read is not kept: the next rate tries again.
    history.catch(() => kept.delete(key));
    return history;
  };

  return {
    async outlooks(caller, attributes, quotes, shipDate, holidays) {
      if (quotes.length === 0) return [];
      const history = await historyOf(caller);
      const ends = {
        fromCountry: attributes.shipFrom.country,
        fromPrefix: postalPrefix(attributes.shipFrom.postalCode),
        toCountry: attributes.shipTo.country,
        toPrefix: postalPrefix(attributes.shipTo.postalCode),
      };
      return quotes.map((quote) =>
        outlookOf(
          { carrierCode: quote.carrierCode, serviceCode: quote.serviceCode, ...ends },
          history,
          shipDate(quote),
          holidays,
          quote.estimatedDeliveryDate,
        ),
      );
    },
  };
}
