// The watched orders folder (docs/shipments.md, "Watched folder"), on SQLite and PostgreSQL: shops' export files
// dropped into a folder are imported once each, as they come, and moved to imported/ or to failed/ with their faults;
// a file still being written is never read; a file claimed by a station that stopped midway is imported again at its
// restart, without importing an order twice; two stations on one folder never both take a file.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { appendFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../helpers/clock.ts';
import { OPERATOR, removeTempDirs, startTestStation, tempDir, type TestStation } from '../helpers/station.ts';
import { waitFor } from '../helpers/wait.ts';

const FIXTURES = new URL('../fixtures/orders/', import.meta.url);
const DESK = 'folder-desk';
// A Friday morning at the station, standing still: the name clash's time suffix comes from it.
const clock = setClock('2026-11-27 09:30', 'Europe/Rome', { running: false });

/** A fixture's header and its orders, each its rows (an order's line items follow its first row). */
function ordersOf(file: string, delimiter: ',' | '\t'): { header: string[]; orders: Map<string, string[][]> } {
  const parsed = Papa.parse<string[]>(readFileSync(new URL(file, FIXTURES), 'utf8'), { delimiter, skipEmptyLines: true });
  const [header, ...rows] = parsed.data;
  const orders = new Map<string, string[][]>();
  for (const row of rows) orders.set(row[0]!, [...(orders.get(row[0]!) ?? []), row]);
  return { header: header!, orders };
}

const shopify = ordersOf('shopify-orders.csv', ',');
const amazon = ordersOf('amazon-unshipped.txt', '\t');

/** A file of these orders of a fixture, in its own format. */
function fileOf(fixture: typeof shopify, numbers: readonly string[], delimiter: ',' | '\t', change?: (row: string[]) => string[]): string {
  const rows = numbers.flatMap((number) => fixture.orders.get(number)!).map((row) => (change ? change([...row]) : row));
  return `${Papa.unparse([fixture.header, ...rows], { delimiter, newline: '\r\n' })}\r\n`;
}

/** The fixture's orders in files of four: five Shopify CSVs and five Amazon reports. */
function tenFiles(): { name: string; text: string; numbers: string[] }[] {
  const groups = <T>(list: T[]) => Array.from({ length: 5 }, (_, index) => list.slice(index * 4, index * 4 + 4));
  return [
    ...groups([...shopify.orders.keys()]).map((numbers, index) => ({
      name: `shopify-${index + 1}.csv`,
      text: fileOf(shopify, numbers, ','),
      numbers,
    })),
    ...groups([...amazon.orders.keys()]).map((numbers, index) => ({
      name: `amazon-unshipped-${index + 1}.txt`,
      text: fileOf(amazon, numbers, '\t'),
      numbers,
    })),
  ];
}

const files = (folder: string) => (existsSync(folder) ? readdirSync(folder).sort() : []);

async function orderNumbers(t: TestStation, token: string): Promise<string[]> {
  const numbers: string[] = [];
  let path: string | undefined = '/v3/orders?page[size]=100';
  while (path) {
    const page = await t.call(path, { headers: { Authorization: `Bearer ${token}` } });
    expect(page.status, page.text).toBe(200);
    numbers.push(...(page.json.data as { id: string }[]).map((order) => order.id));
    const next = page.json.links?.next as string | undefined;
    path = next ? next.slice(next.indexOf('/v3/')) : undefined;
  }
  return numbers.sort();
}

async function importEvents(t: TestStation, token: string) {
  const feed = await t.call('/v3/events?filter[type]=orders.imported&limit=1000', { headers: { Authorization: `Bearer ${token}` } });
  expect(feed.status, feed.text).toBe(200);
  return (feed.json.data as { attributes: { resource: { id: string; attributes: Record<string, unknown> } } }[]).map(
    (event) => event.attributes.resource,
  );
}

afterAll(() => removeTempDirs());

