// The banner while the station's database is away: what happened, since when, and that the desk recovers by itself.
// What the packer typed stays on the screen; they send it again once the banner is gone.
import React from 'react';
import { stationTime } from '../store/station-clock.ts';
import { useDatabaseHealth } from '../store/database-health.ts';

export function DatabaseBanner(): React.JSX.Element | null {
  const since = useDatabaseHealth((state) => state.unavailableSince);
  if (!since) return null;
  return (
    <div className="notice notice--error database-banner" role="alert">
      The station’s database is unavailable since {stationTime(since)}. What you typed stays here: send it again when this message goes. The
      station reconnects by itself.
    </div>
  );
}
