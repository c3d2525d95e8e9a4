// Who may use the station: client accounts (the shipper that owns every record; its people are users) and the
// integration keys of the programs they sign in through.
import type { ClientProfile } from '../../src-shared/client.ts';

export interface ClientRecord {
  id: string;
  /** The account's username: its first user's, kept for the scripts that name the account by it. */
  username: string;
  clientKey: string;
  profile: ClientProfile;
  createdAt: string;
}

export interface IntegrationRecord {
  id: string;
  name: string;
  integrationKey: string;
  isDesktop: boolean;
  createdAt: string;
}
