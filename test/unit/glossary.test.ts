// The desk's catalogues speak the trade's words (src-renderer/i18n/glossary.ts): no message of a language uses a
// word its glossary says must never name a shipping term (German Versender for the carrier, French adresse
// d'expédition for the sender's address…), and the messages that name each term in English name it in every
// language with the glossary's word (Paketdienst, corriere, transporteur…), in one of its forms.
import { describe, expect, it } from 'vitest';
import type { MessageKey } from '../../src-renderer/i18n/messages/en.ts';
import { MESSAGES } from '../../src-renderer/i18n/i18n.ts';
import { GLOSSARY } from '../../src-renderer/i18n/glossary.ts';
import { LANGUAGES } from '../../src-renderer/i18n/languages.ts';

type Term = keyof (typeof GLOSSARY)['en'];

/** Messages whose English names the term as a word (not only through a placeholder), where a packer reads it. */
const NAMING: Record<Term, MessageKey[]> = {
  // Today's table header, its card heading, the Outbox's header and the reports' chart.
  carrier: ['today.carrier', 'today.byCarrier', 'shipment.carrier', 'today.allCarriers', 'reports.costPerCarrier'],
  // New shipment's sender card heading and field, the account's and a site's sender address.
  sender: ['shipments.sender', 'form.sender.name', 'form.changeSender', 'account.heading', 'sites.address'],
  // New shipment's receiver card heading, its search and field, the orders file's column.
  receiver: ['shipment.receiver', 'receiver.search', 'form.receiver.name', 'orders.fields.name'],
  // New shipment's packages card heading and button, Today and the reports.
  parcel: ['shipments.packages', 'form.addPackage', 'form.package', 'today.noParcel', 'reports.parcels'],
  // Close day's manifests heading, print button, empty state, and the Outbox.
  manifest: ['closeDay.manifests', 'closeDay.print', 'closeDay.noManifest', 'outbox.manifests'],
  // Close day's pickups heading and cancel button, Today's next pickup.
  pickup: ['closeDay.pickups', 'closeDay.cancelPickup', 'today.nextPickup', 'today.noPickup'],
  // The Returns screen's name, a shipment's return button, the label's button, the reports.
  return: ['nav.returns', 'shipments.returnButton', 'returns.make', 'reports.returns', 'sites.returnAddress'],
  // New shipment's customs card heading and its refusal, the field's hint, an imported order's warning.
  customsDeclaration: ['form.exportDeclaration', 'form.declarationRequired', 'field.exportDeclaration', 'orders.customsOther'],
};

const TERMS = Object.keys(NAMING) as Term[];
const CODES = LANGUAGES.map((language) => language.code);

/** Lowercase, with a typed apostrophe written as the catalogues write it (’). */
const normal = (text: string) => text.toLowerCase().replaceAll("'", '’');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The avoided word as a word or the start of one (German Versenders, Spanish parcelas), not inside another. */
const asWord = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(normal(word))}`, 'u');

describe('the trade’s words', () => {
  it('the glossary has every term in every language, with its word among its stems', () => {
    for (const code of CODES) {
      expect(Object.keys(GLOSSARY[code]).sort(), code).toEqual([...TERMS].sort());
      for (const term of TERMS) {
        const entry = GLOSSARY[code][term];
        expect(
          entry.stems.some((stem) => normal(entry.word).includes(stem)),
          `${code} ${term}: “${entry.word}” matches none of its stems`,
        ).toBe(true);
        for (const word of [...entry.stems, ...entry.avoid]) expect(word, `${code} ${term}`).toBe(normal(word));
        expect(entry.note, `${code} ${term}`).not.toBe('');
      }
    }
  });

  it.each(CODES)('%s: no message uses a word the glossary avoids', (code) => {
    const found: string[] = [];
    for (const term of TERMS)
      for (const word of GLOSSARY[code][term].avoid) {
        const pattern = asWord(word);
        for (const [key, text] of Object.entries(MESSAGES[code]))
          if (pattern.test(normal(text))) found.push(`${key} says “${word}” (${term}: ${GLOSSARY[code][term].word}): ${text}`);
      }
    expect(found).toEqual([]);
  });

  it.each(CODES)('%s: the messages that name a term name it with the glossary’s word', (code) => {
    const missing: string[] = [];
    for (const term of TERMS) {
      const { word, stems } = GLOSSARY[code][term];
      for (const key of NAMING[term]) {
        const text = MESSAGES[code][key];
        if (!stems.some((stem) => normal(text).includes(stem))) missing.push(`${key} does not say “${word}” (${term}): ${text}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
