// The banner while the station's database is away: what happened, since when, and that the desk recovers by itself;
// or that its files are read-only, and who mends that; or, once the database is found damaged, that it does not
// recover by itself, and who restores it.
// What the packer typed stays on the screen; they send it again once the banner is gone.
import React from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../i18n/format.ts';
import { useDatabaseHealth } from '../store/database-health.ts';
import { useStationClock } from '../store/station-clock.ts';

export function DatabaseBanner(): React.JSX.Element | null {
  const { t } = useTranslation();
  const since = useDatabaseHealth((state) => state.unavailableSince);
  const damaged = useDatabaseHealth((state) => state.damaged);
  const readOnly = useDatabaseHealth((state) => state.readOnly);
  const timeZone = useStationClock((state) => state.timeZone);
  if (!since) return null;
  if (damaged) {
    return (
      <div className="notice notice--error database-banner" role="alert">
        {t('database.damaged', { time: formatTime(since, timeZone) })}
      </div>
    );
  }
  return (
    <div className="notice notice--error database-banner" role="alert">
      {t(readOnly ? 'database.readOnly' : 'database.unavailable', { time: formatTime(since, timeZone) })}
    </div>
  );
}
