// A store keeps what went wrong (the refusal itself, or a message key with its figures), never the words: the screen
// words it as it shows it, so a refusal held while the packer switches the language is shown in the new language,
// not in the one of the moment it was made. Real station over HTTP, the desk's own stores and the wording its notice
// (components/Notice.tsx) and the frame's feedback (components/FeedbackLayer.tsx) use. And every store file is read:
// none words what it keeps (no translate(), no describeError(), no import of the desk's wording modules).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyLanguage, currentLanguage } from '../../src-renderer/i18n/i18n.ts';
import { message, printFailed, sayAny, sayIt, type Said } from '../../src-renderer/i18n/said.ts';
import { de } from '../../src-renderer/i18n/messages/de.ts';
import { en } from '../../src-renderer/i18n/messages/en.ts';
import { useSession } from '../../src-renderer/store/session.ts';
import { useTeam } from '../../src-renderer/store/team.ts';
import { useWebhooks } from '../../src-renderer/store/webhooks.ts';
import { useReturns } from '../../src-renderer/store/returns.ts';
import { useCloseDay } from '../../src-renderer/store/close-day.ts';
import { useShipments } from '../../src-renderer/store/shipments.ts';
import { useBulkPrint } from '../../src-renderer/store/bulk-print.ts';
import { useRulesEditor } from '../../src-renderer/store/rules-editor.ts';
import { useReports } from '../../src-renderer/store/reports.ts';
import { usePrinting, jobKey } from '../../src-renderer/store/printing.ts';
import { usePacking } from '../../src-renderer/store/packing.ts';
import { useLabel } from '../../src-renderer/store/label.ts';
import { useRates } from '../../src-renderer/store/rates.ts';
import { useNewShipment } from '../../src-renderer/store/new-shipment.ts';
import { useOrderImport } from '../../src-renderer/store/order-import.ts';
import { guessMapping } from '../../src-shared/order-import.ts';
import { useFeedback } from '../../src-renderer/feedback/feedback.ts';
import type { Rate } from '../../src-renderer/api/types.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { voidRefusalText } from '../../src-renderer/i18n/error-text.ts';
import { attributes, document, post } from '../helpers/shipments.ts';
import type { StationConfig } from '../../src-renderer/api/types.ts';
import { SMITH, startTestStation, type TestStation } from '../helpers/station.ts';
import { waitFor } from '../helpers/wait.ts';

let t: TestStation;
beforeAll(async () => {
  t = await startTestStation({ schedulerIntervalMs: 0 });
  const config: StationConfig = { apiBase: `${t.url}/v3`, integrationKey: t.integrationKey, desk: 'test', timeZone: 'Europe/Berlin' };
  await useSession.getState().start(config);
  await useSession.getState().signIn(SMITH.username, SMITH.password);
  expect(useSession.getState().status).toBe('signed-in');
});
afterAll(() => t.close());
afterEach(() => switchTo('en'));

async function switchTo(language: 'en' | 'de'): Promise<void> {
  applyLanguage(language);
  await waitFor(`the desk in ${language}`, () => currentLanguage() === language);
}

/** What the screen's notice shows for what the store holds now, as ErrorNotice words it. */
const shown = (held: Said | null): string => (held ? sayIt(held) : '');

