// The public tracking page for people: a browser following links.tracking gets HTML with the carrier, the status in
// words, the history and the dates, and nothing personal beyond the receiver's city and country; a program still gets
// JSON:API; an unknown link gets a page that says so; the hash never reaches the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrackingEventService } from '../../src-main/services/tracking-events.ts';
import type { Logger } from '../../src-main/logger.ts';
import { attributes, document, post, shipTo } from '../helpers/shipments.ts';
import { OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const logged: string[] = [];
const logger: Logger = {
  info: (message) => logged.push(message),
  warn: (message) => logged.push(message),
  error: (message) => logged.push(message),
};

let t: TestStation;
let link: string;
let hash: string;
let trackingNumber: string;

/** The parcel's way, the three days before the station's today. */
const pickedUp = () => `${t.clock.day(-3)} 09:15:00`;
const scanned = () => `${t.clock.day(-2)} 06:40:00`;
const delivered = () => `${t.clock.day(-1)} 11:02:00`;

beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0, logger });
  const token = await t.token();
  const receiver = {
    ...shipTo(),
    name: 'Kunde <b>Becker</b>',
    address1: 'Geheimweg 7',
    phone: '+49 30 1234567',
    email: 'kunde@becker.example',
  };
  const created = await post(
    t,
    token,
    '/v3/shipments',
    document(attributes({ shipTo: receiver }), { scheduledProcessing: false, service: 'economy' }),
  );
  link = created.json.data.links.tracking;
  hash = link.split('/').at(-1)!;
  trackingNumber = created.json.data.meta.trackingNumber;
  const tracking = createTrackingEventService(t.station.store, t.station.audit);
  await tracking.add(OPERATOR, trackingNumber, { status: 2, at: pickedUp(), text: 'Picked up at the warehouse', location: 'Milano' });
  await tracking.add(OPERATOR, trackingNumber, {
    status: 3,
    at: scanned(),
    text: '<script>alert(1)</script> hub scan',
    location: 'München',
  });
  await tracking.add(OPERATOR, trackingNumber, { status: 5, at: delivered(), text: 'Delivered', location: 'Berlin' });
});
afterAll(() => t?.close());

describe('GET /track/<hash> in a browser', () => {
  it('shows carrier, status in words, history newest first, ship and delivery dates, and only city and country', async () => {
    const page = await t.call(new URL(link).pathname, { headers: { Accept: BROWSER } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers.vary).toContain('Accept');
    const html = page.text;
    expect(html).toContain('<p class="status" role="status">Delivered</p>');
    expect(html).toContain(trackingNumber);
    expect(html).toMatch(/<dt>Shipped<\/dt><dd>\d{4}-\d{2}-\d{2}<\/dd>/);
    expect(html).toContain(`<dt>Delivered</dt><dd>${delivered()}</dd>`);
    expect(html).toContain('<dt>Going to</dt><dd>');
    expect(html).toContain(', Germany</dd>');
    const when = [...html.matchAll(/<tr><td>([^<]+)<\/td>/g)].map((match) => match[1]);
    expect(when).toEqual([delivered(), scanned(), pickedUp()]);
    expect(html).toContain('<td>In transit</td><td>München</td>');
    // Text from a feed is shown, never run.
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; hub scan');
    for (const personal of ['Becker', 'Geheimweg', '1234567', 'kunde@becker.example']) expect(html).not.toContain(personal);
  });

  it('answers a program with JSON:API as before', async () => {
    for (const accept of ['application/vnd.api+json', '*/*', undefined]) {
      const answer = await t.call(`/track/${hash}`, { headers: accept === undefined ? { Accept: '' } : { Accept: accept } });
      expect(answer.status, String(accept)).toBe(200);
      expect(answer.json.data).toMatchObject({
        type: 'tracking',
        attributes: { carrierShipmentId: trackingNumber, trackingStatus: 5, trackingDate: delivered() },
      });
    }
  });

  it('says a link names no parcel with a 404 page, and JSON:API 404 to a program', async () => {
    const page = await t.call(`/track/${hash}x`, { headers: { Accept: BROWSER } });
    expect(page.status).toBe(404);
    expect(page.text).toContain('<h1>Parcel not found</h1>');
    const answer = await t.call(`/track/${hash}x`);
    expect(answer.status).toBe(404);
    expect(answer.json.errors[0].status).toBe(404);
  });

  it('never writes the hash to the log', () => {
    expect(logged.some((line) => line.includes('GET /track/… 200'))).toBe(true);
    expect(logged.join('\n')).not.toContain(hash);
  });
});
