// The client resource of spec 2.9, attributes in the order the examples show. The spec's endpoints answer it
// exactly so; the sign-in's meta names the user who signed in (signedInMeta), and the administration extension
// adds the account's username and first user's role as the resource's meta; and the user resource of the team.
import type { ClientMeta, ClientResource, UserResource } from '../../../src-shared/resources.ts';
import type { ClientRecord } from '../../domain/client.ts';
import type { UserRecord } from '../../domain/user.ts';
import type { ClientAccount } from '../../services/clients.ts';

export function clientResource(client: ClientRecord): ClientResource {
  const { profile } = client;
  return {
    type: 'client',
    id: client.id,
    attributes: {
      name: profile.name,
      address1: profile.address1,
      address2: profile.address2,
      city: profile.city,
      postalCode: profile.postalCode,
      state: profile.state,
      country: profile.country,
      contact: profile.contact,
      phone: profile.phone,
      email: profile.email,
      taxIdentification: profile.taxIdentification,
      clientKey: client.clientKey,
    },
  } satisfies ClientResource;
}

/** Who signed in: their username and role at the top, as before users, and the user by id and name. */
export function signedInMeta(user: UserRecord): ClientMeta {
  return { username: user.username, role: user.role, user: { id: user.id, name: user.name } };
}

/** A client as the administration extension lists it: with its username and its first user's role. */
export function administeredClientResource(client: ClientAccount): ClientResource {
  return { ...clientResource(client), meta: { username: client.username, role: client.role } };
}

export function userResource(user: UserRecord): UserResource {
  return {
    type: 'user',
    id: user.id,
    attributes: { username: user.username, name: user.name, role: user.role, state: 'active', createdAt: user.createdAt },
  } satisfies UserResource;
}
