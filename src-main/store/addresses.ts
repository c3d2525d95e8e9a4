// The address book: every address a client ships from or to, de-duplicated, searchable by substring
// through an FTS5 trigram index so search stays fast at a million addresses.
import type { Address, ShipmentAttributes } from '../../src-shared/shipment.ts';
import type { SavedAddress } from '../domain/address.ts';
import { importInChunks, type Db } from './database.ts';

/** The addresses a shipment adds to its client's book: where it ships from and to, and where it is collected. */
export function addressesOfShipment(attributes: Pick<ShipmentAttributes, 'shipFrom' | 'shipTo' | 'collectionLocation'>): Address[] {
  return [attributes.shipFrom, attributes.shipTo, attributes.collectionLocation].filter((address): address is Address => Boolean(address));
}

export interface AddressesTable {
  /** Adds the address to the client's book, or counts one more use of the same address. */
  remember(clientId: string, sandbox: boolean, address: Address): void;
  /** Adds the address unless the book has it already; used for the client's own address. */
  ensure(clientId: string, sandbox: boolean, address: Address): void;
  search(clientId: string, sandbox: boolean, text: string, limit: number): SavedAddress[];
  /** Remembers many addresses, a transaction per 100,000: the bulk path of imports and the benchmark's seed. */
  bulkRemember(clientId: string, sandbox: boolean, addresses: Iterable<Address>): number;
}

export interface AddressRow {
  id: number;
  name: string;
  contact: string;
  address1: string;
  address2: string;
  city: string;
  postal_code: string;
  state: string;
  country: string;
  phone: string;
  email: string;
}

export function toSaved(row: AddressRow): SavedAddress {
  return {
    id: String(row.id),
    name: row.name,
    address1: row.address1,
    address2: row.address2,
    postalCode: row.postal_code,
    city: row.city,
    state: row.state,
    country: row.country,
    contact: row.contact,
    phone: row.phone,
    email: row.email,
  };
}

/** Two spellings that differ only in case or spacing are one address. */
export function fingerprint(address: Address): string {
  const fields = [address.name, address.contact, address.address1, address.address2, address.city, address.postalCode, address.state, address.country];
  return fields.map((field) => (field ?? '').toLowerCase().replace(/\s+/g, ' ').trim()).join('|');
}

/** The text as one FTS5 phrase: quotes doubled, so the user's text is never read as query syntax. */
function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

export function addressesTable(db: Db, now: () => string): AddressesTable {
  const upsert = db.prepare(
    `INSERT INTO addresses (client_id, sandbox, fingerprint, name, contact, address1, address2, city, postal_code, state,
                            country, phone, email, tax_identification, last_used_at)
     VALUES (@clientId, @sandbox, @fingerprint, @name, @contact, @address1, @address2, @city, @postalCode, @state,
             @country, @phone, @email, @taxIdentification, @now)
     ON CONFLICT (client_id, sandbox, fingerprint) DO UPDATE SET
       use_count = use_count + 1, last_used_at = excluded.last_used_at,
       phone = excluded.phone, email = excluded.email, tax_identification = excluded.tax_identification`,
  );
  const insertIfNew = db.prepare(
    `INSERT INTO addresses (client_id, sandbox, fingerprint, name, contact, address1, address2, city, postal_code, state,
                            country, phone, email, tax_identification, use_count, last_used_at)
     VALUES (@clientId, @sandbox, @fingerprint, @name, @contact, @address1, @address2, @city, @postalCode, @state,
             @country, @phone, @email, @taxIdentification, 0, @now)
     ON CONFLICT (client_id, sandbox, fingerprint) DO NOTHING`,
  );
  // Best matches first, in two cheap steps that stay fast at millions of rows: names that start with the text
  // (a range on the NOCASE index), then any field that contains it (the trigram index, newest first).
  const searchNamePrefix = db.prepare<{ clientId: number; sandbox: number; low: string; high: string; limit: number }, AddressRow>(
    `SELECT * FROM addresses INDEXED BY addresses_by_name
     WHERE client_id = @clientId AND sandbox = @sandbox
       AND name >= @low COLLATE NOCASE AND name < @high COLLATE NOCASE
     ORDER BY name COLLATE NOCASE, use_count DESC LIMIT @limit`,
  );
  const searchContains = db.prepare<{ clientId: number; sandbox: number; query: string; limit: number }, AddressRow>(
    `SELECT a.* FROM addresses_search
     JOIN addresses a ON a.id = addresses_search.rowid
     WHERE addresses_search MATCH @query AND a.client_id = @clientId AND a.sandbox = @sandbox
     ORDER BY addresses_search.rowid DESC
     LIMIT @limit`,
  );

  const row = (clientId: string, sandbox: boolean, address: Address) => ({
    clientId: Number(clientId),
    sandbox: sandbox ? 1 : 0,
    fingerprint: fingerprint(address),
    name: address.name,
    contact: address.contact ?? '',
    address1: address.address1 ?? '',
    address2: address.address2 ?? '',
    city: address.city ?? '',
    postalCode: address.postalCode ?? '',
    state: address.state ?? '',
    country: address.country ?? '',
    phone: address.phone ?? '',
    email: address.email ?? '',
    taxIdentification: address.taxIdentification ?? '',
    now: now(),
  });

  return {
    remember: (clientId, sandbox, address) => {
      upsert.run(row(clientId, sandbox, address));
    },
    bulkRemember: (clientId, sandbox, addresses) => importInChunks(db, addresses, (address) => upsert.run(row(clientId, sandbox, address))),
    ensure: (clientId, sandbox, address) => {
      insertIfNew.run(row(clientId, sandbox, address));
    },
    search: (clientId, sandbox, text, limit) => {
      const trimmed = text.trim();
      const owner = { clientId: Number(clientId), sandbox: sandbox ? 1 : 0 };
      const byName = searchNamePrefix.all({ ...owner, low: trimmed, high: `${trimmed}\u{10FFFF}`, limit });
      // Trigrams need three characters; shorter text only matches the start of a name.
      if ([...trimmed].length < 3 || byName.length >= limit) return byName.map(toSaved);
      const seen = new Set(byName.map((found) => found.id));
      const rest = searchContains.all({ ...owner, query: ftsPhrase(trimmed), limit: limit + byName.length }).filter((found) => !seen.has(found.id));
      return [...byName, ...rest].slice(0, limit).map(toSaved);
    },
  };
}
