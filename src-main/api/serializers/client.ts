// The client resource of spec 2.9, attributes in the order the examples show.
import type { ClientResource } from '../../../src-shared/resources.ts';
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