describe('a message held in a store takes the language of the moment it is shown', () => {
  it('a refusal of the station, held while the packer switches to German, shows in German', async () => {
    await switchTo('en');
    // Smith is a supervisor: the team is for admins, and the station says so.
    await useTeam.getState().load();
    const held = useTeam.getState().error;
    expect(held).not.toBeNull();
    const english = shown(held);
    expect(english).toMatch(/admin/i);
    await switchTo('de');
    const german = shown(useTeam.getState().error);
    expect(german).not.toBe(english);
    // The desk's German words for a missing role, with both roles named in German.
    expect(german).toContain(de['error.code.role.required'].split('{')[0]!.trim());
    expect(german).toContain(de['role.admin']);
  });

  it('the desk’s own refusal (the shared rules’), held while the packer switches, shows in the new language', async () => {
    await switchTo('en');
    expect(await useWebhooks.getState().add('', ['shipment.created'])).toBe(false);
    expect(shown(useWebhooks.getState().error)).toBe(en['webhooks.urlNeeded']);
    await switchTo('de');
    expect(shown(useWebhooks.getState().error)).toBe(de['webhooks.urlNeeded']);
  });

  it('a return not found, held while the packer switches, shows in the new language', async () => {
    await switchTo('en');
    await useReturns.getState().start('00000000-0000-4000-8000-000000000000');
    expect(useReturns.getState().status).toBe('error');
    const english = shown(useReturns.getState().error);
    await switchTo('de');
    expect(shown(useReturns.getState().error)).toBe(de['error.code.shipment.notFound']);
    expect(english).not.toBe(de['error.code.shipment.notFound']);
  });

  it('a closing refused, held while the packer switches, shows in the new language', async () => {
    await switchTo('en');
    await useCloseDay.getState().close('nocarrier');
    const held = useCloseDay.getState().error;
    expect(held).not.toBeNull();
    const english = shown(held);
    await switchTo('de');
    const german = shown(useCloseDay.getState().error);
    expect(german).not.toBe(english);
    expect(german).not.toContain(english);
  });

  it('a shipment that cannot be read, and a delete refused, held while the packer switches, show in the new language', async () => {
    await switchTo('en');
    await useShipments.getState().open('00000000-0000-4000-8000-000000000000');
    expect(useShipments.getState().detail?.status).toBe('error');
    const unreadable = shown(useShipments.getState().detail!.error);
    await switchTo('de');
    expect(shown(useShipments.getState().detail!.error)).toBe(de['error.code.shipment.notFound']);
    expect(unreadable).not.toBe(de['error.code.shipment.notFound']);

    await switchTo('en');
    const created = await post(
      t,
      useSession.getState().token!,
      '/v3/shipments',
      document(attributes({ shipDate: undefined }), { service: 'economy', scheduledProcessing: false }),
    );
    await useShipments.getState().open(created.json.data.id);
    expect(await useShipments.getState().remove('00000000-0000-4000-8000-000000000000')).toBe(false);
    const english = voidRefusalText(useShipments.getState().detail!.deleteError!.failure);
    await switchTo('de');
    expect(voidRefusalText(useShipments.getState().detail!.deleteError!.failure)).toBe(de['error.code.shipment.notFound']);
    expect(english).not.toBe(de['error.code.shipment.notFound']);
  });

  it('a print of several labels refused, held while the packer switches, shows in the new language', async () => {
    await switchTo('en');
    await useBulkPrint.getState().print(['00000000-0000-4000-8000-000000000000']);
    expect(useBulkPrint.getState().status).toBe('failed');
    const english = shown(useBulkPrint.getState().message);
    await switchTo('de');
    const german = shown(useBulkPrint.getState().message);
    expect(german).not.toBe(english);
    expect(german).not.toContain(english);
  });

  it('a failure inside a sentence is worded with the sentence, when it is shown', async () => {
    const held = message('bulkPrint.failed', { reason: printFailed({ reason: 'Printer on fire', failure: null }) });
    await switchTo('en');
    expect(shown(held)).toContain('Printer on fire');
    await switchTo('de');
    expect(shown(held)).toContain(de['printFailure.unknown']);
    expect(shown(held)).not.toContain('Printer on fire');
  });

  it('a fault of the packing rules draft, held while the packer switches, shows in the new language', async () => {
    await switchTo('en');
    useRulesEditor.getState().setPercent('warnPercent', 'lots');
    await useRulesEditor.getState().save();
    const held = useRulesEditor.getState().errors.varianceWarnPercent ?? null;
    expect(shown(held)).toBe(en['rules.expects.warn']);
    await switchTo('de');
    expect(shown(useRulesEditor.getState().errors.varianceWarnPercent ?? null)).toBe(de['rules.expects.warn']);
  });

  it('a report refused, held while the packer switches, shows in the new language', async () => {
    await switchTo('en');
    // A range that ends before it starts: the station refuses it.
    useReports.getState().setRange(t.clock.day(5), t.clock.today());
    await useReports.getState().load();
    const english = shown(useReports.getState().error);
    expect(english).not.toBe('');
    await switchTo('de');
    const german = shown(useReports.getState().error);
    expect(german).not.toBe(english);
    expect(german).not.toContain(english);
  });
});

