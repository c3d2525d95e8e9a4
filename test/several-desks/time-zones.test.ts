// Two desks in different operating-system time zones on one PostgreSQL database agree on the day: two real
// stations (`station serve` processes), one on a computer set to Asia/Tokyo that set the station up, one set to
// America/Los_Angeles, both with libfaketime's clock at an instant when those two zones are on different dates.
// Both count the station's day in the zone the database holds, and a change of it holds at both at once.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dayIn } from '../../src-shared/calendar.ts';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { runCli, serve, type Served } from '../helpers/cli.ts';
import { setClock } from '../helpers/clock.ts';
import { faketimeEnv, faketimeLibrary } from '../helpers/faketime.ts';
import { http } from '../helpers/http.ts';
import { createDatabase } from '../helpers/postgres.ts';
import { attributes, document } from '../helpers/shipments.ts';
import { JSONAPI, tempDir } from '../helpers/station.ts';

const library = faketimeLibrary();
if ('missing' in library && process.env.CI) throw new Error(`${library.missing}; in CI the two-zone desk test must run.`);
if ('missing' in library) console.log(`Skipping the two-zone desk test: ${library.missing}.`);

const ADMIN = { username: 'zones-admin', password: 'Zones-Admin-2026' };
// Thursday 08:30 in Tokyo is Wednesday 15:30 in Los Angeles.
const at = setClock('2027-03-04 08:30', 'Asia/Tokyo', { running: false });
const TOKYO = 'Asia/Tokyo';
const LOS_ANGELES = 'America/Los_Angeles';

interface Desk {
  zone: string;
  served?: Served;
}
const desks: Desk[] = [{ zone: TOKYO }, { zone: LOS_ANGELES }];
let token = '';

const call = (desk: Desk, method: string, path: string, body?: unknown) =>
  http(`${desk.served!.url}${path}`, {
    method,
    headers: { Accept: JSONAPI, Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  if ('missing' in library) return;
  const url = await createDatabase(inject('postgresUrl'));
  // The Tokyo desk's computer sets the station up: its zone becomes the station's.
  const added = await runCli(
    ['client', 'add', '--database', url, '--username', ADMIN.username, '--password', ADMIN.password, '--name', 'Zones', '--role', 'admin'],
    { TZ: TOKYO },
  );
  expect(added.code, added.stderr).toBe(0);
  const keys = JSON.parse((await runCli(['keys', '--database', url, '--json'])).stdout);
  for (const [index, desk] of desks.entries()) {
    desk.served = await serve(['--database', url, '--desk', `zone-desk-${index}`, '--data', tempDir('station-zone-'), '--port', '0'], {
      STATION_SCHEDULER_INTERVAL_MS: '0',
      ...faketimeEnv(library.path, at(), desk.zone),
    });
  }
  const signIn = await http(`${desks[0]!.served!.url}/v3/clients/authentication`, {
    method: 'POST',
    headers: {
      Accept: JSONAPI,
      Authorization: serviceApiAuthorization(authenticationHash(ADMIN.username, ADMIN.password), keys.integrationKey),
    },
  });
  expect(signIn.status, signIn.text).toBe(200);
  token = signIn.json.meta.token;
});

afterAll(async () => {
  for (const desk of desks) await desk.served?.stop();
});

describe.skipIf('missing' in library)('two desks in different time zones on one database', () => {
  it('run at an instant when their computers are on different dates', async () => {
    expect(dayIn(at(), TOKYO)).toBe(at.today());
    expect(dayIn(at(), LOS_ANGELES)).toBe(at.day(-1));
    for (const desk of desks) {
      const calendar = (await call(desk, 'GET', '/v3/calendar')).json.data.attributes;
      // Each desk's clock is libfaketime's: within a minute of the chosen instant.
      expect(Math.abs(Date.parse(calendar.now) - at().getTime())).toBeLessThan(60_000);
    }
  });

  it('agree on the zone, today, the next working day and the ship date of what they make', async () => {
    for (const desk of desks) {
      expect((await http(`${desk.served!.url}/station-config`, { headers: { Accept: JSONAPI } })).json.data.attributes.timeZone).toBe(
        TOKYO,
      );
      expect((await call(desk, 'GET', '/v3/calendar')).json.data.attributes).toMatchObject({
        timeZone: TOKYO,
        today: at.today(),
        nextWorkingDay: at.day(1),
      });
      expect((await call(desk, 'GET', '/v3/today')).json.data.attributes.date).toBe(at.today());
      const made = await call(
        desk,
        'POST',
        '/v3/shipments',
        document(attributes(), { scheduledProcessing: false, service: 'economy', carrierChoice: 'DHL' }),
      );
      expect(made.status, made.text).toBe(201);
      expect(made.json.data.attributes.shipDate).toBe(at.today());
    }
    // One day for both: the close of the Tokyo desk's day takes the Los Angeles desk's parcel too.
    const preview = (await call(desks[1]!, 'GET', '/v3/manifests/preview?carrier=DHL_EXPRESS')).json.data.attributes;
    expect(preview).toMatchObject({ date: at.today(), totals: { shipments: 2 } });
  });

  it('count in a new zone at every desk as soon as an admin at one of them changes it', async () => {
    const changed = await call(desks[0]!, 'PATCH', '/v3/calendar', { data: { type: 'calendar', attributes: { timeZone: LOS_ANGELES } } });
    expect(changed.status, changed.text).toBe(200);
    for (const desk of desks)
      expect((await call(desk, 'GET', '/v3/calendar')).json.data.attributes).toMatchObject({ timeZone: LOS_ANGELES, today: at.day(-1) });
  });
});
