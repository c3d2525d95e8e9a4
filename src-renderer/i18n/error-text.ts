// What the desk says about a failure, and about a warning of a request still taken, in the packer's language. The
// station's error texts are English and stay exactly as the spec words them, for integrations; the desk keys its own
// message on the refusal's code (src-shared/error-codes.ts) and the figures its meta carries, then on the field a
// field's code names, then on the code's kind: never on the English words.
// The desk is served by its own station (the same build), so every refusal it meets carries a code of this
// catalogue; meta.reason is read only where the catalogue lists it as a code's figure (a void's why), never guessed.
import { ApiError, type ClosedDay } from '../api/client.ts';
import { currentLanguage, translate } from './i18n.ts';
import { formatDate, formatMoney } from './format.ts';
import { fieldText } from './field-text.ts';
import { SOURCE_LANGUAGE } from './languages.ts';
import type { MessageKey } from './messages/en.ts';
import type { ErrorObject } from '../../src-shared/jsonapi.ts';
import { ERROR_CODES, KIND_STATUS, isErrorCode, type ErrorCode, type ErrorKind } from '../../src-shared/error-codes.ts';
import type { DeleteRefusal, PrintFailure, RateUnavailable } from '../../src-shared/resources.ts';
import { trackingStatusName } from './domain-names.ts';
import { unavailableText, unavailableWords } from './unavailable-text.ts';

type Meta = Record<string, unknown>;

/** How the desk words a code: a message of its own, or one made from the refusal's figures (meta, source). */
type Words = MessageKey | ((meta: Meta, error: ErrorObject) => string);

/** A shipment named in a refusal's meta ({ id, reference }): its reference, else its id. */
function nameOf(shipment: unknown): string {
  const named = shipment as { id?: unknown; reference?: unknown } | undefined;
  return String(named?.reference ?? named?.id ?? '');
}

/** Several shipments named in a refusal's meta, as one list. */
function namesOf(shipments: unknown): string {
  return Array.isArray(shipments) ? shipments.map(nameOf).join(', ') : '';
}

/** Labels named in a reprint refusal's meta ({ shipmentId, reference }), as one list. */
function labelsOf(labels: unknown): string {
  return Array.isArray(labels)
    ? labels.map((label: { shipmentId?: unknown; reference?: unknown }) => String(label?.reference ?? label?.shipmentId ?? '')).join(', ')
    : '';
}

/** A role's name in the packer's language; a role the desk does not know, as it is. */
function roleWords(role: unknown): string {
  return role === 'packer' || role === 'supervisor' || role === 'admin' ? translate(`role.${role}`) : String(role ?? '');
}

/** A refused field: what it expects, in the packer's words (the same table the desk's own check uses). */
const fieldWords =
  (missing: boolean) =>
  (_meta: Meta, error: ErrorObject): string =>
    error.source?.pointer !== undefined ? fieldText(error.source.pointer, missing) : translate(KIND_WORDS.invalid);

/**
 * The desk's words for each code it meets, with the figures of its meta. A code here is said in full: the station's
 * English is never quoted after it. Codes a desk never meets are in KIND_WORDED instead (a test holds every code of
 * the catalogue to one of the two, so a new code is a decision, not a silent fallback).
 */
