// The one catalogue of error texts (spec section 7 word for word, plus the station's own),
// and StationError, the single shape in which every layer reports a refusal.
import type { ErrorObject } from './jsonapi.ts';
import { reasonPhrase } from './http-status.ts';
import { statusOfCode, type ErrorCode } from './error-codes.ts';

export const ERROR_TEXT = {
  // Spec section 7, word for word.
  missingOrInvalidAuthorization: 'Missing or invalid authorization header',
  authorizationFailed: 'Authorization failed.',
  tokenMissingData: 'Token is missing required data',
  invalidToken: (reason: string) => `Invalid token: ${reason}`,
  shipmentRetrieval: 'Error retrieving shipment data.',
  shipmentError: 'Shipment error',
  shipmentNotYetProcessed: 'Shipment not yet processed',
  shipmentNotFound: 'Shipment not found',
  invalidDateFilter: (parameter: string, value: string) => `filter.${parameter}: Invalid date: ${value}.`,
  invalidOrEmptyParameter: (parameter: string) => `Invalid or empty required parameter: ${parameter}`,
  missingRequiredData: (path: string) => `Missing required data: '${path}'.`,
  invalidData: (path: string) => `Invalid data: '${path}'.`,
  deleteNotAvailable: 'Delete functionality not available.',
  returnStillBooked: (reference: string, returns: readonly string[]) =>
    `Shipment ${reference} has a return booked (${returns.join(', ')}): void the return first, then this label.`,
  priceIsDifferent: (original: string, updated: string) => `Price is different. Original price: ${original}; updated price: ${updated}`,

  // The station's own JSON:API and HTTP refusals.
  notFound: (path: string) => `No resource lives at ${path}.`,
  methodNotAllowed: (method: string, allowed: string[]) => `${method} is not allowed here. Allowed: ${allowed.join(', ')}.`,
  malformedJson: 'The request body is not valid JSON.',
  jsonDocumentExpected: 'Expected a JSON:API document: a JSON object such as {"data": {...}}, in UTF-8.',
  bodyTooLarge: (limit: string) => `The request body is larger than the limit of ${limit}.`,
  bodyEncoding: 'The request body must be UTF-8 JSON without a content encoding.',
  bodyIncomplete: 'The request body was not received completely.',
  bodyNotUtf8: 'The request body is not valid UTF-8.',
  bodyTooDeep: (levels: number) => `The request body nests deeper than ${levels} levels.`,
  reservedMember: (name: string) => `No member may be named ${name}.`,
  badText: 'Text must be well-formed Unicode, without control characters other than tab and line breaks.',
  unsupportedMediaType: (mediaType: string) =>
    `Content-Type '${mediaType}' is not supported. Send application/vnd.api+json without media type parameters (charset=utf-8 is the one let through), or application/json (application/json; charset=utf-8 passes too).`,
  notAcceptable:
    'The station answers only with application/vnd.api+json without media type parameters (charset=utf-8 is the one let through).',
  hostNotAllowed: (host: string) =>
    `Host '${host}' is not allowed. The station answers only to loopback host names and to those it is given with --allow-host.`,
  originNotAllowed: (origin: string) => `Origin '${origin}' is not allowed to call the station.`,
  internal: 'The station could not complete the request. The error has been logged.',
  tooManySignIns: (seconds: number) => `Too many failed sign-ins for this username, integration key or address. Try again in ${seconds} s.`,
  signInsBusy: 'The station is checking as many sign-ins as it can. Try again in a moment.',
  storeFull:
    'The station’s disk is full, so nothing was saved. Free some disk space, then send the request again; nothing saved before is lost.',
  storeReadOnly:
    'The station cannot write to its data folder (it is read-only), so nothing was saved. Make the folder writable, then send the request again.',
  storeIo:
    'The station could not read or write its database (an input/output error), so the request was not completed. Check the disk, then send the request again.',
  storeBusy:
    'The station’s database is busy (another program may be holding it), so the request was not completed. Send it again in a moment.',
  storeUnreachable:
    'The station cannot reach its shared database, so the request was not completed. Check the database server and the network, then send the request again.',
  storeDamaged:
    'The station’s database is damaged, so the request was not completed, and the station takes no more changes until it is repaired. An operator: stop the station, run `station check`, and restore the newest good backup with `station restore --from FILE`; what still reads is served meanwhile.',
  storeDamagedLog: (since: string, problem: string) =>
    `The database was found damaged at ${since} (${problem}). The station takes no more changes; reads that still work go on. Stop it, run station check, and restore the newest good backup (station restore --from FILE).`,
  walDamaged: (commits: number, frames: number, keptAs: string) =>
    `The database's write-ahead log is damaged: SQLite drops its last ${frames} page writes (${commits} committed transaction(s)) when it opens the database, so the last changes before the stop may be missing. The log was copied to ${keptAs} first; run station check, and compare with the newest backup.`,
  newestBackup: (file: string) => `The newest scheduled backup is ${file}: station restore --from ${file}.`,
  noScheduledBackup: 'There is no scheduled backup in the data folder’s backups folder: restore the newest backup you keep elsewhere.',
  stationStarting: (since: string) =>
    `The station is starting and cannot reach its shared database (trying since ${since}). It tries again by itself and serves as soon as the database answers: send the request again after Retry-After seconds.`,
  stationStartingReadOnly: (since: string) =>
    `The station is starting and can only read its database, whose files are read-only (since ${since}). Once an administrator makes them writable it goes on by itself (its log says which files and how): send the request again after Retry-After seconds.`,
  databaseReadOnlySince: (since: string) =>
    `The station cannot write its database since ${since}: its files are read-only. Requests that change something are answered 503 until they are writable again; the station goes on by itself then.`,
  databaseUnavailableSince: (since: string) =>
    `The station’s database is unavailable since ${since}. Requests that need it are answered 503 until it answers again; the station reconnects by itself.`,
  invalidLimit: (value: string) => `filter.limit: Invalid limit: ${value}.`,
  cursorPastEnd:
    'Expected a cursor of links.next; nothing of this list comes after this one (it is past the end, or what followed it was removed). Start again without page[after].',
  eventCursorPastEnd: (after: string, last: string) =>
    `Expected an event id up to the last one, ${last}; there is no event ${after} yet. Keep the last id you processed and ask for the events after it.`,

  // Confirming and processing shipments: why a rate or a shipment cannot be booked.
  noSuchService: (serviceCode: string) => `The carrier has no service ${serviceCode}.`,
  noSuchCarrier: (carrierCode: string) => `No carrier has the code ${carrierCode}.`,
  shipDateBeyondCarrier: (carrierName: string, days: number, latest: string) =>
    `${carrierName} takes ship dates at most ${days} days ahead, until ${latest}`,
  shipDatePast: (given: string, today: string, timeZone: string) =>
    `The ship date ${given} is before today (${today} in the station's time zone, ${timeZone}). Expected today or a later day as YYYY-MM-DD, or no shipDate for the next one a carrier collects on.`,
  shipDateTooFar: (given: string, days: number, latest: string) =>
    `The ship date ${given} is more than ${days} days ahead. Expected a day from today until ${latest}, as YYYY-MM-DD.`,
  noService: (reasons: string) => `No carrier service can carry this shipment: ${reasons}.`,
  noCarrierConfigured: 'No carrier service can carry this shipment: no carrier is configured for it.',
  andMoreReasons: (count: number) => `and ${count} more`,
  notTheRatedShipment:
    'The shipment differs from the one these rates were given for (data.meta.rate.meta.documentHash), so nothing was booked. Get rates again for the shipment as it is now, then confirm one of them.',
  confirmedAlready: (reference: string, carrier: string, trackingNumber: string) =>
    `Shipment ${reference} is confirmed already (${carrier}, tracking number ${trackingNumber}), so nothing was booked again. Retrieve it; to ship it with another rate, void it first.`,
  notAwaitingConfirm: (reference: string) =>
    `Shipment ${reference} is not a saved shipment waiting for its confirm (it is scheduled or failed), so nothing was booked. Confirm without data.id to book a new one.`,
  savedShipmentBusy: 'This saved shipment is being confirmed by another request. Retrieve it to see the outcome.',
  routeNotServed: (carrierAndService: string, from: string, to: string) => `${carrierAndService} does not serve ${from} to ${to}`,
  noPackages: 'the shipment has no packages',
  packageProblem: (carrierAndService: string, problem: string) => `${carrierAndService}: ${problem}`,
  packageOverMaximum: (index: number, weightKg: number, maximumKg: number) =>
    `package ${index} weighs ${weightKg} kg, over the ${maximumKg} kg no service carries`,
  packageOverWeight: (index: number, weightKg: number, limitKg: number) =>
    `package ${index} weighs ${weightKg} kg, over the ${limitKg} kg limit`,
  packageOverLength: (index: number, lengthCm: number, limitCm: number) =>
    `package ${index} is ${lengthCm} cm long, over the ${limitCm} cm limit`,
  packageOverGirth: (index: number, girthCm: number, limitCm: number) =>
    `package ${index} measures ${girthCm} cm in length plus girth, over the ${limitCm} cm limit`,
  packageOverBreaks: (index: number, chargeableKg: number, lastBreakKg: number) =>
    `package ${index} (${chargeableKg} kg chargeable) is above the card's heaviest weight break of ${lastBreakKg} kg`,

  rateCardUnreadable: (file: string, problem: string, carrierName: string | undefined) =>
    carrierName === undefined
      ? `The rate card ${file} cannot be read (${problem}), and it does not say which carrier it is for: no carrier is priced until it is fixed or removed.`
      : `The rate card ${file} cannot be read (${problem}): ${carrierName} is unavailable until it is fixed or removed.`,

  // Printing.
  noSuchPrinter: (name: string) => `No printer is called ${name}.`,
  printerMissing: (name: string) => `Printer ${name} does not exist.`,
  choosePrinter: 'Name a printer, or choose the station’s label printer in the print settings.',
  printerTakesNoZpl: (name: string, language = 'ZPL') => `Printer ${name} does not take raw ${language}; print PDF to it.`,
  noSuchPrintJob: (id: string) => `No print job has the id ${id}.`,
  noLabelForToken: 'No label waits under this token.',
  printShipmentGone: 'The shipment was deleted, or has no label.',
  bulkPrintShipmentGone: (id: string) => `Shipment ${id} was deleted, or has no label: print the others again.`,
  bulkPrintNotProcessed: (reference: string) => `Shipment ${reference} is not processed yet, so it has no label.`,
  bulkReprintsNeedSupervisor: (references: string, role: string) =>
    `Reprinting a label needs the supervisor role; this client's role is ${role}. Printed before, so not printed again: ${references}.`,
  bulkReprintsToConfirm: (count: number, total: number, references: string) =>
    `${count} of the ${total} labels were printed before: ${references}. Nothing was printed. Send reprints: include to print them again, or skip to print only the others.`,
  bulkOnlyReprints: (references: string) =>
    `Every listed label was printed before (${references}), and reprints were to be skipped: nothing to print.`,
  zplSheetsOnly: 'ZPL prints one label a page: sheets of 2 or 4 are PDF. Choose the 4x6 layout, or PDF.',
  sheetsArePdf: (format: string) => `${format} prints one label a page: sheets of 2 or 4 are PDF. Choose the 4x6 layout, or PDF.`,
  printTimedOut: (printer: string, seconds: number, problem: string | undefined) =>
    `Printer ${printer} did not print the label within ${seconds} s${problem ? `: ${problem}` : '.'}`,
  printerDisabled: (printer: string, message: string) => `Printer ${printer} is disabled${message ? `: ${message}` : '.'}`,
  printerPaused: (printer: string, queue: string, message: string) =>
    `The printer ${printer} is paused${message ? ` (${message})` : ''}, so nothing was sent to it. Fix what it says, resume it (in the computer's printer settings, or with cupsenable ${queue}), then print again; or choose another printer in Settings.`,
  printerNotResponding: (printer: string, seconds: number, problem: string) =>
    `The printer ${printer} has not started printing after ${seconds} s (${problem}), so the job was cancelled. Check that it is switched on and connected (its cable or the network), then print again; or choose another printer in Settings.`,
  noA4Printer: 'No A4 printer is chosen at this desk: choose one in Settings (A4 printer), or print the A4 pages from the browser.',
  returnOfVoided: (id: string) => `Shipment ${id} was voided: a voided shipment has no return label.`,
  returnOfUnsent: (reference: string) => `Shipment ${reference} was never sent: a return label is made for a processed shipment.`,
  returnOfReturn: (reference: string) => `Shipment ${reference} is itself a return: to send its goods again, make a new shipment.`,
  returnPackageUnknown: (index: number, count: number) =>
    `The original has no package ${index}: it has ${count}, numbered 0 to ${count - 1}.`,
  payOnUseNotOffered: (choice: string | undefined, offered: readonly string[]) =>
    `${choice ? `${choice}’s rate card does not offer returns paid only once used` : 'A return paid only once used needs data.meta.carrierChoice'}; ${offered.length > 0 ? `those that do: ${offered.join(', ')}` : 'no carrier of this station offers them'}.`,
  printWithOutboundScheduled:
    'A scheduled return has no label yet to print with the outbound label: make it with scheduledProcessing false.',
  returnFromOriginal: (reference: string) => `The return of shipment ${reference} takes this from the original:`,
  documentNotCarried: (reference: string, document: string) =>
    `Shipment ${reference} carries no ${document}: its route and service do not need one.`,
  noA4Documents: (reference: string) =>
    `Shipment ${reference} has no A4 documents: only a shipment through customs has a CN23 or a commercial invoice.`,
  a4DocumentsArePdf: 'A4 documents print as PDF: a ZPL label printer cannot print them.',
  printJobUnknown: (jobId: string) => `CUPS no longer knows job ${jobId}.`,
  noPrintingSystem: 'This station has no printing system: run the desktop app, or install CUPS.',
  noPrintingSystemShort: 'No printing system.',
  printInterruptedByRestart: 'The app was restarted while this job was printing; print it again.',
  rawZplNeedsCups: 'Raw ZPL printing needs CUPS, which this computer does not have; print PDF instead.',
  formatNeedsCups: (format: string) => `Printing ${format} labels needs CUPS, which this computer does not have; print PDF instead.`,
  labelRenderTimeout: 'The label did not render in time.',
  documentsBusy: 'The station is rendering as many labels as it can. Try again in a moment.',
  documentsStopping: 'The station is stopping; the document was not rendered.',
  rendererFailedTwice: (reason: string) => `The label renderer stopped twice on this shipment: ${reason}.`,
  rendererHung: (seconds: number) => `the document took longer than ${seconds} s`,
  printerRefusedJob: 'The printer refused the job.',

  // Administration (the station command and its services).
  invalidClient: (problems: string) => `Invalid client: ${problems}.`,
  usernameTaken: (username: string) => `Username '${username}' is already taken.`,
  noClientWithId: (id: string) => `No client has id '${id}'.`,
  noClientWithUsername: (username: string) => `No client has username '${username}'.`,
  noProcessedShipment: (key: string) => `No processed shipment has the id, reference or tracking number '${key}'.`,
  invalidTrackingStatus: (codes: string, given: string) => `--status must be one of ${codes}, not '${given}'.`,
  invalidTrackingTime: (given: string) => `--at must be a time as YYYY-MM-DD HH:MM:SS, not '${given}'.`,
  invalidSurcharge: (given: string) =>
    `--percent must be a number from 0 to 200, not '${given}'${
      /^\s*-/.test(given)
        ? ': a surcharge cannot be negative'
        : /^\s*\d+,\d+\s*$/.test(given)
          ? `: write a decimal with a point, ${given.trim().replace(',', '.')}`
          : ''
    }.`,
  unknownCarrier: (given: string, known: string) => `Unknown carrier '${given}'. Known: ${known}.`,
  integrationNameRequired: 'Invalid integration: name: 1 to 64 characters.',
  usernameOfRemovedClient: (username: string) => `Username '${username}' belonged to a removed client and stays reserved; choose another.`,
  noIntegrationWithId: (id: string) => `No integration key in use has id '${id}'.`,
  noIntegrationWithName: (name: string) => `No integration key in use has the name '${name}'.`,
  integrationNameAmbiguous: (name: string) => `More than one integration key has the name '${name}': revoke it by --id.`,
  desktopIntegrationStays: 'The desk app’s own integration key cannot be revoked: the desk signs in with it.',
  invalidRole: (given: string) => `The role must be packer, supervisor or admin, not '${given}'.`,
  lastAdmin: 'The station needs at least one admin: make another client admin first.',
  lastAccountAdmin: (username: string) => `'${username}' is the account's last admin: make another user of the account admin first.`,
  invalidUser: (problems: string) => `Invalid user: ${problems}.`,
  noUserWithId: (id: string) => `No user of this account has id '${id}'.`,
  noUserWithUsername: (username: string) => `No user has username '${username}'.`,
  usernameOfRemovedUser: (username: string) => `Username '${username}' belonged to a removed user and stays reserved; choose another.`,
  userNeedsClient: 'A user belongs to a client account: name it with --client ID.',
  mergeSameClient: 'A client cannot be merged into itself.',
  mergeRefused: (problems: string) => `The clients were not merged: ${problems}.`,

  // Integrations: idempotency keys, the event feed and webhooks.
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters (no spaces).',
  idempotencyKeyReused: (key: string) =>
    `The Idempotency-Key '${key}' was already used with a different request. Send the same request again to get its answer, or use a new key for a new request.`,
  idempotencyKeyBusy: (key: string) =>
    `A request with the Idempotency-Key '${key}' is still being processed. Send it again in a moment to get its answer.`,
  unknownEventType: (given: string, known: readonly string[]) => `Unknown event type '${given}'. Known: ${known.join(', ')}.`,
  tooManyStreams: (perClient: number, total: number) =>
    `Too many live event streams are open (at most ${perClient} per client and ${total} in all). Close one, or read GET /v3/events instead.`,
  upstreamUnreachable: (why: string) =>
    `The shipment was not booked: ${why}. Nothing was charged; send the request again later, or schedule it (it then waits in the outbox until the upstream service is back).`,
  upstreamUnreachableForRates: (why: string) => `No service could be priced: ${why}. Ask for rates again later.`,
  upstreamLabelPdfOnly: (upstream: string) =>
    `This shipment was booked through the upstream service ${upstream}, whose label is kept as the PDF it sent: ask for format=pdf.`,
  upstreamCodeTaken: (code: string) => `The code ${code} is a rate-card carrier's: choose another code for the upstream service.`,
  noSuchUpstream: (code: string) => `No upstream service has the code ${code}.`,
  upstreamMaybeBooked: (why: string, id: string) =>
    `The upstream service did not confirm the booking (${why}); it may have booked it. The station keeps it as shipment ${id} in the outbox (GET /v3/outbox) and books it at most once, looking the booking up first; once booked it is at GET /v3/shipments/${id}. Do not send it again.`,
  upstreamMaybeBookedSaved: (why: string) =>
    `The upstream service did not confirm the booking (${why}); it may have booked it. Confirm the saved shipment again later: the station looks the booking up first and never books it twice.`,
  invalidCutoff: (given: string) => `--time must be a time of day as HH:MM (00:00 to 23:59), or none, not '${given}'.`,
  invalidTimeZone: (given: string) =>
    `'${given}' is not a time zone. Give an IANA name such as Europe/Rome, America/New_York or UTC (tz database names; case does not matter).`,
  invalidHoliday: (given: string) => `'${given}' is not a date. Give holidays as YYYY-MM-DD, e.g. 2026-12-25.`,
  tooManyHolidays: (max: number) => `The station keeps at most ${max} holidays: remove past ones first.`,
  notAHoliday: (date: string) => `${date} is not one of the station's holidays.`,
  noSuchPickup: (id: string) => `No pickup is booked with shipment ${id}.`,
  pickupAlreadyCancelled: 'This pickup is cancelled already.',
  pickupPastDeadline: (carrier: string, deadline: string) =>
    `The pickup can no longer be cancelled: ${carrier} takes cancellations until ${deadline}.`,
  invalidReportRange: (maxDays: number) => `dateTo must be on or after dateFrom, at most ${maxDays} days on.`,
  nothingToClose: (carrier: string, date: string) => `No shipment of ${carrier} on ${date} is ready to close.`,
  noSuchManifest: (id: string) => `No manifest has the id ${id}.`,
  noSuchSite: (id: string) => `The account has no site with the id ${id}.`,
  deskSiteUnknown: (named: string, account: string, sites: string) =>
    `This desk was started with --site ${named}, which names no site of account ${account} (its sites: ${sites}): it works at that account's main site. Start it with one of them, or choose its site at the desk (Settings → Sites).`,
  siteNameTaken: (name: string) => `Another site of the account is named ${name}.`,
  tooManySites: (max: number) => `An account keeps at most ${max} sites.`,
  cutoffNamedTwice: (code: string, first: string, second: string) =>
    `'${first}' and '${second}' both name carrier ${code}, with different cutoffs: give its cutoff once.`,
  otherSite: (what: string) => `${what} of another site, or of every site, needs the supervisor role; a packer sees their desk's own site.`,
  manifestNotReopenable: (number: string) => `Manifest ${number} cannot be reopened: it is not closed, or it was transmitted.`,
  manifestNotResendable: (number: string) =>
    `Manifest ${number} is not waiting to be sent again: only a closed manifest its upstream service refused is.`,
  closeKeepsChanging: 'The shipments of the day kept changing while the close was written. Try again.',
  noSuchWebhook: (id: string) => `No webhook has the id ${id}.`,
  webhookNeedsClient: 'Name the client whose events the webhook receives, or register it for every client.',
  webhookPausedByHand: 'Paused by hand.',
  webhookEventGone: (id: string) => `Event ${id} no longer exists.`,
  webhookAnswered: (status: number) => `The endpoint answered HTTP ${status}.`,
  webhookTimedOut: (seconds: number) => `The endpoint did not answer within ${seconds} s.`,
  webhookUnreachable: (reason: string) => `The endpoint could not be reached: ${reason}.`,
  webhookPaused: (eventId: string, reason: string) =>
    `Paused: event ${eventId} could not be delivered for a day (${reason}). Fix the endpoint, then resume the webhook; the event is kept and can be replayed.`,
  tooManyScaleStreams: (max: number) => `Too many scale streams are open (at most ${max}). Close one, or read GET /v3/scale instead.`,
  noSuchOrder: (number: string) => `No order has the number ${number}.`,
  noSuchOrderTemplate: (name: string) => `No column template is named ${name}.`,
  orderFileUnreadable: 'The file is not a table of orders: send CSV, tab-separated text or an Excel workbook (.xlsx) with a header row.',
  orderFileFaulty: (count: number) =>
    `The file has ${count} faulty order${count === 1 ? '' : 's'}: nothing was imported. Fix the rows named and send the file again.`,
  orderExists: (number: string) => `An order with the number ${number} exists already.`,
  orderShipped: (number: string, shipment: string) =>
    `Order ${number} is shipped already, with shipment ${shipment}. Void that shipment first to ship the order again.`,
  orderInProgress: (number: string, shipment: string) => `Order ${number} is being shipped already, with shipment ${shipment}.`,
  orderNotRemovable: (number: string) => `Order ${number} cannot be removed while a shipment ships it: void the shipment first.`,
  orderBatchTooLarge: (max: number) => `A batch holds 1 to ${max} orders: send more in several batches.`,
  idempotencyKeyRecordGone: (key: string) => `The Idempotency-Key '${key}' was used for a shipment or print job that no longer exists.`,

  // Roles: what a client of a role may not do.
  roleNeeded: (what: string, needed: string, role: string) => `${what} needs the ${needed} role; this client's role is ${role}.`,
} as const;

