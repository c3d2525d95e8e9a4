// The address search by a name's beginning answers 50 names in order (the name, then the most used): its index holds
// that order (migration 25), so the search reads 50 entries of it and stops, however many names share the
// beginning or are equal. Before it, SQLite sorted every equal name (a temporary B-tree for the use count) and
// PostgreSQL every name with the beginning (200,000 rows of a book of 2,000,000 for a common first name).
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-main/store/database.ts';
import { SQLITE } from '../../src-main/store/sql/dialect.ts';
import { tempDir } from '../helpers/temp-dirs.ts';

const opened: { close(): void }[] = [];
afterEach(() => {
  for (const handle of opened.splice(0)) handle.close();
});

describe("the address book's index by name", () => {
  it('gives SQLite the search by a name’s beginning in its order: no sort of equal names', () => {
    const db = openDatabase(join(tempDir('address-order-'), 'station.sqlite'));
    opened.push(db);
    const [text, values] = SQLITE.addressSearch.byName('Mar', 50);
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${text.replace(/\$\d+/g, '?')}`).all(1, 0, ...values) as { detail: string }[];
    expect(plan.map((step) => step.detail)).toEqual([
      'SEARCH addresses USING INDEX addresses_by_name (client_id=? AND sandbox=? AND name>? AND name<?)',
    ]);
  });
});