export const CODE_WORDS: Partial<Record<ErrorCode, Words>> = {
  'field.missing': fieldWords(true),
  'field.invalid': fieldWords(false),
  'field.badText': 'error.code.field.badText',

  'auth.failed': 'session.wrongSignIn',
  'auth.tokenExpired': 'error.code.auth.tokenExpired',
  'auth.tooManySignIns': 'error.code.auth.tooManySignIns',
  'auth.signInsBusy': 'error.code.auth.signInsBusy',
  'role.required': (meta) => translate('error.code.role.required', { needed: roleWords(meta.neededRole), role: roleWords(meta.role) }),

  'idempotency.keyBusy': 'error.code.idempotency.keyBusy',
  'idempotency.recordGone': 'error.code.idempotency.recordGone',

  'shipment.notFound': 'error.code.shipment.notFound',
  'shipment.retrievalFailed': 'error.code.shipment.notFound',
  'shipment.failed': 'error.code.shipment.failed',
  'shipment.notProcessedYet': 'error.code.shipment.notProcessedYet',
  'shipment.dayClosed': 'error.code.shipment.dayClosed',
  'shipment.trackingStarted': 'error.code.shipment.trackingStarted',
  'shipment.shipDatePassed': 'error.code.shipment.shipDatePassed',
  'shipment.returnBooked': (meta) => translate('error.code.shipment.returnBooked', { returns: namesOf(meta.returns) }),
  'shipment.confirmedAlready': (meta) =>
    translate('error.code.shipment.confirmedAlready', {
      reference: nameOf(meta.shipment),
      tracking: String((meta.shipment as { trackingNumber?: unknown } | undefined)?.trackingNumber ?? ''),
    }),
  'shipment.notAwaitingConfirm': (meta) => translate('error.code.shipment.notAwaitingConfirm', { reference: nameOf(meta.shipment) }),
  'shipment.confirmInProgress': (meta) => translate('error.code.shipment.confirmInProgress', { reference: nameOf(meta.shipment) }),
  'shipment.notTheRated': 'rates.stale',
  'shipment.noService': (meta) => unavailableText(unavailableOf(meta)).text,
  'shipment.shipDatePast': 'error.code.shipment.shipDatePast',
  'shipment.shipDateTooFar': 'error.code.shipment.shipDateTooFar',
  'rate.priceChanged': (meta) =>
    typeof meta.originalPrice === 'number' && typeof meta.updatedPrice === 'number'
      ? translate('rates.priceChanged', {
          was: formatMoney(meta.originalPrice, String(meta.currency ?? 'EUR')),
          now: formatMoney(meta.updatedPrice, String(meta.currency ?? 'EUR')),
        })
      : translate('error.code.rate.priceChanged'),
  'rate.notAvailable': (meta) =>
    unavailableOf(meta).length > 0
      ? translate('error.code.rate.notAvailable', {
          reasons: unavailableOf(meta)
            .map((reason) => unavailableWords(reason))
            .join('; '),
        })
      : translate('error.code.carrier.noSuchService'),
  'carrier.unknown': 'error.code.carrier.unknown',
  'carrier.notFound': 'error.code.carrier.unknown',
  'carrier.noSuchService': 'error.code.carrier.noSuchService',
  'document.notCarried': 'error.code.document.notCarried',
  'document.pdfOnly': 'error.code.document.pdfOnly',
  'document.renderBusy': 'error.code.document.renderBusy',
  'document.renderFailed': 'error.code.document.renderFailed',

  'upstream.refused': 'error.code.upstream.refused',
  'upstream.failed': 'error.code.upstream.failed',
  'upstream.unreachable': 'error.code.upstream.unreachable',
  'upstream.maybeBooked': 'error.code.upstream.maybeBooked',
  'calendar.tooManyHolidays': 'error.code.calendar.tooManyHolidays',
  'calendar.notAHoliday': 'error.code.calendar.notAHoliday',
  'order.folderNotUsable': 'error.code.order.folderNotUsable',
  'order.folderUserUnknown': 'error.code.order.folderUserUnknown',
  'order.folderUserNeeded': 'error.code.order.folderUserNeeded',
  'report.invalidRange': (meta) =>
    typeof meta.maxDays === 'number' ? translate('error.code.report.invalidRange', { days: meta.maxDays }) : translate(KIND_WORDS.invalid),

  'return.ofVoided': 'error.code.return.ofVoided',
  'return.ofUnsent': 'error.code.return.ofUnsent',
  'return.ofReturn': 'error.code.return.ofReturn',
  'return.packageUnknown': 'error.code.return.packageUnknown',
  'return.payOnUseNotOffered': 'error.code.return.payOnUseNotOffered',
  'return.printNeedsLabel': 'error.code.return.printNeedsLabel',

  'order.notFound': 'error.code.order.notFound',
  'order.unknown': 'error.code.order.notFound',
  'order.exists': 'error.code.order.exists',
  'order.shipped': (meta) => translate('error.code.order.shipped', { order: String(meta.order ?? ''), reference: nameOf(meta.shipment) }),
  'order.inProgress': (meta) =>
    translate('error.code.order.inProgress', { order: String(meta.order ?? ''), reference: nameOf(meta.shipment) }),
  'order.notRemovable': 'error.code.order.notRemovable',
  'order.batchTooLarge': (meta) =>
    typeof meta.maxOrders === 'number'
      ? translate('error.code.order.batchTooLarge', { count: meta.maxOrders })
      : translate(KIND_WORDS.invalid),

  'print.printerUnknown': (meta) => translate('error.code.print.printerUnknown', { printer: String(meta.printer ?? '') }),
  'print.noPrinterChosen': 'error.code.print.noPrinterChosen',
  'print.printerTakesNoZpl': (meta) =>
    translate('error.code.print.printerTakesNoZpl', { printer: String(meta.printer ?? ''), format: String(meta.format ?? 'ZPL') }),
  'print.zplSheetsOnly': 'error.code.print.zplSheetsOnly',
  'print.noA4Printer': 'error.code.print.noA4Printer',
  'print.noA4Documents': 'error.code.document.noA4Documents',
  'print.jobNotFound': 'error.code.print.jobNotFound',
  'print.notProcessed': (meta) =>
    translate('error.code.print.notProcessed', { reference: String(meta.reference ?? nameOf(meta.shipment)) }),
  'print.reprintNeedsSupervisor': (meta) =>
    translate('error.code.print.reprintNeedsSupervisor', {
      references: labelsOf(meta.reprints),
      named: labelsOf(meta.reprints) ? 'yes' : 'no',
    }),
  'print.reprintsToConfirm': (meta) =>
    translate('error.code.print.reprintsToConfirm', {
      count: Array.isArray(meta.reprints) ? meta.reprints.length : 0,
      references: labelsOf(meta.reprints),
    }),
  'print.onlyReprints': (meta) => translate('error.code.print.onlyReprints', { references: labelsOf(meta.reprints) }),
  // The printer's own words (the operator's or CUPS's reason it is paused) stay as they are, in brackets.
  'print.printerPaused': (meta) =>
    translate('error.code.print.printerPaused', {
      printer: String(meta.printer ?? ''),
      queue: String(meta.queue ?? ''),
      problem: meta.problem ? ` (${String(meta.problem)})` : '',
    }),

  'manifest.nothingToClose': 'error.code.manifest.nothingToClose',
  'manifest.notFound': 'error.code.manifest.notFound',
  'site.notFound': 'error.code.site.notFound',
  'site.nameTaken': 'error.code.site.nameTaken',
  'site.tooMany': (meta) => translate('error.code.site.tooMany', { max: String(meta.maxSites ?? '') }),
  'site.otherSite': (meta) => translate('error.code.site.otherSite', { needed: roleWords(meta.neededRole), role: roleWords(meta.role) }),
  'manifest.notReopenable': 'error.code.manifest.notReopenable',
  'manifest.notResendable': 'error.code.manifest.notResendable',
  'manifest.closeKeepsChanging': 'error.code.manifest.closeKeepsChanging',
  'pickup.notFound': 'error.code.pickup.notFound',
  'pickup.alreadyCancelled': 'error.code.pickup.alreadyCancelled',
  'pickup.pastDeadline': 'error.code.pickup.pastDeadline',

  // The scale's live reading is a stream: the desk meets this when too many are open at once.
  'stream.tooMany': 'error.code.stream.tooMany',
  'webhook.notFound': 'error.code.webhook.notFound',
  'client.usernameTaken': 'error.code.client.usernameTaken',
  'client.usernameReserved': 'error.code.client.usernameReserved',
  'account.lastAdmin': (meta) => translate('error.code.account.lastAdmin', { username: String(meta.username ?? '') }),
  'user.notFound': 'error.code.user.notFound',

  // Which store fault (meta.fault): a full disk is said apart from a lost shared database.
  'storage.unavailable': (meta) => translate('error.code.storage.unavailable', { fault: String(meta.fault ?? 'other') }),
  'station.unreachable': 'app.unreachable',
};

