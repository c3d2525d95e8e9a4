// Settings' station calendar: the time zone every desk of the station counts days in, and its holidays, on which
// nothing ships. Everyone sees them; admins change them (the admin command can too: station config …).
import React, { useEffect, useState } from 'react';
import { isCalendarDate } from '../../../src-shared/calendar.ts';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice } from '../../components/Notice.tsx';
import { useCalendarSettings } from '../../store/calendar-settings.ts';
import { stationToday, useStationClock } from '../../store/station-clock.ts';

/** The zones the browser knows, for the zone field's suggestions. */
const ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

export function StationCalendar({ canEdit }: { canEdit: boolean }): React.JSX.Element {
  const { timeZone, holidays } = useStationClock();
  const { status, error, fieldErrors, refresh, save } = useCalendarSettings();
  const [zone, setZone] = useState(timeZone);
  const [holiday, setHoliday] = useState('');
  useEffect(() => void refresh(), [refresh]);
  useEffect(() => setZone(timeZone), [timeZone]);
  const today = stationToday();
  const upcoming = holidays.filter((date) => date >= today);
  const past = holidays.length - upcoming.length;

  return (
    <section className="card" aria-labelledby="calendar-heading">
      <h2 id="calendar-heading">Station calendar</h2>
      <dl className="facts">
        <dt>Time zone</dt>
        <dd>{timeZone}</dd>
        <dt>Today</dt>
        <dd>{today}</dd>
      </dl>
      <p className="muted">
        Every desk of this station counts days in this zone: ship dates, carrier cutoffs, the day’s close, Today and the reports. Saturdays, Sundays and the
        holidays below are not working days: a shipment made on one, or after its carrier’s cutoff, ships on the next working day.
      </p>
      {canEdit ? (
        <form
          className="grid"
          onSubmit={(event) => {
            event.preventDefault();
            void save({ timeZone: zone });
          }}
        >
          <Field label="Station time zone" value={zone} onValue={setZone} list="time-zones" error={fieldErrors.timeZone} autoComplete="off" />
          <datalist id="time-zones">
            {ZONES.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <button type="submit" disabled={status === 'saving' || zone.trim() === '' || zone === timeZone}>
            Change time zone
          </button>
        </form>
      ) : null}
      <h3>Holidays</h3>
      {upcoming.length === 0 ? <p className="muted">No holidays ahead.</p> : null}
      <ul className="presets" aria-label="Holidays">
        {upcoming.map((date) => (
          <li key={date}>
            {date}
            {canEdit ? (
              <button
                type="button"
                className="link"
                disabled={status === 'saving'}
                onClick={() => void save({ holidays: holidays.filter((other) => other !== date) })}
                aria-label={`Remove holiday ${date}`}
              >
                Remove
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {past > 0 ? <p className="muted">{past} past holiday(s) are kept for the record.</p> : null}
      <ErrorNotice message={error} />
      {canEdit ? (
        <form
          className="grid"
          onSubmit={(event) => {
            event.preventDefault();
            void save({ holidays: [...holidays, holiday] }).then((saved) => saved && setHoliday(''));
          }}
        >
          <Field label="Holiday" type="date" value={holiday} onValue={setHoliday} error={fieldErrors.holidays} />
          <button type="submit" disabled={status === 'saving' || !isCalendarDate(holiday)}>
            Add holiday
          </button>
        </form>
      ) : (
        <p className="muted">The calendar is the station’s, for every desk; an admin changes it.</p>
      )}
    </section>
  );
}
