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
