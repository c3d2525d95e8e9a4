// The station's day over HTTP, on the days that break calendars, with a clock the test sets: the station's time
// zone (set at first set-up, shown, changed by admins, and the one every calendar answer uses whatever zone the
// process is in); a cutoff at 23:59; a close started at 23:59:59 that commits after midnight; the nights the clocks
// change in Europe/Rome and America/New_York; 31 December into 1 January; 29 February; a Friday after the cutoff;
// a holiday; and a pickup's deadline on the station's clock. Runs on SQLite and on PostgreSQL.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, dayIn, systemTimeZone, wallClock, weekdayOf } from '../../src-shared/calendar.ts';
import { setClock, type TestClock } from '../helpers/clock.ts';
import { attributes, document, parcel, shipFrom } from '../helpers/shipments.ts';
import { JSONAPI, OPERATOR, startTestStation, tempDir, type TestStation } from '../helpers/station.ts';

const ROME = 'Europe/Rome';
const NEW_YORK = 'America/New_York';
const ADMIN = { username: 'calendar-admin', password: 'Calendar-Admin-2026' };

const opened: TestStation[] = [];
afterEach(async () => {
  for (const station of opened.splice(0)) await station.close();
});

interface Desk {
  t: TestStation;
  clock: TestClock;
  call(method: string, path: string, body?: unknown, bearer?: string): ReturnType<TestStation['call']>;
  /** A shipment without a ship date of its own, booked now with this carrier choice; its answer. */
  ship(carrier: string, extra?: Record<string, unknown>): Promise<{ id: string; shipDate: string }>;
  adminToken(): Promise<string>;
}

