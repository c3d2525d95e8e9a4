// The client resource of spec 2.9, attributes in the order the examples show. The spec's endpoints answer it
// exactly so; the administration extension adds the username and role as the resource's meta (clientMeta).
import type { ClientMeta, ClientResource } from '../../../src-shared/resources.ts';
import type { ClientRecord } from '../../domain/client.ts';

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

export function clientMeta(client: ClientRecord): ClientMeta {
  return { username: client.username, role: client.role };
}

/** A client as the administration extension lists it: with its username and role. */
export function administeredClientResource(client: ClientRecord): ClientResource {
  return { ...clientResource(client), meta: clientMeta(client) };
}
