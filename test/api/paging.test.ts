// One way to page every list, over HTTP on SQLite and on PostgreSQL: 2,500 records of each list (summaries,
// orders, manifests, pickups, events, the audit log, a webhook's deliveries, print jobs) read page by page through
// links.next alone, with no gap and no duplicate, and the same set as one look at the data shows; a size above the
// maximum is capped and says so; a cursor that is not one, or past the end, is a 400 naming page[after].
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, document, get, post, shipTo } from '../helpers/shipments.ts';
import { execBehindTheStation, startTestStation, type TestStation } from '../helpers/station.ts';
import { waitFor } from '../helpers/wait.ts';

/**
 * Records of each list: 2,500 on SQLite; on PostgreSQL, whose keyset statements are its own, 750 in as many pages
 * (the same code paths, for a third of the seeding time in CI).
 */
let COUNT = 2_500;
/** A page a tenth or so of the list: ten pages and a bit each. */
let SIZE = 240;
let t: TestStation;
let token: string;
let receiver: Server;
let delivered = 0;

/** An order of one line, to a buyer of its own. */
const anOrder = (number: string) => ({
  type: 'order',
  attributes: {
    number,
    shipTo: { ...shipTo(), name: `Buyer ${number}` },
    lines: [{ sku: 'CUP-6', description: 'Ceramic cup', quantity: 1, unitWeight: '0.35', unitPrice: '10.75' }],
  },
});

