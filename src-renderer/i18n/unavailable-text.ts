// Why no carrier service can carry a shipment, in the packer's language: a rate list's meta.unavailable, or the
// figures of a refused create (shipment.noService). Each reason is said by its outcome code and figures
// (src-shared/unavailable-reasons.ts); a desk in English shows the station's own sentences, as before.
import type { RateUnavailable } from '../../src-shared/resources.ts';
import type { UnavailableReason } from '../../src-shared/unavailable-reasons.ts';
import { countryName, formatDate, formatNumber } from './format.ts';
import { currentLanguage, translate } from './i18n.ts';
import { SOURCE_LANGUAGE } from './languages.ts';

/** A reason without the "<carrier> <service>: " it starts with, when the same problem stops every service. */
const problemOf = (reason: string) => reason.slice(reason.indexOf(': ') + 2);

/** A service by name, with its carrier's before it unless the name starts with it (DHL Express Worldwide, not DHL Express DHL Express Worldwide). */
const serviceName = (carrier: string, service: string) =>
  carrier === '' || service.toLowerCase().startsWith(carrier.toLowerCase()) ? service : `${carrier} ${service}`;

/** A figure as the desk writes numbers (1,5 kg in German). */
const figure = (value: number) => formatNumber(value, Number.isInteger(value) ? 0 : undefined);

/**
 * One reason in the packer's words. `bare`: without the carrier and service it is about, for a package's problem
 * said once for every service it stops (and beside the package's field).
 */
export function unavailableWords(reason: UnavailableReason, bare = false): string {
  const service = 'serviceName' in reason ? { carrier: reason.carrierName ?? '', service: reason.serviceName } : undefined;
  const who = (words: string) =>
    bare || !service ? words : translate('unavailable.service', { service: serviceName(service.carrier, service.service), problem: words });
  switch (reason.code) {
    case 'route.notServed':
      return who(translate('unavailable.route.notServed', { from: countryName(reason.from), to: countryName(reason.to) }));
    case 'shipment.noPackages':
      return translate('unavailable.shipment.noPackages');
    case 'package.overMaximum':
      return who(
        translate('unavailable.package.overMaximum', {
          number: reason.packageIndex + 1,
          weight: figure(reason.weightKg),
          limit: figure(reason.limitKg),
        }),
      );
    case 'package.overWeight':
      return who(
        translate('unavailable.package.overWeight', {
          number: reason.packageIndex + 1,
          weight: figure(reason.weightKg),
          limit: figure(reason.limitKg),
        }),
      );
    case 'package.overLength':
      return who(
        translate('unavailable.package.overLength', {
          number: reason.packageIndex + 1,
          length: figure(reason.lengthCm),
          limit: figure(reason.limitCm),
        }),
      );
    case 'package.overGirth':
      return who(
        translate('unavailable.package.overGirth', {
          number: reason.packageIndex + 1,
          girth: figure(reason.girthCm),
          limit: figure(reason.limitCm),
        }),
      );
    case 'package.overBreaks':
      return who(
        translate('unavailable.package.overBreaks', {
          number: reason.packageIndex + 1,
          weight: figure(reason.chargeableKg),
          limit: figure(reason.limitKg),
        }),
      );
    case 'shipDate.beyondCarrier':
      return translate('unavailable.shipDate.beyondCarrier', {
        carrier: reason.carrierName,
        days: reason.days,
        latest: formatDate(reason.latest),
      });
    case 'carrier.cardUnreadable':
      return reason.carrierName === null
        ? translate('unavailable.carrier.cardUnreadableAll', { file: reason.file })
        : translate('unavailable.carrier.cardUnreadable', { carrier: reason.carrierName, file: reason.file });
    case 'carrier.unreachable':
      return translate('unavailable.carrier.unreachable', { upstream: reason.upstream });
    case 'upstream.ratesRefused':
      return translate('unavailable.upstream.ratesRefused', { upstream: reason.upstream });
    case 'upstream.declined':
      return translate('unavailable.upstream.declined', { upstream: reason.upstream });
    case 'carrier.notConfigured':
      return translate('unavailable.carrier.notConfigured');
    case 'service.optionNotOffered':
      return who(translate('unavailable.service.optionNotOffered', { option: reason.option }));
    case 'service.optionRefused':
      return who(
        translate('unavailable.service.optionRefused', {
          // air.lithiumIonAlone as the message's case airLithiumIonAlone
          rule: reason.rule.replace(/\.(.)/, (_, letter: string) => letter.toUpperCase()),
          hasPackage: reason.packageIndex === null ? 'no' : 'yes',
          number: (reason.packageIndex ?? 0) + 1,
        }),
      );
  }
}

/** Whether the reason is about a package of the form: said once for every service, and beside the package's field. */
const aboutPackage = (entry: { pointer?: string }) => entry.pointer?.includes('/packages/') === true;

/**
 * Why no service carries the shipment, each problem once (a 5000 kg package stops every service for one reason),
 * problems about a field of the form first; and the fields the reasons name, with their problem.
 */
export function unavailableText(unavailable: readonly RateUnavailable[]): { text: string; fields: Record<string, string> } {
  const english = currentLanguage() === SOURCE_LANGUAGE;
  const said = (entry: RateUnavailable, bare: boolean) =>
    english ? (bare ? problemOf(entry.reason) : entry.reason) : unavailableWords(entry, bare);
  const ordered = [...unavailable].sort((a, b) => Number(!aboutPackage(a)) - Number(!aboutPackage(b)));
  const problems = [...new Set(ordered.map((entry) => said(entry, aboutPackage(entry))))];
  const fields: Record<string, string> = {};
  for (const entry of ordered)
    if (aboutPackage(entry) && entry.pointer && !fields[entry.pointer]) fields[entry.pointer] = said(entry, true);
  const shown =
    problems.length > 3
      ? translate('rates.andMore', { reasons: problems.slice(0, 3).join('; '), count: problems.length - 3 })
      : problems.join('; ');
  return { text: problems.length > 0 ? translate('rates.noService', { reasons: shown }) : translate('rates.noCarrier'), fields };
}
