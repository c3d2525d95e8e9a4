// The address book: every address a client ships from or to, de-duplicated, searchable by substring so search
// stays fast at a million addresses: through an FTS5 trigram index on SQLite, a pg_trgm index on PostgreSQL over
// the text folded of case and accents. Both rank alike: names that start with the text first (by name, then the
// most used), then any field that contains it, newest first.
import { samePlaceKey } from '../../src-shared/places.ts';
import type { Address, ShipmentAttributes } from '../../src-shared/shipment.ts';
import type { SavedAddress } from '../domain/address.ts';
import { numericId } from './row-id.ts';
import { inBulkTransactions, storable, type Sql } from './sql/executor.ts';
import type { TableContext, TableGroup } from './table-group.ts';

/** The addresses a shipment adds to its client's book: where it ships from and to, and where it is collected. */
export function addressesOfShipment(attributes: Pick<ShipmentAttributes, 'shipFrom' | 'shipTo' | 'collectionLocation'>): Address[] {
  return [attributes.shipFrom, attributes.shipTo, attributes.collectionLocation].filter((address): address is Address => Boolean(address));
}

export interface AddressReads {
  search(clientId: string, sandbox: boolean, text: string, limit: number): Promise<SavedAddress[]>;
  /** The cities (and states) the client's book has at a postal code of a country (as the station keeps it), the most used first. */
  places(clientId: string, sandbox: boolean, country: string, postalCode: string, limit: number): Promise<BookPlace[]>;
}

/** A place of the address book: a city (and state) at a postal code, and how often the book used it. */
export interface BookPlace {
  postalCode: string;
  city: string;
  state: string;
  uses: number;
}

/** The group's bulk writes: run by the store as writes, on its own connection (table-group.ts). */
export interface AddressBulk {
  /** Remembers many addresses, many to a transaction: the bulk path of imports and the benchmark's seed. */
  bulkRemember(clientId: string, sandbox: boolean, addresses: Iterable<Address>): Promise<number>;
}

