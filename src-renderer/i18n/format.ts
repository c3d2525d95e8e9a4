// The one place the desk turns numbers, weights, lengths, money, dates and times into text: through Intl, in the
// packer's language (i18n.ts), and instants in the time zone the caller names (the station's, from
// store/station-clock.ts: this module reads no store). Every screen formats through here, so switching the language
// switches every figure too.
import { currentLanguage } from './i18n.ts';

/** Intl's locale for a desk language: English as in Europe (day before month, 24-hour clock), the others as they are. */
const locale = (): string => (currentLanguage() === 'en' ? 'en-GB' : currentLanguage());

/** Intl's formatters are costly to make and free to reuse: one per language and kind. */
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat | Intl.DisplayNames;
const cache = new Map<string, Formatter>();
function cached<T extends Formatter>(kind: string, make: (locale: string) => T): T {
  const key = `${locale()}|${kind}`;
  let format = cache.get(key) as T | undefined;
  if (!format) cache.set(key, (format = make(locale())));
  return format;
}

/** A count or a plain figure: 1,234 / 1.234. */
export function formatNumber(value: number, fractionDigits?: number): string {
  return cached(
    `number${fractionDigits ?? ''}`,
    (tag) =>
      new Intl.NumberFormat(
        tag,
        fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
      ),
  ).format(value);
}

/** A weight in kg, to `fractionDigits` places or as precise as it is (up to grams): 4.00 kg / 4,00 kg. */
export function formatWeight(kg: number, fractionDigits?: number): string {
  return cached(
    `kg${fractionDigits ?? ''}`,
    (tag) =>
      new Intl.NumberFormat(tag, {
        style: 'unit',
        unit: 'kilogram',
        ...(fractionDigits === undefined
          ? { maximumFractionDigits: 3 }
          : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
      }),
  ).format(kg);
}

/** A length in cm: 30 cm. */
export function formatLength(cm: number): string {
  return cached('cm', (tag) => new Intl.NumberFormat(tag, { style: 'unit', unit: 'centimeter', maximumFractionDigits: 1 })).format(cm);
}

/** Money with its ISO code after the amount, as shipping documents write it: 129.00 EUR / 129,00 EUR. */
export function formatMoney(amount: number, currency = 'EUR'): string {
  return `${formatNumber(amount, 2)} ${currency}`;
}

/** A share as a percentage: 12.5% / 12,5 %. */
export function formatPercent(share: number, fractionDigits = 1): string {
  return cached(
    `percent${fractionDigits}`,
    (tag) => new Intl.NumberFormat(tag, { style: 'percent', minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
  ).format(share);
}

/** A calendar day (YYYY-MM-DD, a ship date): 24 Nov 2026 / 24.11.2026; `long` adds the weekday and the month's name. */
export function formatDate(day: string, style: 'short' | 'long' = 'short'): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return cached(
    `date-${style}`,
    (tag) =>
      new Intl.DateTimeFormat(
        tag,
        style === 'long'
          ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }
          : { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
      ),
  ).format(date);
}

const zoned = (kind: 'time' | 'datetime', timeZone: string) => {
  return cached(
    `${kind}-${timeZone}`,
    (tag) =>
      new Intl.DateTimeFormat(
        tag,
        kind === 'time'
          ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }
          : { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone },
      ),
  );
};

/** An instant's time of day in `timeZone` (the station's): 14:05. */
export function formatTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : zoned('time', timeZone).format(date);
}

/** An instant in `timeZone` (the station's), day and time: 24 Nov 2026, 14:05. */
export function formatDateTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : zoned('datetime', timeZone).format(date);
}

/** Alternatives as the language lists them: "DE or AT" / "DE oder AT". */
export function formatAlternatives(items: readonly string[]): string {
  return cached('or', (tag) => new Intl.ListFormat(tag, { type: 'disjunction' })).format(items);
}

/** A country's name in the desk's language, from its ISO code. */
export function countryName(code: string): string {
  try {
    return cached('region', (tag) => new Intl.DisplayNames([tag], { type: 'region' })).of(code) ?? code;
  } catch {
    return code;
  }
}
