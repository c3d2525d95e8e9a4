// Who is asking, as every use case sees it: the client account whose records it works on (tenancy), the user in
// it who acts (permission by role, and the audit log), and whether it works in the sandbox; and the actor of an
// administrative change: a user through the API, or an operating-system user at the admin command.
import type { ClientRecord } from './client.ts';
import type { UserRecord } from './user.ts';

export interface Caller {
  client: ClientRecord;
  user: UserRecord;
  sandbox: boolean;
  /**
   * A token the integrator signed itself with the server key, naming only the client: it acts as the account's
   * first admin (or first user), and the audit log says so.
   */
  serverKeyToken?: boolean;
}

/** The admin command runs on the station's computer with access to its database: it may do what an admin may. */
export type Actor = { via: 'api'; client: ClientRecord; user: UserRecord; serverKeyToken?: boolean } | { via: 'cli'; user: string };

export const actorOf = (caller: Caller): Actor => ({
  via: 'api',
  client: caller.client,
  user: caller.user,
  ...(caller.serverKeyToken ? { serverKeyToken: true } : {}),
});
