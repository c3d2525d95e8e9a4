// The API as a state machine, against a small model (fast-check's model-based commands), on SQLite and PostgreSQL:
// random sequences of save, rate and confirm, create (immediate and scheduled), their retries with and without an
// Idempotency-Key, the scheduler's run, void, return, close of a carrier's day, print and reprint, role changes, user
// removal and the merge of another account, in one
// account of a station's team per run. After every step it checks what may never happen: a document booked twice
// (one label, one charge, no tracking number twice), a shipment the account does not have or lost, something voided
// after its day closed, a return without its sale, a manifest whose counts differ from its parcels and its pickup,
// a print job lost or made twice, an account without an admin. Every answer is checked against openapi.json by test/helpers/http.ts.
// A failure prints the seed and the shrunk sequence of commands (fast-check's report).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributes, document, finishedJob } from '../helpers/shipments.ts';
import { setClock } from '../helpers/clock.ts';
import { JSONAPI, OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';
import { ThermalPrinter, addRawQueue, cupsMissing, removeQueue } from '../helpers/printers.ts';
import { addDays } from '../../src-shared/calendar.ts';

const PASSWORD = 'Model-Password-2026';
const CARRIERS = ['UPS', 'DHL', 'POSTE_ITALIANE'] as const;
type Carrier = (typeof CARRIERS)[number];
/** The manifests' carrier codes of the carrier choices (DHL books as DHL_EXPRESS). */
const BOOKED_AS: Record<string, string> = { UPS: 'UPS', DHL: 'DHL_EXPRESS', POSTE_ITALIANE: 'POSTE_ITALIANE' };
const ROLES = ['packer', 'supervisor', 'admin'] as const;
type Role = (typeof ROLES)[number];

// Printing goes through a real CUPS queue to a stand-in thermal printer; without CUPS (outside CI) the model
// leaves its print command out.
const noCups = cupsMissing();
if (noCups && process.env.CI) throw new Error(`${noCups}; in CI the model prints through real CUPS.`);
if (noCups) console.log(`The state machine runs without its print command: ${noCups}.`);
const QUEUE = `station-model-${process.pid}`;
const thermal = new ThermalPrinter();

let t: TestStation;
let today = '';
let accounts = 0;

beforeAll(async () => {
  // A Wednesday morning that stands still: every shipment ships today unless its carrier's day is closed.
  const clock = setClock('2026-11-25 09:00', 'Europe/Rome', { running: false });
  today = clock.today();
  if (!noCups) {
    await thermal.start();
    addRawQueue(QUEUE, `socket://127.0.0.1:${thermal.port}`);
  }
  t = await startTestStation({ schedulerIntervalMs: 0, clock, printPollMs: 100 });
});
afterAll(async () => {
  await t?.close();
  if (!noCups) {
    removeQueue(QUEUE);
    await thermal.stop();
  }
});

interface ModelShipment {
  id: string;
  reference: string | null;
  state: 'saved' | 'waiting' | 'booked';
  /** The manifests' carrier code once booked; the carrier choice while waiting. */
  carrier: string | null;
  trackingNumber: string | null;
  shipDate: string;
  returnOf: string | null;
  returns: string[];
  manifest: string | null;
  voided: boolean;
  /** Print jobs acknowledged for its label (202), each kept once. */
  printJobs?: string[];
  /** Booked by this account after its carrier's day was closed (not brought in by a merge). */
  bookedAfterClose?: boolean;
}

interface ModelUser {
  id: string;
  username: string;
  role: Role;
  removed: boolean;
  token: string;
}

interface Model {
  shipments: ModelShipment[];
  users: ModelUser[];
  /** Manifest numbers by carrier code, closed today. */
  closed: Map<string, string>;
}

interface Real {
  clientId: string;
}

const live = (model: Model) => model.shipments.filter((shipment) => !shipment.voided);
const byState = (model: Model, state: ModelShipment['state']) => live(model).filter((shipment) => shipment.state === state);
const actingAs = (model: Model, role: Role) => {
  const order: Role[] = role === 'admin' ? ['admin'] : role === 'supervisor' ? ['supervisor', 'admin'] : ['packer', 'supervisor', 'admin'];
  for (const wanted of order) {
    const user = model.users.find((candidate) => !candidate.removed && candidate.role === wanted);
    if (user) return user;
  }
  throw new Error(`no user who may act as ${role}`);
};

const send = (token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.call(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': JSONAPI }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

let keys = 0;
const newKey = () => `model-key-${process.pid}-${++keys}`;

/** A booked shipment as the model keeps it, from the station's answer. */
function booked(
  data: { id: string; attributes: { shipDate: string }; meta: { reference: string; trackingNumber: string; carrierName: string } },
  carrier: string,
  returnOf: string | null = null,
): ModelShipment {
  return {
    id: data.id,
    reference: data.meta.reference,
    state: 'booked',
    carrier,
    trackingNumber: data.meta.trackingNumber,
    shipDate: data.attributes.shipDate,
    returnOf,
    returns: [],
    manifest: null,
    voided: false,
  };
}

/** What may never happen, looked at after every command. */
async function checkInvariants(model: Model): Promise<void> {
  const viewer = actingAs(model, 'supervisor');
  const summaries = await send(
    viewer.token,
    'GET',
    `/v3/shipment-summaries?limit=1000&dateFrom=${addDays(today, -5)}&dateTo=${addDays(today, 30)}`,
  );
  expect(summaries.status).toBe(200);
  // The account has exactly the shipments the model made and did not void: nothing booked twice, nothing lost.
  const ids = summaries.json.data.map((summary: { id: string }) => summary.id).sort();
  expect(ids).toEqual(
    live(model)
      .map((shipment) => shipment.id)
      .sort(),
  );
  const states = new Map(
    summaries.json.data.map((summary: { id: string; attributes: { status: number } }) => [summary.id, summary.attributes.status]),
  );
  for (const shipment of live(model)) expect(states.get(shipment.id), shipment.id).toBe(shipment.state === 'booked' ? 3 : 0);
  // One tracking number and one reference per booked document, never two alike.
  const bookedOnes = model.shipments.filter((shipment) => shipment.state === 'booked');
  expect(new Set(bookedOnes.map((shipment) => shipment.trackingNumber)).size).toBe(bookedOnes.length);
  expect(new Set(model.shipments.map((shipment) => shipment.reference).filter(Boolean)).size).toBe(
    model.shipments.filter((shipment) => shipment.reference).length,
  );
  // Every print job acknowledged is there, once; none other.
  const jobs = await send(viewer.token, 'GET', '/v3/print-jobs?page[size]=500');
  expect(jobs.status, jobs.text).toBe(200);
  const jobsOf = new Map<string, string[]>();
  for (const job of jobs.json.data as { id: string; attributes: { shipmentId: string } }[])
    jobsOf.set(job.attributes.shipmentId, [...(jobsOf.get(job.attributes.shipmentId) ?? []), job.id]);
  for (const shipment of model.shipments) {
    expect((jobsOf.get(shipment.id) ?? []).sort(), `the print jobs of ${shipment.reference}`).toEqual(
      [...(shipment.printJobs ?? [])].sort(),
    );
  }
  // A carrier's closed day takes no parcel booked after its close: it ships on the carrier's next working day.
  for (const [carrierCode, number] of model.closed) {
    const left = live(model).filter(
      (shipment) =>
        shipment.bookedAfterClose &&
        shipment.carrier === carrierCode &&
        shipment.shipDate === today &&
        !shipment.returnOf &&
        shipment.manifest === null,
    );
    expect(
      left.map((shipment) => shipment.reference),
      `booked for ${today} after ${number} closed it`,
    ).toEqual([]);
  }
  // No return without its sale.
  for (const back of live(model).filter((shipment) => shipment.returnOf)) {
    expect(model.shipments.find((original) => original.id === back.returnOf)?.voided, `the original of return ${back.reference}`).toBe(
      false,
    );
  }
  // The account always has an admin.
  const team = await send(actingAs(model, 'admin').token, 'GET', '/v3/users');
  expect(team.status).toBe(200);
  expect(team.json.data.filter((user: { attributes: { role: string } }) => user.attributes.role === 'admin').length).toBeGreaterThanOrEqual(
    1,
  );
}

type Command = fc.AsyncCommand<Model, Real>;

class Save implements Command {
  check = () => true;
  async run(model: Model) {
    const answer = await send(actingAs(model, 'packer').token, 'POST', '/v3/shipments/save', document(attributes()));
    expect(answer.status, answer.text).toBe(202);
    const data = answer.json.data;
    model.shipments.push({
      id: data.id,
      reference: data.meta.reference,
      state: 'saved',
      carrier: null,
      trackingNumber: null,
      shipDate: data.attributes.shipDate,
      returnOf: null,
      returns: [],
      manifest: null,
      voided: false,
    });
    await checkInvariants(model);
  }
  toString = () => 'save';
}

class Confirm implements Command {
  readonly pick: number | null;
  readonly rateIndex: number;
  readonly keyed: boolean;
  readonly sends: 1 | 2 | 3;
  readonly together: boolean;
  constructor(pick: number | null, rateIndex: number, keyed: boolean, sends: 1 | 2 | 3, together: boolean) {
    this.pick = pick;
    this.rateIndex = rateIndex;
    this.keyed = keyed;
    this.sends = sends;
    this.together = together;
  }
  check = () => true;
  async run(model: Model) {
    const token = actingAs(model, 'packer').token;
    const rates = await send(token, 'POST', '/v3/shipments/rate', document(attributes()));
    expect(rates.status, rates.text).toBe(202);
    const rate = rates.json.data.filter((one: { attributes: { carrierCode: string } }) =>
      Object.values(BOOKED_AS).includes(one.attributes.carrierCode),
    )[this.rateIndex % 3];
    const saved = this.pick === null ? undefined : model.shipments[this.pick % Math.max(1, model.shipments.length)];
    const body = document(attributes(), { rate }) as { data: Record<string, unknown> };
    if (saved) body.data.id = saved.id;
    const key = this.keyed ? newKey() : undefined;
    const once = () => send(token, 'POST', '/v3/shipments/confirm', body, key ? { 'Idempotency-Key': key } : {});
    const answers = this.together ? await Promise.all(Array.from({ length: this.sends }, once)) : [];
    if (!this.together) for (let i = 0; i < this.sends; i++) answers.push(await once());
    const carrier = rate.attributes.carrierCode as string;

    if (saved && !saved.voided && saved.state === 'saved') {
      // Booked in place once; every other answer is that shipment (a replay) or a 409 while it was being booked.
      for (const answer of answers) expect([202, 409], answer.text).toContain(answer.status);
      const ok = answers.filter((answer) => answer.status === 202);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      for (const answer of ok) expect(answer.json.data.id).toBe(saved.id);
      Object.assign(saved, booked(ok[0]!.json.data, carrier), { returns: saved.returns, bookedAfterClose: model.closed.has(carrier) });
    } else if (saved && !saved.voided) {
      // A shipment booked already, or waiting for the scheduler: never booked again. The same document at the same
      // carrier is answered as booked (a replay); a return's document is not the outbound one sent here, so it is a 409.
      const same = saved.state === 'booked' && saved.carrier === carrier && saved.returnOf === null;
      for (const answer of answers) {
        expect(answer.status, answer.text).toBe(same ? 202 : 409);
        if (same) expect(answer.json.data.meta.trackingNumber).toBe(saved.trackingNumber);
      }
    } else {
      // A new shipment (data.id unknown or voided): one per send without a key, one for all sends with one.
      for (const answer of answers) expect([202, 409], answer.text).toContain(answer.status);
      const made = new Map<string, (typeof answers)[number]>();
      for (const answer of answers.filter((one) => one.status === 202)) made.set(answer.json.data.id, answer);
      if (key) expect(made.size).toBe(1);
      else expect(made.size).toBe(this.sends);
      for (const answer of made.values())
        model.shipments.push({ ...booked(answer.json.data, carrier), bookedAfterClose: model.closed.has(carrier) });
    }
    await checkInvariants(model);
  }
  toString = () =>
    `confirm(${this.pick === null ? 'new' : `#${this.pick}`}, rate ${this.rateIndex}, ${this.keyed ? 'keyed' : 'no key'}, ×${this.sends}${this.together ? ' at once' : ''})`;
}

class Create implements Command {
  readonly carrier: Carrier;
  readonly scheduled: boolean;
  readonly keyed: boolean;
  readonly sends: 1 | 2;
  constructor(carrier: Carrier, scheduled: boolean, keyed: boolean, sends: 1 | 2) {
    this.carrier = carrier;
    this.scheduled = scheduled;
    this.keyed = keyed;
    this.sends = sends;
  }
  check = () => true;
  async run(model: Model) {
    const token = actingAs(model, 'packer').token;
    const key = this.keyed ? newKey() : undefined;
    const answers = [];
    for (let i = 0; i < this.sends; i++) {
      answers.push(
        await send(
          token,
          'POST',
          '/v3/shipments',
          document(attributes(), { service: 'economy', carrierChoice: this.carrier, scheduledProcessing: this.scheduled }),
          key ? { 'Idempotency-Key': key } : {},
        ),
      );
    }
    for (const answer of answers) expect(answer.status, answer.text).toBe(this.scheduled ? 202 : 201);
    const ids = [...new Set(answers.map((answer) => answer.json.data.id as string))];
    // A retry with its key is answered the first answer; without one it is another shipment, as asked.
    expect(ids.length).toBe(key ? 1 : this.sends);
    for (const id of ids) {
      const data = answers.find((answer) => answer.json.data.id === id)!.json.data;
      if (this.scheduled) {
        model.shipments.push({
          id,
          reference: data.meta.reference,
          state: 'waiting',
          carrier: BOOKED_AS[this.carrier]!,
          trackingNumber: null,
          shipDate: data.attributes.shipDate,
          returnOf: null,
          returns: [],
          manifest: null,
          voided: false,
        });
      } else {
        model.shipments.push({ ...booked(data, BOOKED_AS[this.carrier]!), bookedAfterClose: model.closed.has(BOOKED_AS[this.carrier]!) });
      }
    }
    await checkInvariants(model);
  }
  toString = () => `create(${this.carrier}, ${this.scheduled ? 'scheduled' : 'now'}, ${this.keyed ? 'keyed' : 'no key'}, ×${this.sends})`;
}

class RunScheduler implements Command {
  check = (model: Readonly<Model>) => model.shipments.some((shipment) => shipment.state === 'waiting' && !shipment.voided);
  async run(model: Model) {
    await t.station.scheduler.runOnce();
    const token = actingAs(model, 'packer').token;
    for (const shipment of byState(model, 'waiting')) {
      const answer = await send(token, 'GET', `/v3/shipments/${shipment.id}`);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.data.meta.status).toBe(3);
      Object.assign(shipment, {
        state: 'booked',
        reference: answer.json.data.meta.reference,
        trackingNumber: answer.json.data.meta.trackingNumber,
        shipDate: answer.json.data.attributes.shipDate,
        bookedAfterClose: model.closed.has(shipment.carrier!),
      });
    }
    await checkInvariants(model);
  }
  toString = () => 'run the scheduler';
}

class Void implements Command {
  readonly pick: number;
  readonly byPacker: boolean;
  constructor(pick: number, byPacker: boolean) {
    this.pick = pick;
    this.byPacker = byPacker;
  }
  check = (model: Readonly<Model>) => live(model as Model).length > 0;
  async run(model: Model) {
    const target = live(model)[this.pick % live(model).length]!;
    const answer = await send(actingAs(model, this.byPacker ? 'packer' : 'supervisor').token, 'DELETE', `/v3/shipments/${target.id}`);
    const livesOn = target.returns.filter((id) => model.shipments.some((shipment) => shipment.id === id && !shipment.voided));
    const user = actingAs(model, this.byPacker ? 'packer' : 'supervisor');
    if (target.state === 'booked' && target.manifest !== null) {
      expect(answer.status, answer.text).toBe(400);
      expect(answer.json.errors[0]).toMatchObject({ code: 'shipment.dayClosed', meta: { reason: 'dayClosed' } });
    } else if (target.state === 'booked' && user.role === 'packer') {
      expect(answer.status, answer.text).toBe(403);
    } else if (target.state === 'booked' && livesOn.length > 0) {
      expect(answer.status, answer.text).toBe(409);
      expect(answer.json.errors[0]).toMatchObject({ code: 'shipment.returnBooked', meta: { reason: 'returnBooked' } });
    } else {
      expect(answer.status, answer.text).toBe(204);
      target.voided = true;
    }
    await checkInvariants(model);
  }
  toString = () => `void(#${this.pick}${this.byPacker ? ', as packer' : ''})`;
}

class Return implements Command {
  readonly pick: number;
  readonly carrier: Carrier;
  constructor(pick: number, carrier: Carrier) {
    this.pick = pick;
    this.carrier = carrier;
  }
  check = (model: Readonly<Model>) => live(model as Model).length > 0;
  async run(model: Model) {
    const original = live(model)[this.pick % live(model).length]!;
    const answer = await send(actingAs(model, 'packer').token, 'POST', `/v3/shipments/${original.id}/returns`, {
      data: { type: 'return', attributes: { reason: 'DAMAGED' }, meta: { carrierChoice: this.carrier } },
    });
    if (original.state !== 'booked' || original.returnOf !== null) {
      expect(answer.status, answer.text).toBe(400);
    } else {
      expect(answer.status, answer.text).toBe(201);
      const made = booked(answer.json.data, BOOKED_AS[this.carrier]!, original.id);
      model.shipments.push(made);
      original.returns.push(made.id);
    }
    await checkInvariants(model);
  }
  toString = () => `return(#${this.pick}, ${this.carrier})`;
}

class CloseDay implements Command {
  readonly carrier: Carrier;
  constructor(carrier: Carrier) {
    this.carrier = carrier;
  }
  check = () => true;
  async run(model: Model) {
    const code = BOOKED_AS[this.carrier]!;
    const token = actingAs(model, 'supervisor').token;
    const answer = await send(token, 'POST', '/v3/manifests', { data: { type: 'manifest', attributes: { carrier: code, date: today } } });
    const due = live(model).filter(
      (shipment) =>
        shipment.state === 'booked' &&
        shipment.carrier === code &&
        shipment.shipDate === today &&
        shipment.returnOf === null &&
        shipment.manifest === null,
    );
    if (due.length > 0) {
      expect(answer.status, answer.text).toBe(201);
      const manifest = answer.json.data.attributes;
      expect(manifest.totals.shipments).toBe(due.length);
      for (const shipment of due) shipment.manifest = manifest.number;
      model.closed.set(code, manifest.number);
    } else if (model.closed.has(code)) {
      expect(answer.status, answer.text).toBe(200);
    } else {
      expect(answer.status, answer.text).toBe(400);
    }
    // Each manifest of the day counts what it lists, and its pickup counts the same parcels.
    const manifests = (await send(token, 'GET', `/v3/manifests?date=${today}&carrier=${code}`)).json.data;
    const listed = model.shipments.filter((shipment) => shipment.manifest !== null && shipment.carrier === code);
    expect(
      manifests.reduce((sum: number, one: { attributes: { totals: { shipments: number } } }) => sum + one.attributes.totals.shipments, 0),
    ).toBe(listed.length);
    const pickups = (await send(token, 'GET', `/v3/pickups?date=${today}&carrier=${code}`)).json.data;
    const picked = pickups
      .flatMap((pickup: { attributes: { shipments: { id: string }[] } }) => pickup.attributes.shipments.map((shipment) => shipment.id))
      .sort();
    const open = live(model).filter(
      (shipment) => shipment.state === 'booked' && shipment.carrier === code && shipment.shipDate === today && shipment.returnOf === null,
    );
    if (model.closed.has(code)) expect(picked).toEqual(open.map((shipment) => shipment.id).sort());
    await checkInvariants(model);
  }
  toString = () => `close(${this.carrier})`;
}

class Print implements Command {
  readonly pick: number;
  readonly byPacker: boolean;
  readonly keyed: boolean;
  readonly sends: 1 | 2;
  constructor(pick: number, byPacker: boolean, keyed: boolean, sends: 1 | 2) {
    this.pick = pick;
    this.byPacker = byPacker;
    this.keyed = keyed;
    this.sends = sends;
  }
  check = (model: Readonly<Model>) => live(model as Model).length > 0;
  async run(model: Model) {
    const target = live(model)[this.pick % live(model).length]!;
    const user = actingAs(model, this.byPacker ? 'packer' : 'supervisor');
    const key = this.keyed ? newKey() : undefined;
    /** Whether this command's first send made a job: a keyed repeat answers that job; a refused one is refused again. */
    let made = false;
    for (let i = 0; i < this.sends; i++) {
      const answer = await send(
        user.token,
        'POST',
        `/v3/shipments/${target.id}/print`,
        { data: { type: 'printJob', attributes: { printer: QUEUE, format: 'zpl' } } },
        key ? { 'Idempotency-Key': key } : {},
      );
      const jobs = target.printJobs ?? [];
      if (target.state !== 'booked') {
        expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
        expect(answer.status, answer.text).toBeLessThan(500);
      } else if (key && i > 0 && made) {
        // The same request again with its key: the first job, not a second (nor a reprint refused).
        expect(answer.status, answer.text).toBe(202);
        expect(answer.json.data.id).toBe(jobs.at(-1));
      } else if (jobs.length > 0 && user.role === 'packer') {
        expect(answer.status, answer.text).toBe(403);
      } else {
        expect(answer.status, answer.text).toBe(202);
        target.printJobs = [...jobs, answer.json.data.id];
        made = true;
        await finishedJob(t, user.token, answer.json.data.id);
      }
    }
    await checkInvariants(model);
  }
  toString = () => `print(#${this.pick}${this.byPacker ? ', as packer' : ''}, ${this.keyed ? 'keyed' : 'no key'}, ×${this.sends})`;
}

class Merge implements Command {
  readonly carrier: Carrier;
  constructor(carrier: Carrier) {
    this.carrier = carrier;
  }
  check = () => true;
  async run(model: Model, real: Real) {
    // Another account of the warehouse, with its admin and a booked shipment, merged into this one (refused when
    // this account closed that carrier's day: the parcel would be on no manifest).
    const n = ++accounts;
    const username = `model-${process.pid}-${n}-merged`;
    const other = await t.station.clients.add(OPERATOR, { username, password: PASSWORD, role: 'admin', profile: { name: `Merged ${n}` } });
    const token = (await t.signIn(username, PASSWORD)).json.meta.token as string;
    const made = await send(
      token,
      'POST',
      '/v3/shipments',
      document(attributes(), { service: 'economy', carrierChoice: this.carrier, scheduledProcessing: false }),
    );
    expect(made.status, made.text).toBe(201);
    const code = BOOKED_AS[this.carrier]!;
    if (model.closed.has(code) && made.json.data.attributes.shipDate === today) {
      // This account closed the carrier's day; the other's parcel of that day would be on no manifest: refused, named.
      await expect(t.station.clients.merge(OPERATOR, { id: real.clientId }, { id: other.id })).rejects.toMatchObject({
        code: 'client.mergeRefused',
        errors: [
          {
            meta: {
              problems: [
                expect.stringMatching(
                  new RegExp(`^${code}'s day ${today} is closed in Model \\d+ while Merged ${n} has shipments of that day on no manifest`),
                ),
              ],
            },
          },
        ],
      });
      await checkInvariants(model);
      return;
    }
    const merged = await t.station.clients.merge(OPERATOR, { id: real.clientId }, { id: other.id });
    expect(merged.moved).toMatchObject({ users: 1, shipments: 1 });
    model.shipments.push(booked(made.json.data, BOOKED_AS[this.carrier]!));
    // Their admin is one of this account's now: signed in again, their old token named the other account.
    expect((await send(token, 'GET', '/v3/clients/current')).status).toBe(401);
    const id = (await send(actingAs(model, 'admin').token, 'GET', '/v3/users')).json.data.find(
      (user: { attributes: { username: string } }) => user.attributes.username === username,
    ).id;
    model.users.push({ id, username, role: 'admin', removed: false, token: (await t.signIn(username, PASSWORD)).json.meta.token });
    await checkInvariants(model);
  }
  toString = () => `merge another account (${this.carrier})`;
}

class AddUser implements Command {
  readonly role: Role;
  constructor(role: Role) {
    this.role = role;
  }
  check = (model: Readonly<Model>) => model.users.length < 6;
  async run(model: Model, real: Real) {
    const username = `${real.clientId}-${model.users.length}-${this.role}`;
    const answer = await send(actingAs(model, 'admin').token, 'POST', '/v3/users', {
      data: { type: 'user', attributes: { username, password: PASSWORD, role: this.role } },
    });
    expect(answer.status, answer.text).toBe(201);
    const token = (await t.signIn(username, PASSWORD)).json.meta.token as string;
    model.users.push({ id: answer.json.data.id, username, role: this.role, removed: false, token });
    await checkInvariants(model);
  }
  toString = () => `add a ${this.role}`;
}

class ChangeRole implements Command {
  readonly pick: number;
  readonly role: Role;
  constructor(pick: number, role: Role) {
    this.pick = pick;
    this.role = role;
  }
  check = () => true;
  async run(model: Model) {
    const team = model.users.filter((user) => !user.removed);
    const user = team[this.pick % team.length]!;
    const acting = actingAs(model, 'admin');
    const answer = await send(acting.token, 'PATCH', `/v3/users/${user.id}`, { data: { type: 'user', attributes: { role: this.role } } });
    const lastAdmin = user.role === 'admin' && this.role !== 'admin' && team.filter((other) => other.role === 'admin').length === 1;
    expect(answer.status, answer.text).toBe(lastAdmin ? 409 : 200);
    if (!lastAdmin) user.role = this.role;
    await checkInvariants(model);
  }
  toString = () => `make #${this.pick} ${this.role}`;
}

class RemoveUser implements Command {
  readonly pick: number;
  constructor(pick: number) {
    this.pick = pick;
  }
  check = (model: Readonly<Model>) => model.users.filter((user) => !user.removed).length > 1;
  async run(model: Model) {
    const team = model.users.filter((user) => !user.removed);
    const user = team[this.pick % team.length]!;
    const answer = await send(actingAs(model, 'admin').token, 'DELETE', `/v3/users/${user.id}`);
    const lastAdmin = user.role === 'admin' && team.filter((other) => other.role === 'admin').length === 1;
    expect(answer.status, answer.text).toBe(lastAdmin ? 409 : 204);
    if (!lastAdmin) {
      user.removed = true;
      // Removed on this station: their token stops at once (the others act from now on).
      expect((await send(user.token, 'GET', '/v3/clients/current')).status).toBe(401);
    }
    await checkInvariants(model);
  }
  toString = () => `remove #${this.pick}`;
}

const carrier = fc.constantFrom(...CARRIERS);
const create = fc
  .tuple(carrier, fc.boolean(), fc.boolean(), fc.constantFrom<1 | 2>(1, 2))
  .map(([choice, scheduled, keyed, sends]) => new Create(choice, scheduled, keyed, sends));
const close = carrier.map((choice) => new CloseDay(choice));
// Shipments made, days closed and the scheduler run come up more often than the team's changes: where they meet is
// where the station was wrong before.
const commands = fc.commands(
  [
    create,
    create,
    close,
    fc.constant(new RunScheduler()),
    fc.constant(new Save()),
    fc
      .tuple(fc.option(fc.nat(30), { nil: null }), fc.nat(2), fc.boolean(), fc.constantFrom<1 | 2 | 3>(1, 2, 3), fc.boolean())
      .map(([pick, rate, keyed, sends, together]) => new Confirm(pick, rate, keyed, sends, together)),
    fc
      .tuple(carrier, fc.boolean(), fc.boolean(), fc.constantFrom<1 | 2>(1, 2))
      .map(([choice, scheduled, keyed, sends]) => new Create(choice, scheduled, keyed, sends)),
    fc.constant(new RunScheduler()),
    fc.tuple(fc.nat(30), fc.boolean()).map(([pick, byPacker]) => new Void(pick, byPacker)),
    fc.tuple(fc.nat(30), carrier).map(([pick, choice]) => new Return(pick, choice)),
    carrier.map((choice) => new CloseDay(choice)),
    fc.constantFrom(...ROLES).map((role) => new AddUser(role)),
    fc.tuple(fc.nat(10), fc.constantFrom(...ROLES)).map(([pick, role]) => new ChangeRole(pick, role)),
    fc.nat(10).map((pick) => new RemoveUser(pick)),
    carrier.map((choice) => new Merge(choice)),
    ...(noCups
      ? []
      : [
          fc
            .tuple(fc.nat(30), fc.boolean(), fc.boolean(), fc.constantFrom<1 | 2>(1, 2))
            .map(([pick, byPacker, keyed, sends]) => new Print(pick, byPacker, keyed, sends)),
        ]),
  ],
  { maxCommands: 24, size: 'max' },
);

/** A new account per run: an admin (its first user), a supervisor and a packer, each signed in. */
async function newAccount(): Promise<{ model: Model; real: Real }> {
  const n = ++accounts;
  const admin = await t.station.clients.add(OPERATOR, {
    username: `model-${process.pid}-${n}`,
    password: PASSWORD,
    role: 'admin',
    profile: { name: `Model ${n}` },
  });
  const users: ModelUser[] = [
    { id: '', username: admin.username, role: 'admin', removed: false, token: (await t.signIn(admin.username, PASSWORD)).json.meta.token },
  ];
  users[0]!.id = (await send(users[0]!.token, 'GET', '/v3/users')).json.data[0].id;
  for (const role of ['supervisor', 'packer'] as const) {
    const username = `model-${process.pid}-${n}-${role}`;
    const added = await t.station.users.add(OPERATOR, { clientId: admin.id, username, password: PASSWORD, role });
    users.push({ id: added.id, username, role, removed: false, token: (await t.signIn(username, PASSWORD)).json.meta.token });
  }
  return { model: { shipments: [], users, closed: new Map() }, real: { clientId: admin.id } };
}

const property = () => fc.asyncProperty(commands, (sequence) => fc.asyncModelRun(newAccount, sequence));

describe('the API as a state machine against its model', () => {
  it('holds every invariant over a fixed seed’s sequences', async () => {
    await fc.assert(property(), { seed: 20261127, numRuns: 6 });
  }, 240_000);

  it('holds every invariant over a sequence a new seed once found: a packer’s keyed reprint refused, then sent again', async () => {
    // confirm, print (a supervisor), print (a packer, keyed, twice): the repeat is refused as the first was.
    await fc.assert(property(), { seed: -1163632763, numRuns: 3 });
  }, 240_000);

  it('holds every invariant over a sequence a new seed once found: a return confirmed with an outbound’s document', async () => {
    // create, return, confirm the return's id with the outbound document and the return's carrier: a 409, not a replay.
    await fc.assert(property(), { seed: -853698776, numRuns: 2 });
  }, 240_000);

  it('holds every invariant over a sequence a new seed once found: another account merged into a closed day', async () => {
    // confirm, close, merge another account with a parcel of the closed carrier's day, close: the merge is refused.
    await fc.assert(property(), { seed: -1536123361, numRuns: 3 });
  }, 240_000);

  it('holds every invariant over sequences of a new seed each run (printed when one fails)', async () => {
    await fc.assert(property(), { numRuns: 3 });
  }, 240_000);
});