/** Runs `work` for 0..count-1, eight at a time. */
async function inParallel(count: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      delivered++;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  t = await startTestStation({
    schedulerIntervalMs: 0,
    webhookPolicy: { firstRetryMs: 100, maxRetryMs: 400, giveUpMs: 60_000, timeoutMs: 2_000, tickMs: 20 },
  });
  token = await t.token();
  if (t.databaseUrl) [COUNT, SIZE] = [750, 70];
  const hook = await post(t, token, '/v3/webhooks', {
    data: {
      type: 'webhook',
      attributes: { url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`, events: ['shipment.created'] },
    },
  });
  expect(hook.status, hook.text).toBe(201);
  // 2,500 saved shipments: 2,500 summaries, shipment.created events (so deliveries) and audit entries.
  await inParallel(COUNT, async (index) => {
    const saved = await post(t, token, '/v3/shipments/save', document(attributes({ customerReference: `PAGE-${index}` })));
    if (saved.status !== 202) throw new Error(`save ${index}: ${saved.text}`);
  });
  for (let batch = 0; batch < COUNT / 250; batch++) {
    const orders = Array.from({ length: 250 }, (_, index) => anOrder(`P-${batch * 250 + index}`));
    const made = await post(t, token, '/v3/orders/batch', { data: orders });
    if (made.status !== 200) throw new Error(`orders: ${made.text}`);
  }
  // Manifests, pickups and print jobs in such numbers take days of closes, a day of bookings and a printer's
  // afternoon: they are written straight into the tables, as rows the station made would be (a collection each).
  const clientId = Number(t.client.id);
  const series = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${COUNT})`;
  const blob = t.databaseUrl ? `'\\x25504446'::bytea` : `X'25504446'`;
  const longAgo = t.clock.day(-400);
  await execBehindTheStation(
    t,
    `${series}
    INSERT INTO manifests (number, client_id, sandbox, carrier_code, ship_date, status, totals, document, closed_by, created_at)
    SELECT 'PAGE-' || i, ${clientId}, 0, 'UPS', '${longAgo}', 'reopened', '{"shipments":1,"packages":1,"weightKg":1.4,"declaredCents":6450,"currency":"EUR"}', ${blob}, 'smith', '${longAgo}T00:00:00.000Z' FROM n`,
  );
  await execBehindTheStation(
    t,
    `INSERT INTO collection_bookings (shipment_id, carrier_code, collection_date, address, created_at)
    SELECT id, 'UPS', ship_date, '{"name":"Sender ' || id || '","address1":"Via Roma 12","city":"Milano","postalCode":"20129","country":"IT"}', created_at
    FROM shipments WHERE client_id = ${clientId}`,
  );
  await execBehindTheStation(
    t,
    `${series}
    INSERT INTO print_jobs (id, shipment_id, client_id, printer, format, dpi, copies, status, created_at, updated_at)
    SELECT 'job-' || i, (SELECT min(id) FROM shipments), ${clientId}, 'Nowhere', 'pdf', 203, 1, 'done', '${longAgo}T00:00:0' || (i % 3) || '.000Z', '${longAgo}T00:00:00.000Z' FROM n`,
  );
  // Every created event delivered, so the delivery log holds one delivery each.
  await waitFor(`${COUNT} deliveries`, () => delivered >= COUNT, { timeoutMs: 60_000, intervalMs: 100, seen: () => delivered });
}, 300_000);

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
});

/** Reads a list to its end through links.next alone; the ids in order, and the pages. */
async function pageThrough(first: string): Promise<{ ids: string[]; pages: number; meta: Record<string, unknown>[] }> {
  const ids: string[] = [];
  const meta: Record<string, unknown>[] = [];
  let url: string | null = first;
  let pages = 0;
  while (url) {
    const answer: { status: number; text: string; json: any } = await get(t, token, url.replace(t.url, ''));
    expect(answer.status, answer.text).toBe(200);
    ids.push(...(answer.json.data as { id: string }[]).map((row) => row.id));
    meta.push(answer.json.meta);
    // The events feed never ends: a page with nothing keeps the place, and is where a reader stops for now.
    url = answer.json.data.length === 0 ? null : answer.json.links.next;
    if (++pages > 200) throw new Error('more pages than there can be');
  }
  return { ids, pages, meta };
}

describe('every list pages the same way', () => {
  const lists: [string, string][] = [
    ['shipment summaries', '/v3/shipment-summaries'],
    ['orders', '/v3/orders'],
    ['manifests', '/v3/manifests'],
    ['pickups', '/v3/pickups'],
    ['events', '/v3/events?filter[type]=shipment.created'],
    ['the audit log', '/v3/audit-events?filter[action]=shipment.created'],
    ['print jobs', '/v3/print-jobs'],
  ];

  it.each(lists)('%s: all of them through links.next, no gap, no duplicate', async (_name, path) => {
    const { ids, pages, meta } = await pageThrough(`${path}${path.includes('?') ? '&' : '?'}page[size]=${SIZE}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(COUNT);
    expect(pages).toBeGreaterThanOrEqual(Math.ceil(COUNT / SIZE));
    expect(meta[0]).toMatchObject({ page: { size: SIZE } });
  });

  it('a webhook’s deliveries: all of them through links.next', async () => {
    const hook = (await get(t, token, '/v3/webhooks')).json.data[0].id as string;
    const { ids } = await pageThrough(`/v3/webhooks/${hook}/deliveries?page[size]=${SIZE}`);
    expect(ids).toHaveLength(COUNT);
    expect(new Set(ids).size).toBe(COUNT);
  });

  it('pages hold the same rows as one look at the data: summaries by ship date, then made, then id', async () => {
    const paged = (await pageThrough('/v3/shipment-summaries?page[size]=7&search=PAGE-1')).ids;
    const whole = (await get(t, token, '/v3/shipment-summaries?limit=1000&search=PAGE-1')).json.data.map((row: { id: string }) => row.id);
    expect(paged).toEqual(whole);
    // Print jobs made in the same millisecond (a third of them share each) come in id order among themselves.
    const jobs = (await pageThrough('/v3/print-jobs?page[size]=13')).ids;
    expect(jobs).toHaveLength(COUNT);
    expect(new Set(jobs).size).toBe(COUNT);
  });

  it('keeps its place when rows are added meanwhile: what came after the cursor is next, nothing twice', async () => {
    const first = await get(t, token, '/v3/orders?page[size]=100');
    expect((await post(t, token, '/v3/orders', { data: anOrder('P-NEW') })).status).toBe(201);
    const second = await get(t, token, first.json.links.next.replace(t.url, ''));
    const seen = [...first.json.data, ...second.json.data].map((row: { id: string }) => row.id);
    expect(new Set(seen).size).toBe(200);
    expect(seen).not.toContain('P-NEW');
  });
});

describe('sizes and cursors', () => {
  it('caps a size above the maximum and says so in meta.page; the spec’s limit on summaries works as before', async () => {
    const capped = await get(t, token, '/v3/shipment-summaries?limit=5000');
    expect(capped.json.data).toHaveLength(Math.min(COUNT, 1000));
    expect(capped.json.meta.page).toEqual({ size: 1000, maxSize: 1000, requested: 5000, capped: true });
    if (COUNT > 1000) expect(capped.json.links.next).toMatch(/\/v3\/shipment-summaries\?page\[size\]=1000&page\[after\]=/);
    else expect(capped.json.links.next).toBeNull();
    const events = await get(t, token, '/v3/events?limit=5000');
    expect(events.json.meta.page).toEqual({ size: 1000, maxSize: 1000, requested: 5000, capped: true });
    const small = await get(t, token, '/v3/shipment-summaries?limit=2');
    expect(small.json.data).toHaveLength(2);
    expect(small.json.meta.page).toEqual({ size: 2, maxSize: 1000 });
  });

  it('refuses a cursor that is not one, and one past the end, with a 400 naming page[after] and saying what it takes', async () => {
    for (const path of [
      '/v3/orders?page[after]=nonsense',
      '/v3/shipment-summaries?page[after]=WzFd',
      '/v3/print-jobs?page[after]=%5B%5D',
    ]) {
      const refused = await get(t, token, path);
      expect(refused.status, path).toBe(400);
      expect(refused.json.errors[0]).toMatchObject({
        source: { parameter: 'page[after]' },
        meta: { reason: expect.stringMatching(/^Expected the cursor of links\.next/) },
      });
    }
    // The cursor of the oldest order: nothing comes after it.
    const last = await get(t, token, `/v3/orders?page[after]=${Buffer.from(JSON.stringify([1])).toString('base64url')}`);
    expect(last.status).toBe(400);
    expect(last.json.errors[0].meta.reason).toMatch(/nothing of this list comes after this one/);
    // The feed: an id past the last event is a mistake, not an empty page.
    const latest = Number((await get(t, token, '/v3/events?after=0&limit=1')).json.meta.lastEventId);
    const beyond = await get(t, token, `/v3/events?after=${latest + 100_000}`);
    expect(beyond.status).toBe(400);
    expect(beyond.json.errors[0]).toMatchObject({
      code: 'event.cursorPastEnd',
      source: { parameter: 'after' },
      meta: { after: String(latest + 100_000) },
    });
    expect(beyond.json.errors[0].meta.reason).toMatch(/there is no event \d+ yet/);
    // The figures of the sentence, for a program: the id asked for, and the last there is.
    expect(Number(beyond.json.errors[0].meta.latest)).toBeGreaterThanOrEqual(latest);
    expect(beyond.json.errors[0].meta.reason).toContain(`the last one, ${beyond.json.errors[0].meta.latest};`);
    const size = await get(t, token, '/v3/orders?page[size]=0');
    expect(size.status).toBe(400);
    expect(size.json.errors[0]).toMatchObject({
      source: { parameter: 'page[size]' },
      meta: { reason: 'Expected a whole number from 1; more than 1000 gives 1000; got "0".' },
    });
  });
});
