// An integration's typed client, generated from the station's own API description, making a label: sign in,
// rate, confirm the cheapest rate, save the label PDF and print it. Generate the types once, then run it:
//   npx openapi-typescript http://127.0.0.1:8411/v3/openapi.json -o station-api.d.ts
//   INTEGRATION_KEY=… PRINTER=… node make-label.ts
// Every path, query, body and answer below is checked by TypeScript against station-api.d.ts.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import type { components, paths } from './station-api.d.ts';

const { STATION_URL = 'http://127.0.0.1:8411', USERNAME = 'smith', PASSWORD = 'HowSoonIsNow?1985', INTEGRATION_KEY = '', PRINTER, LABEL_FILE = 'label.pdf' } = process.env;
const station = createClient<paths>({ baseUrl: `${STATION_URL}/v3`, headers: { Accept: 'application/vnd.api+json' } });

/** Stops with the station's own words when a call is refused. */
function answered<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw new Error(`${result.response.status}: ${JSON.stringify(result.error)}`);
  return result.data;
}

// Sign in with the spec's hash, SHA-256("<username>:" + MD5(password)); every later call carries the Bearer token.
const md5 = createHash('md5').update(PASSWORD).digest('hex');
const hash = createHash('sha256').update(`${USERNAME}:${md5}`).digest('hex');
const signedIn = answered(await station.POST('/clients/authentication', { headers: { Authorization: `ServiceApi hash=${hash}, integrationKey=${INTEGRATION_KEY}` } }));
const token = signedIn.meta!.token;
station.use({ onRequest: ({ request }) => (request.headers.set('Authorization', `Bearer ${token}`), request) });

const address = (name: string, city: string, postalCode: string, state: string) => ({
  name, address1: 'Via Roma 12', city, postalCode, state, country: 'IT', contact: name, phone: '3331234567', email: 'shipping@example.com',
});
const shipment = {
  shipFrom: address('Bottega Verdi', 'Milano', '20129', 'MI'),
  shipTo: address('Mario Rossi', 'Roma', '00195', 'RM'),
  packages: [{ weight: { value: '1.4', units: '1' }, dimensions: { length: '30', width: '20', height: '15', units: '1' }, type: 'CARTON' }],
  goodsDescription: 'Ceramic cups',
  invoiceSubtotal: { amount: '64.50', currency: 'EUR' },
  insuranceDescription: null,
  insuranceValue: null,
  booking: true,
} satisfies components['schemas']['ShipmentRequestAttributes'];

// Rate it, and book the cheapest rate exactly as it was rated (its meta.documentHash says which document that was).
const rates = answered(await station.POST('/shipments/rate', { body: { data: { type: 'shipment', attributes: shipment, meta: { service: 'economy' } } } }));
const rate = rates.data.toSorted((a, b) => a.attributes.finalCost.amount - b.attributes.finalCost.amount)[0]!;
console.log(`${rates.data.length} rates; the cheapest: ${rate.attributes.carrierName} ${rate.attributes.serviceName}, ${rate.attributes.finalCost.amount} ${rate.attributes.finalCost.currency}`);
const confirmed = answered(await station.POST('/shipments/confirm', {
  params: { header: { 'Idempotency-Key': `make-label-${hash.slice(0, 8)}-${Date.now()}` } },
  body: { data: { type: 'shipment', attributes: shipment, meta: { rate } } },
}));
const { id } = confirmed.data;
console.log(`shipment ${id}: status ${confirmed.data.meta.status}, tracking number ${confirmed.data.meta.trackingNumber}`);

// The label, and a print job on the station's printer, followed until it has printed.
const documents = answered(await station.GET('/shipments/{id}/documents', { params: { path: { id }, query: { document: 'labels' } } }));
writeFileSync(LABEL_FILE, Buffer.from(documents.data.attributes.fileData, 'base64'));
console.log(`label saved as ${LABEL_FILE}`);
if (PRINTER) {
  let job = answered(await station.POST('/shipments/{id}/print', { params: { path: { id } }, body: { data: { type: 'printJob', attributes: { printer: PRINTER, format: 'zpl' } } } })).data;
  while (job.attributes.status === 'queued' || job.attributes.status === 'printing') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    job = answered(await station.GET('/print-jobs/{id}', { params: { path: { id: job.id } } })).data;
  }
  console.log(`print job ${job.id} on ${job.attributes.printer}: ${job.attributes.status}${job.attributes.reason ? ` (${job.attributes.reason})` : ''}`);
}