describe('files dropped into the watched folder are imported once each, as they come', () => {
  let t: TestStation;
  let token: string;
  let folder: string;

  beforeAll(async () => {
    folder = join(tempDir(), 'orders-in');
    // The folder is looked at only when the test says: what a look sees is then certain.
    t = await startTestStation({ schedulerIntervalMs: 0, clock, desk: DESK, ordersFolder: { dir: folder, user: 'smith', pollMs: 0 } });
    token = await t.token();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads none of ten files written slowly until each stood still across two looks, then imports each order once', async () => {
    const ten = tenFiles();
    const chunks = ten.map((file) => file.text.match(/[^]{1,400}/g)!);
    const longest = Math.max(...chunks.map((parts) => parts.length));
    // The ten files grow side by side, a chunk each between two looks, and all get their last chunk together (the
    // shorter ones start later); no look may take one of them, or any other, meanwhile.
    for (let step = 0; step < longest; step++) {
      await Promise.all(
        ten.map((file, at) => {
          const chunk = chunks[at]![step - (longest - chunks[at]!.length)];
          return chunk === undefined ? Promise.resolve() : appendFile(join(folder, file.name), chunk);
        }),
      );
      await t.station.ordersFolder!.runOnce();
      expect(files(folder).filter((name) => /\.(csv|txt)$/.test(name))).toEqual(
        ten
          .map((file) => file.name)
          .filter((name, at) => step >= longest - chunks[at]!.length)
          .sort(),
      );
      expect(files(join(folder, 'failed'))).toEqual([]);
    }
    expect(await orderNumbers(t, token)).toEqual([]);
    // The next look finds every file as the one before did: all ten are taken.
    await t.station.ordersFolder!.runOnce();
    await t.station.ordersFolder!.runOnce();
    expect(files(join(folder, 'imported'))).toEqual(ten.map((file) => file.name).sort());
    expect(files(join(folder, 'failed'))).toEqual([]);
    expect(files(join(folder, '.importing', DESK))).toEqual([]);
    expect(await orderNumbers(t, token)).toEqual(ten.flatMap((file) => file.numbers).sort());

    // Announced once each, with what the file held; audited as order.imported, naming the file and the folder.
    const announced = await importEvents(t, token);
    expect(announced.map((event) => event.id).sort()).toEqual(ten.map((file) => file.name).sort());
    expect(announced.find((event) => event.id === 'shopify-1.csv')!.attributes).toMatchObject({
      file: 'shopify-1.csv',
      outcome: 'imported',
      format: 'shopify',
      ready: 4,
      faulty: 0,
      created: ten[0]!.numbers,
      duplicates: [],
    });
    expect(announced.find((event) => event.id === 'amazon-unshipped-1.txt')!.attributes).toMatchObject({ format: 'amazon', ready: 4 });
    const audit = await t.station.audit.list(OPERATOR, { before: null, action: 'order.imported', desk: null, actor: null, limit: 50 });
    expect(audit.map((entry) => entry.detail?.file).sort()).toEqual(ten.map((file) => file.name).sort());
    expect(audit.every((entry) => entry.detail?.from === 'folder' && entry.actor === 'smith' && entry.desk === DESK)).toBe(true);
  });

  it('takes a file of the same name again as a new file: imported/ keeps both, the second with the time, its known orders left alone', async () => {
    const before = (await orderNumbers(t, token)).length;
    const [first, second] = [...shopify.orders.keys()].slice(0, 2);
    // The shop exports #1001 and #1002 again, and under the first file's name.
    await writeFile(join(folder, 'shopify-1.csv'), fileOf(shopify, [first!, second!], ','));
    await t.station.ordersFolder!.runOnce();
    await t.station.ordersFolder!.runOnce();
    expect(files(join(folder, 'imported'))).toEqual(expect.arrayContaining(['shopify-1.csv', 'shopify-1-20261127-083000.csv']));
    expect(readFileSync(join(folder, 'imported', 'shopify-1-20261127-083000.csv.log'), 'utf8')).toContain(
      `0 orders imported. 2 orders left alone, as the account has them already or the file repeats them: ${first}, ${second}.`,
    );
    expect(await orderNumbers(t, token)).toHaveLength(before);
  });

  it('puts a file with faulty orders into failed/ whole, with its faults by order in words; corrected, it imports', async () => {
    // Four orders of the Shopify file as new ones (#2017…#2020), two with a fault.
    const numbers = [...shopify.orders.keys()].slice(16, 20);
    const renumbered = (row: string[]) => [row[0]!.replace('#10', '#20'), ...row.slice(1)];
    const zip = shopify.header.indexOf('Shipping Zip');
    const city = shopify.header.indexOf('Shipping City');
    const broken = fileOf(shopify, numbers, ',', (row) => {
      if (row[0] === numbers[1] && row[zip] !== '') row[zip] = '';
      if (row[0] === numbers[3] && row[city] !== '') row[city] = '';
      return renumbered(row);
    });
    const [, second, , fourth] = numbers.map((number) => number.replace('#10', '#20'));
    const before = await orderNumbers(t, token);
    // Written under a temporary name, and renamed once complete: how a careful exporter drops a file.
    await writeFile(join(folder, 'late-orders.csv.part'), broken);
    await t.station.ordersFolder!.runOnce();
    await t.station.ordersFolder!.runOnce();
    expect(files(folder)).toContain('late-orders.csv.part');
    await rename(join(folder, 'late-orders.csv.part'), join(folder, 'late-orders.csv'));
    await t.station.ordersFolder!.runOnce();
    await t.station.ordersFolder!.runOnce();

    expect(files(join(folder, 'failed'))).toEqual(['late-orders.csv', 'late-orders.csv.faults.txt']);
    const faults = readFileSync(join(folder, 'failed', 'late-orders.csv.faults.txt'), 'utf8').split('\n');
    expect(faults[0]).toBe(
      `late-orders.csv (read as shopify): nothing was imported: 2 orders have faults (${second}, ${fourth}). Correct the orders below and drop the file into the folder again.`,
    );
    const lines = faults.slice(2).filter((line) => line !== '');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.some((line) => line.startsWith(`${second}, row `) && /postal code/.test(line) && line.includes('Shipping Zip'))).toBe(
      true,
    );
    expect(lines.some((line) => line.startsWith(`${fourth}, row `) && /city/.test(line))).toBe(true);
    // Grouped by order: every line of the first order before any of the second.
    const firstOf = (number: string) => faults.findIndex((line) => line.startsWith(`${number},`));
    const lastOf = (number: string) => faults.length - 1 - [...faults].reverse().findIndex((line) => line.startsWith(`${number},`));
    expect(lastOf(second!)).toBeLessThan(firstOf(fourth!));
    expect(lines.every((line) => !/postalCode|shipTo|unitPrice/.test(line))).toBe(true);
    expect(await orderNumbers(t, token)).toEqual(before);
    const announced = (await importEvents(t, token)).find((event) => event.id === 'late-orders.csv')!;
    expect(announced.attributes).toMatchObject({ outcome: 'failed', faulty: 2, created: [] });

    // The shop corrects the file and drops it again: its four orders are imported.
    await writeFile(join(folder, 'late-orders.csv'), fileOf(shopify, numbers, ',', renumbered));
    await t.station.ordersFolder!.runOnce();
    await t.station.ordersFolder!.runOnce();
    expect(files(join(folder, 'imported'))).toContain('late-orders.csv');
    expect(await orderNumbers(t, token)).toEqual([...before, ...numbers.map((number) => number.replace('#10', '#20'))].sort());
  });

  it('puts a file that is not a table into failed/ with why, and leaves hidden, lock, partial and other files where they are', async () => {
    await writeFile(join(folder, 'orders.xlsx'), Buffer.from('PK\u0003\u0004 not really a workbook'));
    const untouched = ['.hidden.csv', '~$orders.xlsx', 'download.csv.crdownload', 'export.tmp', 'notes.pdf'];
    for (const name of untouched) await writeFile(join(folder, name), fileOf(amazon, [...amazon.orders.keys()].slice(0, 1), '\t'));
    await t.station.ordersFolder!.runOnce();
    await t.station.ordersFolder!.runOnce();
    expect(files(join(folder, 'failed'))).toEqual(expect.arrayContaining(['orders.xlsx', 'orders.xlsx.faults.txt']));
    expect(readFileSync(join(folder, 'failed', 'orders.xlsx.faults.txt'), 'utf8')).toMatch(
      /^orders\.xlsx was not imported: The file cannot be read/,
    );
    expect(files(folder).filter((name) => !['imported', 'failed', '.importing'].includes(name))).toEqual([...untouched].sort());
  });
});

