// The desk's calls are typed by the route table (src-shared/routes.ts): a call's path parameters come from the
// route's path, its query from the route's query schema, its body from the route's body schema. The
// `@ts-expect-error` lines below are the proof: `npm run typecheck` fails when one of them is no longer an error
// (a wrong body member, a wrong path parameter, a query the route does not read would then reach the station).
import { describe, expect, it } from 'vitest';
import { createApiClient, shipmentRequest, type ApiClient } from '../../src-renderer/api/client.ts';
import type { StationConfig } from '../../src-renderer/api/types.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';

/** Type checks only: never called. */
export function typedCalls(api: ApiClient, attributes: ShipmentAttributes): void {
  const shipment = shipmentRequest(attributes);
  // The desk's create, as its stores send it.
  void api.call(ROUTES.createShipment, {
    body: { data: { type: 'shipment', attributes: shipment, meta: { service: 'express', scheduledProcessing: true } } },
    idempotencyKey: 'k',
  });
  // @ts-expect-error a create's meta member misspelt (servce)
  void api.call(ROUTES.createShipment, { body: { data: { type: 'shipment', attributes: shipment, meta: { servce: 'express' } } } });
  void api.call(ROUTES.createShipment, {
    // @ts-expect-error a create's attribute misspelt (shipTu)
    body: { data: { type: 'shipment', attributes: { ...shipment, shipTu: shipment.shipTo }, meta: { service: 'express' } } },
  });
  // @ts-expect-error a create's resource of another type
  void api.call(ROUTES.createShipment, { body: { data: { type: 'shipments', attributes: shipment, meta: { service: 'express' } } } });
  // @ts-expect-error a create without its body
  void api.call(ROUTES.createShipment);

  // Path parameters: the names of the route's path (/shipments/:id, /orders/:number).
  void api.call(ROUTES.shipment, { params: { id: '1001' } });
  void api.call(ROUTES.order, { params: { number: 'A-1' } });
  // @ts-expect-error a path parameter misnamed (the route's path says :id)
  void api.call(ROUTES.shipment, { params: { shipmentId: '1001' } });
  // @ts-expect-error a path parameter missing
  void api.call(ROUTES.shipment);
  // @ts-expect-error a path parameter the route's path does not have
  void api.call(ROUTES.order, { params: { number: 'A-1', id: '1' } });

  // Queries: the route's query schema, its required parameters required.
  void api.call(ROUTES.orders, { query: { status: 'open', limit: 10 } });
  // @ts-expect-error a query parameter the route does not read (sttus)
  void api.call(ROUTES.orders, { query: { sttus: 'open' } });
  // @ts-expect-error a required query parameter missing (searchString)
  void api.call(ROUTES.addresses, { query: {} });

  // @ts-expect-error a body on a route that takes none
  void api.call(ROUTES.shipment, { params: { id: '1001' }, body: { data: {} } });
}

/** A station that answers every call with an empty list, and the requests it was sent. */
function recordingClient() {
  const sent: { url: string; method: string; body: string | undefined }[] = [];
  const config: StationConfig = { apiBase: 'http://station.test/v3', integrationKey: 'key', desk: 'test', timeZone: 'Europe/Rome' };
  const api = createApiClient({
    config,
    token: () => 'token',
    fetch: async (input, init) => {
      sent.push({ url: String(input), method: init?.method ?? 'GET', body: typeof init?.body === 'string' ? init.body : undefined });
      return new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'Content-Type': 'application/vnd.api+json' } });
    },
  });
  return { api, sent };
}

describe('a typed call of the desk sends what its route entry says', () => {
  it('fills the path parameters, encoded, and the query, leaving out empty members', async () => {
    const { api, sent } = recordingClient();
    await api.call(ROUTES.shipment, { params: { id: 'a/b c' } });
    await api.call(ROUTES.shipmentSummaries, {
      query: { search: 'Becker', limit: 1, 'filter[return]': false, 'filter[createdBy]': '', dateFrom: undefined },
    });
    expect(sent.map(({ url, method }) => `${method} ${url}`)).toEqual([
      'GET http://station.test/v3/shipments/a%2Fb%20c',
      'GET http://station.test/v3/shipment-summaries?search=Becker&limit=1&filter%5Breturn%5D=false',
    ]);
  });

  it('sends the body as given, with the route’s method', async () => {
    const { api, sent } = recordingClient();
    await api.call(ROUTES.changeWebhook, { params: { id: '7' }, body: { data: { type: 'webhook', attributes: { status: 'paused' } } } });
    expect(sent).toEqual([
      {
        url: 'http://station.test/v3/webhooks/7',
        method: 'PATCH',
        body: JSON.stringify({ data: { type: 'webhook', attributes: { status: 'paused' } } }),
      },
    ]);
  });
});
