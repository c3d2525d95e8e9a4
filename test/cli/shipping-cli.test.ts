import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { runCli, serve, type Served } from '../helpers/cli.ts';
import { http } from '../helpers/http.ts';
import { attributes, document } from '../helpers/shipments.ts';
import { JSONAPI, tempDir } from '../helpers/station.ts';
import { runningClock } from '../helpers/clock.ts';

/** Tracking scans as a carrier reports them: today on this computer's clock and zone, which the station runs on too. */
const today = runningClock().today();

let data: string;
let station: Served;
let headers: Record<string, string>;

beforeAll(async () => {
  data = join(tempDir(), 'data');
  await runCli(['client', 'add', '--data', data, '--username', 'desk', '--password', 'desk-password', '--name', 'Desk']);
  const keys = JSON.parse((await runCli(['keys', '--data', data, '--json'])).stdout);
  station = await serve(['--data', data, '--port', '0'], { STATION_SCHEDULER_INTERVAL_MS: '0' });
  const signIn = await http(`${station.url}/v3/clients/authentication`, {
    method: 'POST',
    headers: { Accept: JSONAPI, Authorization: serviceApiAuthorization(authenticationHash('desk', 'desk-password'), keys.integrationKey) },
  });
  headers = { Accept: JSONAPI, 'Content-Type': JSONAPI, Authorization: `Bearer ${signIn.json.meta.token}` };
});
afterAll(async () => {
  await station.stop();
});

const api = (path: string, body?: unknown) =>
  http(`${station.url}${path}`, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) });

describe('station carriers', () => {
  it('lists the five bundled carriers with their services and surcharges', async () => {
    const result = await runCli(['carriers', 'list', '--data', data, '--json']);
    expect(result.code).toBe(0);
    const { cards, problems } = JSON.parse(result.stdout);
    expect(cards.map((card: { carrierChoice: string }) => card.carrierChoice).sort()).toEqual([
      'DHL',
      'FEDEX',
      'POSTE_ITALIANE',
      'TNT',
      'UPS',
    ]);
    expect(cards.find((card: { carrierChoice: string }) => card.carrierChoice === 'DHL')).toMatchObject({
      services: ['EXP', 'ECO'],
      source: 'bundled',
    });
    expect(problems).toEqual([]);
  });

  it('set-surcharge changes prices from the next request on, so a stale price meets the 503', async () => {
    const before = (await api('/v3/shipments/rate', document())).json.data.find((rate: { id: string }) => rate.id === 't2-DHL_EXPRESS-EXP');
    const set = await runCli(['carriers', 'set-surcharge', '--data', data, '--carrier', 'DHL', '--percent', '30']);
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('DHL is now 30%');
    const after = (await api('/v3/shipments/rate', document())).json.data.find((rate: { id: string }) => rate.id === 't2-DHL_EXPRESS-EXP');
    expect(after.attributes.finalCost.amount).toBeGreaterThan(before.attributes.finalCost.amount);
    const listed = JSON.parse((await runCli(['carriers', 'list', '--data', data, '--json'])).stdout);
    expect(listed.cards.find((card: { carrierChoice: string }) => card.carrierChoice === 'DHL').fuelSurchargePercent).toBe(30);

    const confirm = await api('/v3/shipments/confirm', document(attributes(), { rate: before }));
    expect(confirm.status).toBe(503);
    expect(confirm.json.errors[0].detail).toBe(
      `Price is different. Original price: ${before.attributes.finalCost.amount}; updated price: ${after.attributes.finalCost.amount}`,
    );
  });

  it.each([
    [['--carrier', 'PONY', '--percent', '5'], "Unknown carrier 'PONY'"],
    [['--carrier', 'DHL', '--percent', 'lots'], '--percent must be a number'],
    // A negative value is the option's value, not another option; a decimal comma gets the value to type instead.
    [['--carrier', 'DHL', '--percent', '-5'], "--percent must be a number from 0 to 200, not '-5': a surcharge cannot be negative."],
    [
      ['--carrier', 'DHL', '--percent', '12,5'],
      "--percent must be a number from 0 to 200, not '12,5': write a decimal with a point, 12.5.",
    ],
    [['--carrier', 'DHL'], '--percent is required'],
  ])('refuses set-surcharge %j', async (args, message) => {
    const result = await runCli(['carriers', 'set-surcharge', '--data', data, ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });
});

describe('station tracking add', () => {
  it('records an event that the tracking endpoint and summaries then show', async () => {
    const created = await api('/v3/shipments', document(attributes(), { service: 'economy', scheduledProcessing: false }));
    const { id, meta } = created.json.data;
    const added = await runCli([
      'tracking',
      'add',
      '--data',
      data,
      '--shipment',
      meta.reference,
      '--status',
      '5',
      '--at',
      `${today} 10:30:00`,
      '--text',
      'Delivered',
      '--location',
      'München',
    ]);
    expect(added.code).toBe(0);
    const tracking = await api(`/v3/shipments/${id}/tracking`);
    expect(tracking.json.data.attributes).toMatchObject({ trackingStatus: 5, trackingDate: `${today} 10:30:00` });
    // By tracking number too.
    expect(
      (await runCli(['tracking', 'add', '--data', data, '--shipment', meta.trackingNumber, '--status', '8', '--at', `${today} 11:00:00`]))
        .code,
    ).toBe(0);
    expect((await api(`/v3/shipments/${id}/tracking`)).json.data.attributes.trackingStatus).toBe(8);
  });

  it.each([
    [['--status', '42', '--at', `${today} 10:30:00`], 2, '--status must be one of'],
    [['--status', '5', '--at', '2026-02-30 10:30:00'], 2, '--at must be a time as YYYY-MM-DD HH:MM:SS'],
    [['--status', '5', '--at', 'tomorrow'], 2, '--at must be a time'],
  ])('refuses %j', async (args, code, message) => {
    const result = await runCli(['tracking', 'add', '--data', data, '--shipment', 'x', ...args]);
    expect(result.code).toBe(code);
    expect(result.stderr).toContain(message);
  });

  it('refuses an unknown shipment', async () => {
    const result = await runCli([
      'tracking',
      'add',
      '--data',
      data,
      '--shipment',
      '999999999999',
      '--status',
      '5',
      '--at',
      `${today} 10:30:00`,
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("No processed shipment has the id, reference or tracking number '999999999999'");
  });
});