/** A station on a set clock whose timers are off: only the test's requests read its clock. */
async function deskAt(clock: TestClock, dataDir?: string): Promise<Desk> {
  const t = await startTestStation({
    clock,
    dataDir,
    schedulerIntervalMs: 0,
    manifestTransmitIntervalMs: 0,
    upstreamTrackingIntervalMs: 0,
  });
  opened.push(t);
  // A token lives a working shift on the station's clock, which these tests move by days: the desk signs in again
  // when its token has expired, as a desk kept open overnight does.
  let token = await t.token();
  const send = (method: string, path: string, body: unknown, bearer: string) =>
    t.call(path, {
      method,
      headers: { Authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const call = async (method: string, path: string, body?: unknown, bearer?: string) => {
    const answer = await send(method, path, body, bearer ?? token);
    if (bearer !== undefined || answer.status !== 401 || answer.json?.errors?.[0]?.code !== 'auth.tokenExpired') return answer;
    token = await t.token();
    return send(method, path, body, token);
  };
  return {
    t,
    clock,
    call,
    async ship(carrier, extra = {}) {
      const created = await call(
        'POST',
        '/v3/shipments',
        document(attributes({ packages: [parcel('1.2')], ...extra }), {
          scheduledProcessing: false,
          service: 'economy',
          carrierChoice: carrier,
        }),
      );
      expect(created.status, created.text).toBe(201);
      return { id: created.json.data.id, shipDate: created.json.data.attributes.shipDate };
    },
    async adminToken() {
      if (!(await t.station.clients.list(OPERATOR)).some((client) => client.username === ADMIN.username)) {
        await t.station.clients.add(OPERATOR, { ...ADMIN, role: 'admin', profile: { name: 'Calendar admin' } });
      }
      return (await t.signIn(ADMIN.username, ADMIN.password)).json.meta.token as string;
    },
  };
}

const cutoff = (desk: Desk, carrier: string, time: string | null) => desk.t.station.carrierSettings.setCutoff(OPERATOR, carrier, time);

describe('the station’s time zone', () => {
  it('is set at first set-up, shown in /station-config and /calendar, and kept by a restart in another zone', async () => {
    const clock = setClock('2027-01-14 10:00', NEW_YORK);
    const dataDir = join(tempDir(), 'data');
    const desk = await deskAt(clock, dataDir);
    const config = await desk.t.call('/station-config');
    expect(config.json.data.attributes.timeZone).toBe(NEW_YORK);
    const calendar = (await desk.call('GET', '/v3/calendar')).json.data;
    expect(calendar).toMatchObject({
      type: 'calendar',
      id: 'station',
      attributes: { timeZone: NEW_YORK, today: clock.today(), nextWorkingDay: clock.day(1), holidays: [] },
    });
    expect(Math.abs(Date.parse(calendar.attributes.now) - clock().getTime())).toBeLessThan(5_000);

    // The same station started again on a computer set to another zone keeps its own.
    await desk.t.close();
    opened.splice(opened.indexOf(desk.t), 1);
    const again = await startTestStation({ dataDir, clock: setClock('2027-01-14 10:00', 'Asia/Tokyo'), schedulerIntervalMs: 0 });
    opened.push(again);
    expect((await again.call('/station-config')).json.data.attributes.timeZone).toBe(NEW_YORK);
  });

  it('is changed by admins only, checked by name, audited, and counts at once', async () => {
    // 23:30 in Rome is already tomorrow in Tokyo.
    const clock = setClock('2027-01-14 23:30', ROME);
    const desk = await deskAt(clock);
    const admin = await desk.adminToken();
    const change = (attributes: Record<string, unknown>, bearer?: string) =>
      desk.call('PATCH', '/v3/calendar', { data: { type: 'calendar', attributes } }, bearer);

    const refused = await change({ timeZone: 'Asia/Tokyo' });
    expect(refused.status).toBe(403);
    expect(refused.json.errors[0].detail).toBe("Changing the station calendar needs the admin role; this client's role is supervisor.");

    const wrong = await change({ timeZone: 'Mars/Olympus_Mons', holidays: ['2027-02-30', clock.day(1)] }, admin);
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual([
      expect.objectContaining({
        detail: expect.stringContaining("'Mars/Olympus_Mons' is not a time zone. Give an IANA name such as Europe/Rome"),
        source: { pointer: '/data/attributes/timeZone' },
      }),
      expect.objectContaining({
        detail: expect.stringContaining("'2027-02-30' is not a date. Give holidays as YYYY-MM-DD"),
        source: { pointer: '/data/attributes/holidays/0' },
      }),
    ]);
    // No member is no change (JSON:API's PATCH): the calendar as it is.
    expect((await change({}, admin)).json.data.attributes.timeZone).toBe(ROME);

    expect((await desk.call('GET', '/v3/today')).json.data.attributes.date).toBe(clock.today());
    const changed = await change({ timeZone: 'asia/tokyo', holidays: null }, admin);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.data.attributes).toMatchObject({ timeZone: 'Asia/Tokyo', today: clock.day(1) });
    expect((await desk.call('GET', '/v3/today')).json.data.attributes.date).toBe(clock.day(1));
    expect((await desk.t.call('/station-config')).json.data.attributes.timeZone).toBe('Asia/Tokyo');
    const logged = await desk.t.station.audit.list(OPERATOR, {
      before: null,
      action: 'calendar.changed',
      desk: null,
      actor: null,
      limit: 5,
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      actor: ADMIN.username,
      subjectType: 'calendar',
      detail: { timeZone: { from: ROME, to: 'Asia/Tokyo' } },
    });
  });

  it('reads a change liberally and refuses any other body with a 400 naming the field, never a 5xx', async () => {
    const clock = setClock('2027-01-14 10:00', ROME);
    const desk = await deskAt(clock);
    const admin = await desk.adminToken();
    const patch = (attributes: unknown) => desk.call('PATCH', '/v3/calendar', { data: { type: 'calendar', attributes } }, admin);
    // Nulls for no change, a list as text with spaces and repeats, a zone in any case.
    const liberal = await patch({ timeZone: null, holidays: ` ${clock.day(1)}, ${clock.day(1)},,${clock.day(40)} ` });
    expect(liberal.status, liberal.text).toBe(200);
    expect(liberal.json.data.attributes).toMatchObject({ timeZone: ROME, holidays: [clock.day(1), clock.day(40)] });
    expect((await patch({ timeZone: 'EUROPE/ROME', holidays: [] })).json.data.attributes).toMatchObject({ timeZone: ROME, holidays: [] });
    const tooMany = await patch({ holidays: Array.from({ length: 401 }, (_, index) => clock.day(index)) });
    expect(tooMany.json.errors[0]).toMatchObject({
      status: 400,
      detail: 'The station keeps at most 400 holidays: remove past ones first.',
      source: { pointer: '/data/attributes/holidays' },
    });
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { timeZone: fc.option(fc.jsonValue(), { nil: undefined }), holidays: fc.option(fc.jsonValue(), { nil: undefined }) },
          { requiredKeys: [] },
        ),
        async (attributes) => {
          const answer = await patch(attributes);
          expect([200, 400], answer.text).toContain(answer.status);
          if (answer.status === 400)
            for (const error of answer.json.errors) expect(error.source.pointer).toMatch(/^\/data\/attributes\/(timeZone|holidays)/);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers every day in the station’s zone, whatever zone the process runs in', async () => {
    // A zone at least eight hours from this process's, at a time of day when the two have different dates.
    const processZone = systemTimeZone();
    const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find(
      (candidate) => Math.abs(offsetHours(candidate) - offsetHours(processZone)) >= 8,
    )!;
    const clock = setClock('2027-01-13 00:30', zone);
    if (dayIn(clock(), processZone) === clock.today()) clock.set('2027-01-13 23:30');
    expect(dayIn(clock(), processZone)).not.toBe(clock.today());
    const desk = await deskAt(clock);
    expect((await desk.call('GET', '/v3/today')).json.data.attributes.date).toBe(clock.today());
    expect((await desk.call('GET', '/v3/calendar')).json.data.attributes.today).toBe(clock.today());
    expect((await desk.ship('DHL')).shipDate).toBe(clock.today());
  });
});

/** The zone's offset from UTC, in hours, in January. */
function offsetHours(zone: string): number {
  const probe = setClock('2027-01-13 12:00', 'UTC', { running: false });
  const wall = wallClock(probe(), zone);
  const asUtc = Date.parse(`${wall.date}T${wall.time}Z`);
  return (asUtc - probe().getTime()) / 3_600_000;
}

describe('cutoffs and working days', () => {
  it('with a cutoff at 23:59: today until 23:58:59, the next working day from 23:59:00', async () => {
    const clock = setClock('2027-01-13 23:58:59', ROME, { running: false });
    const desk = await deskAt(clock);
    await cutoff(desk, 'UPS', '23:59');
    const wednesday = clock.today();
    expect(weekdayOf(wednesday)).toBe(3);
    expect((await desk.ship('UPS')).shipDate).toBe(wednesday);
    expect((await desk.ship('DHL')).shipDate).toBe(wednesday);
    clock.advance(1_000);
    expect((await desk.ship('UPS')).shipDate).toBe(addDays(wednesday, 1));
    expect((await desk.ship('DHL')).shipDate).toBe(wednesday);
    // Rates quote UPS from the day it would ship: one day's transit later than from today.
    const rates = (await desk.call('POST', '/v3/shipments/rate', document(attributes()))).json.data as {
      id: string;
      attributes: { estimatedDeliveryDate: string };
    }[];
    const ups = rates.find((rate) => rate.id.includes('UPS-STD'))!;
    expect(ups.attributes.estimatedDeliveryDate > addDays(wednesday, 1)).toBe(true);
  });

  it('ships what is made on a Friday after the cutoff on Monday, and on the weekend on Monday too', async () => {
    const clock = setClock('2027-01-15 17:30', ROME, { running: false });
    const desk = await deskAt(clock);
    await cutoff(desk, 'UPS', '17:00');
    const friday = clock.today();
    expect(weekdayOf(friday)).toBe(5);
    expect((await desk.ship('UPS')).shipDate).toBe(addDays(friday, 3));
    expect((await desk.ship('DHL')).shipDate).toBe(friday);
    // Today's date, given by the client after the cutoff, still ships: on the next working day, as no date would.
    expect((await desk.ship('UPS', { shipDate: friday })).shipDate).toBe(addDays(friday, 3));
    expect((await desk.ship('DHL', { shipDate: friday })).shipDate).toBe(friday);
    // A later date the client gives is its own.
    expect((await desk.ship('UPS', { shipDate: addDays(friday, 4) })).shipDate).toBe(addDays(friday, 4));
    clock.set('2027-01-16 09:00');
    expect((await desk.ship('DHL')).shipDate).toBe(addDays(friday, 3));
    const calendar = (await desk.call('GET', '/v3/calendar')).json.data.attributes;
    expect(calendar).toMatchObject({ today: addDays(friday, 1), nextWorkingDay: addDays(friday, 3) });
  });

  it('refuses a ship date before the station’s today or beyond the carrier’s window, naming shipDate and saying what is expected', async () => {
    const clock = setClock('2027-01-13 00:30', ROME, { running: false });
    const desk = await deskAt(clock);
    const today = clock.today();
    const refusal = async (path: string, shipDate: string, meta: Record<string, unknown> = {}) => {
      const answer = await desk.call('POST', path, document(attributes({ shipDate }), meta));
      expect(answer.status, answer.text).toBe(400);
      const error = (answer.json.errors as { detail: string; source?: { pointer: string }; meta?: { reason: string } }[]).find(
        (candidate) => candidate.source?.pointer === '/data/attributes/shipDate',
      );
      expect(error?.detail).toBe("Invalid data: 'data.attributes.shipDate'.");
      return error!.meta!.reason;
    };
    const immediate = { service: 'economy', scheduledProcessing: false };
    // 00:30 in Rome: the day before is still today in UTC, and before the station's today all the same.
    for (const path of ['/v3/shipments/save', '/v3/shipments/rate', '/v3/shipments']) {
      const reason = await refusal(path, addDays(today, -1), path === '/v3/shipments' ? immediate : {});
      expect(reason).toBe(
        `The ship date ${addDays(today, -1)} is before today (${today} in the station's time zone, ${ROME}). Expected today or a later day as YYYY-MM-DD, or no shipDate for the next one a carrier collects on.`,
      );
    }
    expect(await refusal('/v3/shipments', addDays(today, -1), { service: 'economy', scheduledProcessing: true })).toMatch(
      /is before today/,
    );
    expect(await refusal('/v3/shipments', addDays(today, 31), immediate)).toBe(
      `The ship date ${addDays(today, 31)} is more than 30 days ahead. Expected a day from today until ${addDays(today, 30)}, as YYYY-MM-DD.`,
    );
    // A rate as an older client sends it back, without the hash of the document it was given for.
    const { meta: _hash, ...rate } = (await desk.call('POST', '/v3/shipments/rate', document(attributes()))).json.data[0];
    expect(await refusal('/v3/shipments/confirm', addDays(today, -30), { rate })).toMatch(/is before today/);
    // Nothing was made by any of them.
    expect(
      (await desk.call('GET', `/v3/shipment-summaries?dateFrom=${addDays(today, -40)}&dateTo=${addDays(today, 40)}`)).json.data,
    ).toEqual([]);
    // The last day of the window ships as given; a rate card with a shorter window leaves the rate list for that date.
    expect((await desk.ship('UPS', { shipDate: addDays(today, 30) })).shipDate).toBe(addDays(today, 30));
    const card = JSON.parse(readFileSync(new URL('../../resources/carriers/ups.json', import.meta.url), 'utf8'));
    mkdirSync(join(desk.t.dataDir, 'carriers'), { recursive: true });
    writeFileSync(join(desk.t.dataDir, 'carriers', 'ups.json'), JSON.stringify({ ...card, shipDaysAhead: 7 }));
    desk.t.station.carriers.refresh();
    const rates = await desk.call('POST', '/v3/shipments/rate', document(attributes({ shipDate: addDays(today, 8) })));
    expect(rates.status).toBe(202);
    expect((rates.json.data as { id: string }[]).some((entry) => entry.id.includes('UPS'))).toBe(false);
    expect(rates.json.meta.unavailable).toContainEqual({
      id: 't2-UPS-STD',
      reason: `UPS takes ship dates at most 7 days ahead, until ${addDays(today, 7)}`,
      pointer: '/data/attributes/shipDate',
      code: 'shipDate.beyondCarrier',
      carrierName: 'UPS',
      days: 7,
      latest: addDays(today, 7),
    });
    expect(await refusal('/v3/shipments', addDays(today, 8), { ...immediate, carrierChoice: 'UPS' })).toBe(
      `The ship date ${addDays(today, 8)} is more than 7 days ahead. Expected a day from today until ${addDays(today, 7)}, as YYYY-MM-DD.`,
    );
  });

  it('skips a holiday the admin adds, for ship dates, transit times and the next working day', async () => {
    const clock = setClock('2027-04-30 16:30', ROME, { running: false });
    const desk = await deskAt(clock);
    await cutoff(desk, 'UPS', '16:00');
    const friday = clock.today();
    const monday = addDays(friday, 3);
    const before = (await desk.ship('UPS')).shipDate;
    expect(before).toBe(monday);
    const added = await desk.call(
      'PATCH',
      '/v3/calendar',
      { data: { type: 'calendar', attributes: { holidays: `${monday}, ${addDays(friday, 1)}` } } },
      await desk.adminToken(),
    );
    expect(added.status, added.text).toBe(200);
    expect(added.json.data.attributes).toMatchObject({ holidays: [addDays(friday, 1), monday], nextWorkingDay: addDays(friday, 4) });
    expect((await desk.ship('UPS')).shipDate).toBe(addDays(friday, 4));
    // On the holiday itself nothing ships: a DHL parcel made then (no cutoff) ships the next working day.
    clock.set(`${monday} 10:00`);
    expect((await desk.ship('DHL')).shipDate).toBe(addDays(friday, 4));
    // The admin command takes holidays off the list, and the station counts without it at once.
    await desk.t.station.calendar.removeHolidays(OPERATOR, [monday]);
    expect((await desk.ship('DHL')).shipDate).toBe(monday);
  });

  it('on 31 December after the cutoff ships in the new year; after midnight, the old year’s shipments can no longer be voided', async () => {
    const clock = setClock('2027-12-31 16:30', ROME, { running: false });
    const desk = await deskAt(clock);
    await cutoff(desk, 'UPS', '16:00');
    const newYearsEve = clock.today();
    const newYearsDay = clock.day(1);
    await desk.t.station.calendar.addHolidays(OPERATOR, [newYearsDay]);
    const lastOfYear = await desk.ship('DHL');
    expect(lastOfYear.shipDate).toBe(newYearsEve);
    const firstOfNext = await desk.ship('UPS');
    // Friday 31 December after the cutoff: Saturday 1 January is a holiday and a weekend day; Monday the 3rd.
    expect(firstOfNext.shipDate).toBe(addDays(newYearsEve, 3));
    expect(firstOfNext.shipDate.slice(0, 4)).toBe(String(Number(newYearsEve.slice(0, 4)) + 1));
    clock.set(`${newYearsEve} 23:59:59`);
    expect((await desk.call('GET', '/v3/today')).json.data.attributes.date).toBe(newYearsEve);
    clock.advance(1_000);
    expect((await desk.call('GET', '/v3/today')).json.data.attributes.date).toBe(newYearsDay);
    const refused = await desk.call('DELETE', `/v3/shipments/${lastOfYear.id}`);
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0]).toMatchObject({
      detail: 'Delete functionality not available.',
      meta: { reason: 'shipDatePassed', shipDate: newYearsEve },
    });
    expect((await desk.call('DELETE', `/v3/shipments/${firstOfNext.id}`)).status).toBe(204);
  });

  it('on 29 February after the cutoff ships on 1 March', async () => {
    const clock = setClock('2028-02-29 16:30', ROME, { running: false });
    const desk = await deskAt(clock);
    await cutoff(desk, 'UPS', '16:00');
    expect((await desk.ship('DHL')).shipDate.slice(5)).toBe('02-29');
    expect((await desk.ship('UPS')).shipDate).toBe(clock.day(1));
    expect(clock.day(1).slice(5)).toBe('03-01');
  });
});

