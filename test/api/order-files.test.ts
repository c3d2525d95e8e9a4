// A file of orders sent to the station as it is (POST /orders/import), on SQLite and PostgreSQL: each shop's export
// (test/fixtures/orders/, 20 orders each) recognised and read as the desk reads it, as CSV, tab-separated text or an
// Excel workbook; faults said by order, row and column; commit=true importing all or nothing, and a second commit
// of the same file importing nothing twice; the account's column templates applied by themselves to a file of
// their columns; and every way a request can be wrong refused with a 4xx that names what is wrong.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOrderTable } from '../../src-shared/order-file.ts';
import { readOrders } from '../../src-shared/order-reading.ts';
import { setClock } from '../helpers/clock.ts';
import { JSONAPI, startTestStation, type TestStation } from '../helpers/station.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'orders');
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const FORMATS = [
  { id: 'shopify', file: 'shopify-orders.csv', type: 'text/csv' },
  { id: 'amazon', file: 'amazon-unshipped.txt', type: 'text/tab-separated-values' },
  { id: 'etsy', file: 'etsy-order-items.csv', type: 'text/csv' },
  { id: 'woocommerce', file: 'woocommerce-orders.csv', type: 'text/csv; charset=utf-8' },
  { id: 'ebay', file: 'ebay-orders.csv', type: 'text/csv' },
] as const;

let t: TestStation;
let token: string;
const clock = setClock('2026-11-25 09:00', 'Europe/Rome', { running: false });

beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0, clock });
  token = await t.token();
});
afterAll(async () => {
  await t?.close();
});

