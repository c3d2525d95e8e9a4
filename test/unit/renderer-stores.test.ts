import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../src-renderer/api/client.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { useLabel } from '../../src-renderer/store/label.ts';
import { draftFromClient, draftToRequest, needsCustoms, useNewShipment } from '../../src-renderer/store/new-shipment.ts';
import { closedSite, listedSite, severalSites, siteFileTag, useSites, viewedSite } from '../../src-renderer/store/sites.ts';
import { useSiteSettings } from '../../src-renderer/store/site-settings.ts';
import { highlights, useRates } from '../../src-renderer/store/rates.ts';
import { useSession } from '../../src-renderer/store/session.ts';
import { translate } from '../../src-renderer/i18n/i18n.ts';
import { sayIt } from '../../src-renderer/i18n/said.ts';
import { useShipments } from '../../src-renderer/store/shipments.ts';
import { useTracking } from '../../src-renderer/store/tracking.ts';
import { SMITH, startTestStation, type TestStation } from '../helpers/station.ts';
import { setClock } from '../helpers/clock.ts';
import { stationDateTime, stationToday, useStationClock } from '../../src-renderer/store/station-clock.ts';
import { useCalendarSettings } from '../../src-renderer/store/calendar-settings.ts';
import type { StationConfig } from '../../src-renderer/api/types.ts';
import { attributes, document, post } from '../helpers/shipments.ts';

// A Wednesday morning in Kiritimati (UTC+14), on a clock of its own: far from this process's zone and time, so the
// desk's dates can only be right if it counts on the station's.
const clock = setClock('2026-11-25 08:00', 'Pacific/Kiritimati');
let t: TestStation;
let config: StationConfig;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0, clock });
  config = { apiBase: `${t.url}/v3`, integrationKey: t.integrationKey, desk: 'test', timeZone: 'Pacific/Kiritimati' };
  // One earlier shipment puts Kunde Becker in the address book.
  await post(t, await t.token(), '/v3/shipments/save', document());
});
afterAll(() => t.close());

async function signedIn() {
  await useSession.getState().start(config);
  await useSession.getState().signIn(SMITH.username, SMITH.password);
  expect(useSession.getState().status).toBe('signed-in');
}

function fillDraft() {
  const form = useNewShipment.getState();
  form.reset({
    name: 'Bottega Verdi',
    contact: 'Anna Verdi',
    address1: 'Via Roma 12',
    address2: '',
    city: 'Milano',
    postalCode: '20129',
    state: 'MI',
    country: 'IT',
    phone: '',
    email: 'anna@verdi.example',
    taxIdentification: 'IT01234567890',
  });
  const store = useNewShipment.getState();
  store.pickReceiver({
    name: 'Kunde Becker',
    address1: 'Marienplatz 8',
    address2: '',
    postalCode: '80331',
    city: 'Muenchen',
    state: '',
    country: 'DE',
    contact: 'Jonas Becker',
    phone: '',
    email: '',
  });
  store.setPackage(0, 'weight', '1,4');
  store.setPackage(0, 'length', '30');
  store.setPackage(0, 'width', '20');
  store.setPackage(0, 'height', '15');
  store.setField('goodsDescription', 'Ceramic cups');
  store.setField('invoiceValue', '64,50');
}

