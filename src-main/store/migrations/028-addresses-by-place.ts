// The desk fills a receiver's city from the postal code typed (GET /places, issue 51): the address book is asked
// for the cities it has at a country's postal code, so it is indexed by place, on both databases alike.
import type { WrittenOnce } from './migration.ts';

export const ADDRESSES_BY_PLACE: WrittenOnce = {
  name: 'the address book by place: the cities at a postal code',
  sql: () => `
    CREATE INDEX addresses_by_place ON addresses (client_id, sandbox, country, postal_code);
  `,
};