describe('a station that stopped with a file claimed imports it again at its restart, each order once', () => {
  it('imports a file claimed and not yet imported, and finds the orders of one imported but not yet moved as duplicates', async () => {
    const root = tempDir();
    const dataDir = join(root, 'data');
    const folder = join(root, 'orders-in');
    const claims = join(folder, '.importing', DESK);
    const numbers = [...amazon.orders.keys()];
    const options = { schedulerIntervalMs: 0, clock, desk: DESK, dataDir, ordersFolder: { dir: folder, user: 'smith', pollMs: 20 } };

    let t = await startTestStation(options);
    let token = await t.token();
    // A first file imported as usual, with the timer running.
    await writeFile(join(folder, 'monday.txt'), fileOf(amazon, numbers.slice(0, 10), '\t'));
    await waitFor('monday.txt imported', () => files(join(folder, 'imported')).includes('monday.txt'), {
      seen: () => [files(folder), files(claims)],
    });
    // The station stops with two files claimed: one it never read, and one whose orders went in before it could move it.
    await t.station.ordersFolder!.stop();
    await mkdir(claims, { recursive: true });
    await writeFile(join(claims, 'tuesday.txt'), fileOf(amazon, numbers.slice(10), '\t'));
    await writeFile(join(claims, 'monday.txt'), fileOf(amazon, numbers.slice(0, 10), '\t'));
    await t.close();

    t = await startTestStation(options);
    token = await t.token();
    await waitFor('both claimed files finished', () => files(claims).length === 0 && files(join(folder, 'imported')).length >= 4, {
      seen: () => [files(claims), files(join(folder, 'imported'))],
    });
    expect(files(join(folder, 'imported'))).toEqual([
      'monday-20261127-083000.txt',
      'monday-20261127-083000.txt.log',
      'monday.txt',
      'tuesday.txt',
    ]);
    expect(readFileSync(join(folder, 'imported', 'monday-20261127-083000.txt.log'), 'utf8')).toMatch(
      /^monday\.txt \(read as amazon\): 0 orders imported\. 10 orders left alone/,
    );
    expect(await orderNumbers(t, token)).toEqual([...numbers].sort());
    // Each file read is announced: monday.txt twice (its second reading made nothing), tuesday.txt once.
    const announced = (await importEvents(t, token)).map((event) => event.attributes);
    expect(announced.map((event) => [event.file, (event.created as string[]).length, (event.duplicates as string[]).length])).toEqual([
      ['monday.txt', 10, 0],
      ['monday.txt', 0, 10],
      ['tuesday.txt', 10, 0],
    ]);
    await t.close();
  });
});

