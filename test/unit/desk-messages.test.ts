// The desk's languages are complete and well formed: every language has exactly the English source's keys, each
// message parses as ICU and uses the same arguments as the English one (a translation that drops {count} or
// misspells a plural fails here, not in front of a packer), none is English left untranslated, every key is used
// by the desk, and the formatting module speaks each language's figures.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { setClock } from '../helpers/clock.ts';
import { decidePacking, type PackingRule } from '../../src-shared/packing-rules.ts';
import type { OrderAttributes } from '../../src-shared/orders.ts';
import { packingWords } from '../../src-renderer/i18n/packing-words.ts';
import { CODE_WORDS, KIND_WORDED, describeError } from '../../src-renderer/i18n/error-text.ts';
import { ERROR_CODE_LIST, isErrorCode } from '../../src-shared/error-codes.ts';
import { ApiError } from '../../src-renderer/api/client.ts';
import { en, type MessageKey } from '../../src-renderer/i18n/messages/en.ts';
import { MESSAGES, applyLanguage, translate } from '../../src-renderer/i18n/i18n.ts';
import { LANGUAGES, languageFromBrowser } from '../../src-renderer/i18n/languages.ts';
import { formatDate, formatMoney, formatNumber, formatWeight } from '../../src-renderer/i18n/format.ts';

type Element = { type: number; value?: string; options?: Record<string, { value: Element[] }>; children?: Element[] };

/** The arguments a message uses, each with its kind: plain, number, select or plural (ICU's AST types). */
function argumentsOf(message: string, locale: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (elements: Element[]) => {
    for (const element of elements) {
      if (element.value !== undefined && [1, 2, 3, 4, 5, 6].includes(element.type))
        found.set(element.value, element.type === 5 ? 'select' : element.type === 6 ? 'plural' : element.type === 2 ? 'number' : 'plain');
      for (const option of Object.values(element.options ?? {})) walk(option.value);
      if (element.children) walk(element.children);
    }
  };
  walk(new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).getAst() as unknown as Element[]);
  return found;
}

/** Texts that are the same in every language: names, codes, units and symbols. */
const SAME_EVERYWHERE = new Set<MessageKey>([
  'app.name',
  // The formats' names and dpi: what the printers' own manuals call them.
  'printing.formatShort',
  'help.keys.services',
  'common.none',
  'preview.zoom',
  'shipments.package',
  'shipments.customsWith',
  'shipments.trackingAt',
  'orders.fields.sku',
  'returns.reasonOption',
  'closeDay.leftOutEntry',
  'form.presetOption',
  'form.presetSize',
  'form.addPreset',
  'settings.pdf',
  'settings.dpi',
  'rules.countriesHint',
  'rules.economy',
  'rules.express',
  'scaleSettings.weight',
  'help.keys.help',
  'help.keys.chooseRate',
  'help.keys.returnReason',
  'help.keys.close',
  'help.keys.rates',
  'help.keys.confirm',
  'help.keys.ship',
  'field.units',
  'field.currency',
  'field.packageType',
  'field.incoTerms',
  'webhooks.heading',
  'webhooks.webhook',
  'rules.skus',
  'status.other',
  'trackingStatus.other',
  'team.heading',
  'team.name',
  'today.person',
  'shipments.status',
  'tracking.date',
  'preview.zoomIn',
  'orders.fields.hsCode',
]);

/** Words a language writes as English does, checked one by one: the same word, rightly. */
const SAME_AS_ENGLISH: Partial<Record<string, ReadonlySet<MessageKey>>> = {
  it: new Set(['display.volume', 'orders.fields.email', 'rules.tagsHint', 'signIn.password']),
  fr: new Set([
    'audit.action',
    // The trade's word for a warehouse of the account is the same in French.
    'app.site',
    'sites.heading',
    'sites.selector',
    'display.volume',
    'order.description',
    'orders.fields.contact',
    'orders.fields.email',
    'orders.fields.service',
    'preview.pages',
    'rules.service',
    'rules.tagsHint',
    'shipmentPurpose.COMMERCIAL',
    'shipments.date',
  ]),
  es: new Set(['role.supervisor', 'shipmentPurpose.PERSONAL', 'status.error']),
  pl: new Set(['orders.fields.email', 'shipments.limit']),
};

