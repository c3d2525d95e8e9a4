// The banner while the station's database is away: what happened, since when, and that the desk recovers by itself;
// or, once the database is found damaged, that it does not, and who restores it.
// What the packer typed stays on the screen; they send it again once the banner is gone.
import React from 'react';
import { stationTime } from '../store/station-clock.ts';
import { useDatabaseHealth } from '../store/database-health.ts';

export function DatabaseBanner(): React.JSX.Element | null {
  const since = useDatabaseHealth((state) => state.unavailableSince);
  const damaged = useDatabaseHealth((state) => state.damaged);
  if (!since) return null;
  if (damaged) {
    return (
      <div className="notice notice--error database-banner" role="alert">
        The station’s database was found damaged at {stationTime(since)}, so it takes no more changes. Ask a supervisor to check it
        (station check) and restore the newest good backup (station restore). What you typed stays here; what was saved before can still be read.
      </div>
    );
  }
  return (
    <div className="notice notice--error database-banner" role="alert">
      The station’s database is unavailable since {stationTime(since)}. What you typed stays here: send it again when this message goes. The
      station reconnects by itself.
    </div>
  );
}