describe('what the packing desk holds to be said takes the language of the moment it is shown', () => {
  it('a print refused, held while the packer switches, shows in the new language', async () => {
    await switchTo('en');
    const missing = '00000000-0000-4000-8000-000000000000';
    await usePrinting.getState().print(missing);
    const held = usePrinting.getState().printError[jobKey(missing)] ?? null;
    const english = shown(held);
    expect(english).not.toBe('');
    await switchTo('de');
    expect(shown(usePrinting.getState().printError[jobKey(missing)] ?? null)).toBe(de['error.code.shipment.notFound']);
    expect(english).not.toBe(de['error.code.shipment.notFound']);
  });

  it('a scanned number that is no order: the scan’s refusal and the stop over the screen show in the new language', async () => {
    await switchTo('en');
    useFeedback.setState({ blocked: null });
    await usePacking.getState().scan('NO-SUCH-4711');
    expect(shown(usePacking.getState().error)).toBe(en['packing.noOrder'].replace('{number}', 'NO-SUCH-4711'));
    expect(sayAny(useFeedback.getState().blocked!)).toBe(en['packing.noOrder'].replace('{number}', 'NO-SUCH-4711'));
    await switchTo('de');
    expect(shown(usePacking.getState().error)).toBe(de['packing.noOrder'].replace('{number}', 'NO-SUCH-4711'));
    expect(sayAny(useFeedback.getState().blocked!)).toBe(de['packing.noOrder'].replace('{number}', 'NO-SUCH-4711'));
    useFeedback.getState().acknowledge();
  });

  it('a wrong label scanned: the stop, held while the packer switches, shows in the new language', async () => {
    await switchTo('en');
    useFeedback.setState({ blocked: null });
    const created = await post(
      t,
      useSession.getState().token!,
      '/v3/shipments',
      document(attributes({ shipDate: undefined }), { service: 'economy', scheduledProcessing: false }),
    );
    const shipment = (await useSession.getState().api!.call(ROUTES.shipment, { params: { id: created.json.data.id } })).data;
    await useLabel.getState().show(shipment);
    const verification = await useLabel.getState().verify('NOT-THIS-LABEL');
    expect(verification?.matched).toBe(false);
    const english = sayAny(useFeedback.getState().blocked!);
    expect(english).toContain('NOT-THIS-LABEL');
    await switchTo('de');
    const german = sayAny(useFeedback.getState().blocked!);
    expect(german).toContain('NOT-THIS-LABEL');
    expect(german).toContain(de['label.wrongLabel'].split('!')[0]!);
    expect(german).not.toBe(english);
    useFeedback.getState().acknowledge();
    useLabel.getState().clear();
  });

  it('rates made stale, held while the packer switches, say so in the new language', async () => {
    await switchTo('en');
    const rate = { id: 'stale-rate', type: 'rate', attributes: { finalCost: { amount: 1, currency: 'EUR' } } } as unknown as Rate;
    useRates.setState({ status: 'ready', ratedRevision: -2, rates: [rate], selectedId: rate.id });
    expect(await useRates.getState().confirm()).toBeUndefined();
    expect(shown(useRates.getState().error)).toBe(en['rates.stale']);
    await switchTo('de');
    expect(shown(useRates.getState().error)).toBe(de['rates.stale']);
    useRates.getState().reset();
  });

  it('the form’s field faults, held while the packer switches, show in the new language', async () => {
    await switchTo('en');
    useNewShipment.getState().reset();
    expect(useNewShipment.getState().validate()).toBeUndefined();
    const name = '/data/attributes/shipTo/name';
    const english = shown(useNewShipment.getState().errors[name] ?? null);
    expect(english).toBe('Required: up to 35 characters.');
    await switchTo('de');
    const german = shown(useNewShipment.getState().errors[name] ?? null);
    expect(german).not.toBe(english);
    expect(german).toContain(de['field.requiredExpecting'].split('{')[0]!.trim());
    useNewShipment.getState().reset();
  });

  it('an order imported straight to shipments with no parcel: why it was not scheduled, held while the packer switches, shows in the new language', async () => {
    await switchTo('en');
    // A line without its unit weight: no weight, so no parcel to schedule.
    const headers = ['Order', 'Name', 'Contact', 'Street', 'Zip', 'City', 'Country', 'SKU', 'Item', 'Qty', 'Weight', 'Price'];
    const row = [
      'WORDS-NOPARCEL-1',
      'Kunde Becker',
      'Jonas Becker',
      'Marienplatz 8',
      '80331',
      'Muenchen',
      'DE',
      'CUP-6',
      'Ceramic cup',
      '2',
      '',
      '10.75',
    ];
    useOrderImport.setState({
      headers,
      rows: [Object.fromEntries(headers.map((header, index) => [header, row[index]!]))],
      status: 'ready',
      mode: 'shipments',
    });
    useOrderImport.setState({ mapping: guessMapping(headers) });
    useOrderImport.getState().map('number', 'Order');
    await useOrderImport.getState().run();
    const refused = useOrderImport.getState().result?.refused ?? [];
    expect(refused.map((entry) => entry.number)).toEqual(['WORDS-NOPARCEL-1']);
    expect(shown(refused[0]!.why)).toBe(en['orders.noParcel']);
    await switchTo('de');
    expect(shown(useOrderImport.getState().result!.refused[0]!.why)).toBe(de['orders.noParcel']);
  });

  it('a sign-in refused, held while the packer switches, shows in the new language', async () => {
    await switchTo('en');
    await useSession.getState().signIn(SMITH.username, 'not-the-password');
    expect(shown(useSession.getState().error)).toBe(en['session.wrongSignIn']);
    await switchTo('de');
    expect(shown(useSession.getState().error)).toBe(de['session.wrongSignIn']);
    await useSession.getState().signIn(SMITH.username, SMITH.password);
    expect(useSession.getState().status).toBe('signed-in');
  });
});