/**
 * Codes the desk never meets, or whose kind says all a packer can act on (the request's own form, the CLI's and
 * integrations' refusals): said by their kind's words.
 */
export const KIND_WORDED: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'field.reservedName',
  'parameter.invalid',
  'page.cursorPastEnd',
  'request.malformedJson',
  'request.bodyTooDeep',
  'request.bodyNotUtf8',
  'request.bodyIncomplete',
  'request.bodyTooLarge',
  'request.bodyEncoding',
  'request.mediaTypeUnsupported',
  'request.notAcceptable',
  'request.routeNotFound',
  'request.methodNotAllowed',
  'request.methodNotImplemented',
  'request.hostNotAllowed',
  'request.originNotAllowed',
  'auth.missing',
  'auth.tokenMissingData',
  'auth.tokenInvalid',
  'idempotency.keyInvalid',
  'idempotency.keyReused',
  'tracking.invalidEvent',
  // The desk reads order files itself (the same code as POST /orders/import) and never sends one to the station.
  'order.fileUnreadable',
  'order.fileFaulty',
  'order.templateNotFound',
  'tracking.timeAhead',
  'tracking.shipmentNotProcessed',
  'upstream.unknown',
  'upstream.codeTaken',
  'print.labelTokenNotFound',
  'event.unknownType',
  'event.cursorPastEnd',
  'webhook.needsClient',
  'client.notFound',
  'client.mergeSameClient',
  'client.mergeRefused',
  'user.needsClient',
  'integration.notFound',
  'integration.nameAmbiguous',
  'integration.desktopKeyStays',
  'station.internal',
]);

