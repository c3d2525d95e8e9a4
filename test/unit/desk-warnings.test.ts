// The station's warnings and refusals in the packer's words (issue 44): a carrier's closed day from meta.warnings'
// figures (never its English detail), the refusals returnBooked, confirmedAlready and notAwaitingConfirm with the
// shipments their meta names, Close day's left-out entries grouped by reason, the scale's problem by its state, and
// why a print job failed by its failure code.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, closedDaysOf } from '../../src-renderer/api/client.ts';
import {
  CODE_WORDS,
  closedDayText,
  describeError,
  printFailureText,
  processingFailureText,
  refusalWords,
  refusedFields,
} from '../../src-renderer/i18n/error-text.ts';
import { unavailableText } from '../../src-renderer/i18n/unavailable-text.ts';
import { fieldText, postalCodeWords } from '../../src-renderer/i18n/field-text.ts';
import { de } from '../../src-renderer/i18n/messages/de.ts';
import { statusOfCode, type ErrorCode } from '../../src-shared/error-codes.ts';
import { applyLanguage } from '../../src-renderer/i18n/i18n.ts';
import { groupLeftOut, leftOutFigures } from '../../src-renderer/store/close-day.ts';
import { scaleProblem } from '../../src-renderer/components/scale-problem.ts';
import { carrierDayClosedWarning } from '../../src-shared/closed-day.ts';
import type { LeftOut } from '../../src-shared/manifests.ts';
import { setClock } from '../helpers/clock.ts';

// A Friday whose next working day is the Monday: the station's warning names the Monday.
const clock = setClock('2026-11-27 10:00', 'Europe/Rome', { running: false });
const MONDAY = clock.day(3);

afterEach(() => applyLanguage('en'));

describe('a carrier closed for today', () => {
  const warning = carrierDayClosedWarning('UPS', 'UPS', 'UPS-1', MONDAY);

  it('is read from meta.warnings by its code, other warnings left alone', () => {
    const meta = { warnings: [{ code: 'unknownMember', pointer: '/data/attributes/x', detail: 'Unknown member.' }, warning] };
    expect(closedDaysOf(meta)).toEqual([{ carrier: 'UPS', carrierName: 'UPS', manifest: 'UPS-1', shipDate: MONDAY }]);
    expect(closedDaysOf(undefined)).toEqual([]);
    expect(closedDaysOf({ warnings: [{ code: 'carrierDayClosed', detail: 'no figures' }] })).toEqual([]);
  });

  it('is said with the desk’s date, never the station’s English detail', () => {
    applyLanguage('de');
    const [day] = closedDaysOf({ warnings: [warning] });
    expect(closedDayText(day!, 'rate')).toBe('UPS ist für heute abgeschlossen: geht am Mo., 30. Nov. 2026');
    expect(closedDayText(day!, 'label')).toBe('Geht am Mo., 30. Nov. 2026: UPS ist für heute abgeschlossen');
    applyLanguage('en');
    expect(closedDayText(day!, 'rate')).toBe('UPS is closed for today: ships Mon, 30 Nov 2026');
    expect(closedDayText(day!, 'rate')).not.toContain('next working day');
  });
});

