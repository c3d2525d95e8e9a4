// Settings' station calendar: the time zone every desk of the station counts days in, and its holidays, on which
// nothing ships. Everyone sees them; admins change them (the admin command can too: station config …).
import React, { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format.ts';
import { isCalendarDate } from '../../../src-shared/calendar.ts';
import { Field } from '../../components/Field.tsx';
import { ErrorNotice } from '../../components/Notice.tsx';
import { sayIt } from '../../i18n/said.ts';
import { useCalendarSettings } from '../../store/calendar-settings.ts';
import { stationToday, useStationClock } from '../../store/station-clock.ts';

/** The zones the browser knows, for the zone field's suggestions. */
const ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

export function StationCalendar({ canEdit }: { canEdit: boolean }): React.JSX.Element {
  const { t } = useTranslation();
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
      <h2 id="calendar-heading">{t('calendar.heading')}</h2>
      <dl className="facts">
        <dt>{t('calendar.timeZone')}</dt>
        <dd>{timeZone}</dd>
        <dt>{t('nav.today')}</dt>
        <dd>{formatDate(today)}</dd>
      </dl>
      <p className="muted">{t('calendar.lead')}</p>
      {canEdit ? (
        <form
          className="grid"
          onSubmit={(event) => {
            event.preventDefault();
            void save({ timeZone: zone });
          }}
        >
          <Field
            label={t('calendar.zoneField')}
            value={zone}
            onValue={setZone}
            list="time-zones"
            error={fieldErrors.timeZone && sayIt(fieldErrors.timeZone)}
            autoComplete="off"
          />
          <datalist id="time-zones">
            {ZONES.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <button type="submit" disabled={status === 'saving' || zone.trim() === '' || zone === timeZone}>
            {t('calendar.changeZone')}
          </button>
        </form>
      ) : null}
      <h3>{t('calendar.holidays')}</h3>
      {upcoming.length === 0 ? <p className="muted">{t('calendar.noHolidays')}</p> : null}
      <ul className="presets" aria-label={t('calendar.holidays')}>
        {upcoming.map((date) => (
          <li key={date}>
            {formatDate(date, 'long')}
            {canEdit ? (
              <button
                type="button"
                className="link"
                disabled={status === 'saving'}
                onClick={() => void save({ holidays: holidays.filter((other) => other !== date) })}
                aria-label={t('calendar.removeHoliday', { date: formatDate(date, 'long') })}
              >
                {t('common.remove')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {past > 0 ? <p className="muted">{t('calendar.past', { count: past })}</p> : null}
      <ErrorNotice message={error} />
      {canEdit ? (
        <form
          className="grid"
          onSubmit={(event) => {
            event.preventDefault();
            void save({ holidays: [...holidays, holiday] }).then((saved) => saved && setHoliday(''));
          }}
        >
          <Field
            label={t('calendar.holiday')}
            type="date"
            value={holiday}
            onValue={setHoliday}
            error={fieldErrors.holidays && sayIt(fieldErrors.holidays)}
          />
          <button type="submit" disabled={status === 'saving' || !isCalendarDate(holiday)}>
            {t('calendar.addHoliday')}
          </button>
        </form>
      ) : (
        <p className="muted">{t('calendar.byAdmin')}</p>
      )}
    </section>
  );
}
