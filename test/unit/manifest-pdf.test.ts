// The manifest's head, measured in the PDF: for the longest carrier names and manifest numbers the title never
// runs into the barcode (nor into its quiet zone), nothing in the head overlaps, and the number is whole.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderManifestPdf, type ManifestDocumentInput } from '../../src-main/documents/manifest-pdf.ts';
import { fontLibrary } from '../../src-main/documents/fonts.ts';
import { overlaps, pdfLayout } from '../helpers/pdf-layout.ts';
import { setClock } from '../helpers/clock.ts';

const fonts = fontLibrary(join(import.meta.dirname, '..', '..', 'resources', 'fonts'));

/** The day closed, at its evening close: any day's date is as long as another's. */
const clock = setClock('2026-12-31 17:45', 'Europe/Rome', { running: false });
const closedAt = clock();
const shipDate = clock.today();

/** A manifest as the station numbers them: carrier code, ship date, account (T in the sandbox), sequence. */
const manifest = (carrierCode: string, carrierName: string, extra: Partial<ManifestDocumentInput> = {}): ManifestDocumentInput =>
  ({
    number: `${carrierCode}-${shipDate.replace(/-/g, '')}-99999999T-99`,
    carrierName,
    shipDate,
    shipper: 'Bottega Verdi',
    closedAt,
    timeZone: 'Europe/Rome',
    closedBy: 'desk',
    lines: [
      {
        shipmentId: 'A1',
        reference: '100200000001',
        trackingNumber: '1Z999AA10123456784',
        serviceName: 'Express',
        receiverCity: 'München',
        receiverCountry: 'DE',
        packages: 1,
        weightKg: 1.2,
        declaredCents: 2500,
      },
    ],
    totals: { shipments: 1, packages: 1, weightKg: 1.2, declaredCents: 2500, currency: 'EUR' },
    ...extra,
  }) as ManifestDocumentInput;

describe('the manifest’s head', () => {
  const cases: [string, ManifestDocumentInput][] = [
    ['DHL Express', manifest('DHL_EXPRESS', 'DHL Express')],
    ['Poste Italiane', manifest('POSTE_ITALIANE', 'Poste Italiane')],
    [
      'Poste Italiane, a long shipper',
      manifest('POSTE_ITALIANE', 'Poste Italiane', {
        shipper: 'Bottega Verdi Ceramiche Artigianali di Montelupo Fiorentino S.r.l. — Magazzino Nord',
        closedBy: 'a-very-long-username-of-the-warehouse',
      }),
    ],
    ['UPS', manifest('UPS', 'UPS')],
  ];

  it.each(cases)('keeps the title and the facts clear of the barcode for %s', async (_name, input) => {
    const { texts, fills } = await pdfLayout(renderManifestPdf(input, fonts));
    const bars = fills.filter((fill) => fill.top > 700);
    expect(bars).toHaveLength(1);
    const barcode = bars[0]!;
    // The head: everything above the first service's heading (the page's own footer line is at the bottom).
    const head = texts.filter((placed) => placed.bottom > barcode.bottom - 60);
    const title = head.filter((placed) => placed.size > 9 && placed.bottom > barcode.bottom - 20);
    expect(title.map((placed) => placed.text).join(' ')).toBe(`Manifest ${input.number}`);
    // Clear of the bars and their quiet zone (10 modules, 3.5 pt at 203 dpi; 6 pt kept).
    const intoBarcode = head.filter((placed) => placed.text !== input.number && overlaps(placed, barcode, 6));
    expect(intoBarcode.map((placed) => placed.text)).toEqual([]);
    // The number under the bars stands below them, and no two pieces of the head overlap.
    const under = head.find((placed) => placed.text === input.number && placed.size === 8)!;
    expect(under.top).toBeLessThanOrEqual(barcode.bottom);
    for (const [index, one] of head.entries()) {
      for (const other of head.slice(index + 1)) expect(overlaps(one, other), `“${one.text}” and “${other.text}”`).toBe(false);
    }
  });
});

describe('the manifest’s special services', () => {
  const line = (n: number, extra: Partial<ManifestDocumentInput['lines'][number]>) => ({
    shipmentId: `A${n}`,
    reference: `10020000000${n}`,
    trackingNumber: `1Z999AA1012345678${n}`,
    serviceName: 'Standard',
    receiverCity: 'Napoli',
    receiverCountry: 'IT',
    packages: 1,
    weightKg: 3,
    declaredCents: 0,
    ...extra,
  });

  it('lists each shipment’s COD and dry ice under its row, and sums COD per currency and the dry ice', async () => {
    const input = manifest('UPS', 'UPS', {
      lines: [
        line(1, { cashOnDelivery: { amount: '45', currency: 'EUR' } }),
        line(2, {}),
        line(3, { cashOnDelivery: { amount: '30.50', currency: 'EUR' } }),
        line(4, { dryIceKg: 2.5 }),
      ],
      totals: { shipments: 4, packages: 4, weightKg: 12, declaredCents: 0, currency: 'EUR' },
    });
    const { texts } = await pdfLayout(renderManifestPdf(input, fonts));
    const row = (reference: string) => texts.find((placed) => placed.text === reference)!;
    const under = (reference: string) =>
      texts
        .filter((placed) => placed.size < 8.5 && placed.top < row(reference).bottom + 4 && placed.top > row(reference).bottom - 12)
        .map((placed) => placed.text);
    expect(under('100200000001')).toEqual(['COD 45.00 EUR']);
    expect(under('100200000002')).toEqual([]);
    expect(under('100200000003')).toEqual(['COD 30.50 EUR']);
    expect(under('100200000004')).toEqual(['Dry ice UN1845 2.5 kg']);
    const all = texts.map((placed) => placed.text);
    expect(all).toContain('Cash on delivery: 75.50 EUR');
    expect(all).toContain('Dry ice (UN1845): 2.5 kg in 1 shipment');
    for (const [index, one] of texts.entries()) {
      for (const other of texts.slice(index + 1)) expect(overlaps(one, other), `“${one.text}” and “${other.text}”`).toBe(false);
    }
  });

  it('sums COD in each currency apart, and a manifest without services has no such lines', async () => {
    const withCod = manifest('UPS', 'UPS', {
      lines: [
        line(1, { cashOnDelivery: { amount: '100', currency: 'PLN' } }),
        line(2, { cashOnDelivery: { amount: '12.5', currency: 'EUR' } }),
        line(3, { cashOnDelivery: { amount: '20', currency: 'PLN' }, dryIceKg: 1.25 }),
        line(4, { dryIceKg: 0.5 }),
      ],
    });
    const texts = (await pdfLayout(renderManifestPdf(withCod, fonts))).texts.map((placed) => placed.text);
    expect(texts.filter((text) => text.startsWith('Cash on delivery') || text.startsWith('Dry ice ('))).toEqual([
      'Cash on delivery: 12.50 EUR',
      'Cash on delivery: 120.00 PLN',
      'Dry ice (UN1845): 1.75 kg in 2 shipments',
    ]);
    expect(texts).toContain('COD 20.00 PLN · Dry ice UN1845 1.25 kg');
    const plain = (await pdfLayout(renderManifestPdf(manifest('UPS', 'UPS'), fonts))).texts.map((placed) => placed.text);
    expect(plain.filter((text) => /COD|Cash on delivery|Dry ice/.test(text))).toEqual([]);
  });
});