/** POST /orders/import of a file's bytes, with its media type and a query. */
const sendFile = (bytes: Buffer | string, type: string, query = '') =>
  t.call(`/v3/orders/import${query}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': type },
    body: bytes,
  });
const call = (method: string, path: string, body?: unknown) =>
  t.call(`/v3${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const meta = (response: { json: unknown }) => (response.json as { meta: Record<string, any> }).meta;
const errors = (response: { json: unknown }) => (response.json as { errors: Record<string, any>[] }).errors;

/** A CSV of the rows, as a spreadsheet writes one. */
const csvOf = (rows: Record<string, string>[]) => Papa.unparse(rows, { newline: '\r\n' });

describe('each shop’s export, sent as it is', () => {
  for (const { id, file, type } of FORMATS) {
    it(`${id}: recognised, 20 orders ready, the same the desk reads; commit imports them once`, async () => {
      const bytes = fixture(file);
      const preview = await sendFile(bytes, type);
      expect(preview.status, preview.text).toBe(200);
      const read = meta(preview);
      expect(read).toMatchObject({ format: id, template: null, ready: 20, faulty: 0, faults: [], committed: false, created: [] });
      // The desk's reading of the same bytes (the code the Orders screen runs) gives the same orders.
      const desk = readOrders(await readOrderTable(new Uint8Array(bytes)), { templates: [] });
      expect(read.orders.map((order: { number: string; rows: number[] }) => [order.number, order.rows])).toEqual(
        desk.preview.orders.map((order) => [order.number, order.rows]),
      );

      const committed = await sendFile(bytes, type, '?commit=true');
      expect(committed.status, committed.text).toBe(200);
      expect(meta(committed).committed).toBe(true);
      expect([...meta(committed).created].sort()).toEqual(desk.preview.orders.map((order) => order.number).sort());
      // Each order as the desk would have made it.
      for (const order of desk.preview.orders.slice(0, 3)) {
        const stored = await call('GET', `/orders/${encodeURIComponent(order.number)}`);
        expect(stored.status).toBe(200);
        const attributes = (stored.json as { data: { attributes: Record<string, unknown> } }).data.attributes;
        expect(attributes).toMatchObject({ number: order.number, shipTo: order.attributes!.shipTo });
        expect((attributes.lines as unknown[]).length).toBe(order.attributes!.lines.length);
      }

      // Sent again: every order is a duplicate, nothing is imported twice.
      const again = await sendFile(bytes, type, '?commit=true');
      expect(meta(again)).toMatchObject({ committed: true, created: [], ready: 0 });
      expect(meta(again).duplicates).toHaveLength(20);
      expect(meta(again).orders.every((order: { status: string }) => order.status === 'duplicate')).toBe(true);
    });
  }

  it('an Excel workbook of Shopify’s export reads as the CSV does', async () => {
    const table = await readOrderTable(new Uint8Array(fixture('shopify-orders.csv')));
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Notes');
    const sheet = workbook.addWorksheet('orders_export');
    sheet.addRow(table.headers);
    for (const row of table.rows) sheet.addRow(table.headers.map((header) => row[header] ?? ''));
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const answer = await sendFile(bytes, XLSX);
    expect(answer.status, answer.text).toBe(200);
    expect(meta(answer)).toMatchObject({ format: 'shopify', faulty: 0, rows: table.rows.length });
    // Imported by the CSV's test already: the same 20 numbers, all known.
    expect(meta(answer).duplicates).toHaveLength(20);
  });

  it('an export in Windows-1252 (an older shop system’s) is read with its accents', async () => {
    const text =
      'Order number;Name;Street;Zip;City;Country;SKU;Item;Qty;Weight;Price\r\nW-1;Jürgen Müßig;Königstraße 5;70173;Stuttgart;Deutschland;CUP;Tasse;1;0,3;12,50\r\n';
    const answer = await sendFile(Buffer.from(text, 'latin1'), 'text/csv');
    expect(answer.status, answer.text).toBe(200);
    expect(meta(answer), JSON.stringify(meta(answer).faults)).toMatchObject({ ready: 1, faulty: 0 });
  });
});

describe('faults, by order, row and column', () => {
  const faultyShopify = async () => {
    const table = await readOrderTable(new Uint8Array(fixture('shopify-orders.csv')));
    const rows = table.rows.map((row) => {
      const renamed: Record<string, string> = { ...row, Name: row.Name!.replace('#10', '#F0') };
      return renamed.Name === '#F003' && renamed['Shipping Zip'] ? { ...renamed, 'Shipping Zip': '' } : renamed;
    });
    return { bytes: Buffer.from(csvOf(rows)), rows };
  };

  it('the preview says each fault in words with the file’s row and column', async () => {
    const { bytes, rows } = await faultyShopify();
    const answer = await sendFile(bytes, 'text/csv');
    expect(answer.status).toBe(200);
    const row = rows.findIndex((each) => each.Name === '#F003') + 1;
    expect(meta(answer)).toMatchObject({ ready: 19, faulty: 1 });
    expect(meta(answer).faults).toEqual([
      {
        order: '#F003',
        row,
        column: 'Shipping Zip',
        field: 'postalCode',
        missing: true,
        text: `#F003, row ${row}: the postal code is empty (column “Shipping Zip”)`,
      },
    ]);
  });

  it('commit=true imports all or nothing: a faulty order refuses the file (422) and nothing is imported', async () => {
    const { bytes, rows } = await faultyShopify();
    const answer = await sendFile(bytes, 'text/csv', '?commit=true');
    expect(answer.status).toBe(422);
    const row = rows.findIndex((each) => each.Name === '#F003') + 1;
    expect(errors(answer)).toEqual([
      expect.objectContaining({
        status: 422,
        code: 'order.fileFaulty',
        meta: expect.objectContaining({ order: '#F003', row, column: 'Shipping Zip', field: 'postalCode' }),
      }),
    ]);
    expect((await call('GET', '/orders/%23F001')).status).toBe(404);
  });
});

describe('column templates', () => {
  const ownFile = (order: string, columns: string[]) => {
    const row: Record<string, string> = {
      Ref: order,
      Kunde: 'Jonas Becker',
      Strasse: 'Marienplatz 8',
      PLZ: '80331',
      Stadt: 'München',
      Staat: 'DE',
      Artikel: 'TASSE',
      Bezeichnung: 'Tasse',
      Menge: '2',
      Preis: '12,50',
    };
    return Buffer.from(csvOf([Object.fromEntries(columns.map((column) => [column, row[column]!]))]));
  };
  const columns = ['Ref', 'Kunde', 'Strasse', 'PLZ', 'Stadt', 'Staat', 'Artikel', 'Bezeichnung', 'Menge', 'Preis'];

  it('a saved template reads the next file of its columns by itself, in any order; by name too', async () => {
    const guessed = meta(await sendFile(ownFile('T-1', columns), 'text/csv'));
    expect(guessed).toMatchObject({ format: null, template: null, ready: 0 });

    const saved = await call('POST', '/order-templates', {
      data: {
        type: 'orderTemplate',
        attributes: {
          name: 'Warenwirtschaft',
          headers: columns,
          mapping: {
            number: 'Ref',
            name: 'Kunde',
            address1: 'Strasse',
            postalCode: 'PLZ',
            city: 'Stadt',
            country: 'Staat',
            sku: 'Artikel',
            description: 'Bezeichnung',
            quantity: 'Menge',
            unitPrice: 'Preis',
          },
        },
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.json as { data: { id: string } }).data.id).toBe('Warenwirtschaft');
    const listed = await call('GET', '/order-templates');
    expect((listed.json as { data: { id: string }[] }).data.map((template) => template.id)).toEqual(['Warenwirtschaft']);

    const reordered = [...columns].reverse();
    const applied = await sendFile(ownFile('T-2', reordered), 'text/csv', '?commit=true');
    expect(applied.status, applied.text).toBe(200);
    expect(meta(applied)).toMatchObject({ template: 'Warenwirtschaft', ready: 1, faulty: 0, created: ['T-2'] });
    // Contact, none in the file: the receiver's name.
    const order = await call('GET', '/orders/T-2');
    expect((order.json as { data: { attributes: { shipTo: Record<string, string> } } }).data.attributes.shipTo).toMatchObject({
      name: 'Jonas Becker',
      postalCode: '80331',
      country: 'DE',
    });

    // A file with one more column is another shape: asked for by name, the template reads it.
    const wider = Buffer.from(
      `${ownFile('T-3', columns).toString().split('\r\n')[0]},Notiz\r\n${ownFile('T-3', columns).toString().split('\r\n')[1]},\r\n`,
    );
    expect(meta(await sendFile(wider, 'text/csv'))).toMatchObject({ template: null });
    expect(meta(await sendFile(wider, 'text/csv', '?template=Warenwirtschaft'))).toMatchObject({ template: 'Warenwirtschaft', ready: 1 });
  });

  it('an unknown template is refused by name; a template removed is gone', async () => {
    const unknown = await sendFile(ownFile('T-4', columns), 'text/csv', '?template=Nope');
    expect(unknown.status).toBe(404);
    expect(errors(unknown)[0]).toMatchObject({ code: 'order.templateNotFound', source: { parameter: 'template' } });
    expect((await call('DELETE', '/order-templates/Warenwirtschaft')).status).toBe(204);
    expect((await call('DELETE', '/order-templates/Warenwirtschaft')).status).toBe(404);
    expect(meta(await sendFile(ownFile('T-4', columns), 'text/csv'))).toMatchObject({ template: null });
  });

  it('a template without a name, or with a field that is not an order’s, is refused naming the member', async () => {
    const nameless = await call('POST', '/order-templates', { data: { type: 'orderTemplate', attributes: { name: ' ', mapping: {} } } });
    expect(nameless.status).toBe(400);
    expect(errors(nameless)[0]).toMatchObject({ source: { pointer: '/data/attributes/name' } });
    const odd = await call('POST', '/order-templates', {
      data: { type: 'orderTemplate', attributes: { name: 'X', headers: null, mapping: { colour: 'Farbe' } } },
    });
    expect(odd.status).toBe(400);
    expect(errors(odd)[0]!.source.pointer).toMatch(/^\/data\/attributes\/mapping/);
  });
});

describe('requests the station refuses, each with what it takes', () => {
  it('an unknown format or a commit that is not a flag names the parameter (400)', async () => {
    const format = await sendFile(fixture('shopify-orders.csv'), 'text/csv', '?format=magento');
    expect(format.status).toBe(400);
    expect(errors(format)[0]).toMatchObject({ code: 'parameter.invalid', source: { parameter: 'format' } });
    const commit = await sendFile(fixture('shopify-orders.csv'), 'text/csv', '?commit=maybe');
    expect(commit.status).toBe(400);
    expect(errors(commit)[0]).toMatchObject({ source: { parameter: 'commit' } });
  });

  it('a format asked for reads the file as that shop’s, whatever its header row', async () => {
    const answer = await sendFile(fixture('shopify-orders.csv'), 'text/csv', '?format=amazon');
    expect(answer.status).toBe(200);
    expect(meta(answer)).toMatchObject({ format: 'amazon', ready: 0 });
  });

  it('JSON, or no media type, is not a file: 415 with the types taken', async () => {
    const json = await sendFile('{"data": []}', JSONAPI);
    expect(json.status).toBe(415);
    expect(errors(json)[0]).toMatchObject({ code: 'request.mediaTypeUnsupported', source: { header: 'Content-Type' } });
    expect(json.headers['accept-post']).toContain('text/csv');
  });

  it('bytes that are no table, or a header row without rows, are refused as unreadable (400)', async () => {
    const binary = await sendFile(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01, 0x02]), 'application/octet-stream');
    expect(binary.status).toBe(400);
    expect(errors(binary)[0]).toMatchObject({ code: 'order.fileUnreadable' });
    const broken = await sendFile(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x01, 0x02]), XLSX);
    expect(broken.status).toBe(400);
    const headerOnly = await sendFile('Name,Email\r\n', 'text/csv');
    expect(headerOnly.status).toBe(400);
    expect(errors(headerOnly)[0]!.meta.reason).toMatch(/no header row followed by rows/);
  });

  it('the file is read only for a caller who may import: no token, no reading', async () => {
    const answer = await t.call('/v3/orders/import', { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: 'a,b\r\n1,2\r\n' });
    expect(answer.status).toBe(401);
  });
});