describe('the nights the clocks change', () => {
  // Both changes fall on a Sunday, when nothing ships: what they can break is where a day starts and ends.
  const nights = () => [
    setClock('2027-03-28 00:30', ROME, { running: false }),
    setClock('2027-10-31 00:30', ROME, { running: false }),
    setClock('2027-03-14 00:30', NEW_YORK, { running: false }),
    setClock('2027-11-07 00:30', NEW_YORK, { running: false }),
  ];
  for (const [index, night] of nights().entries()) {
    it(`${night.timeZone}, ${night.today().slice(5)}: the day ends at its own midnight, 23 or 25 hours after it began`, async () => {
      const clock = nights()[index]!;
      const desk = await deskAt(clock);
      const sunday = clock.today();
      expect(weekdayOf(sunday)).toBe(0);
      // From 00:30 to 23:59:59 of that day is 23.5 hours less one, or 22.5, or 24.5: the station says Sunday until its end.
      clock.set(`${sunday} 23:59:59`);
      expect((await desk.call('GET', '/v3/calendar')).json.data.attributes).toMatchObject({
        today: sunday,
        nextWorkingDay: addDays(sunday, 1),
      });
      expect((await desk.ship('DHL')).shipDate).toBe(addDays(sunday, 1));
      clock.advance(1_000);
      expect(clock.wall()).toEqual({ date: addDays(sunday, 1), time: '00:00:00' });
      expect((await desk.call('GET', '/v3/today')).json.data.attributes.date).toBe(addDays(sunday, 1));
      // The hour that does not exist, or exists twice, is no trouble to the day: 02:30 is Sunday.
      clock.set(`${sunday} 02:30`);
      expect((await desk.call('GET', '/v3/today')).json.data.attributes.date).toBe(sunday);
    });
  }
});

