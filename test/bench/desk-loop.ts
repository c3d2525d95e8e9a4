// The station's part of the scan-to-ship loop, measured: what a desk waits for between a scanned order and its
// label, made the way the desk makes it (src-renderer/store/packing.ts), one order after another as one packer
// does: GET the order, POST /shipments/rate, POST /shipments/confirm at the cheapest rate (label booked). The whole
// loop's 2 s (scan to print job, in Chromium) is measured by the scan-to-ship and warehouse-day e2e walks, which
// print it and write it to test-results/; its target is judged here, where a busy test machine does not decide it.
import { http } from '../helpers/http.ts';
import { benchAttributes } from './seed.ts';

const json = 'application/vnd.api+json';

/** Adds `count` orders, then ships each as the desk does; resolves with each order's milliseconds, in order. */
export async function deskLoop(url: string, token: string, count: number): Promise<number[]> {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': json, Accept: json };
  const call = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
    const response = await http(`${url}/v3${path}`, {
      method,
      headers: { ...headers, ...extra },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${response.text}`);
    return response.json;
  };
  const run = Date.now().toString(36).toUpperCase();
  const number = (i: number) => `LOOP-${run}-${i}`;
  const orders = Array.from({ length: count }, (_, i) => ({
    type: 'order',
    attributes: {
      number: number(i),
      shipTo: benchAttributes(i).shipTo,
      shipFrom: benchAttributes(i).shipFrom,
      lines: [
        { sku: 'CUP-6', description: 'Ceramic cup', quantity: '2', unitWeight: '0.35', unitPrice: '10.75' },
        { sku: 'SAUCER', description: 'Saucer', quantity: '1', unitWeight: '0.2', unitPrice: '4' },
      ],
    },
  }));
  await call('POST', '/orders/batch', { data: orders });

  const durations: number[] = [];
  for (let i = 0; i < count; i++) {
    const began = performance.now();
    const order = (await call('GET', `/orders/${number(i)}`)).data;
    const attributes = { ...benchAttributes(i), customerReference: order.attributes.number };
    const rates = (await call('POST', '/shipments/rate', { data: { type: 'shipment', attributes, meta: {} } })).data as {
      id: string;
      attributes: { finalCost: { amount: string } };
    }[];
    const cheapest = rates.reduce((best, rate) =>
      Number(rate.attributes.finalCost.amount) < Number(best.attributes.finalCost.amount) ? rate : best,
    );
    await call(
      'POST',
      '/shipments/confirm',
      { data: { type: 'shipment', attributes, meta: { rate: cheapest, orderNumber: order.attributes.number } } },
      { 'Idempotency-Key': `bench-${number(i)}-${cheapest.id}` },
    );
    durations.push(performance.now() - began);
  }
  return durations;
}
