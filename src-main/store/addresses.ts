// The address book: every address a client ships from or to, de-duplicated, searchable by substring
// through an FTS5 trigram index so search stays fast at a million addresses.
import type { Address } from '../../src-shared/shipment.ts';
import type { Db } from './database.ts';

export interface SavedAddress {
  id: string;
  name: string;
  address1: string;
  address2: string;
  postalCode: string;
  city: string;
  state: string;
  country: string;
  contact: string;
  phone: string;
  email: string;
}

export interface AddressesTable {
  /** Adds the address to the client's book, or counts one more use of the same address. */
  remember(clientId: string, sandbox: boolean, address: Address): void;
  /** Adds the address unless the book has it already; used for the client's own address. */
  ensure(clientId: string, sandbox: boolean, address: Address): void;
  search(clientId: string, sandbox: boolean, text: string, limit: number): SavedAddress[];
}

interface AddressRow {
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

function toSaved(row: AddressRow): SavedAddress {
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
function fingerprint(address: Address): string {
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
  // Trigrams need three characters; bm25 ranks the best matches first, frequent addresses break ties.
  const searchFts = db.prepare<{ clientId: number; sandbox: number; query: string; limit: number }, AddressRow>(
    `SELECT a.* FROM addresses_search
     JOIN addresses a ON a.id = addresses_search.rowid
     WHERE addresses_search MATCH @query AND a.client_id = @clientId AND a.sandbox = @sandbox
     ORDER BY bm25(addresses_search, 10.0, 5.0, 2.0, 1.0, 3.0, 3.0, 2.0), a.use_count DESC, a.id DESC
     LIMIT @limit`,
  );
  // One or two characters: a name prefix through the NOCASE index.
  const searchPrefix = db.prepare<{ clientId: number; sandbox: number; prefix: string; limit: number }, AddressRow>(
    `SELECT * FROM addresses
     WHERE client_id = @clientId AND sandbox = @sandbox AND name LIKE @prefix ESCAPE '\\'
     ORDER BY use_count DESC, id DESC LIMIT @limit`,
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
    ensure: (clientId, sandbox, address) => {
      insertIfNew.run(row(clientId, sandbox, address));
    },
    search: (clientId, sandbox, text, limit) => {
      const trimmed = text.trim();
      const common = { clientId: Number(clientId), sandbox: sandbox ? 1 : 0, limit };
      if ([...trimmed].length >= 3) return searchFts.all({ ...common, query: ftsPhrase(trimmed) }).map(toSaved);
      return searchPrefix.all({ ...common, prefix: `${trimmed.replace(/[\\%_]/g, '\\$&')}%` }).map(toSaved);
    },
  };
}
