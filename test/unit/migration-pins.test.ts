// Every migration a station may have applied is written once: its text is pinned here by its sha256, per back end,
// so changing one character of a released migration (or of what a live module it imported used to give) fails this
// test. A new migration adds its line to the table; a released one is never changed, a new one is added after it.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, POSTGRES_MIGRATIONS, type Migration } from '../../src-main/store/migrations/index.ts';

type Pins = Record<number, [sha256: string, name: string]>;

/** SQLite's migrations: version → [sha256 of its SQL, its name]. */
const SQLITE_PINS: Pins = {
  1: ['fdb360fe51661b6e68dcb9b587afb484ac2c0ee48e8accbc0092a7e451612a7e', 'station secrets, integrations and clients'],
  2: [
    '33e991939294c53851747f9ebd880fe4911d034d1be7ac139fc1a3cfa13c5048',
    'shipments, documents, bookings, tracking events, audit, address book, carrier settings',
  ],
  3: ['89238eeef682c9c60c6d3f79e1559aa8d935ebb724b4fd5f0f6709c21a059bbb', 'print jobs and station settings'],
  4: [
    '37c1960f05d76c91ca2125151384421cc674439ca4d33377d69ac888707b85f1',
    'summary columns (names, countries, latest tracking event) and a covering index, so listing shipments reads one index; an index of claimed shipments',
  ],
  5: [
    '6f441397487e10a0b2f1024fa9255fe81a1316e371a8c8868065029de28bc632',
    'removed clients and revoked integration keys: kept for the records that name them, no longer usable',
  ],
  6: [
    'ea5da1a0982c8c1f1b094807bb1353cea39ee35b5ff9019c598d6c5e5e7e9422',
    'roles, desks and the audit log: each client has a role, each print job the desk whose printer prints it, and an append-only record of who did what from which desk',
  ],
  7: [
    '392682f5269750e3489ac520781c82aa4e7902f4218e13ac8b136cabf560de00',
    'idempotency keys, written with what their first request made, and the integration events, written with the change they describe',
  ],
  8: [
    'b3ef6379de8aa2e0e927a599012f28fefe8dfdaebf26cec4f9fcd2c1ab874585',
    'webhooks: endpoints that receive events, signed, and the log of each delivery',
  ],
  9: [
    '7f66601666b947ea2c28fc6338c9b049e35acb8ba91051bc7fabf426a0c2d884',
    'the upstream gateway: what an upstream service booked for each shipment, and finding shipments by customer reference',
  ],
  10: [
    'ef82e03a4ba94e61114d5db014b9f62c54737ab88969f804f9370ae645fd6bdd',
    'end of day: manifests that close a carrier and ship date for a client, and the shipments each holds',
  ],
  11: ['668db5df276a06e36fc15d3f3af94d301d21a48f292b99c66cf0649a52e3b92d', 'pickups: a collection booking can be cancelled'],
  12: [
    'b4bc282cc750681fb246540a13fc07a2b2d80e67928db5903b9b50024b665c44',
    'reports: summaries per client, ship date and carrier, and per destination, kept with each processing and void',
  ],
  13: [
    'bf7160ebf8c2db038b6f6a40a47e3d1079178dbe320cb50905cceaacbc1a9c80',
    'end of day: manifests sent to an upstream service through the outbox',
  ],
  14: ['05740f76a5d876ea7ceebd6028e33b9f7a7a888bbbdfee044819c5abe21fbcc2', 'orders: the work a desk ships, linked to its shipment'],
  15: ['248815fc016e65960808259f17e91c378b07ac9dcb9857f7a05101212e3c0ccb', 'print jobs of many labels: bulk print'],
  16: [
    '8e3dc56790cb5723b084997e1800dd2632effe545039d7a8eba5683d9a590169',
    "print jobs of A4 documents: the commercial invoice on the desk\'s A4 printer",
  ],
  17: [
    '0f026aa4bcbe16eed5e94da048114fe331e986bd029f23d068baf3278d49b1ba',
    'accounts and their people: users inside a client, and who made each shipment at which desk',
  ],
  18: ['7b6265422304bc3e072f6482c342c369385c9486e9457924232eddfe8c19348d', 'returns and customs data'],
  19: ['4c96d9c7fcd1b009da0cfe82ba330f2914f99dbea2126928f1c5b43c13f04fba', 'webhook environment'],
  20: ['056a3701cb9e74ae10ee777b7efb186e1f234c0581bb01d4d1647f0f839a7ddb', 'print job failure'],
  21: ['82cfcbf7c46e1dd98f9492a604d7b9c298dfffee7d25b39e28e56e8ece941d80', 'migration history'],
  22: ['49a5cac1e1c1b6fb24b22d866ca6504725f1790e4c1cf218498f74762979e02e', 'print jobs in EPL2 and PNG'],
  23: [
    '9d3b9422dcecbe513e244961215fadb9056a9037df094a15e6a5c797052a369b',
    'sites: each shipment, manifest and day summary names its site in the account (1, the main site, for all before)',
  ],
  24: [
    '555e2ab3269ef7933666ff0591c9ac4049b3deb48254d611ee326b1606e00c6d',
    'day summary changes and address uses, folded before they are read',
  ],
  25: [
    '87ad0e454973e0ad0a735588ff6d77faf351ddb860c980c3b50f5c41944f4b4d',
    'the address book by name in the order a search answers: the name, then the most used',
  ],
  26: [
    '17db4fd369edb9244b9f91d9aeed145c3d04ad8ba6e95d06247f07a63527d11a',
    'documents stored as they are (PostgreSQL: no compression of a label already compressed)',
  ],
  27: [
    'fdcb0e727148cbb7d58416e1674175a1ea20fe4e733bbe2343d21158b45c7a2e',
    'session epochs: a password change ends the sessions of its user',
  ],
  28: ['340b0d8297d5dc329e2338676b5a4734ad53df9fde512648a776cd00cbd92166', 'the address book by place: the cities at a postal code'],
  29: ['f1aecc5e1d53cbb6c70879a366356da685086c4fa390cd7158622bf040af3358', 'each processed shipment’s emissions'],
  30: ['c2a5c1f131af42f889d19282e43acaaa2447e42bf240738f65b387cc6a46dd2c', 'delivered parcels per lane, for the delivery outlook'],
};