describe('closing the day across midnight', () => {
  it('a close started at 23:59:59 that commits after midnight closes the day it started on', async () => {
    const clock = setClock('2027-01-14 18:00', ROME, { running: false });
    const desk = await deskAt(clock);
    const thursday = clock.today();
    const made = [await desk.ship('UPS'), await desk.ship('UPS')];
    expect(made.map((shipment) => shipment.shipDate)).toEqual([thursday, thursday]);

    clock.set(`${thursday} 23:59:59`);
    // The Bearer check reads the time (has the token expired?), then the close reads it once to know its day; every
    // read after that (the manifest's time, the commit) is two seconds later, past midnight.
    clock.afterReads(2, () => clock.advance(2_000));
    const closed = await desk.call('POST', '/v3/manifests', { data: { type: 'manifest', attributes: { carrier: 'UPS' } } });
    expect(closed.status, closed.text).toBe(201);
    expect(clock.today()).toBe(addDays(thursday, 1));
    expect(closed.json.data.attributes).toMatchObject({ date: thursday, totals: { shipments: 2 } });
    expect(closed.json.data.attributes.number).toContain(thursday.replace(/-/g, ''));
    expect(wallClock(new Date(closed.json.data.attributes.closedAt), ROME)).toEqual({ date: addDays(thursday, 1), time: '00:00:01' });

    // Made after midnight, a parcel is Friday's: not in Thursday's manifest, and Friday's close without a date takes it.
    const friday = await desk.ship('UPS');
    expect(friday.shipDate).toBe(addDays(thursday, 1));
    expect((await desk.call('GET', `/v3/manifests/preview?carrier=UPS&date=${thursday}`)).json.data.attributes.included).toEqual([]);
    const preview = (await desk.call('GET', '/v3/manifests/preview?carrier=UPS')).json.data;
    expect(preview).toMatchObject({ id: `UPS-${addDays(thursday, 1)}`, attributes: { date: addDays(thursday, 1) } });
    expect(preview.attributes.included.map((line: { shipmentId: string }) => line.shipmentId)).toEqual([friday.id]);
  });
});

describe('a pickup’s deadline', () => {
  it('is the rate card’s time on the station’s clock, not the process’s', async () => {
    // UPS takes cancellations until 12:00 on the collection day: 12:00 in New York.
    const clock = setClock('2027-01-14 11:59', NEW_YORK, { running: false });
    const desk = await deskAt(clock);
    const first = await desk.ship('UPS');
    // Collected elsewhere: a second pickup of its own.
    const second = await desk.ship('UPS', { shipFrom: { ...shipFrom(), address1: 'Via Torino 3' } });
    expect((await desk.call('GET', `/v3/pickups?date=${clock.today()}`)).json.data[0].attributes.cancelBefore).toBe(
      `${clock.today()} 12:00`,
    );
    expect((await desk.call('DELETE', `/v3/pickups/${first.id}`)).status).toBe(204);
    clock.advance(60_000);
    const refused = await desk.call('DELETE', `/v3/pickups/${second.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.errors[0].meta).toEqual({ cancelBefore: `${clock.today()} 12:00` });
  });
});