/** The desk's words for each kind of refusal: a code in KIND_WORDED, or a refusal of a code this desk does not know. */
const KIND_WORDS: Record<ErrorKind, MessageKey> = {
  invalid: 'error.kind.invalid',
  unauthenticated: 'error.kind.unauthenticated',
  forbidden: 'error.kind.forbidden',
  notFound: 'error.kind.notFound',
  methodNotAllowed: 'error.kind.methodNotAllowed',
  notAcceptable: 'error.kind.notAcceptable',
  conflict: 'error.kind.conflict',
  tooLarge: 'error.kind.tooLarge',
  unsupportedMediaType: 'error.kind.unsupportedMediaType',
  unprocessable: 'error.kind.unprocessable',
  tooMany: 'error.kind.tooMany',
  internal: 'error.kind.internal',
  notImplemented: 'error.kind.notImplemented',
  badGateway: 'error.kind.badGateway',
  unavailable: 'error.kind.unavailable',
};

/** The kind a status answers, for a refusal whose code this desk does not know. */
const KIND_OF_STATUS = new Map<number, ErrorKind>(Object.entries(KIND_STATUS).map(([kind, status]) => [status, kind as ErrorKind]));

/** One error object in the packer's language: by its code and figures, else by its kind. */
export function refusalWords(error: ErrorObject): string {
  const code = isErrorCode(error.code) ? error.code : undefined;
  const words = code ? CODE_WORDS[code] : undefined;
  if (typeof words === 'function') return words(error.meta ?? {}, error);
  if (words) return translate(words);
  const kind = code ? ERROR_CODES[code].kind : KIND_OF_STATUS.get(error.status);
  return translate(kind ? KIND_WORDS[kind] : 'error.refused');
}

/**
 * A failure in the desk's language: the desk's message for the refusal's code. The station's English never reaches
 * a desk in another language; a desk in English, the station's language, shows the station's text alone: it already
 * says what and why.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (currentLanguage() === SOURCE_LANGUAGE) return error.detail;
  const first = error.errors[0];
  return first
    ? refusalWords(first)
    : translate(KIND_OF_STATUS.has(error.status) ? KIND_WORDS[KIND_OF_STATUS.get(error.status)!] : 'error.refused');
}

/**
 * The fields a refusal names, each with what it expects, as a form marks them (by JSON pointer): in English the
 * station's reason (meta.reason) or text, in another language the desk's words for the field.
 */
