// What the desk says about a failure, and about a warning of a request still taken, in the packer's language. The
// station's error texts are English and stay exactly as the spec words them, for integrations; the desk keys its own
// message on what the refusal is (its status, and the reason code in meta.reason where the station gives one), never
// on the English words.
import { ApiError, type ClosedDay } from '../api/client.ts';
import { currentLanguage, translate } from './i18n.ts';
import { formatDate } from './format.ts';
import { fieldText } from './field-text.ts';
import { SOURCE_LANGUAGE } from './languages.ts';
import type { MessageKey } from './messages/en.ts';
import type { PrintFailure } from '../../src-shared/resources.ts';

/** Reason codes the station puts in an error's meta.reason, and the desk's words for each. */
const REASONS: Record<string, MessageKey> = {
  voided: 'error.reason.voided',
  notProcessed: 'error.reason.notProcessed',
  failed: 'error.reason.failed',
  isReturn: 'error.reason.isReturn',
  dayClosed: 'error.reason.dayClosed',
  closed: 'error.reason.closed',
  waiting: 'error.reason.waiting',
  trackingStarted: 'error.reason.trackingStarted',
  shipDatePassed: 'error.reason.shipDatePassed',
};

/**
 * Reason codes whose words name everything the station's text says, from the refusal's meta: the station's English
 * is not quoted after them (what to void first, which shipment is booked already).
 */
const WORDED: Record<string, (meta: Record<string, unknown>) => string> = {
  returnBooked: (meta) => translate('error.reason.returnBooked', { returns: namesOf(meta.returns) }),
  confirmedAlready: (meta) => translate('error.reason.confirmedAlready', { reference: nameOf(meta.shipment), tracking: String((meta.shipment as { trackingNumber?: unknown } | undefined)?.trackingNumber ?? '') }),
  notAwaitingConfirm: (meta) => translate('error.reason.notAwaitingConfirm', { reference: nameOf(meta.shipment) }),
  confirmInProgress: (meta) => translate('error.reason.confirmInProgress', { reference: nameOf(meta.shipment) }),
  orderShipped: (meta) => translate('error.reason.orderShipped', { order: String(meta.order ?? ''), reference: nameOf(meta.shipment) }),
  orderInProgress: (meta) => translate('error.reason.orderInProgress', { order: String(meta.order ?? ''), reference: nameOf(meta.shipment) }),
  lastAccountAdmin: (meta) => translate('error.reason.lastAccountAdmin', { username: String(meta.username ?? '') }),
  // The printer's own words (the operator's or CUPS's reason it is paused) stay as they are, in brackets.
  printerPaused: (meta) => translate('error.reason.printerPaused', { printer: String(meta.printer ?? ''), queue: String(meta.queue ?? ''), problem: meta.problem ? ` (${String(meta.problem)})` : '' }),
};

/** A shipment named in a refusal's meta ({ id, reference }): its reference, else its id. */
function nameOf(shipment: unknown): string {
  const named = shipment as { id?: unknown; reference?: unknown } | undefined;
  return String(named?.reference ?? named?.id ?? '');
}

/** Several shipments named in a refusal's meta, as one list. */
function namesOf(shipments: unknown): string {
  return Array.isArray(shipments) ? shipments.map(nameOf).join(', ') : '';
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
  return translate(PRINT_FAILURE_WORDS[failure.code], { seconds: failure.seconds ?? 0, problem: failure.problem ? ` (${failure.problem})` : '' });
}

/** The desk's words for each kind of refusal, by HTTP status, when no reason code says more. */
const STATUSES: Record<number, MessageKey> = {
  401: 'error.status.401',
  403: 'error.status.403',
  404: 'error.status.404',
  409: 'error.status.409',
  413: 'error.status.413',
  429: 'error.status.429',
  500: 'error.status.500',
  503: 'error.status.503',
};

/**
 * A failure in the desk's language: the desk's message for the refusal's kind (its reason code, else the field it
 * names, else its status). The station's English never reaches a desk in another language; a desk in English, the
 * station's language, shows the station's text alone: it already says what and why.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (currentLanguage() === SOURCE_LANGUAGE) return error.detail;
  const first = error.errors[0];
  const worded = typeof first?.meta?.reason === 'string' ? WORDED[first.meta.reason] : undefined;
  if (worded) return worded(first!.meta!);
  const reason = typeof first?.meta?.reason === 'string' ? REASONS[first.meta.reason] : undefined;
  // A refused field: what it expects, in the packer's words (the same table the desk's own check uses).
  const pointer = first?.source?.pointer;
  // A field's words say what it expects: for a refused value (400, 422), not for a conflict that names it (409).
  const fieldRefused = pointer !== undefined && (error.status === 400 || error.status === 422);
  return reason ? translate(reason) : fieldRefused ? fieldText(pointer, false) : translate(STATUSES[error.status] ?? 'error.refused');
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