describe('the API client turns every answer into data or an ApiError with the station’s words', () => {
  it('signs in and calls with the token', async () => {
    let token: string | null = null;
    const api = createApiClient({ config, token: () => token });
    const session = await api.signIn(SMITH.username, SMITH.password);
    token = session.token;
    expect(session.client.attributes.name).toBe('Bottega Verdi');
    expect((await api.currentClient()).client.id).toBe(t.client.id);
    expect((await api.currentClient()).who).toEqual({
      username: SMITH.username,
      role: 'supervisor',
      user: { id: expect.any(String), name: 'Anna Verdi' },
    });
    const { data: found } = await api.call(ROUTES.addresses, { query: { searchString: 'beck' } });
    expect(found.map((address) => address.attributes.name)).toContain('Kunde Becker');
  });

  it('reports refusals with their detail', async () => {
    const api = createApiClient({ config, token: () => null });
    const refused = await api.signIn(SMITH.username, 'wrong').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).detail).toBe('Authorization failed.');
    expect((refused as ApiError).status).toBe(401);
    const unauthorised = await api.call(ROUTES.shipmentSummaries).catch((error: unknown) => error as ApiError);
    expect((unauthorised as ApiError).detail).toBe('Missing or invalid authorization header');
  });

  it('says why beside where: a refusal’s reason in words follows its text, a reason code does not', async () => {
    const api = createApiClient({ config, token: () => null });
    const { token } = await api.signIn(SMITH.username, SMITH.password);
    const signed = createApiClient({ config, token: () => token });
    const {
      data: [rate],
    } = await signed.call(ROUTES.rateShipment, { body: { data: { type: 'shipment', attributes: attributes() as never } } });
    const wrongRate = { ...rate!, id: 't2-UPS-NOPE', attributes: { ...rate!.attributes, serviceCode: 'NOPE' } };
    const refused = (await signed
      .call(ROUTES.confirmShipment, { body: { data: { type: 'shipment', attributes: attributes() as never, meta: { rate: wrongRate } } } })
      .catch((error: unknown) => error)) as ApiError;
    expect(refused.detail).toBe("Invalid data: 'data.meta.rate.id'. The carrier has no service NOPE.");
    const coded = new ApiError(400, [
      {
        status: 400,
        code: 'shipment.dayClosed',
        title: 'Bad Request',
        detail: 'Delete functionality not available.',
        meta: { reason: 'dayClosed' },
      },
    ]);
    expect(coded.detail).toBe('Delete functionality not available.');
    // Told apart by the code, not by the reason's look: a one-word reason in words is said, a code's older reason is not.
    const oneWord = new ApiError(400, [
      {
        status: 400,
        code: 'field.missing',
        title: 'Bad Request',
        detail: "Missing required data: 'data.attributes.note'.",
        source: { pointer: '/data/attributes/note' },
        meta: { reason: 'Required' },
      },
    ]);
    expect(oneWord.detail).toBe("Missing required data: 'data.attributes.note'. Required.");
    const legacy = new ApiError(400, [
      {
        status: 400,
        code: 'return.ofVoided',
        title: 'Bad Request',
        detail: 'Shipment 1001 was voided: it has no return.',
        meta: { reason: 'voided' },
      },
    ]);
    expect(legacy.detail).toBe('Shipment 1001 was voided: it has no return.');
  });

  it('reports an unreachable station plainly', async () => {
    const api = createApiClient({ config: { ...config, apiBase: 'http://127.0.0.1:9/v3' }, token: () => null });
    const error = (await api.call(ROUTES.shipmentSummaries).catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.detail).toBe('The station cannot be reached. Is it running?');
  });
});

describe('the session store', () => {
  beforeEach(() => useSession.getState().signOut());

  it('signs in, and says “wrong username or password” on wrong credentials, never which', async () => {
    await useSession.getState().start(config);
    await useSession.getState().signIn(SMITH.username, 'nope');
    expect(useSession.getState().status).toBe('signed-out');
    expect(sayIt(useSession.getState().error!)).toBe(translate('session.wrongSignIn'));
    await useSession.getState().signIn('nobody-here', SMITH.password);
    expect(useSession.getState().status).toBe('signed-out');
    expect(sayIt(useSession.getState().error!)).toBe(translate('session.wrongSignIn'));
    await useSession.getState().signIn(SMITH.username, SMITH.password);
    expect(useSession.getState().client?.attributes.name).toBe('Bottega Verdi');
    useSession.getState().signOut();
    expect(useSession.getState()).toMatchObject({ status: 'signed-out', token: null, client: null });
  });
});