describe('refusals worded from their meta', () => {
  const returnBooked = new ApiError(409, [
    {
      status: 409,
      code: 'shipment.returnBooked',
      title: 'Conflict',
      detail: 'Shipment 1002 has a return booked (RR-7): void the return first, then this label.',
      meta: { reason: 'returnBooked', returns: [{ id: 'R1', reference: 'RR-7', status: 3 }] },
    },
  ]);
  const confirmedAlready = new ApiError(409, [
    {
      status: 409,
      code: 'shipment.confirmedAlready',
      title: 'Conflict',
      detail: 'Shipment 1003 is confirmed already (UPS, tracking number 1Z9).',
      source: { pointer: '/data/id' },
      meta: { reason: 'confirmedAlready', shipment: { id: 'S3', reference: '1003', status: 3, trackingNumber: '1Z9' } },
    },
  ]);
  const notAwaiting = new ApiError(409, [
    {
      status: 409,
      code: 'shipment.notAwaitingConfirm',
      title: 'Conflict',
      detail: 'Shipment 1004 is not a saved shipment waiting for its confirm.',
      source: { pointer: '/data/id' },
      meta: { reason: 'notAwaitingConfirm', shipment: { id: 'S4', reference: null, status: 0, trackingNumber: null } },
    },
  ]);

  it('in German, naming the return to void first, the shipment booked already, and no English of the station', () => {
    applyLanguage('de');
    expect(describeError(returnBooked)).toBe('Zu dieser Sendung ist eine Retoure gebucht: zuerst die Retoure RR-7 stornieren.');
    expect(describeError(confirmedAlready)).toMatch(/^Die Sendung 1003 ist bereits bestätigt \(Sendungsnummer 1Z9\)/);
    expect(describeError(notAwaiting)).toMatch(/^Die Sendung S4 ist keine gespeicherte Sendung/);
    for (const error of [returnBooked, confirmedAlready, notAwaiting])
      expect(describeError(error)).not.toMatch(/Shipment|void the return|\/data\//);
  });

  it('in English, the station’s own text', () => {
    expect(describeError(returnBooked)).toBe(returnBooked.errors[0]!.detail);
  });
});

describe('Close day’s left-out entries', () => {
  const entries: LeftOut[] = [
    { shipmentId: 'a', reference: '1', reason: 'voided', detail: 'voided at 14:02', voidedAt: '14:02' },
    { shipmentId: 'b', reference: '2', reason: 'closed', detail: 'in manifest UPS-20261127-1-1', manifest: 'UPS-20261127-1-1' },
    {
      shipmentId: 'c',
      reference: '3',
      reason: 'return',
      detail: 'a return: the customer hands it to the carrier, so it is not handed over with this day',
    },
    { shipmentId: 'd', reference: null, reason: 'waiting', detail: 'waiting to be processed' },
    { shipmentId: 'e', reference: '5', reason: 'closed', detail: 'in manifest UPS-20261127-1-1', manifest: 'UPS-20261127-1-1' },
  ];

  it('are grouped: closed by manifest, returns apart, the rest left out', () => {
    const grouped = groupLeftOut(entries);
    expect(grouped.manifests).toEqual(['UPS-20261127-1-1']);
    expect(grouped.returns.map((entry) => entry.shipmentId)).toEqual(['c']);
    expect(grouped.leftOut.map((entry) => entry.shipmentId)).toEqual(['a', 'd']);
  });

  it('give the figures their words name: the time of a void, the manifest', () => {
    expect(leftOutFigures(entries[0]!)).toEqual({ manifest: null, time: '14:02' });
    expect(leftOutFigures(entries[1]!)).toEqual({ manifest: 'UPS-20261127-1-1', time: null });
    expect(leftOutFigures(entries[3]!)).toEqual({ manifest: null, time: null });
  });
});

describe('the scale’s problem', () => {
  const reading = (status: 'unplugged' | 'stable' | 'noAnswer' | 'off') => ({
    status,
    weightKg: null,
    problem: 'The scale at /dev/ttyUSB0 cannot be reached: ENOENT.',
    at: clock().toISOString(),
  });

  it('is said by its state in the packer’s words; the station’s text is only an English desk’s detail', () => {
    applyLanguage('de');
    expect(scaleProblem(reading('unplugged'))).toEqual({
      text: 'Die Waage ist nicht erreichbar: Kabel und Anschluss in den Einstellungen prüfen.',
      detail: null,
    });
    expect(scaleProblem(reading('noAnswer'))?.text).toBe('Die Waage antwortet nicht: Ist sie eingeschaltet?');
    expect(scaleProblem(reading('stable'))).toBeNull();
    expect(scaleProblem(reading('off'))).toBeNull();
    applyLanguage('en');
    expect(scaleProblem(reading('unplugged'))?.detail).toBe('The scale at /dev/ttyUSB0 cannot be reached: ENOENT.');
  });
});

describe('a print job that failed', () => {
  const notResponding = {
    reason:
      'The printer “Desk Zebra” (DeskZebra) has not started printing after 3 s (Printer offline), so the job was cancelled. Check that it is switched on and connected …',
    failure: { code: 'printerNotResponding' as const, seconds: 3, problem: 'Printer offline' },
  };

  it('is said by its code and figures in the packer’s language, never in the station’s English', () => {
    applyLanguage('de');
    expect(printFailureText(notResponding)).toBe(
      'der Drucker hatte nach 3 s nicht begonnen, daher wurde der Auftrag abgebrochen (Printer offline). Prüfen Sie, ob er eingeschaltet und angeschlossen ist, und drucken Sie erneut.',
    );
    expect(printFailureText({ reason: 'The shipment was deleted, or has no label.', failure: { code: 'shipmentGone' } })).toBe(
      'die Sendung wurde vor dem Druck storniert oder hat kein Etikett.',
    );
    // A job failed before the station gave codes: general words, not its English.
    expect(printFailureText({ reason: 'Printer Zebra did not print the label within 60 s.', failure: null })).toBe(
      'der Drucker hat es nicht gedruckt. Drucken Sie erneut oder wählen Sie in den Einstellungen einen anderen Drucker.',
    );
  });

  it('in English, the station’s own reason', () => {
    expect(printFailureText(notResponding)).toBe(notResponding.reason);
  });
});

describe('a conflict that names a field', () => {
  it('is said by its code, or by its kind, never as what the field expects', () => {
    applyLanguage('de');
    const shipped = new ApiError(409, [
      {
        status: 409,
        code: 'order.shipped',
        title: 'Conflict',
        detail: 'Order SO-1 is shipped already, with shipment 1001.',
        source: { pointer: '/data/meta/orderNumber' },
        meta: { reason: 'orderShipped', order: 'SO-1', shipment: { id: 'S1', reference: '1001' } },
      },
    ]);
    expect(describeError(shipped)).toBe('Der Auftrag SO-1 ist bereits versandt, als Sendung 1001.');
    const noCode = new ApiError(409, [
      {
        status: 409,
        code: 'order.inProgress',
        title: 'Conflict',
        detail: 'Something clashes.',
        source: { pointer: '/data/meta/orderNumber' },
      },
    ]);
    expect(describeError(noCode)).not.toMatch(/^Erwartet/);
    const lastAdmin = new ApiError(409, [
      {
        status: 409,
        code: 'account.lastAdmin',
        title: 'Conflict',
        detail: "'boss' is the account's last admin …",
        meta: { reason: 'lastAccountAdmin', username: 'boss' },
      },
    ]);
    expect(describeError(lastAdmin)).toBe(
      'boss ist der letzte Admin des Kontos: Machen Sie zuerst eine andere Person des Kontos zum Admin.',
    );
  });
});

describe('every refusal the desk words, keyed on its code (issue 45)', () => {
  const ENGLISH_DETAIL = 'The station’s English detail, word for word.';
  const ENGLISH_REASON = 'The station’s English reason, word for word.';
  const overWeight = {
    id: 't2-UPS-EXP',
    reason: 'UPS Express: package 1 weighs 40 kg, the service carries at most 30 kg',
    pointer: '/data/attributes/packages/0/weight/value',
    code: 'package.overWeight' as const,
    carrierName: 'UPS',
    serviceName: 'Express',
    packageIndex: 0,
    weightKg: 40,
    limitKg: 30,
  };
  /** Every figure any code's meta may carry, so each code's words are made from figures, as the station gives them. */
  const meta = {
    reason: ENGLISH_REASON,
    printer: 'Desk Zebra',
    queue: 'DeskZebra',
    problem: 'Out of labels',
    order: 'SO-1',
    reference: '1001',
    shipment: { id: 'S1', reference: '1001', status: 3, trackingNumber: '1Z9' },
    returns: [{ id: 'R1', reference: 'RR-7', status: 3 }],
    username: 'boss',
    neededRole: 'supervisor',
    role: 'packer',
    reprints: [{ shipmentId: 'S1', reference: '1001' }],
    fresh: 0,
    originalPrice: 12.4,
    updatedPrice: 13.1,
    currency: 'EUR',
    fault: 'diskFull',
    maxDays: 366,
    maxOrders: 500,
    unavailable: [overWeight],
  };
  const refusal = (code: ErrorCode) =>
    new ApiError(statusOfCode(code), [
      {
        status: statusOfCode(code),
        code,
        title: 'Refused',
        detail: ENGLISH_DETAIL,
        source: { pointer: '/data/attributes/shipTo/postalCode' },
        meta,
      },
    ]);
  const worded = Object.keys(CODE_WORDS) as ErrorCode[];

  it.each(['de', 'it', 'fr', 'es', 'pl'] as const)(
    '%s: each in the language’s own words, never the station’s detail or reason',
    (language) => {
      const english = new Map(worded.map((code) => [code, describeError(refusal(code))]));
      applyLanguage('en');
      const englishDesk = new Map(worded.map((code) => [code, refusalWords(refusal(code).errors[0]!)]));
      applyLanguage(language);
      const problems = worded.flatMap((code) => {
        const said = describeError(refusal(code));
        return said === '' ||
          said.includes(ENGLISH_DETAIL) ||
          said.includes(ENGLISH_REASON) ||
          said.includes('carries at most') ||
          said === englishDesk.get(code)
          ? [`${code}: ${said}`]
          : [];
      });
      expect(problems).toEqual([]);
      // An English desk shows the station's text alone, as it did.
      expect([...english.values()].every((said) => said.startsWith(ENGLISH_DETAIL))).toBe(true);
    },
  );

  it('the figures are said: a price change’s prices, a paused printer, the last admin, a full disk, a field by its words', () => {
    applyLanguage('de');
    expect(describeError(refusal('rate.priceChanged'))).toBe('Der Preis hat sich geändert: Er war 12,40 EUR, heute ist er 13,10 EUR.');
    expect(describeError(refusal('account.lastAdmin'))).toMatch(/^boss ist der letzte Admin/);
    expect(describeError(refusal('storage.unavailable'))).toMatch(/^Der Datenträger der Station ist voll/);
    expect(describeError(refusal('field.invalid'))).toBe(`Erwartet: ${de['field.postalCode']}.`);
    expect(describeError(refusal('role.required'))).toBe('Dafür ist die Rolle Schichtleitung nötig; Sie sind als Packer angemeldet.');
    expect(describeError(refusal('print.reprintNeedsSupervisor'))).toContain('1001');
  });

  it('a code this desk does not know is said by its status’s kind; one the desk says by its kind, likewise', () => {
    applyLanguage('de');
    const unknown = new ApiError(409, [{ status: 409, code: 'some.newCode' as ErrorCode, title: 'Conflict', detail: ENGLISH_DETAIL }]);
    expect(describeError(unknown)).toBe(de['error.kind.conflict']);
    expect(describeError(refusal('request.malformedJson'))).toBe(de['error.kind.invalid']);
  });

  it('why no service carries a parcel: by each reason’s outcome code and figures, the package’s field marked in words', () => {
    applyLanguage('de');
    const said = unavailableText([
      overWeight,
      { ...overWeight, id: 't2-DHL-EXP', carrierName: 'DHL', serviceName: 'Express', limitKg: 31.5 },
    ]);
    expect(said.text).toBe(
      'Kein Versanddienst kann diese Sendung befördern: Paket 1 wiegt 40 kg, mehr als die 30 kg, die der Dienst befördert; Paket 1 wiegt 40 kg, mehr als die 31,5 kg, die der Dienst befördert.',
    );
    expect(said.fields).toEqual({
      '/data/attributes/packages/0/weight/value': 'Paket 1 wiegt 40 kg, mehr als die 30 kg, die der Dienst befördert',
    });
    expect(
      unavailableText([
        {
          id: 't2-UPS-EXP',
          reason: 'UPS Express: does not carry from IT to KP.',
          code: 'route.notServed',
          carrierName: 'UPS',
          serviceName: 'Express',
          from: 'IT',
          to: 'KP',
        },
      ]).text,
    ).toBe('Kein Versanddienst kann diese Sendung befördern: UPS Express: befördert nicht von Italien nach Nordkorea.');
    expect(describeError(refusal('shipment.noService'))).toBe(said.text.replace(/; Paket.*31,5 kg.*\./, '.'));
    applyLanguage('en');
    expect(unavailableText([overWeight]).text).toBe(
      'No carrier service can carry this shipment: package 1 weighs 40 kg, the service carries at most 30 kg.',
    );
  });

  it('a refused field is marked with the desk’s words in another language, the station’s reason in English', () => {
    const refused = new ApiError(400, [
      {
        status: 400,
        code: 'field.invalid',
        title: 'Bad Request',
        detail: "Invalid data: 'data.attributes.postalCode'.",
        source: { pointer: '/data/attributes/postalCode' },
        meta: { reason: 'Expected a postal code of Germany: 5 digits, such as 80331.' },
      },
    ]);
    applyLanguage('de');
    expect(refusedFields(refused)).toEqual({ '/data/attributes/postalCode': `Erwartet: ${de['field.postalCode']}.` });
    applyLanguage('en');
    expect(refusedFields(refused)).toEqual({
      '/data/attributes/postalCode': 'Expected a postal code of Germany: 5 digits, such as 80331.',
    });
  });
});

describe('a postal code the desk checks itself', () => {
  it('is said with its country and examples in the packer’s language; in English, the shared rule’s own words', () => {
    const pointer = '/data/attributes/shipTo/postalCode';
    applyLanguage('de');
    expect(fieldText(pointer, false, postalCodeWords('DE'))).toBe('Erwartet: eine Postleitzahl von Deutschland, z. B. 80331 oder 10115.');
    // The shared rule's English words are never shown to another language: the table's words instead.
    expect(fieldText(pointer, false, 'a postal code of Germany: 5 digits, such as 80331 or 10115')).toBe(
      `Erwartet: ${de['field.postalCode']}.`,
    );
    applyLanguage('en');
    expect(fieldText(pointer, false, postalCodeWords('DE'))).toBe('Expected a postal code of Germany: 5 digits, such as 80331 or 10115.');
  });
});

describe('a settings field the station refuses', () => {
  it('is said by what it takes in the packer’s language: a password’s length, a username, a time zone', () => {
    applyLanguage('de');
    expect(fieldText('/data/attributes/password', false)).toBe('Erwartet: ein Passwort mit mindestens 10 Zeichen.');
    expect(fieldText('/data/attributes/timeZone', false)).toBe('Erwartet: eine Zeitzone wie Europe/Rome.');
    expect(fieldText('/data/attributes/holidays/3', false)).toBe('Erwartet: ein Tag als JJJJ-MM-TT, jeder nur einmal.');
    expect(fieldText('/data/attributes/username', true)).toMatch(/^Pflichtfeld: ein Anmeldename mit 1 bis 64 Zeichen/);
  });
});

describe('a shipment that failed to process', () => {
  it('says so in the packer’s language; only an English desk shows the station’s English reason', () => {
    const reason = 'The upstream service refused the shipment: postal code 8033 is not valid for DE.';
    applyLanguage('de');
    expect(processingFailureText(reason)).toBe(de['shipments.notProcessed']);
    applyLanguage('en');
    expect(processingFailureText(reason)).toBe(reason);
    expect(processingFailureText(null)).toBe('The shipment could not be processed.');
  });
});
