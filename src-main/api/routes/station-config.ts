// GET /station-config: what the desk UI needs to start in a browser (in Electron the preload bridge tells it):
// the API base, the integration key of the station's own desk app, and the desk's name. The loopback guard keeps other
// sites from reading it; signing in still needs a username and password.
import type { StationConfigResource } from '../../../src-shared/resources.ts';
import type { ApiContext } from '../context.ts';
import type { ApiRouter } from '../router.ts';
import { respondData } from '../respond.ts';

export function stationConfigRoutes(open: ApiRouter, desktopIntegrationKey: string, desk: string): void {
  open.get('/station-config', (ctx: ApiContext) => {
    respondData(ctx, 200, {
      type: 'stationConfig',
      id: null,
      attributes: { apiBase: `${ctx.state.origin}/v3`, integrationKey: desktopIntegrationKey, desk },
    } satisfies StationConfigResource);
  });
}
