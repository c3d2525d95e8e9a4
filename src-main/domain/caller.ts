// Who is asking, as every use case sees it: the signed-in client, and whether it works in the sandbox.
import type { ClientRecord } from './client.ts';

export interface Caller {
  client: ClientRecord;
  sandbox: boolean;
}
