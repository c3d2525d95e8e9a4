// Whether this desk can work now: its database answers (and since when it has not), and it holds its desk's name.
// The health endpoint and the desk's banner read it; it never touches the database itself, so it answers even
// while the database is away.
import type { HealthAttributes } from '../../src-shared/resources.ts';
import type { Store } from '../store/index.ts';

export interface HealthService {
  current(): HealthAttributes;
}

export function createHealthService(store: Pick<Store, 'backend' | 'health' | 'deskHeld'>, desk: string): HealthService {
  return {
    current: () => {
      const database = store.health();
      return {
        status: database.available ? 'ok' : 'unavailable',
        desk,
        database: { backend: store.backend, ...database },
        deskLockHeld: store.deskHeld(),
      };
    },
  };
}
