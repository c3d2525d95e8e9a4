// The shop's own id of an order line (itemId: Amazon's order-item-id, eBay's and Etsy's Transaction ID), read from the
// shops' exports with the rest of the line and kept on the order, for the shipping confirmation that names it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { guessMapping, previewImport } from '../../src-shared/order-import.ts';
import { formatMapping, recogniseFormat } from '../../src-shared/order-formats/index.ts';
import { validateOrderDocument } from '../../src-shared/orders.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'orders');

function importOf(name: string) {
  const parsed = Papa.parse<Record<string, string>>(readFileSync(join(FIXTURES, name), 'utf8'), { header: true, skipEmptyLines: 'greedy' });
  const headers = parsed.meta.fields ?? [];
  const format = recogniseFormat(headers)!;
  return {
    rows: parsed.data,
    preview: previewImport(parsed.data, formatMapping(format, headers), format),
  };
}

describe('the shop’s line id is read from the exports that give one', () => {
  it.each([
    ['amazon-unshipped.txt', 'order-id', 'order-item-id'],
    ['etsy-order-items.csv', 'Order ID', 'Transaction ID'],
    ['ebay-orders.csv', 'Order Number', 'Transaction ID'],
  ])('%s: every line carries its row’s %s’s %s', (file, orderColumn, idColumn) => {
    const { rows, preview } = importOf(file);
    expect(preview.valid).toBe(20);
    // Amazon's item shipped already (nothing left to ship) is no line of the order.
    const given = rows
      .filter((row) => (row[idColumn] ?? '') !== '' && row['quantity-to-ship'] !== '0')
      .map((row) => [row[orderColumn], row[idColumn]]);
    const read = preview.orders.flatMap((order) => order.attributes!.lines.map((line) => [order.number, line.itemId]));
    expect(given.length).toBeGreaterThanOrEqual(20);
    expect(read).toEqual(given);
  });

  it('a shop without per-line ids (Shopify, WooCommerce) leaves it out', () => {
    for (const file of ['shopify-orders.csv', 'woocommerce-orders.csv'])
      expect(importOf(file).preview.orders.flatMap((order) => order.attributes!.lines.filter((line) => 'itemId' in line))).toEqual([]);
  });

  it('a file of another shape maps a column named like a line id by itself', () => {
    expect(guessMapping(['Order', 'SKU', 'Line Item ID']).itemId).toBe('Line Item ID');
  });
});

describe('an order line’s itemId', () => {
  const order = (itemId: unknown) => ({
    data: {
      type: 'order',
      attributes: {
        number: 'A-1',
        shipTo: {
          name: 'Jonas Becker',
          contact: 'Jonas Becker',
          address1: 'Marienplatz 8',
          postalCode: '80331',
          city: 'München',
          country: 'DE',
        },
        lines: [
          {
            sku: 'MUG',
            description: 'Mug',
            quantity: '1',
            unitPrice: '9.90',
            itemId,
          },
        ],
      },
    },
  });
  const line = (itemId: unknown) => {
    const checked = validateOrderDocument(order(itemId));
    return checked.ok ? checked.value.lines[0] : checked.errors.map((error) => error.source?.pointer);
  };

  it('is text of up to 64 characters, kept trimmed; null or empty is absent', () => {
    expect(line(' 62345678901234 ')).toMatchObject({
      itemId: '62345678901234',
    });
    expect(line(62345678901234)).toMatchObject({ itemId: '62345678901234' });
    expect(line('x'.repeat(64))).toMatchObject({ itemId: 'x'.repeat(64) });
    for (const absent of [null, undefined, '', '  ']) expect(line(absent)).not.toHaveProperty('itemId');
    expect(line('x'.repeat(65))).toEqual(['/data/attributes/lines/0/itemId']);
  });
});