describe('a file announced and not yet moved when the station stopped is announced once', () => {
  it('moves the file at the restart without a second orders.imported event, and with its first outcome', async () => {
    const root = tempDir();
    const dataDir = join(root, 'data');
    const folder = join(root, 'orders-in');
    const claims = join(folder, '.importing', DESK);
    const numbers = [...amazon.orders.keys()].slice(0, 10);
    const options = { schedulerIntervalMs: 0, clock, desk: DESK, dataDir, ordersFolder: { dir: folder, user: 'smith', pollMs: 0 } };

    let t = await startTestStation(options);
    let token = await t.token();
    // imported/ cannot be made (a file has its name): the import goes in and is announced, the move fails.
    await rm(join(folder, 'imported'), { recursive: true });
    await writeFile(join(folder, 'imported'), 'in the way');
    await writeFile(join(folder, 'wednesday.txt'), fileOf(amazon, numbers, '\t'));
    await t.station.ordersFolder!.runOnce();
    await t.station.ordersFolder!.runOnce();
    expect(files(claims)).toEqual(['wednesday.txt']);
    expect((await importEvents(t, token)).map((event) => event.id)).toEqual(['wednesday.txt']);
    // The station stops there: what it kept in memory of the file is gone.
    await t.close();
    await rm(join(folder, 'imported'));

    t = await startTestStation(options);
    token = await t.token();
    await t.station.ordersFolder!.runOnce();
    expect(files(claims)).toEqual([]);
    expect(files(join(folder, 'imported'))).toEqual(['wednesday.txt']);
    const announced = (await importEvents(t, token)).map((event) => event.attributes);
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({ file: 'wednesday.txt', outcome: 'imported', created: numbers, duplicates: [] });
    expect(await orderNumbers(t, token)).toEqual([...numbers].sort());

    // A new file of the same name later is a new file: imported and announced in its turn.
    await writeFile(join(folder, 'wednesday.txt'), fileOf(amazon, numbers, '\t'));
    await t.station.ordersFolder!.runOnce();
    await t.station.ordersFolder!.runOnce();
    expect(files(join(folder, 'imported'))).toEqual([
      'wednesday-20261127-083000.txt',
      'wednesday-20261127-083000.txt.log',
      'wednesday.txt',
    ]);
    expect((await importEvents(t, token)).map((event) => (event.attributes.duplicates as string[]).toSorted())).toEqual([
      [],
      numbers.toSorted(),
    ]);
    await t.close();
  });
});

describe('two stations watching one folder never both take a file', () => {
  it('imports each of ten files dropped at once by one of the two stations, each order once', async () => {
    const folder = join(tempDir(), 'shared-orders');
    const a = await startTestStation({
      schedulerIntervalMs: 0,
      clock,
      desk: 'desk-a',
      ordersFolder: { dir: folder, user: 'smith', pollMs: 5 },
    });
    const b = await startTestStation({
      schedulerIntervalMs: 0,
      clock,
      desk: 'desk-b',
      ordersFolder: { dir: folder, user: 'smith', pollMs: 5 },
    });
    try {
      const ten = tenFiles();
      await Promise.all(ten.map((file) => writeFile(join(folder, file.name), file.text)));
      await waitFor('ten files imported', () => files(join(folder, 'imported')).length === 10, {
        seen: () => [files(folder), files(join(folder, 'imported'))],
      });
      expect(files(join(folder, 'imported'))).toEqual(ten.map((file) => file.name).sort());
      // Each station has its own database here: between them they hold every order once.
      const numbers = [...(await orderNumbers(a, await a.token())), ...(await orderNumbers(b, await b.token()))].sort();
      expect(numbers).toEqual(ten.flatMap((file) => file.numbers).sort());
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