/** A refusal with its code (error-codes.ts), its HTTP status, the exact `detail` text and, where a field is at fault, its JSON pointer. */
export class StationError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly detail: string;
  readonly pointer: string | undefined;
  readonly parameter: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly errors: readonly ErrorObject[];

  /** A refusal of a code: its status is the code's kind's (error-codes.ts). */
  constructor(
    code: ErrorCode,
    detail: string,
    options: {
      pointer?: string;
      parameter?: string;
      /** The request header at fault (JSON:API 1.1's source.header), when no pointer or parameter is. */
      header?: string;
      headers?: Record<string, string>;
      more?: ErrorObject[];
      meta?: Record<string, unknown>;
    } = {},
  ) {
    super(detail);
    this.name = 'StationError';
    const first = errorObject(code, detail, options.pointer, options.parameter, options.header);
    this.status = first.status;
    this.code = first.code as ErrorCode;
    this.detail = detail;
    this.pointer = options.pointer;
    this.parameter = options.parameter;
    this.headers = options.headers ?? {};
    if (options.meta) first.meta = options.meta;
    this.errors = [first, ...(options.more ?? [])];
  }

  /** Several violations at once, e.g. every invalid field of a request body; the answer's status is the first's. */
  static many(errors: ErrorObject[]): StationError {
    const [first, ...rest] = errors;
    if (!first) throw new Error('StationError.many needs at least one error');
    const error = new StationError(first.code, first.detail, {
      pointer: first.source?.pointer,
      parameter: first.source?.parameter,
      header: first.source?.header,
      more: rest,
      ...(first.meta ? { meta: first.meta } : {}),
    });
    return error;
  }
}

/** One error object of a code: its status is the code's, its title the status's reason phrase. */
export function errorObject(code: ErrorCode, detail: string, pointer?: string, parameter?: string, header?: string): ErrorObject {
  const source =
    pointer !== undefined ? { pointer } : parameter !== undefined ? { parameter } : header !== undefined ? { header } : undefined;
  const status = statusOfCode(code);
  const error: ErrorObject = { status, code, title: reasonPhrase(status), detail };
  if (source) error.source = source;
  return error;
}