const STORE = resolve(import.meta.dirname, '../../src-renderer/store');

/** Stores that still word what they keep, each with why: none now (a store added here is a step back, said why). */
const STILL_WORDING: Readonly<Record<string, string>> = {};

/** What a store may take from the desk's i18n folder: what is to be said (said.ts), the languages, and setting one. */
const MAY_IMPORT: Readonly<Record<string, RegExp>> = {
  'said.ts': /.*/,
  'languages.ts': /.*/,
  'i18n.ts': /^\s*applyLanguage\s*$/,
};

/** Why a store's source words what it keeps; empty when it does not. */
function wording(source: string): string[] {
  const found: string[] = [];
  for (const call of ['translate(', 'describeError(', 'printFailureText(', 'refusalWords('])
    if (source.includes(call)) found.push(`calls ${call.slice(0, -1)}`);
  for (const match of source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"]\.\.\/i18n\/([^'"]+)['"]/g)) {
    const [, names, module] = match;
    const allowed = MAY_IMPORT[module!];
    const words = names!.split(',').filter((name) => name.trim() !== '' && !(allowed && allowed.test(name.replace(/^\s*type\s+/, ''))));
    if (words.length > 0) found.push(`imports ${words.map((name) => name.trim()).join(', ')} from i18n/${module}`);
  }
  for (const match of source.matchAll(/import\s+(?:\*\s+as\s+\w+|\w+)\s+from\s+['"]\.\.\/i18n\/([^'"]+)['"]/g))
    found.push(`imports all of i18n/${match[1]}`);
  return found;
}

describe('no store words what it keeps', () => {
  const stores = readdirSync(STORE).filter((name) => name.endsWith('.ts'));

  it('reads every store file', () => {
    expect(stores.length).toBeGreaterThan(30);
    expect(stores).toContain('session.ts');
  });

  it('no store calls translate() or describeError() or imports the desk’s wording: each keeps a Said, the screen words it', () => {
    const offenders = stores
      .filter((name) => !(name in STILL_WORDING))
      .map((name) => ({ name, why: wording(readFileSync(join(STORE, name), 'utf8')) }));
    expect(offenders.filter((store) => store.why.length > 0)).toEqual([]);
  });

  it('the stores listed as still wording do, so the list only shrinks (it is empty)', () => {
    expect(Object.keys(STILL_WORDING)).toEqual([]);
    for (const name of Object.keys(STILL_WORDING)) expect(wording(readFileSync(join(STORE, name), 'utf8')), name).not.toEqual([]);
  });

  it('finds wording where it is (the check is not blind)', () => {
    expect(wording("import { translate } from '../i18n/i18n.ts';\nconst a = translate('x');")).toEqual([
      'calls translate',
      'imports translate from i18n/i18n.ts',
    ]);
    expect(wording("import { describeError, refusedFields } from '../i18n/error-text.ts';")).toEqual([
      'imports describeError, refusedFields from i18n/error-text.ts',
    ]);
    expect(
      wording("import { failure, message, type Said } from '../i18n/said.ts';\nimport { applyLanguage } from '../i18n/i18n.ts';"),
    ).toEqual([]);
  });
});
