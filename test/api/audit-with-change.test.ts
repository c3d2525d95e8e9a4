// Every audit entry is written in the transaction of the change it records (Store.audited), on SQLite (through
// the writer thread of a running station) and on PostgreSQL: an entry that cannot be written takes its change
// back, a change that fails leaves no entry, and entries completed from a change's result name what it made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewAuditEvent } from '../../src-main/domain/audit.ts';
import { startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;

beforeAll(async () => {
  t = await startTestStation();
});

afterAll(async () => {
  await t.station.stop();
});

const entry = (overrides: Partial<NewAuditEvent> = {}): NewAuditEvent => ({
  desk: t.station.desk,
  via: 'cli',
  actorClientId: null,
  actor: 'test',
  actorRole: null,
  action: 'packing.configured',
  subjectType: 'packingSetup',
  subjectId: 'station',
  detail: null,
  ...overrides,
});

const entriesOf = async (action: string) =>
  (await t.station.store.audit.list({ before: null, action, desk: null, actor: null, limit: 100 })).length;

describe('an audit entry commits with its change, or neither does', () => {
  it('writes the change and its entry together', async () => {
    const before = await entriesOf('packing.configured');
    await t.station.store.audited({ entry: entry() }, 'settings', 'set', 'audit-test-together', { value: 1 });
    expect(await t.station.store.settings.get('audit-test-together')).toEqual({ value: 1 });
    expect(await entriesOf('packing.configured')).toBe(before + 1);
  });

  it('takes the change back when its entry cannot be written', async () => {
    const before = await entriesOf('packing.configured');
    // The log refuses an entry that came neither through the API nor the admin command (a CHECK constraint).
    const refused = await t.station.store
      .audited({ entry: entry({ via: 'elsewhere' as never }) }, 'settings', 'set', 'audit-test-refused', { value: 2 })
      .catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(await t.station.store.settings.get('audit-test-refused')).toBeUndefined();
    expect(await entriesOf('packing.configured')).toBe(before);
  });

  it('writes no entry for a change that fails', async () => {
    const before = await entriesOf('user.added');
    const taken = await t.station.store
      .audited(
        { entry: entry({ action: 'user.added', subjectType: 'user', subjectId: '' }), fromResult: { subjectId: 'id' } },
        'users',
        'add',
        {
          clientId: t.client.id,
          username: t.client.username,
          credential: Buffer.from('x'),
          role: 'packer',
          name: 'Twin',
        },
      )
      .catch((error: Error) => error);
    expect(taken).toBeInstanceOf(Error);
    expect(await entriesOf('user.added')).toBe(before);
  });

  it('completes an entry from what the change made, and skips it when nothing changed', async () => {
    const made = await t.station.store.audited(
      {
        entry: entry({ action: 'order.imported', subjectType: 'order', subjectId: '', detail: { orders: 0, first: null, last: null } }),
        fromResult: { subjectId: '0', 'detail.orders': 'length', 'detail.first': '0', 'detail.last': '-1' },
        onlyIf: 'length',
      },
      'orders',
      'insertMany',
      ['AUD-1', 'AUD-2', 'AUD-3'].map((number) => ({
        clientId: t.client.id,
        sandbox: false,
        source: 'import' as const,
        attributes: { number, shipTo: { name: 'A', address1: 'B', city: 'C', postalCode: '1', country: 'DE' }, lines: [] } as never,
      })),
    );
    expect(made).toEqual(['AUD-1', 'AUD-2', 'AUD-3']);
    const [logged] = await t.station.store.audit.list({ before: null, action: 'order.imported', desk: null, actor: null, limit: 1 });
    expect(logged).toMatchObject({ subjectId: 'AUD-1', detail: { orders: 3, first: 'AUD-1', last: 'AUD-3' } });
    const before = await entriesOf('order.imported');
    const none = await t.station.store.audited(
      { entry: entry({ action: 'order.imported', subjectType: 'order' }), onlyIf: 'length' },
      'orders',
      'insertMany',
      ['AUD-1'].map((number) => ({
        clientId: t.client.id,
        sandbox: false,
        source: 'import' as const,
        attributes: { number, shipTo: { name: 'A', address1: 'B', city: 'C', postalCode: '1', country: 'DE' }, lines: [] } as never,
      })),
    );
    expect(none).toEqual([]);
    expect(await entriesOf('order.imported')).toBe(before);
  });
});
