// The delivery outlook's arithmetic: working days between a ship date and a delivery day (weekends and holidays left
// out, a long one capped), a lane widened until it holds enough parcels, each next day's share with its percentiles,
// the card's date where history is too thin, and the first day a confidence is met.
import { describe, expect, it } from 'vitest';
import { addWorkingDays } from '../../src-shared/calendar.ts';
import {
  LaneHistory,
  MAX_TRANSIT_DAYS,
  MIN_LANE_PARCELS,
  arrivesBy,
  outlookOf,
  postalPrefix,
  workingDaysBetween,
  type Lane,
} from '../../src-shared/delivery-outlook.ts';
import { setClock } from '../helpers/clock.ts';

// A Friday: the weekend lies between it and the next working day.
const friday = setClock('2027-03-05 09:00', 'Europe/Rome', { running: false }).today();
const day = (n: number) => addWorkingDays(friday, n, []);
const lane = (overrides: Partial<Lane> = {}): Lane => ({
  carrierCode: 'UPS',
  serviceCode: 'STD',
  fromCountry: 'IT',
  fromPrefix: '20',
  toCountry: 'DE',
  toPrefix: '80',
  ...overrides,
});

describe('working days in transit', () => {
  it('counts neither the weekend nor a holiday, the same day as 0, and caps a long one', () => {
    const monday = day(1);
    expect(workingDaysBetween(friday, friday, [])).toBe(0);
    expect(workingDaysBetween(friday, monday, [])).toBe(1);
    expect(workingDaysBetween(friday, day(2), [monday])).toBe(1);
    expect(workingDaysBetween(friday, day(60), [])).toBe(MAX_TRANSIT_DAYS);
  });

  it('keys a postal code by its first two characters, without spaces, in capitals', () => {
    expect(postalPrefix('sw1a 1aa')).toBe('SW');
    expect(postalPrefix(80331)).toBe('80');
    expect(postalPrefix(' 1 0115')).toBe('10');
    expect(postalPrefix(null)).toBe('');
  });
});

describe('a lane’s outlook', () => {
  it('gives each day from the ship date its share, skipping the weekend and the station’s holidays', () => {
    const history = new LaneHistory();
    history.add(lane(), 1, 60);
    history.add(lane(), 2, 40);
    const holiday = day(2);
    const outlook = outlookOf(lane(), history, friday, [holiday], null);
    expect(outlook.byDay).toEqual([
      { date: friday, probability: 0 },
      { date: day(1), probability: 0.6 },
      { date: day(3), probability: 1 },
    ]);
    expect(outlook.percentiles).toEqual({ p50: day(1), p90: day(3), p95: day(3) });
    expect(arrivesBy(outlook, 0.9)).toBe(day(3));
    expect(arrivesBy(outlook, 0.5)).toBe(day(1));
  });

  it('widens to the destination’s prefix, then to the countries, and falls back to the card below the minimum', () => {
    const history = new LaneHistory();
    history.add(lane({ fromPrefix: '10' }), 3, MIN_LANE_PARCELS);
    expect(outlookOf(lane(), history, friday, [], null).basis.lane?.level).toBe('destinationPrefix');
    history.add(lane({ toPrefix: '10' }), 3, 5);
    expect(outlookOf(lane({ toPrefix: '10' }), history, friday, [], null).basis).toMatchObject({
      source: 'history',
      lane: { level: 'countries', from: 'IT', to: 'DE' },
      parcels: MIN_LANE_PARCELS + 5,
    });
    const thin = outlookOf(lane({ toCountry: 'FR' }), history, friday, [], day(2));
    expect(thin).toEqual({
      expectedDate: day(2),
      basis: { source: 'card', lane: null, parcels: 0, minimumParcels: MIN_LANE_PARCELS },
      byDay: [],
      percentiles: null,
    });
    expect(arrivesBy(thin, 0.9)).toBe(day(2));
  });
});
