// The station's day and time in the desk's header, with its time zone: the clock that ship dates, carrier
// cutoffs and the day's close count on, which may not be this computer's.
import React, { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wallClock } from '../../src-shared/calendar.ts';
import { formatDate, formatTime } from '../i18n/format.ts';
import { stationNow, useStationClock } from '../store/station-clock.ts';

/** Often enough that the minute shown is never more than a few seconds old. */
const TICK_MS = 5_000;

export function StationDay(): React.JSX.Element {
  const { t } = useTranslation();
  const timeZone = useStationClock((state) => state.timeZone);
  const [now, setNow] = useState(stationNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(stationNow()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const { date } = wallClock(now, timeZone);
  return (
    <span className="app__day" title={t('app.stationDay')}>
      <time dateTime={now.toISOString()}>
        {formatDate(date)} {formatTime(now.toISOString(), timeZone)}
      </time>{' '}
      · {timeZone}
    </span>
  );
}
