// A store keeps what went wrong (the refusal itself, or a message key with its figures), never the words: the screen
// words it as it shows it, so a refusal held while the packer switches the language is shown in the new language,
// not in the one of the moment it was made. Real station over HTTP, the desk's own stores and the wording its notice
// (components/Notice.tsx) uses.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyLanguage, currentLanguage } from '../../src-renderer/i18n/i18n.ts';
import { message, printFailed, sayIt, type Said } from '../../src-renderer/i18n/said.ts';
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
    const created = await post(t, useSession.getState().token!, '/v3/shipments', document(attributes({ shipDate: undefined }), { service: 'economy', scheduledProcessing: false }));
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
