// GET /station-config: what the desk UI needs to start in a browser (in Electron the preload bridge tells it):
// the API base, the integration key of the station's own desk app, the desk's name, and the station's time zone.
// The loopback guard keeps other sites from reading it; signing in still needs a username and password.
import type { StationConfigResource } from '../../../src-shared/resources.ts';
import type { CalendarService } from '../../services/calendar.ts';
import type { ApiRouter } from '../router.ts';
import { respondData } from '../respond.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

export function stationConfigRoutes(open: ApiRouter, desktopIntegrationKey: string, desk: string, calendar: CalendarService): void {
  open.on(ROUTES.stationConfig, async (ctx) => {
    const { timeZone } = await calendar.current();
    respondData(ctx, 200, {
      type: 'stationConfig',
      id: null,
      attributes: { apiBase: `${ctx.state.origin}/v3`, integrationKey: desktopIntegrationKey, desk, timeZone },
    } satisfies StationConfigResource);
  });
}
