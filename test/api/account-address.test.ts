// The account's own address (PATCH /clients/current): what the first admin fills in as the desk's sender address at
// first sign-in and edits in Settings. Admins only, each field by its rule and pointer, audited with before and after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSONAPI, OPERATOR, startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let admin: string;
let packer: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  await t.station.clients.add(OPERATOR, {
    username: 'first-admin',
    password: 'first-admin-2026',
    role: 'admin',
    profile: { name: 'Shipping Station' },
  });
  await t.station.clients.add(OPERATOR, { username: 'a-packer', password: 'a-packer-2026', role: 'packer', profile: { name: 'Packer' } });
  admin = (await t.signIn('first-admin', 'first-admin-2026')).json.meta.token as string;
  packer = (await t.signIn('a-packer', 'a-packer-2026')).json.meta.token as string;
});
afterAll(() => t.close());

const patch = (token: string, attributes: unknown) =>
  t.call('/v3/clients/current', {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': JSONAPI },
    body: JSON.stringify({ data: { type: 'client', attributes } }),
  });

describe('the account’s own address', () => {
  it('is filled in by an admin as real clients send it (null for empty, numbers as text), answered and audited', async () => {
    const response = await patch(admin, {
      name: 'Bottega Verdi',
      contact: 'Anna Verdi',
      address1: 'Via Roma 12',
      address2: null,
      postalCode: 20129,
      city: 'Milano',
      state: 'MI',
      country: 'it',
      phone: 3331234567,
      email: 'anna@verdi.example',
    });
    expect(response.status, response.text).toBe(200);
    expect(response.json.data.attributes).toMatchObject({
      name: 'Bottega Verdi',
      address1: 'Via Roma 12',
      address2: '',
      postalCode: '20129',
      country: 'IT',
      phone: '3331234567',
    });
    expect(response.json.meta).toMatchObject({ username: 'first-admin', role: 'admin' });
    // What is not sent stays.
    const again = await patch(admin, { phone: '3339999999' });
    expect(again.json.data.attributes).toMatchObject({ name: 'Bottega Verdi', city: 'Milano', phone: '3339999999' });
    const audit = await t.station.audit.list(OPERATOR, {
      before: null,
      action: 'client.profile-changed',
      desk: null,
      actor: null,
      limit: 5,
    });
    expect(audit[0]!.detail).toEqual({ username: 'first-admin', from: { phone: '3331234567' }, to: { phone: '3339999999' } });
    expect(audit).toHaveLength(2);
  });

  it('refuses a bad field by its pointer, and changes nothing', async () => {
    const response = await patch(admin, { country: 'Germany', email: 'not-an-address', city: 'Milano' });
    expect(response.status).toBe(400);
    expect(response.json.errors.map((error: { source: { pointer: string } }) => error.source.pointer).sort()).toEqual([
      '/data/attributes/country',
      '/data/attributes/email',
    ]);
    expect((await t.call('/v3/clients/current', { headers: { Authorization: `Bearer ${admin}` } })).json.data.attributes.country).toBe(
      'IT',
    );
  });

  it('is an admin’s to change: a packer is refused with 403 naming the role', async () => {
    const response = await patch(packer, { address1: 'Somewhere 1' });
    expect(response.status).toBe(403);
    expect(response.json.errors[0].meta).toEqual({ neededRole: 'admin', role: 'packer' });
  });
});