describe('the desk’s languages', () => {
  const keys = Object.keys(en).sort();

  it.each(LANGUAGES.map((language) => language.code))('%s has every key of the English source and no other', (code) => {
    expect(Object.keys(MESSAGES[code]).sort()).toEqual(keys);
  });

  it.each(LANGUAGES.filter((language) => language.code !== 'en').map((language) => language.code))(
    '%s: every message parses, uses the English arguments, and is translated',
    (code) => {
      const problems: string[] = [];
      for (const key of keys as MessageKey[]) {
        const source = en[key];
        const message = MESSAGES[code][key];
        try {
          const expected = argumentsOf(source, 'en');
          const got = argumentsOf(message, code);
          // Same names, same kinds: a plural stays a plural (its forms may differ), a select keeps its cases' name.
          if (JSON.stringify([...expected].sort()) !== JSON.stringify([...got].sort()))
            problems.push(`${key}: arguments ${JSON.stringify([...got])}, English ${JSON.stringify([...expected])}`);
        } catch (error) {
          problems.push(`${key}: ${(error as Error).message}`);
        }
        if (
          message === source &&
          !SAME_EVERYWHERE.has(key) &&
          !SAME_AS_ENGLISH[code]?.has(key) &&
          /[a-z]{3}/i.test(source.replace(/\{[^{}]*\}/g, ''))
        )
          problems.push(`${key}: still English: ${source}`);
      }
      expect(problems).toEqual([]);
    },
  );

  it('names the carrier as the trade does in each language (German: Paketdienst; Versender is the sender)', () => {
    const carrierWord: Record<keyof typeof MESSAGES, RegExp> = {
      en: /carrier/i,
      de: /Paketdienst/,
      it: /corrier[ei]/i,
      fr: /transporteur/i,
      es: /transportista/i,
      pl: /przewoźni/i,
    };
    // The messages that name the carrier as a word (not only by a placeholder).
    const naming: MessageKey[] = ['today.carrier', 'today.allCarriers', 'shipment.carrier', 'rules.carrier', 'reports.costPerCarrier'];
    for (const [language, messages] of Object.entries(MESSAGES) as [keyof typeof MESSAGES, Record<MessageKey, string>][]) {
      for (const key of naming) expect(messages[key], `${language} ${key}`).toMatch(carrierWord[language]);
    }
    expect(Object.values(MESSAGES.de).filter((text) => /Versender/.test(text))).toEqual([]);
  });

  it('every key is used by the desk', () => {
    const root = join(import.meta.dirname, '../../src-renderer');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !file.startsWith('i18n/messages/'),
    );
    const code = files.map((file) => readFileSync(join(root, file), 'utf8')).join('\n');
    // Keys built from a code (`nav.${screen}`, `field.${id}`…) count as used by their prefix.
    const prefixes = [...code.matchAll(/`([a-zA-Z.]+\.)\$\{/g)].map((match) => match[1]!);
    const unused = keys.filter(
      (key) => !code.includes(`'${key}'`) && !code.includes(`"${key}"`) && !prefixes.some((prefix) => key.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });

  it('a plural follows the language’s rules: Polish has few and many', () => {
    applyLanguage('pl');
    expect([1, 2, 5, 22].map((count) => translate('preview.pages', { count }))).toEqual(['1 strona', '2 strony', '5 stron', '22 strony']);
    applyLanguage('de');
    expect([1, 2].map((count) => translate('preview.pages', { count }))).toEqual(['1 Seite', '2 Seiten']);
    applyLanguage('en');
  });

  it('figures follow the language: decimals, thousands, dates and money', () => {
    // A set clock on a Thursday: this checks how a day is written, not which day it is today.
    const day = setClock('2026-03-05 12:00', 'UTC', { running: false }).today();
    const figures = (code: (typeof LANGUAGES)[number]['code']) => {
      applyLanguage(code);
      return [formatNumber(12345.5, 1), formatWeight(4, 2), formatMoney(1234.5), formatDate(day, 'long')];
    };
    expect(figures('en')).toEqual(['12,345.5', '4.00 kg', '1,234.50 EUR', 'Thursday, 5 March 2026']);
    expect(figures('de')).toEqual(['12.345,5', '4,00 kg', '1.234,50 EUR', 'Donnerstag, 5. März 2026']);
    expect(figures('it')).toEqual(['12.345,5', '4,00 kg', '1234,50 EUR', 'giovedì 5 marzo 2026']);
    expect(figures('fr')[0]).toBe('12\u202f345,5');
    expect(figures('pl')[3]).toBe('czwartek, 5 marca 2026');
    applyLanguage('en');
  });

  it('the packing rules explain themselves in the packer’s language', () => {
    const rules: PackingRule[] = [{ when: { countries: ['ch', 'at'], maxWeightKg: 2 }, then: { service: 'express', box: 'Small box' } }];
    const order = { number: 'A-1', shipTo: { country: 'CH' }, lines: [], tags: [] } as unknown as OrderAttributes;
    applyLanguage('de');
    // The station's own box is named in German; a box an admin named keeps its name as typed.
    expect(decidePacking(rules, order, 1, packingWords()).reasons).toEqual([
      'Kleiner Karton, weil CH oder AT unter 2 kg',
      'Express, weil CH oder AT unter 2 kg',
    ]);
    const own: PackingRule[] = [{ when: {}, then: { box: 'Bottle box' } }];
    expect(decidePacking(own, order, 1, packingWords()).reasons).toEqual(['Bottle box, weil jeder Auftrag']);
    applyLanguage('en');
    expect(decidePacking(rules, order, 1, packingWords()).reasons).toEqual(decidePacking(rules, order, 1).reasons);
  });

  it('a refusal is told in the packer’s words, keyed by its reason code, its field or its status, never in the station’s English', () => {
    const dayClosed = new ApiError(409, [
      {
        status: 409,
        code: 'shipment.dayClosed',
        title: 'Conflict',
        detail: 'Delete functionality not available.',
        meta: { reason: 'dayClosed', manifest: 'UPS-1' },
      },
    ]);
    const weight = new ApiError(400, [
      {
        status: 400,
        code: 'field.invalid',
        title: 'Bad Request',
        detail: "Invalid data: 'data.attributes.packages.0.weight.value'.",
        source: { pointer: '/data/attributes/packages/0/weight/value' },
      },
    ]);
    const unavailable = new ApiError(503, [
      { status: 503, code: 'storage.unavailable', title: 'Service Unavailable', detail: 'The station cannot reach its shared database.' },
    ]);
    const paused = new ApiError(409, [
      {
        status: 409,
        code: 'print.printerPaused',
        title: 'Conflict',
        detail: 'The printer “Desk Zebra” (DeskZebra) is paused (Out of labels), so nothing was sent to it. …',
        source: { pointer: '/data/attributes/printer' },
        meta: { reason: 'printerPaused', printer: 'Desk Zebra', queue: 'DeskZebra', problem: 'Out of labels' },
      },
    ]);
    applyLanguage('de');
    expect(describeError(dayClosed)).toBe('Der Tag ist für diesen Paketdienst abgeschlossen.');
    expect(describeError(weight)).toBe('Erwartet: das Gewicht in kg, mehr als 0, z. B. 1.25.');
    expect(describeError(unavailable)).toMatch(/^Die Station kann das gerade nicht/);
    expect(describeError(paused)).toMatch(
      /^Der Drucker Desk Zebra \(DeskZebra\) ist angehalten \(Out of labels\), daher wurde nichts gesendet\..*cupsenable DeskZebra/,
    );
    for (const error of [dayClosed, weight, unavailable, paused]) expect(describeError(error)).not.toContain(error.errors[0]!.detail);
    applyLanguage('en');
    // English is the station's own language: its text alone, exactly.
    expect(describeError(dayClosed)).toBe('Delete functionality not available.');
  });

  it('every code of the catalogue has the desk’s words, or is said by its kind by decision: a new code is a choice', () => {
    const undecided = ERROR_CODE_LIST.filter((code) => CODE_WORDS[code] === undefined && !KIND_WORDED.has(code));
    expect(undecided, 'codes with neither desk words nor a place in KIND_WORDED (src-renderer/i18n/error-text.ts)').toEqual([]);
    expect(
      ERROR_CODE_LIST.filter((code) => CODE_WORDS[code] !== undefined && KIND_WORDED.has(code)),
      'codes both worded and said by their kind',
    ).toEqual([]);
    expect(
      [...KIND_WORDED, ...Object.keys(CODE_WORDS)].filter((code) => !isErrorCode(code)),
      'codes the catalogue does not have',
    ).toEqual([]);
  });

  it('a browser’s languages pick the first the desk speaks, else English', () => {
    expect(languageFromBrowser(['pt-BR', 'it-CH', 'de'])).toBe('it');
    expect(languageFromBrowser(['pt-BR'])).toBe('en');
    expect(languageFromBrowser([])).toBe('en');
  });
});
