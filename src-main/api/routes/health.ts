// GET /health: whether this desk can work now. Open like the UI's configuration (the loopback guard still
// applies): a monitor, a load balancer or the desk's banner asks it without signing in. 200 while the database
// answers; 503 with Retry-After and "database unavailable, since …" while it does not.
import { ERROR_TEXT, errorObject } from '../../../src-shared/errors.ts';
import { errorDocument } from '../../../src-shared/jsonapi.ts';
import type { HealthResource } from '../../../src-shared/resources.ts';
import type { HealthService } from '../../services/health.ts';
import { respond, respondData } from '../respond.ts';
import type { ApiRouter } from '../router.ts';
import { ROUTES } from '../../../src-shared/routes.ts';

/** When a monitor should ask again while the database is away. */
const RETRY_AFTER_SECONDS = 5;

export function healthRoutes(open: ApiRouter, health: HealthService): void {
  open.on(ROUTES.health, (ctx) => {
    const attributes = health.current();
    if (attributes.database.available) {
      respondData(ctx, 200, { type: 'health', id: null, attributes } satisfies HealthResource);
      return;
    }
    ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
    const damaged = attributes.database.damaged;
    const detail = damaged ? ERROR_TEXT.storeDamaged : ERROR_TEXT.databaseUnavailableSince(attributes.database.unavailableSince!);
    // The fault as a storage fault's answer names it (meta.fault), for a monitor that keys on it.
    const error = { ...errorObject('storage.unavailable', detail), meta: { fault: damaged ? 'damaged' : 'unreachable' } };
    respond(ctx, 503, { ...errorDocument([error]), meta: { health: attributes } });
  });
}