describe('the new-shipment store checks with the shared rules', () => {
  it('marks every missing field by pointer before any request', () => {
    useNewShipment.getState().reset();
    expect(useNewShipment.getState().validate()).toBeUndefined();
    // Each says what the field expects, as the form words it.
    const errors = Object.fromEntries(Object.entries(useNewShipment.getState().errors).map(([pointer, held]) => [pointer, sayIt(held)]));
    expect(errors['/data/attributes/shipTo/name']).toBe('Required: up to 35 characters.');
    expect(errors['/data/attributes/packages/0/weight/value']).toBe('Required: the weight in kg, more than 0, such as 1.25.');
    expect(errors['/data/attributes/goodsDescription']).toBe('Required: what the parcel holds, such as “Ceramic cups”.');
    expect(Object.values(errors).every((text) => text.startsWith('Required: '))).toBe(true);
  });

  it('says what a refused field expects, for every field the shared rules check', () => {
    useNewShipment.getState().reset();
    useNewShipment.getState().setPackage(0, 'weight', 'heavy');
    useNewShipment.getState().setAddress('receiver', 'email', 'not-an-address');
    useNewShipment.getState().setAddress('receiver', 'country', 'Germ');
    expect(useNewShipment.getState().validate()).toBeUndefined();
    const errors = Object.fromEntries(Object.entries(useNewShipment.getState().errors).map(([pointer, held]) => [pointer, sayIt(held)]));
    expect(errors['/data/attributes/packages/0/weight/value']).toBe('Expected the weight in kg, more than 0, such as 1.25.');
    expect(errors['/data/attributes/shipTo/email']).toBe('Expected an email address such as name@example.com, up to 50 characters.');
    expect(errors['/data/attributes/shipTo/country']).toBe('Expected a country: type its name or its two-letter code and pick it.');
    expect(Object.values(errors).filter((text) => /Not valid|Not accepted/.test(text))).toEqual([]);
  });

  it('counts every edit, so rates given before an edit are stale', () => {
    useNewShipment.getState().reset();
    const before = useNewShipment.getState().revision;
    useNewShipment.getState().setAddress('receiver', 'name', 'Kunde Becker GmbH');
    useNewShipment.getState().weighFromScale(0, '9.5');
    expect(useNewShipment.getState().revision).toBe(before + 2);
    expect(useNewShipment.getState().packages[0]).toMatchObject({ weight: '9.5', fromScale: true });
    useNewShipment.getState().setPackage(0, 'weight', '9.4');
    expect(useNewShipment.getState().packages[0]).toMatchObject({ weight: '9.4', fromScale: false });
    // Checking the form is no edit.
    const checked = useNewShipment.getState().revision;
    useNewShipment.getState().validate();
    expect(useNewShipment.getState().revision).toBe(checked);
  });

  it('takes decimal commas, and validates a complete draft', () => {
    fillDraft();
    expect(useNewShipment.getState().packages[0]!.weight).toBe('1.4');
    const valid = useNewShipment.getState().validate();
    expect(valid?.invoiceSubtotal).toEqual({ amount: '64.50', currency: 'EUR' });
    expect(useNewShipment.getState().errors).toEqual({});
  });

  it('adds the export declaration when the route crosses customs', () => {
    fillDraft();
    useNewShipment.getState().setAddress('receiver', 'country', 'us');
    const state = useNewShipment.getState();
    expect(needsCustoms(state)).toBe(true);
    expect(draftToRequest(state)).toHaveProperty('exportDeclaration');
    state.setAddress('receiver', 'country', 'FR');
    expect(draftToRequest(useNewShipment.getState())).not.toHaveProperty('exportDeclaration');
  });
});

describe('the customs item made from the contents', () => {
  it('weighs the goods: the parcel less its box’s own weight where the box is a preset, the parcel where it is not', () => {
    fillDraft();
    const store = useNewShipment.getState();
    store.setAddress('receiver', 'country', 'us');
    // 30 × 20 × 15 is the Small box preset, 0.15 kg of its own: 1.4 kg packed is 1.25 kg of cups.
    useNewShipment.getState().declarationFromContents();
    expect(useNewShipment.getState().declaration.lineItems[0]).toMatchObject({
      description: 'Ceramic cups',
      quantity: '1',
      unitPrice: '64.50',
      unitWeight: '1.25',
    });
    useNewShipment.getState().setPackage(0, 'length', '31');
    useNewShipment.getState().declarationFromContents();
    expect(useNewShipment.getState().declaration.lineItems[0]!.unitWeight).toBe('1.4');
  });
});

