// The station's day and time in the desk's header, with its time zone: the clock that ship dates, carrier
// cutoffs and the day's close count on, which may not be this computer's.
import React, { useEffect, useState } from 'react';
import { wallClock, weekdayOf } from '../../src-shared/calendar.ts';
import { stationNow, useStationClock } from '../store/station-clock.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** Often enough that the minute shown is never more than a few seconds old. */
const TICK_MS = 5_000;

export function StationDay(): React.JSX.Element {
  const timeZone = useStationClock((state) => state.timeZone);
  const [now, setNow] = useState(stationNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(stationNow()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const { date, time } = wallClock(now, timeZone);
  return (
    <span className="app__day" title="The station’s date and time: ship dates, carrier cutoffs and the day’s close count on this clock.">
      <time dateTime={now.toISOString()}>
        {WEEKDAYS[weekdayOf(date)]} {date} {time.slice(0, 5)}
      </time>{' '}
      · {timeZone}
    </span>
  );
}
