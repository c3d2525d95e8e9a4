// The special services on the customs papers, read back from the PDFs GET /shipments/<id>/documents answers, on
// SQLite and PostgreSQL: an express parcel Milan → Zürich with a dangerous good, lithium batteries, dry ice and cash
// on delivery declares them on its commercial invoice in the label's words; a postal item with a phone declares its
// lithium batteries on the CN22 and the CN23; a shipment without them has none of these lines.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RESOURCES_DIR } from '../../src-main/station.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { attributes, document, exportDeclaration, get, parcel, post, shipToIn } from '../helpers/shipments.ts';
import { startTestStation, tempDir, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let token: string;
beforeAll(async () => {
  // The shipper's own UPS card: its contract collects cash on delivery in the rest of Europe too (Switzerland).
  const dataDir = join(tempDir(), 'data');
  mkdirSync(join(dataDir, 'carriers'), { recursive: true });
  const card = JSON.parse(readFileSync(join(DEFAULT_RESOURCES_DIR, 'carriers', 'ups.json'), 'utf8'));
  const saver = card.services.find((service: { serviceCode: string }) => service.serviceCode === 'XSS');
  saver.options.cashOnDelivery.zones = ['domestic', 'eu', 'europe'];
  writeFileSync(join(dataDir, 'carriers', 'ups.json'), JSON.stringify(card));
  t = await startTestStation({ dataDir, schedulerIntervalMs: 0 });
  token = await t.token();
});
afterAll(() => t.close());

const PERFUME = {
  unNumber: 'UN1266',
  properShippingName: 'Perfumery products',
  class: '3',
  packingGroup: 'II',
  quantity: 2,
  netWeightKg: '0.5',
};
const COD = { amount: '49.9', currency: 'EUR', method: 'cash', account: 'IT60X0542811101000000123456' };

/** Milan → Zürich, commercial goods declared; `extra` adds the services and the packages' options. */
const toZurich = (extra: Record<string, unknown> = {}) =>
  attributes({
    shipTo: shipToIn('CH'),
    invoiceSubtotal: { amount: '64.50', currency: 'EUR' },
    exportDeclaration: exportDeclaration(t.clock.today()),
    ...extra,
  });

const everything = () =>
  toZurich({
    services: { cashOnDelivery: COD },
    packages: [
      { ...parcel('3'), dangerousGoods: [PERFUME], lithiumBatteries: { type: 'ion', packing: 'containedInEquipment', section2: true } },
      { ...parcel('6'), dryIceKg: '2.5' },
    ],
  });

async function create(attrs: Record<string, unknown>, carrierChoice: string, service = 'express'): Promise<string> {
  const created = await post(t, token, '/v3/shipments', document(attrs, { service, carrierChoice, scheduledProcessing: false }));
  expect(created.status, created.text).toBe(201);
  return created.json.data.id as string;
}

async function textOf(id: string, query = ''): Promise<string> {
  const answer = await get(t, token, `/v3/shipments/${id}/documents${query}`);
  expect(answer.status, answer.text).toBe(200);
  return pdfText(new Uint8Array(Buffer.from(answer.json.data.attributes.fileData, 'base64')));
}

/** The text with its runs' spacing evened out: pdf.js may split a line where the font changes. */
const even = (text: string) => text.replace(/\s+/g, ' ');

const SERVICE_WORDS = ['Dangerous goods', 'UN1266', 'UN3481', 'UN1845', 'Dry ice', 'Lithium', 'Cash on delivery'];

describe('the customs papers carry the special services', () => {
  it('an express parcel with a dangerous good, lithium batteries, dry ice and COD declares each on its invoice', async () => {
    const id = await create(everything(), 'UPS');
    const invoice = even(await textOf(id, '?document=invoice'));
    expect(invoice).toContain('COMMERCIAL INVOICE');
    for (const line of [
      'Cash on delivery: collect 49.90 EUR in cash, paid into IT60X0542811101000000123456',
      'Dangerous goods',
      'Package 1: UN1266 Perfumery products, class 3, PG II, 2 × 0.5 kg',
      'Package 1: Lithium ion batteries contained in equipment, UN3481, Section II',
      'Package 2: Dry ice UN1845, 2.5 kg',
    ])
      expect(invoice).toContain(line);
    // The labels say the same in their own capitals.
    const labels = even(await textOf(id, '?document=labels'));
    for (const mark of [
      'COD 49.90 EUR',
      'UN1266 Perfumery products (class 3)',
      'LITHIUM BATTERY UN3481 SECTION II',
      'DRY ICE UN1845 2.5 kg',
    ])
      expect(labels).toContain(mark);
  });

  it('a postal item with a phone declares its lithium batteries on the CN22, and on the CN23 above 300 SDR', async () => {
    const phone = { ...parcel('0.8'), lithiumBatteries: { type: 'ion', packing: 'containedInEquipment', section2: true } };
    const small = await create(toZurich({ packages: [phone] }), 'POSTE_ITALIANE', 'economy');
    const cn22 = even(await textOf(small, '?document=cn22'));
    expect(cn22).toContain('CN 22');
    expect(cn22).toMatch(/Dangerous goods: Lithium ion batteries contained in equipment, UN3481, Section II/);
    // The thermal CN22 says it too, in rows every printer font holds whole.
    for (const format of ['zpl', 'epl2']) {
      const answer = await get(t, token, `/v3/shipments/${small}/documents?format=${format}`);
      expect(answer.status, answer.text).toBe(200);
      const code = Buffer.from(answer.json.data.attributes.fileData, 'base64').toString('utf8');
      expect(code).toContain('Dangerous goods:');
      expect(code).toContain('Lithium ion batteries contained in equipment, UN3481,');
      expect(code).toMatch(/Section II/);
    }

    const declaration = exportDeclaration(t.clock.today());
    declaration.lineItems = [
      { description: 'Mobile phone', originCountry: 'CN', commodityCode: '851713', quantity: '1', unitPrice: '499.00', unitWeight: '0.2' },
    ];
    const large = await create(
      toZurich({ packages: [phone], invoiceSubtotal: { amount: '499.00', currency: 'EUR' }, exportDeclaration: declaration }),
      'POSTE_ITALIANE',
      'economy',
    );
    const cn23 = even(await textOf(large, '?document=cn23'));
    expect(cn23.match(/Comments \(dangerous goods\) Lithium ion batteries contained in equipment, UN3481, Section II/g)).toHaveLength(3);
    expect(even(await textOf(large, '?document=invoice'))).toContain(
      'Dangerous goods Lithium ion batteries contained in equipment, UN3481, Section II',
    );
  });

  it('a shipment without them has none of these lines on any paper', async () => {
    const express = await create(toZurich(), 'UPS');
    const postal = await create(toZurich(), 'POSTE_ITALIANE', 'economy');
    for (const [id, paper] of [
      [express, 'COMMERCIAL INVOICE'],
      [postal, 'CN 22'],
    ] as const) {
      const text = await textOf(id);
      expect(text).toContain(paper);
      for (const word of SERVICE_WORDS) expect(text).not.toContain(word);
    }
  });
});
