// GET /health: whether this desk can work now. Open like the UI's configuration (the loopback guard still
// applies): a monitor, a load balancer or the desk's banner asks it without signing in. 200 while the database
// answers and takes writes; 503 with Retry-After and "database unavailable (or read-only), since …" while not.
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
    const { damaged, fault: writeFault, unavailableSince } = attributes.database;
    const detail = damaged
      ? ERROR_TEXT.storeDamaged
      : writeFault === 'read-only'
        ? ERROR_TEXT.databaseReadOnlySince(unavailableSince!)
        : writeFault === 'disk-full'
          ? ERROR_TEXT.storeFull
          : writeFault === 'io'
            ? ERROR_TEXT.storeIo
            : ERROR_TEXT.databaseUnavailableSince(unavailableSince!);
    // The fault as a storage fault's answer names it (meta.fault), for a monitor that keys on it.
    const fault = damaged ? 'damaged' : (writeFault ?? 'unreachable');
    const error = { ...errorObject('storage.unavailable', detail), meta: { fault } };
    respond(ctx, 503, { ...errorDocument([error]), meta: { health: attributes } });
  });
}