/** PostgreSQL's migrations: version → [sha256 of its SQL, its name]. */
const POSTGRES_PINS: Pins = {
  1: [
    '976f23a3e1076065763d0822ff8c1c864a66dea617305f1fc508e70d1308d078',
    'the station schema: secrets, integrations, clients, shipments and their records, address book, print jobs, settings',
  ],
  2: [
    'e772180a65c885a3946786a0a0d9daabe5febb616f2fdffd0aad58edda9cc876',
    "roles, desks and the audit log (SQLite\'s version 6), and an index of each address book by recency",
  ],
  3: [
    '2901931a35ce57f730bbaef2cca9c4888c08b93a3ba10aad797611c1de04f4f0',
    "idempotency keys and the integration events (SQLite\'s version 7)",
  ],
  4: ['4a3389c10b9bd0f18b50251c94e32eef16c20858378604fbdb5177aeb0f6ffb8', "webhooks and their deliveries (SQLite\'s version 8)"],
  5: [
    'cfaf7a3f18d6f8936a283dc95643537165bb08e066b826efad0d149d9b2e72e8',
    "the upstream gateway\'s bookings, and finding shipments by customer reference (SQLite\'s version 9)",
  ],
  6: [
    'eeca03e1ae0ed31bc1001ae17dfe5ddf6bde1d3184e24945a21ff702c930d72c',
    "end of day: manifests and the shipments each holds (SQLite\'s version 10)",
  ],
  7: [
    '74230b8b3dc5750b12e38bdcdfa077292782e2342a8ca27ae91b89a0cf1d9d20',
    "pickups: a collection booking can be cancelled (SQLite\'s version 11)",
  ],
  8: ['97b2a59f2805d1bf981339571b52921c7d966efac594f0ab3f3e520a2c38025a', "reports: the day summaries (SQLite\'s version 12)"],
  9: [
    'a788c4bca43d2bcb67f93a59b308939cbcae5bfffd38bf0f246f5d57b6b0de9a',
    "end of day: manifests sent to an upstream service through the outbox (SQLite\'s version 13)",
  ],
  10: [
    '7d9ac62b53836060d10a360069493995933ad3ea6842c20602650772dfaf4d56',
    "orders: the work a desk ships, linked to its shipment (SQLite\'s version 14)",
  ],
  11: ['9ebd69a036a9f2e3882ec5a440ff8b0275c6342ddbaf391877ad917b12219f7f', "print jobs of many labels: bulk print (SQLite\'s version 15)"],
  12: ['08d4467a3531e0087ec82803fb27bbd8d22697c0a2559a7ca009815f73feb886', "print jobs of A4 documents (SQLite\'s version 16)"],
  13: [
    '4b8f720fb1db913803b725a00f3e3bc04e6aabe8136cc1344cd54191395e99c2',
    "accounts and their people: users inside a client, and who made each shipment at which desk (SQLite\'s version 17)",
  ],
  14: [
    '048c3f11ec3fb6185bb420a7503dc83b579883f83758a3d6a2f6aa5375ddd510',
    "the address search ignores accents as SQLite\'s does (unaccent): Müller is found by muller, Köln by koln",
  ],
  15: ['7b6265422304bc3e072f6482c342c369385c9486e9457924232eddfe8c19348d', 'returns and customs data'],
  16: ['4c96d9c7fcd1b009da0cfe82ba330f2914f99dbea2126928f1c5b43c13f04fba', 'webhook environment'],
  17: ['056a3701cb9e74ae10ee777b7efb186e1f234c0581bb01d4d1647f0f839a7ddb', 'print job failure'],
  18: ['82cfcbf7c46e1dd98f9492a604d7b9c298dfffee7d25b39e28e56e8ece941d80', 'migration history'],
  19: ['ea8b09ace1894c748ee8a364b76781e38ebe46b4c56c56fe5106ff5a128b23de', 'print jobs in EPL2 and PNG'],
  20: [
    'b308d63bb727be2889e4d643947c649abd16969d33dfcea3a137c81fe11084a2',
    'sites: each shipment, manifest and day summary names its site in the account (1, the main site, for all before)',
  ],
  21: [
    '18b643bd745745893370c355d90ee011230eb6581f92608e2270fdb10f8e45e2',
    'day summary changes and address uses, folded before they are read',
  ],
  22: [
    '91bbfba85ef485115f150f4e8e32c04c179c5594b2d30d486d285e96c6a3e7e0',
    'the address book by name in the order a search answers: the name, then the most used',
  ],
  23: [
    'df20cb8432356196dc206439b38befa998e0b5c8cfdec891e041a7bb1dca4e30',
    'documents stored as they are (PostgreSQL: no compression of a label already compressed)',
  ],
  24: [
    'fdcb0e727148cbb7d58416e1674175a1ea20fe4e733bbe2343d21158b45c7a2e',
    'session epochs: a password change ends the sessions of its user',
  ],
  25: ['340b0d8297d5dc329e2338676b5a4734ad53df9fde512648a776cd00cbd92166', 'the address book by place: the cities at a postal code'],
  26: ['02b2f004594f148fa1c8822998c0d7d17b28214eadf356adeb3038dd0024448c', 'each processed shipment’s emissions'],
  27: ['2c388e1c1a6b1cd7d8a796acdc4093b732e527918c1cb5b26bdde427149ccc42', 'delivered parcels per lane, for the delivery outlook'],
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What is wrong with a list of migrations against its pins, in words that say what to do instead. */
function pinProblems(backEnd: string, migrations: readonly Migration[], pins: Pins): string[] {
  const problems: string[] = [];
  for (const migration of migrations) {
    const pin = pins[migration.version];
    const sum = sha256(migration.sql);
    if (!pin) {
      problems.push(
        `${backEnd} migration ${migration.version} ("${migration.name}") is not pinned: add ${migration.version}: ['${sum}', ${JSON.stringify(migration.name)}] to the pins of test/unit/migration-pins.test.ts.`,
      );
    } else if (pin[0] !== sum || pin[1] !== migration.name) {
      problems.push(
        `${backEnd} migration ${migration.version} ("${pin[1]}") changed (${pin[1] === migration.name ? `sha256 ${sum}, pinned ${pin[0]}` : `now named "${migration.name}"`}). ` +
          'A released migration is written once: stations in the field have applied it and will never run it again. Put it back as it was, ' +
          'and add the change as a new migration (a file in src-main/store/migrations/, listed in WRITTEN_ONCE).',
      );
    }
  }
  for (const version of Object.keys(pins).map(Number)) {
    if (!migrations.some((migration) => migration.version === version)) {
      problems.push(
        `${backEnd} migration ${version} ("${pins[version]![1]}") is gone: a released migration is never removed, since stations in the field have applied it.`,
      );
    }
  }
  return problems;
}

describe('the migrations, written once', () => {
  it("are SQLite's pinned text, each as released", () => {
    expect(pinProblems('SQLite', MIGRATIONS, SQLITE_PINS)).toEqual([]);
  });

  it("are PostgreSQL's pinned text, each as released", () => {
    expect(pinProblems('PostgreSQL', POSTGRES_MIGRATIONS, POSTGRES_PINS)).toEqual([]);
  });

  it('fail the pin on one changed character, with what to do instead', () => {
    const changed = MIGRATIONS.map((migration) =>
      migration.version === 12 ? { ...migration, sql: migration.sql.replace('count(*)', 'count(1)') } : migration,
    );
    const problems = pinProblems('SQLite', changed, SQLITE_PINS);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^SQLite migration 12 .* changed .*written once.*add the change as a new migration/);
    expect(pinProblems('SQLite', [...MIGRATIONS, { version: 99, name: 'new', sql: 'SELECT 1' }], SQLITE_PINS)[0]).toMatch(
      /migration 99 \("new"\) is not pinned/,
    );
  });

  it('import nothing live: the released lists are literal text', () => {
    for (const file of ['released-sqlite.ts', 'released-postgres.ts']) {
      const text = readFileSync(new URL(`../../src-main/store/migrations/${file}`, import.meta.url), 'utf8');
      expect(text.match(/^import (?!type ).*$/gm) ?? [], file).toEqual([]);
      expect(text.includes('${'), `${file} interpolates a value`).toBe(false);
    }
  });
});
