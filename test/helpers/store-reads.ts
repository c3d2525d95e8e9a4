// Reads of a store that only tests ask for, made from what the store offers the station, so the store itself keeps
// no method that only tests call.
import type { Store } from '../../src-main/store/index.ts';
import type { IntegrationRecord } from '../../src-main/domain/client.ts';

/** The desk app's integration: the one key in use that is the desk's. */
export async function desktopIntegration(store: Store): Promise<IntegrationRecord | undefined> {
  return (await store.integrations.all()).find((integration) => integration.isDesktop);
}

/** How many scheduled shipments wait for the timer (claimed ones too), over every account and both environments. */
export async function waitingCount(store: Store): Promise<number> {
  let waiting = 0;
  for (const client of await store.clients.all()) {
    for (const sandbox of [false, true]) {
      // The outbox holds the failed ones too: only those not yet processed (status 0) wait.
      const rows = await store.shipments.outbox({ clientId: client.id, sandbox, failedSince: '', limit: 1_000_000 });
      waiting += rows.filter((row) => row.record.status === 0).length;
    }
  }
  return waiting;
}