export function refusedFields(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const english = currentLanguage() === SOURCE_LANGUAGE;
  return Object.fromEntries(
    error.errors.flatMap((entry) =>
      entry.source?.pointer !== undefined
        ? [[entry.source.pointer, english ? String(entry.meta?.reason ?? entry.detail) : refusalWords(entry)]]
        : [],
    ),
  );
}

/** The desk's words for why a print job failed, by its code (the job's failure); the figures come with it. */
const PRINT_FAILURE_WORDS: Record<PrintFailure['code'], MessageKey> = {
  shipmentGone: 'printFailure.shipmentGone',
  notSent: 'printFailure.notSent',
  printerDisabled: 'printFailure.printerDisabled',
  printerNotResponding: 'printFailure.printerNotResponding',
  timedOut: 'printFailure.timedOut',
  jobLost: 'printFailure.jobLost',
};

/**
 * Why a print job failed, in the packer's language: by its failure code and figures (the printer's own words, such
 * as CUPS's "Out of labels", in brackets); a desk in English shows the station's reason as it is. A job failed
 * before the station recorded codes has only its English reason: another language says it in general words.
 */
export function printFailureText(job: { reason: string | null; failure?: PrintFailure | null }): string {
  if (currentLanguage() === SOURCE_LANGUAGE) return job.reason ?? '';
  const failure = job.failure;
  if (!failure) return translate('printFailure.unknown');
  return translate(PRINT_FAILURE_WORDS[failure.code], {
    seconds: failure.seconds ?? 0,
    problem: failure.problem ? ` (${failure.problem})` : '',
  });
}

/**
 * Why a shipment failed to process (its meta.error, the station's English with no code yet): a desk in English shows
 * it, another language says the shipment could not be processed, in its own words.
 */
export function processingFailureText(error: string | null | undefined): string {
  return currentLanguage() === SOURCE_LANGUAGE && error ? error : translate('shipments.notProcessed');
}

/**
 * A carrier closed for today, in the packer's words and the desk's date format: beside a rate ("UPS is closed for
 * today: ships Mon, 30 Nov 2026"), or on the booked label ("Ships Mon, 30 Nov 2026: UPS is closed for today").
 * The station's warning (meta.warnings, carrierDayClosed) gives the figures; its English detail is never shown.
 */
export function closedDayText(day: ClosedDay, where: 'rate' | 'label'): string {
  const words = { carrier: day.carrierName, date: formatDate(day.shipDate) };
  return where === 'rate' ? translate('closedDay.rate', words) : translate('closedDay.label', words);
}

/** The reasons of a refused create or confirm (shipment.noService, rate.notAvailable): meta.unavailable, as a rate list gives them. */
function unavailableOf(meta: Meta): RateUnavailable[] {
  return Array.isArray(meta.unavailable) ? (meta.unavailable as RateUnavailable[]) : [];
}

/** The codes of a refused void whose meta carries its figures (a closed day's manifest, the tracking, the ship date). */
const VOID_REFUSALS: ReadonlySet<string> = new Set(['shipment.dayClosed', 'shipment.trackingStarted', 'shipment.shipDatePassed']);

/** The station's refusal of a delete or void, keyed on its code, with its figures in words when its meta gives them. */
export function voidRefusalText(error: unknown): string {
  const first = error instanceof ApiError ? error.errors[0] : undefined;
  const refusal = first && VOID_REFUSALS.has(first.code) ? (first.meta as DeleteRefusal | undefined) : undefined;
  const why =
    refusal?.reason === 'dayClosed'
      ? translate('shipments.refusedDayClosed', { manifest: refusal.manifest })
      : refusal?.reason === 'trackingStarted'
        ? translate('shipments.refusedTracking', { status: trackingStatusName(refusal.trackingStatus), date: refusal.trackingDate })
        : refusal?.reason === 'shipDatePassed'
          ? translate('shipments.refusedShipDate', { date: refusal.shipDate })
          : '';
  return why ? `${describeError(error)} ${why}` : describeError(error);
}
