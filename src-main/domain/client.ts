// Who may use the station: client accounts (desk users and integrations' users) and the integration keys
// of the programs they sign in through.
import type { ClientProfile } from '../../src-shared/client.ts';
import type { Role } from '../../src-shared/roles.ts';

export interface ClientRecord {
  id: string;
  username: string;
  clientKey: string;
  role: Role;
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
