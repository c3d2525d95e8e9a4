// One owner for each thing: what one client sets or makes, another client can neither see changed nor change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticationHash, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';
import { DEFAULT_PRINT_SETTINGS } from '../../src-shared/printing.ts';
import { OPERATOR, JSONAPI, startTestStation, type TestStation } from '../helpers/station.ts';

let t: TestStation;
let smith: string;
let jones: string;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  smith = await t.token();
  await t.station.clients.add(OPERATOR, { username: 'jones', password: 'Another-Desk-2026', profile: { name: 'Jones Fulfilment' } });
  const signIn = await t.call('/v3/clients/authentication', {
    method: 'POST',
    headers: { Authorization: serviceApiAuthorization(authenticationHash('jones', 'Another-Desk-2026'), t.integrationKey) },
  });
  jones = signIn.json.meta.token;
});
afterAll(() => t.close());

const settingsOf = async (token: string) =>
  (await t.call('/v3/print-settings', { headers: { Authorization: `Bearer ${token}` } })).json.data.attributes;
const patch = (token: string, attributes: Record<string, unknown>) =>
  t.call('/v3/print-settings', {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': JSONAPI },
    body: JSON.stringify({ data: { type: 'printSettings', attributes } }),
  });

describe('print settings belong to the client that sets them', () => {
  it('lets each client change its own, and no other', async () => {
    expect((await patch(smith, { format: 'zpl', dpi: 300, autoPrint: true })).status).toBe(200);
    expect(await settingsOf(smith)).toMatchObject({ format: 'zpl', dpi: 300, autoPrint: true });
    expect(await settingsOf(jones)).toEqual(DEFAULT_PRINT_SETTINGS);

    expect((await patch(jones, { dpi: 203, autoPrint: false })).status).toBe(200);
    expect(await settingsOf(smith)).toMatchObject({ format: 'zpl', dpi: 300, autoPrint: true });
  });

  it('starts a client that never chose from the settings the station had before they were per client', async () => {
    await t.station.store.settings.set('printing', { ...DEFAULT_PRINT_SETTINGS, dpi: 300, format: 'zpl' });
    const fresh = await t.station.clients.add(OPERATOR, { username: 'brown', password: 'Third-Desk-2026', profile: { name: 'Brown' } });
    const signIn = await t.call('/v3/clients/authentication', {
      method: 'POST',
      headers: { Authorization: serviceApiAuthorization(authenticationHash(fresh.username, 'Third-Desk-2026'), t.integrationKey) },
    });
    expect(await settingsOf(signIn.json.meta.token)).toMatchObject({ dpi: 300, format: 'zpl' });
    expect(await settingsOf(jones)).toMatchObject({ dpi: 203, autoPrint: false });
  });
});
