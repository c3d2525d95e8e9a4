// Golden texts of each dialect (Kysely's testSql style): every SQL fragment that differs between SQLite and
// PostgreSQL, as each back end gives it for the arguments the table modules pass. A change to one is a change to
// the statements of both stores, seen here first; a new member of the dialect needs its golden text here.
import { describe, expect, it } from 'vitest';
import { POSTGRES, SQLITE, type Dialect, type DialectCapabilities } from '../../src-main/store/sql/dialect.ts';

const covered = new Set<string>();

/** One fragment in both dialects: what `build` gives, against the text each should give. */
function testSql(member: keyof Dialect, build: (dialect: Dialect) => unknown, expected: { sqlite: unknown; postgres: unknown }): void {
  covered.add(member);
  it(member, () => {
    expect(build(SQLITE)).toEqual(expected.sqlite);
    expect(build(POSTGRES)).toEqual(expected.postgres);
  });
}

describe("each dialect's SQL fragments, as golden text", () => {
  testSql('jsonArrayElements', (d) => d.jsonArrayElements('$4'), {
    sqlite: 'SELECT value FROM json_each($4)',
    postgres: 'SELECT jsonb_array_elements_text($4::jsonb)',
  });
  testSql('jsonMember', (d) => [d.jsonMember('attributes', 'customerReference'), d.jsonMember('o.attributes', 'shipTo', 'name')], {
    sqlite: ["json_extract(attributes, '$.customerReference')", "json_extract(o.attributes, '$.shipTo.name')"],
    postgres: ["((attributes::jsonb) ->> 'customerReference')", "((o.attributes::jsonb) #>> '{shipTo,name}')"],
  });
  testSql('caseInsensitiveLike', (d) => d.caseInsensitiveLike, { sqlite: 'LIKE', postgres: 'ILIKE' });
  testSql('lockRows', (d) => d.lockRows, { sqlite: '', postgres: ' FOR UPDATE' });
  testSql('skipLockedRows', (d) => d.skipLockedRows, { sqlite: '', postgres: ' FOR UPDATE SKIP LOCKED' });
  testSql('nextReference', (d) => d.nextReference, {
    sqlite: 'UPDATE reference_counter SET next_value = next_value + 1 WHERE id = 1 RETURNING CAST(next_value - 1 AS TEXT) AS reference',
    postgres: "SELECT nextval('shipment_reference')::text AS reference",
  });
  testSql('referenceBlock', (d) => d.referenceBlock, {
    sqlite:
      'UPDATE reference_counter SET next_value = next_value + CAST($1 AS INTEGER) WHERE id = 1 RETURNING CAST(next_value - CAST($1 AS INTEGER) AS TEXT) AS first',
    postgres: null,
  });
  testSql('referenceSeries', (d) => d.referenceSeries, {
    sqlite: null,
    postgres: "SELECT nextval('shipment_reference')::text AS reference FROM generate_series(1, CAST($1 AS INTEGER))",
  });
  testSql('lockTable', (d) => d.lockTable('station_secrets'), { sqlite: null, postgres: 'LOCK TABLE station_secrets IN EXCLUSIVE MODE' });
  testSql('settingsChanged', (d) => d.settingsChanged, { sqlite: null, postgres: "SELECT pg_notify('station_settings_changed', $1)" });
  testSql('eventOrderLock', (d) => d.eventOrderLock, { sqlite: null, postgres: 'SELECT pg_advisory_xact_lock_shared(8411003)' });
  testSql('eventsSettled', (d) => d.eventsSettled, { sqlite: null, postgres: 'SELECT pg_advisory_xact_lock(8411003)' });
  testSql('referenceOnClaim', (d) => d.referenceOnClaim, {
    sqlite: null,
    postgres: "reference = COALESCE(reference, nextval('shipment_reference')::text)",
  });
  testSql('freshStatistics', (d) => d.freshStatistics('addresses'), { sqlite: null, postgres: 'ANALYZE addresses' });
  testSql('binaryType', (d) => d.binaryType, { sqlite: 'BLOB', postgres: 'bytea' });
  testSql('integer', (d) => d.integer('count(*)'), { sqlite: 'CAST(count(*) AS INTEGER)', postgres: '(count(*))::int' });
  testSql('bigInteger', (d) => d.bigInteger('round(x)'), { sqlite: 'CAST(round(x) AS INTEGER)', postgres: 'round(x)::bigint' });
  testSql('jsonArrayLength', (d) => d.jsonArrayLength('attributes', 'packages'), {
    sqlite: "json_array_length(attributes, '$.packages')",
    postgres: "jsonb_array_length(attributes::jsonb -> 'packages')",
  });
  testSql('sumOverJsonArray', (d) => d.sumOverJsonArray('attributes', 'packages', ['weight', 'value']), {
    sqlite: "SELECT coalesce(sum(CAST(json_extract(p.value, '$.weight.value') AS REAL)), 0) FROM json_each(attributes, '$.packages') p",
    postgres: "SELECT coalesce(sum((p -> 'weight' ->> 'value')::numeric), 0) FROM jsonb_array_elements(attributes::jsonb -> 'packages') p",
  });
  const folded = String.raw`replace(replace(replace(station_fold($3), '\', '\\'), '%', '\%'), '_', '\_')`;
  const saved = 'id, name, contact, address1, address2, city, postal_code, state, country, phone, email';
  testSql('addressSearch', (d) => [d.addressSearch.byName('Mü"l', 5), d.addressSearch.containing('Mü"l', 5)], {
    sqlite: [
      [
        `SELECT * FROM addresses INDEXED BY addresses_by_name WHERE client_id = $1 AND sandbox = $2 AND name >= $3 COLLATE NOCASE AND name < $4 COLLATE NOCASE
       ORDER BY name COLLATE NOCASE, use_count DESC LIMIT $5`,
        ['Mü"l', 'Mü"l\u{10FFFF}', 5],
      ],
      [
        `SELECT a.* FROM addresses_search JOIN addresses a ON a.id = addresses_search.rowid
       WHERE addresses_search MATCH $3 AND a.client_id = $1 AND a.sandbox = $2 ORDER BY addresses_search.rowid DESC LIMIT $4`,
        ['"Mü""l"', 5],
      ],
    ],
    postgres: [
      [
        `SELECT ${saved} FROM addresses WHERE client_id = $1 AND sandbox = $2 AND folded_name LIKE ${folded} || '%' ORDER BY folded_name COLLATE "C", use_count DESC LIMIT $4`,
        ['Mü"l', 5],
      ],
      [
        `SELECT ${saved} FROM addresses WHERE client_id = $1 AND sandbox = $2 AND folded LIKE '%' || ${folded} || '%' ORDER BY id DESC LIMIT $4`,
        ['Mü"l', 5],
      ],
    ],
  });
});

describe("each dialect's capabilities, apart from its SQL", () => {
  const capabilities = (d: Dialect): DialectCapabilities => ({
    writesInWith: d.writesInWith,
    countsAsChanges: d.countsAsChanges,
    rowsPerBulkTransaction: d.rowsPerBulkTransaction,
  });

  it('are values, never SQL text', () => {
    expect(capabilities(SQLITE)).toEqual({ writesInWith: false, countsAsChanges: false, rowsPerBulkTransaction: 100_000 });
    expect(capabilities(POSTGRES)).toEqual({ writesInWith: true, countsAsChanges: true, rowsPerBulkTransaction: 1_000 });
  });

  it('and the SQL fragments are each pinned above: a new member needs its golden text', () => {
    const members = Object.keys(SQLITE).filter((member) => !['name', ...Object.keys(capabilities(SQLITE))].includes(member));
    expect(members.filter((member) => !covered.has(member)).sort()).toEqual([]);
    expect(Object.keys(POSTGRES).sort()).toEqual(Object.keys(SQLITE).sort());
  });
});
