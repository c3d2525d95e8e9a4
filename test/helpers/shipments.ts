// Request bodies for shipment tests, shaped like the spec's examples: a parcel from Milan to Munich.
import type { TestStation } from './station.ts';
import { JSONAPI } from './station.ts';
import { setClock } from './clock.ts';
import { waitFor } from './wait.ts';

/** The day the helpers' invoices are dated: data the station never measures against now, so a fixed day. */
const INVOICED_ON = setClock('2026-11-22 09:00', 'Europe/Rome', { running: false }).today();

export function shipFrom(): Record<string, unknown> {
  return {
    name: 'Bottega Verdi',
    address1: 'Via Roma 12',
    address2: '',
    city: 'Milano',
    postalCode: '20129',
    state: 'MI',
    country: 'IT',
    contact: 'Anna Verdi',
    phone: '3331234567',
    email: 'anna@verdi.example',
    taxIdentification: 'IT01234567890',
  };
}

export function shipTo(): Record<string, unknown> {
  return {
    name: 'Kunde Becker',
    address1: 'Marienplatz 8',
    city: 'Muenchen',
    postalCode: 80331,
    country: 'DE',
    contact: 'Jonas Becker',
    phone: '4989123456',
    email: 'jonas@becker.example',
  };
}

/** What a receiver in another country needs for its checks: a city, a postal code of its format, a state where asked, a phone there. */
const ABROAD: Record<string, Record<string, unknown>> = {
  AT: { city: 'Wien', postalCode: '1010', phone: '4315123456' },
  CH: { city: 'Zürich', postalCode: '8001', phone: '41446681800' },
  DE: { city: 'Muenchen', postalCode: '80331', phone: '4989123456' },
  FR: { city: 'Paris', postalCode: '75004', phone: '33142000000' },
  GB: { city: 'London', postalCode: 'SW1A 1AA', phone: '442079460000' },
  IT: { city: 'Roma', postalCode: '00195', state: 'RM', phone: '390612345678' },
  NO: { city: 'Oslo', postalCode: '0150', phone: '4722123456' },
  US: { city: 'New York', postalCode: '10001', state: 'NY', phone: '12125550100' },
  CA: { city: 'Toronto', postalCode: 'M5V 3L9', state: 'ON', phone: '14165550100' },
  JP: { city: 'Tokyo', postalCode: '100-0001', phone: '81312345678' },
};

/** The helpers' receiver moved to another country, with that country's postal code, state and phone. */
export function shipToIn(country: string): Record<string, unknown> {
  const local = ABROAD[country];
  if (!local) throw new Error(`shipToIn: no receiver for ${country}; add one to ABROAD`);
  return { ...shipTo(), ...local, country };
}

export function parcel(weight = '1.4', [length, width, height] = ['30', '20', '15']): Record<string, unknown> {
  return { weight: { value: weight, units: '1' }, dimensions: { length, width, height, units: '1' }, type: 'CARTON' };
}

/** A shipment's attributes without a ship date: the station gives it its day (a test that needs one takes it from t.clock). */
export function attributes(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    shipFrom: shipFrom(),
    shipTo: shipTo(),
    packages: [parcel()],
    goodsDescription: 'Ceramic cups',
    customerReference: 'ORDER-7781',
    specialInstructions: 'Ring twice',
    confirmationEmail: 'labels@verdi.example',
    invoiceSubtotal: { amount: '64.50', currency: 'EUR' },
    booking: true,
    ...overrides,
  };
}

export function exportDeclaration(invoiceDate = INVOICED_ON): Record<string, unknown> {
  return {
    exportReasonType: 'COMMERCIAL_PURPOSE_OR_SALE',
    invoiceDate,
    invoiceReference: 'INV-2026-118',
    invoiceFreight: 12.5,
    shipmentPurpose: 'COMMERCIAL',
    lineItems: [
      {
        reference: 'L1',
        productId: 'CUP-6',
        description: 'Ceramic cup',
        originCountry: 'IT',
        commodityCode: '691200',
        quantity: '6',
        unitPrice: '10.75',
        unitWeight: '0.2',
      },
    ],
  };
}

export function document(attrs: Record<string, unknown> = attributes(), meta: Record<string, unknown> = {}): Record<string, unknown> {
  return { data: { type: 'shipment', attributes: attrs, meta } };
}

/** POSTs a JSON:API body with the Bearer token. */
export function post(t: TestStation, token: string, path: string, body: unknown) {
  return t.call(path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': JSONAPI },
    body: JSON.stringify(body),
  });
}

export function get(t: TestStation, token: string, path: string, method = 'GET') {
  return t.call(path, { method, headers: { Authorization: `Bearer ${token}` } });
}

/** A print job once it has ended, done or failed, read through the API for up to 15 s. */
export async function finishedJob(t: TestStation, token: string, jobId: string): Promise<{ id: string; attributes: Record<string, any> }> {
  let last: unknown;
  return waitFor(
    `print job ${jobId} to finish`,
    async () => {
      const job = await get(t, token, `/v3/print-jobs/${jobId}`);
      last = job.json.data?.attributes?.status;
      return ['done', 'failed'].includes(job.json.data.attributes.status)
        ? (job.json.data as { id: string; attributes: Record<string, any> })
        : undefined;
    },
    { timeoutMs: 15_000, intervalMs: 50, seen: () => last },
  );
}
