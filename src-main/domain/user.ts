// The people of an account: each user belongs to one client (the shipper account that owns every record), signs
// in with their own username and password, and acts with their own role.
import type { Role } from '../../src-shared/roles.ts';

export interface UserRecord {
  id: string;
  clientId: string;
  /** Unique on the station and never reused, so records that name a user by it never name two people. */
  username: string;
  /** The name the desk shows: the person's name. */
  name: string;
  role: Role;
  createdAt: string;
  /** Moves on by one with each change of the user's password: the station's tokens of an older one are refused. */
  sessionEpoch: number;
}
