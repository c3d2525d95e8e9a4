// Who is asking, as every use case sees it: the signed-in client, and whether it works in the sandbox; and who
// acts, for the rules of roles and the audit log: a client through the API, or a user at the admin command.
import type { ClientRecord } from './client.ts';

export interface Caller {
  client: ClientRecord;
  sandbox: boolean;
}

/** The admin command runs on the station's computer with access to its database: it may do what an admin may. */
export type Actor = { via: 'api'; client: ClientRecord } | { via: 'cli'; user: string };

export const actorOf = (caller: Caller): Actor => ({ via: 'api', client: caller.client });