describe('the rates store', () => {
  it('loads rates cheapest first, preselects the cheapest, and confirms', async () => {
    await signedIn();
    fillDraft();
    await useRates.getState().load(useNewShipment.getState().validate()!);
    const { rates, selectedId, status } = useRates.getState();
    expect(status).toBe('ready');
    const prices = rates.map((rate) => rate.attributes.finalCost.amount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(selectedId).toBe(rates[0]!.id);
    expect(highlights(rates).cheapestId).toBe(rates[0]!.id);
    const shipment = await useRates.getState().confirm();
    expect(shipment?.meta?.status).toBe(3);
    await useLabel.getState().show(shipment!);
    expect(useLabel.getState().pdf?.subarray(0, 4)).toEqual(new Uint8Array([0x25, 0x50, 0x44, 0x46]));
  });

  it('offers the new price when the station says the price is different', async () => {
    await signedIn();
    fillDraft();
    await useRates.getState().load(useNewShipment.getState().validate()!);
    const dhl = useRates.getState().rates.find((rate) => rate.id === 't2-DHL_EXPRESS-EXP')!;
    useRates.getState().select(dhl.id);
    await t.station.store.carrierSettings.setFuelSurcharge('DHL', 40);
    expect(await useRates.getState().confirm()).toBeUndefined();
    const change = useRates.getState().priceChange!;
    expect(change.originalPrice).toBe(dhl.attributes.finalCost.amount);
    expect(change.updatedPrice).toBeGreaterThan(change.originalPrice);
    expect(change.currency).toBe('EUR');
    const shipment = await useRates.getState().confirmAtNewPrice();
    expect(shipment?.meta?.finalCost?.amount).toBe(change.updatedPrice);
  });
});

describe('the shipments and tracking stores', () => {
  it('lists, opens, tracks and deletes', async () => {
    await signedIn();
    const created = await post(
      t,
      useSession.getState().token!,
      '/v3/shipments',
      document(attributes({ shipDate: undefined }), { service: 'economy', scheduledProcessing: false }),
    );
    const { id, meta } = created.json.data;
    await useShipments.getState().load();
    expect(useShipments.getState().rows.map((row) => row.id)).toContain(id);
    await useShipments.getState().open(id);
    expect(useShipments.getState().detail).toMatchObject({ status: 'ready', id });
    expect(useShipments.getState().detail?.pdf?.length).toBeGreaterThan(1000);

    useTracking.getState().setQuery(meta.trackingNumber);
    await useTracking.getState().lookup();
    expect(useTracking.getState()).toMatchObject({ status: 'ready' });
    expect(useTracking.getState().tracking?.attributes.carrierShipmentId).toBe(meta.trackingNumber);
    useTracking.getState().setQuery('000000000000');
    await useTracking.getState().lookup();
    expect(useTracking.getState().status).toBe('not-found');

    expect(await useShipments.getState().remove(id)).toBe(true);
    expect(useShipments.getState().rows.map((row) => row.id)).not.toContain(id);
  });
});

describe('the desk counts days on the station’s clock', () => {
  it('learns the station’s zone and clock at sign-in, and its date fields start at the station’s today', async () => {
    useSession.getState().signOut();
    useShipments.setState({ started: false, dateFrom: '', dateTo: '' });
    await signedIn();
    const learnt = useStationClock.getState();
    expect(learnt).toMatchObject({ timeZone: 'Pacific/Kiritimati', known: true });
    // The station's clock is days from this computer's: the desk measured by how much.
    expect(Math.abs(learnt.offsetMs - (clock().getTime() - Date.now()))).toBeLessThan(1_000);
    expect(stationToday()).toBe(clock.today());
    expect(stationDateTime(clock().toISOString()).slice(0, 10)).toBe(clock.today());
    await useShipments.getState().load();
    expect(useShipments.getState()).toMatchObject({ dateFrom: clock.today(), dateTo: clock.day(1) });
  });

  it('lets an admin change the calendar, and shows what the station refused at its field', async () => {
    const admin = { username: 'desk-admin', password: 'Desk-Admin-2026!' };
    await t.station.clients.add({ via: 'cli', user: 'test' }, { ...admin, role: 'admin', profile: { name: 'Admin' } });
    await useSession.getState().start(config);
    await useSession.getState().signIn(admin.username, admin.password);
    expect(await useCalendarSettings.getState().save({ timeZone: 'Atlantis/Lost_City' })).toBe(false);
    expect(sayIt(useCalendarSettings.getState().fieldErrors.timeZone!)).toContain("'Atlantis/Lost_City' is not a time zone");
    expect(await useCalendarSettings.getState().save({ holidays: [clock.day(1)] })).toBe(true);
    expect(useStationClock.getState().holidays).toEqual([clock.day(1)]);
    // With tomorrow a holiday, the shipments list runs from today to the working day after it.
    useShipments.setState({ started: false });
    await useShipments.getState().load();
    expect(useShipments.getState()).toMatchObject({ dateFrom: clock.today(), dateTo: clock.day(2) });
    expect(await useCalendarSettings.getState().save({ holidays: [] })).toBe(true);
  });
});

describe('the sites the desk knows', () => {
  it('with one site the desk is as before sites; at Verona, its sender and its close are Verona’s', async () => {
    const admin = { username: 'sites-admin', password: 'Sites-Admin-2026!' };
    const milano = { name: 'Bottega Verdi', contact: 'Anna Verdi', address1: 'Via Roma 12', city: 'Milano', postalCode: '20129' };
    const profile = { ...milano, state: 'MI', country: 'IT', email: 'anna@verdi.example' };
    await t.station.clients.add({ via: 'cli', user: 'test' }, { ...admin, role: 'admin', profile });
    useSession.getState().signOut();
    await useSession.getState().start(config);
    await useSession.getState().signIn(admin.username, admin.password);
    // One site: no site is asked for, and the sender is the account's.
    expect(useSites.getState().sites).toHaveLength(1);
    expect(useSites.getState()).toMatchObject({ deskSite: '1', chosen: false });
    expect(severalSites()).toBe(false);
    useSites.getState().view('all');
    expect(viewedSite()).toBeUndefined();
    expect(listedSite()).toBeUndefined();
    expect(siteFileTag()).toBe('');
    expect(draftFromClient(useSession.getState().client)).toMatchObject(milano);

    const verona = { ...profile, name: 'Magazzino Verona', address1: 'Via Mazzini 5', city: 'Verona', postalCode: '37121', state: 'VR' };
    expect(
      await useSiteSettings
        .getState()
        .save(null, { name: 'Verona', address: { ...verona, address2: '', phone: '', taxIdentification: '' } }),
    ).toBe(true);
    // A refusal is kept by the field it names: the name is taken.
    expect(await useSiteSettings.getState().save(null, { name: 'Verona' })).toBe(false);
    expect(Object.keys(useSiteSettings.getState().fieldErrors)).toEqual(['name']);
    expect(sayIt(useSiteSettings.getState().fieldErrors.name!)).toBe('Another site of the account is named Verona.');
    const id = useSites.getState().sites.find((site) => site.attributes.name === 'Verona')!.id;
    // Added, but this desk still stands at the main site.
    expect(severalSites()).toBe(true);
    expect(draftFromClient(useSession.getState().client)).toMatchObject(milano);

    expect(await useSiteSettings.getState().chooseForDesk(id)).toBe(true);
    expect(useSites.getState()).toMatchObject({ deskSite: id, chosen: true });
    expect(useSites.getState().sites.map((site) => site.meta?.thisDesk)).toEqual([false, true]);
    expect(draftFromClient(useSession.getState().client)).toMatchObject({
      name: 'Magazzino Verona',
      address1: 'Via Mazzini 5',
      city: 'Verona',
    });
    // All sites is a view, never a close: a close of all is the desk's own site's.
    expect(viewedSite()).toBe('all');
    expect(closedSite()).toBeUndefined();
    expect(listedSite()).toBe('all');
    // The Shipments list is the desk's site's until another is chosen.
    expect(siteFileTag()).toBe('-all-sites');
    useSites.getState().view('');
    expect(listedSite()).toBe(id);
    expect(siteFileTag()).toBe('-verona');
    useSites.getState().view('1');
    expect(closedSite()).toBe('1');

    // Signed out, the desk forgets them; signed in again, it learns where it stands.
    useSession.getState().signOut();
    expect(useSites.getState()).toMatchObject({ sites: [], deskSite: '', chosen: false, viewed: '' });
    await useSession.getState().start(config);
    await useSession.getState().signIn(admin.username, admin.password);
    expect(useSites.getState()).toMatchObject({ deskSite: id, chosen: true });
  });
});
