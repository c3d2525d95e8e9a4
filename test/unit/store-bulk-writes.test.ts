// The store's bulk writes (an import of shipments or addresses, the station keys) are writes: a SQLite file found
// damaged takes none of them, as it takes no other write; and one runs beside a running writer thread.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src-main/store/index.ts';
import { tempDir } from '../helpers/temp-dirs.ts';
import { setClock } from '../helpers/clock.ts';
import { shipTo } from '../helpers/shipments.ts';

const clock = setClock('2026-11-23 09:00', 'Europe/Rome', { running: false });

const opened: Store[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});

function freshStore(): Store {
  const store = openStore(join(tempDir('bulk-writes-'), 'station.sqlite'), { clock });
  opened.push(store);
  return store;
}

const secret = (bytes: number) => 'k'.repeat(bytes);
const profile = {
  name: 'Verdi',
  address1: 'Via Roma 1',
  address2: '',
  city: 'Milano',
  postalCode: '20121',
  state: '',
  country: 'IT',
  contact: 'Anna',
  phone: '',
  email: '',
  taxIdentification: '',
};
const addClient = async (store: Store) =>
  (await store.clients.add({ username: 'verdi', credential: Buffer.from('x'), clientKey: 'key-1', role: 'admin', profile })).client.id;
const address = { ...shipTo(), postalCode: '80331' } as Parameters<Store['addresses']['remember']>[2];

describe('a bulk write is a write', () => {
  it('is refused, as every write, once the file is found damaged, and writes nothing', async () => {
    const store = freshStore();
    const keys = await store.stationKeys.ensure(secret, 'Desk app');
    const clientId = await addClient(store);
    store.reportDamage('quick_check found a page out of order');
    await expect(store.addresses.bulkRemember(clientId, false, [address])).rejects.toMatchObject({ kind: 'corrupt' });
    await expect(store.shipments.bulkInsert([])).rejects.toMatchObject({ kind: 'corrupt' });
    await expect(store.stationKeys.ensure(secret, 'Desk app')).rejects.toMatchObject({ kind: 'corrupt' });
    expect(await store.addresses.search(clientId, false, address.name as string, 5)).toEqual([]);
    expect(keys.serverKey).toBe(secret(32));
  });

  it('waits for the writer thread’s lock as a write does, beside a running station', async () => {
    const store = freshStore();
    await store.stationKeys.ensure(secret, 'Desk app');
    const clientId = await addClient(store);
    store.writeInBackground(() => undefined);
    const many = Array.from({ length: 2_000 }, (_, index) => ({ ...address, name: `Kunde ${index}` }));
    // Writes through the writer thread meanwhile: each holds the write lock for its commit.
    const [remembered] = await Promise.all([
      store.addresses.bulkRemember(clientId, false, many),
      ...Array.from({ length: 50 }, (_, index) => store.addresses.remember(clientId, false, { ...address, name: `Einzeln ${index}` })),
    ]);
    expect(remembered).toBe(2_000);
    expect((await store.addresses.search(clientId, false, 'Kunde 1999', 5)).map((found) => found.name)).toEqual(['Kunde 1999']);
  });
});
