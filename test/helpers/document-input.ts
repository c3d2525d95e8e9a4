// The shipment a document test renders, as the document workers get it: Bottega Verdi in Milan to Kunde Becker in
// Munich by UPS, on the day of a clock the test sets. Each test says only what it changes (the service, the
// packages, a sandbox label), so a label, barcode or pool test reads as what it is about.
import type { ShipmentDocumentInput } from '../../src-main/documents/shipment-pdf.ts';
import type { Package, ShipmentAttributes } from '../../src-shared/shipment.ts';
import type { TestClock } from './clock.ts';

export const SENDER = {
  name: 'Bottega Verdi',
  address1: 'Via Roma 12',
  city: 'Milano',
  postalCode: '20129',
  state: 'MI',
  country: 'IT',
  contact: 'Anna Verdi',
};

export const RECEIVER = {
  name: 'Kunde Becker',
  address1: 'Marienplatz 8',
  city: 'München',
  postalCode: '80331',
  country: 'DE',
  contact: 'Jonas Becker',
};

/** A 30 × 20 × 15 cm carton of this weight, with a package's own options. */
export const parcel = (weight: string, options: Partial<Package> = {}): Package => ({
  weight: { value: weight, units: '1' },
  dimensions: { length: '30', width: '20', height: '15', units: '1' },
  type: 'CARTON',
  ...options,
});

/** The document input, made on the clock's day; `given` replaces what it names (its attributes member by member). */
export function documentInput(
  clock: TestClock,
  given: Partial<Omit<ShipmentDocumentInput, 'attributes'>> & { attributes?: Partial<ShipmentAttributes> } = {},
): ShipmentDocumentInput {
  const { attributes, ...rest } = given;
  return {
    reference: '100200000017',
    trackingNumber: '1ZA0B1C26512345678',
    carrierName: 'UPS',
    serviceName: 'UPS Express Saver',
    shipDate: clock.today(),
    sandbox: false,
    createdAt: clock(),
    ...rest,
    attributes: {
      shipFrom: SENDER,
      shipTo: RECEIVER,
      packages: [parcel('1.4')],
      goodsDescription: 'Ceramic cups',
      insuranceDescription: null,
      insuranceValue: null,
      booking: true,
      ...attributes,
    },
  };
}