export interface AddressWrites {
  /** Adds the address to the client's book, or counts one more use of the same address. */
  remember(clientId: string, sandbox: boolean, address: Address): Promise<void>;
  /** Adds the address unless the book has it already; used for the client's own address. */
  ensure(clientId: string, sandbox: boolean, address: Address): Promise<void>;
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

const toSaved = (row: AddressRow): SavedAddress => ({
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
});

/** Two spellings that differ only in case or spacing are one address. */
export function fingerprint(address: Address): string {
  const fields = [
    address.name,
    address.contact,
    address.address1,
    address.address2,
    address.city,
    address.postalCode,
    address.state,
    address.country,
  ];
  return fields.map((field) => (field ?? '').toLowerCase().replace(/\s+/g, ' ').trim()).join('|');
}

const ADDRESS_INSERT = `INSERT INTO addresses (client_id, sandbox, fingerprint, name, contact, address1, address2, city, postal_code, state, country, phone, email,
    tax_identification, use_count, last_used_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`;
const addressValues = (clientId: string, sandbox: boolean, address: Address, useCount: number, at: string) => [
  numericId(clientId),
  sandbox ? 1 : 0,
  fingerprint(address),
  address.name,
  address.contact ?? '',
  address.address1 ?? '',
  address.address2 ?? '',
  address.city ?? '',
  address.postalCode ?? '',
  address.state ?? '',
  address.country ?? '',
  address.phone ?? '',
  address.email ?? '',
  address.taxIdentification ?? '',
  useCount,
  at,
];

/**
 * Adds the address to the client's book, or counts one more use of it (its phone, email and tax number as this use
 * gives them), through `sql` (a shipment's create remembers its own). Where counts are appended as changes, a use
 * of an address already in the book is a row of address_uses, folded into the address before the book is searched:
 * creates from one sender never wait for each other's lock on its row.
 */
export async function rememberAddress(sql: Sql, clientId: string, sandbox: boolean, address: Address, at: string): Promise<void> {
  await sql.send(
    sql.dialect.countsAsChanges
      ? `WITH added AS (${ADDRESS_INSERT} ON CONFLICT (client_id, sandbox, fingerprint) DO NOTHING RETURNING 1)
         INSERT INTO address_uses (client_id, sandbox, fingerprint, phone, email, tax_identification, at)
         SELECT $1, $2, $3, $12, $13, $14, $16 WHERE NOT EXISTS (SELECT 1 FROM added)`
      : `${ADDRESS_INSERT} ON CONFLICT (client_id, sandbox, fingerprint) DO UPDATE SET
           use_count = addresses.use_count + 1, last_used_at = excluded.last_used_at,
           phone = excluded.phone, email = excluded.email, tax_identification = excluded.tax_identification`,
    addressValues(clientId, sandbox, address, 1, at),
  );
}

/**
 * Folds the appended uses into their addresses (a count more each, the latest use's time, phone, email and tax
 * number), one fold at a time (PostgreSQL's advisory lock 8411004), so two folds never lock the same addresses in
 * opposite orders. A use whose address was deleted since is dropped with it. Nothing to do where uses are counted
 * on the row, or none is waiting.
 */
export async function foldAddressUses(sql: Sql): Promise<void> {
  if (!sql.dialect.countsAsChanges || !(await sql.one('SELECT 1 FROM address_uses LIMIT 1'))) return;
  await sql.tx(async (tx) => {
    await tx.run('SELECT pg_advisory_xact_lock(8411004)');
    await tx.run(
      `WITH used AS (DELETE FROM address_uses RETURNING *),
       latest AS (SELECT DISTINCT ON (client_id, sandbox, fingerprint) client_id, sandbox, fingerprint, phone, email, tax_identification, at
                  FROM used ORDER BY client_id, sandbox, fingerprint, id DESC),
       counted AS (SELECT client_id, sandbox, fingerprint, count(*) AS uses FROM used GROUP BY client_id, sandbox, fingerprint)
       UPDATE addresses a SET use_count = a.use_count + c.uses, last_used_at = l.at, phone = l.phone, email = l.email,
         tax_identification = l.tax_identification
       FROM counted c JOIN latest l ON l.client_id = c.client_id AND l.sandbox = c.sandbox AND l.fingerprint = c.fingerprint
       WHERE a.client_id = c.client_id AND a.sandbox = c.sandbox AND a.fingerprint = c.fingerprint`,
    );
  });
}

function reads(sql: Sql): AddressReads {
  const search = sql.dialect.addressSearch;
  return {
    search: async (clientId, sandbox, text, limit) => {
      const trimmed = text.trim();
      if (!storable(trimmed)) return [];
      await foldAddressUses(sql);
      const owner = [numericId(clientId), sandbox ? 1 : 0];
      const step = async (made: [string, unknown[]]) => sql.all<AddressRow>(made[0], [...owner, ...made[1]]);
      const byName = await step(search.byName(trimmed, limit));
      // Trigrams need three characters; shorter text only matches the start of a name.
      if ([...trimmed].length < 3 || byName.length >= limit) return byName.map(toSaved);
      const seen = new Set(byName.map((found) => String(found.id)));
      const rest = (await step(search.containing(trimmed, limit + byName.length))).filter((found) => !seen.has(String(found.id)));
      return [...byName, ...rest].slice(0, limit).map(toSaved);
    },
    places: async (clientId, sandbox, country, postalCode, limit) => {
      await foldAddressUses(sql);
      // Through the index by place (migration 28), on both databases alike. A city spelt in other cases (Milano,
      // MILANO) is one place, under the spelling used most: folded here, as the two databases fold case apart.
      const rows = await sql.all<{ city: string; state: string; uses: number }>(
        `SELECT city, state, SUM(use_count) AS uses FROM addresses
          WHERE client_id = $1 AND sandbox = $2 AND country = $3 AND postal_code = $4 AND city <> ''
          GROUP BY city, state ORDER BY uses DESC, MAX(last_used_at) DESC, city LIMIT $5`,
        [numericId(clientId), sandbox ? 1 : 0, country, postalCode, limit * 4],
      );
      const places = new Map<string, BookPlace>();
      for (const row of rows) {
        const key = samePlaceKey(row);
        const place = places.get(key);
        if (place) place.uses += Number(row.uses);
        else places.set(key, { postalCode, city: row.city, state: row.state, uses: Number(row.uses) });
      }
      return [...places.values()].sort((a, b) => b.uses - a.uses).slice(0, limit);
    },
  };
}

function writes(sql: Sql, { now }: TableContext): AddressWrites {
  return {
    remember: (clientId, sandbox, address) => rememberAddress(sql, clientId, sandbox, address, now()),
    ensure: async (clientId, sandbox, address) => {
      await sql.run(
        `${ADDRESS_INSERT} ON CONFLICT (client_id, sandbox, fingerprint) DO NOTHING`,
        addressValues(clientId, sandbox, address, 0, now()),
      );
    },
  };
}

function bulk(sql: Sql, { now }: TableContext): AddressBulk {
  return {
    bulkRemember: async (clientId, sandbox, addresses) => {
      const total = await inBulkTransactions(sql, addresses, async (tx, chunk) => {
        for (const address of chunk) await rememberAddress(tx, clientId, sandbox, address, now());
      });
      const analyze = sql.dialect.freshStatistics('addresses');
      if (analyze) await sql.runLong(analyze);
      return total;
    },
  };
}

export const addresses: TableGroup<AddressReads, AddressWrites, AddressBulk> = { reads, writes, bulk };
