// The catalogue of error codes: every error object the station answers carries one (JSON:API's `code` member), so
// a program, and the desk, can tell refusals apart without reading English. Each code has a kind, which the one
// table below turns into an HTTP status, the English words of what it means, and the members its `meta` carries.
// The texts of `detail` stay in errors.ts (spec section 7 word for word); this file says what each refusal *is*.

/** What kind of refusal a code is: the API's edge answers each kind with one status (KIND_STATUS). */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'methodNotAllowed'
  | 'notAcceptable'
  | 'conflict'
  | 'tooLarge'
  | 'unsupportedMediaType'
  | 'unprocessable'
  | 'tooMany'
  | 'internal'
  | 'notImplemented'
  | 'badGateway'
  | 'unavailable';

/** The one table from a kind of refusal to its HTTP status. */
export const KIND_STATUS: Readonly<Record<ErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  notAcceptable: 406,
  conflict: 409,
  tooLarge: 413,
  unsupportedMediaType: 415,
  unprocessable: 422,
  tooMany: 429,
  internal: 500,
  notImplemented: 501,
  badGateway: 502,
  unavailable: 503,
};

export interface ErrorCodeEntry {
  readonly kind: ErrorKind;
  /** What the code means, in English: the description's words for it. */
  readonly words: string;
  /** The members of the error's `meta` beside `reason`, when it carries figures. */
  readonly meta?: readonly string[];
}

const entry = (kind: ErrorKind, words: string, meta?: readonly string[]): ErrorCodeEntry =>
  meta ? { kind, words, meta } : { kind, words };

export const ERROR_CODES = {
  // A member of the request, or a query parameter, that is missing or not what the route takes.
  'field.missing': entry('invalid', 'A required member is missing (source.pointer names it; meta.reason says what it takes).', ['reason']),
  'field.invalid': entry('invalid', 'A member is not what the route takes (source.pointer names it; meta.reason says what it takes).', [
    'reason',
  ]),
  'field.badText': entry('invalid', 'A text is not well-formed Unicode, or holds control characters other than tab and line breaks.', [
    'reason',
  ]),
  'field.reservedName': entry('invalid', 'A member is named __proto__.', ['reason']),
  'parameter.invalid': entry('invalid', 'A query parameter is missing, empty or not what the route takes (source.parameter names it).', [
    'reason',
  ]),
  'page.cursorPastEnd': entry('invalid', 'page[after] is past the end of the list.'),
  'request.malformedJson': entry(
    'invalid',
    'The body is not valid JSON, or not a JSON object or array (source.pointer "": the whole body).',
    ['reason'],
  ),
  'request.bodyTooDeep': entry('invalid', 'The body nests deeper than the station reads (meta.maxDepth levels).', ['maxDepth']),
  'request.bodyNotUtf8': entry('invalid', 'The body is not valid UTF-8.'),
  'request.bodyIncomplete': entry('invalid', 'The body was not received completely.'),
  'request.bodyTooLarge': entry('tooLarge', 'The body is larger than the station takes (meta.maxBytes bytes).', ['maxBytes']),
  'request.bodyEncoding': entry('unsupportedMediaType', 'The body has a content encoding; send it as plain UTF-8 JSON.'),
  'request.mediaTypeUnsupported': entry('unsupportedMediaType', 'The Content-Type is not one the station takes.'),
  'request.notAcceptable': entry('notAcceptable', 'The Accept header allows nothing the route answers.'),
  'request.routeNotFound': entry('notFound', 'No route lives at this path.'),
  'request.methodNotAllowed': entry('methodNotAllowed', 'The route does not take this method (the Allow header lists those it takes).'),
  'request.methodNotImplemented': entry('notImplemented', 'The station does not know this method.'),
  'request.hostNotAllowed': entry('forbidden', 'The Host header names a host the station does not answer to.'),
  'request.originNotAllowed': entry('forbidden', 'The Origin header names a site that may not call the station.'),

  // Signing in, and who may do what.
  'auth.missing': entry('unauthenticated', 'No valid Authorization header: sign in, then send the Bearer token.'),
  'auth.failed': entry('unauthenticated', 'The username, password hash or integration key is wrong.'),
  'auth.tokenMissingData': entry('unauthenticated', 'The token lacks a claim the station needs (sub, client).'),
  'auth.tokenInvalid': entry('unauthenticated', 'The token is not one the station signed, or is malformed.'),
  'auth.tokenExpired': entry('unauthenticated', 'The token has expired: sign in again.'),
  'auth.tooManySignIns': entry('tooMany', 'Too many failed sign-ins for this username, key or address: wait Retry-After seconds.'),
  'auth.signInsBusy': entry('unavailable', 'The station is checking as many sign-ins as it can: try again in a moment.'),
  'role.required': entry('forbidden', 'The action needs a higher role than the caller’s.', ['neededRole', 'role']),

  // Idempotency keys.
  'idempotency.keyInvalid': entry('invalid', 'The Idempotency-Key header is not 1 to 255 visible ASCII characters.'),
  'idempotency.keyReused': entry('unprocessable', 'The Idempotency-Key was used with a different request.'),
  'idempotency.keyBusy': entry('conflict', 'A request with this Idempotency-Key is still being processed.'),
  'idempotency.recordGone': entry('notFound', 'The shipment or print job the Idempotency-Key made no longer exists.'),

  // Shipments.
  'shipment.notFound': entry('notFound', 'No shipment of the account has this id.'),
  'shipment.retrievalFailed': entry(
    'notFound',
    'The shipment id is unknown, or the shipment is scheduled and not processed yet (spec section 7: it cannot be retrieved).',
  ),
  'shipment.failed': entry('notFound', 'The shipment failed to process: it has no documents (spec section 7).'),
  'shipment.notProcessedYet': entry('notFound', 'The shipment is not processed yet, so it has no documents.'),
  'shipment.dayClosed': entry(
    'invalid',
    'The processed shipment cannot be voided: it is on a closed manifest (reopen the day first). Its detail is the spec’s “Delete functionality not available”.',
    ['reason', 'manifest'],
  ),
  'shipment.trackingStarted': entry(
    'invalid',
    'The processed shipment cannot be voided: the carrier has the parcel already (tracking started). Its detail is the spec’s “Delete functionality not available”.',
    ['reason', 'trackingStatus', 'trackingDate'],
  ),
  'shipment.shipDatePassed': entry(
    'invalid',
    'The processed shipment cannot be voided: its ship date has passed. Its detail is the spec’s “Delete functionality not available”.',
    ['reason', 'shipDate'],
  ),
  'shipment.returnBooked': entry('conflict', 'A return of the shipment is booked: void the return first.', ['reason', 'returns']),
  'shipment.confirmedAlready': entry('conflict', 'The saved shipment is confirmed already, with another rate or document.', [
    'reason',
    'shipment',
  ]),
  'shipment.notAwaitingConfirm': entry('conflict', 'The shipment named by data.id is not a saved shipment waiting for its confirm.', [
    'reason',
    'shipment',
  ]),
  'shipment.confirmInProgress': entry('conflict', 'Another request is confirming this saved shipment.', ['reason', 'shipment']),
  'shipment.notTheRated': entry('conflict', 'The shipment differs from the one the rate was given for.', ['reason']),
  'shipment.noService': entry(
    'invalid',
    'No carrier service can carry the shipment: meta.unavailable says why, service by service, and meta.reasons each distinct reason, each with its outcome code and figures (src-shared/unavailable-reasons.ts).',
    ['reason', 'unavailable', 'reasons'],
  ),
  'shipment.shipDatePast': entry('invalid', 'The ship date is before today on the station’s clock.', ['reason']),
  'shipment.shipDateTooFar': entry('invalid', 'The ship date is further ahead than the station or the carrier takes.', ['reason']),
  'rate.priceChanged': entry(
    'unavailable',
    'The price changed since the rate was given (spec section 7): rate again and confirm the new price.',
    ['originalPrice', 'updatedPrice', 'currency'],
  ),
  'rate.notAvailable': entry(
    'invalid',
    'The rate’s service cannot carry the shipment as it is now: meta.unavailable says why, with its outcome code and figures.',
    ['reason', 'unavailable'],
  ),
  'carrier.unknown': entry('invalid', 'No carrier has this code.', ['reason']),
  'carrier.noSuchService': entry('invalid', 'The carrier has no service of this code.', ['reason']),
  'carrier.notFound': entry('notFound', 'No carrier of the station has the code of the path (GET /carriers lists them).'),
  'document.notCarried': entry(
    'notFound',
    'The shipment carries no such document (meta.document: cn22, cn23 or invoice): its route and service do not need one.',
    ['document'],
  ),
  'document.pdfOnly': entry('invalid', 'The label exists only as PDF (an upstream’s), or A4 documents print only as PDF.', ['reason']),
  'document.renderBusy': entry('unavailable', 'The station is rendering as many documents as it can.'),
  'document.renderFailed': entry('internal', 'The document renderer failed on this shipment.'),
  'tracking.invalidEvent': entry('invalid', 'The tracking event is not one the station records.', ['reason']),
  'tracking.timeAhead': entry(
    'invalid',
    'The tracking event’s date is later than tomorrow on the station’s calendar: it has not come yet anywhere on earth.',
    ['reason', 'latest'],
  ),
  'tracking.shipmentNotProcessed': entry('conflict', 'The shipment is not processed: it has no parcel to track until it is booked.', [
    'status',
  ]),

  // Carriers, upstream services and the station’s set-up.
  'upstream.unknown': entry('invalid', 'No upstream service has this code.'),
  'upstream.codeTaken': entry('invalid', 'The code is a rate-card carrier’s.'),
  'upstream.refused': entry('invalid', 'The upstream service refused the request.'),
  'upstream.failed': entry('badGateway', 'The upstream service answered with an error of its own.'),
  'upstream.unreachable': entry('unavailable', 'The upstream service cannot be reached: nothing was booked or charged.'),
  'upstream.maybeBooked': entry(
    'unavailable',
    'The upstream service did not confirm the booking: the station books it at most once, later (meta.shipmentId: the shipment kept in the outbox, on a create or confirm of a new shipment).',
    ['shipmentId'],
  ),
  'calendar.tooManyHolidays': entry('invalid', 'The station keeps a limited number of holidays.'),
  'calendar.notAHoliday': entry('invalid', 'The date is not one of the station’s holidays.'),
  'site.notFound': entry('notFound', 'The account has no site (warehouse) with this id.'),
  'site.nameTaken': entry('conflict', 'Another site of the account has this name.'),
  'site.tooMany': entry('invalid', 'The account has as many sites as it may keep.', ['maxSites']),
  'site.otherSite': entry('forbidden', 'A packer sees their desk’s own site only; another site, or all of them, needs a supervisor.', [
    'neededRole',
    'role',
  ]),
  'report.invalidRange': entry('invalid', 'dateTo is before dateFrom, or the range is longer than meta.maxDays days.', [
    'reason',
    'maxDays',
  ]),

  // Returns.
  'return.ofVoided': entry('invalid', 'The original shipment was voided.', ['reason']),
  'return.ofUnsent': entry('invalid', 'The original shipment was never sent.', ['reason', 'status']),
  'return.ofReturn': entry('invalid', 'The original is itself a return.', ['reason', 'returnOf']),
  'return.packageUnknown': entry('invalid', 'The original has no package of this index.', ['reason']),
  'return.payOnUseNotOffered': entry('invalid', 'The carrier offers no returns paid only once used.', ['reason']),
  'return.printNeedsLabel': entry('invalid', 'A scheduled return has no label yet to print with the outbound one.', ['reason']),

  // Orders.
  'order.notFound': entry('notFound', 'No order of the account has this number.'),
  'order.unknown': entry('invalid', 'The shipment names an order (data.meta.orderNumber) the account does not have.', ['reason', 'order']),
  'order.exists': entry('conflict', 'An order with this number exists already.'),
  'order.shipped': entry('conflict', 'The order is shipped already.', ['reason', 'order', 'shipment']),
  'order.inProgress': entry('conflict', 'The order is being shipped already.', ['reason', 'order', 'shipment']),
  'order.notRemovable': entry('conflict', 'A live shipment ships the order.'),
  'order.fileUnreadable': entry(
    'invalid',
    'The body is not a table of orders (CSV, tab-separated text or an .xlsx workbook with a header row).',
    ['reason'],
  ),
  'order.fileFaulty': entry(
    'unprocessable',
    'An order of the file is faulty (meta names its order, row and column): nothing was imported.',
    ['reason', 'order', 'row', 'column', 'field'],
  ),
  'order.templateNotFound': entry('notFound', 'The account has no column template of this name.'),
  'order.batchTooLarge': entry('invalid', 'The batch holds more orders than meta.maxOrders, or none.', ['reason', 'maxOrders']),
  'order.folderNotUsable': entry(
    'invalid',
    'The watched orders folder is not there, is not a folder, or the station cannot make its imported/, failed/ and .importing/ folders in it (meta.reason says which).',
    ['reason'],
  ),
  'order.folderUserUnknown': entry('invalid', 'No user of the caller’s account has this name, to import the folder’s orders as.', [
    'reason',
  ]),
  'order.folderUserNeeded': entry(
    'invalid',
    'No user is named, and the station has no one account with an admin to import the folder’s orders as.',
    ['reason'],
  ),

  // Printing.
  'print.printerUnknown': entry('invalid', 'No printer has this name (meta.printer).', ['reason', 'printer']),
  'print.noPrinterChosen': entry('invalid', 'No printer was named, and none is chosen in the print settings.', ['reason']),
  'print.printerTakesNoZpl': entry('invalid', 'The printer (meta.printer) does not take raw ZPL, or raw EPL2 (meta.format says which).', [
    'reason',
    'printer',
    'format',
  ]),
  'print.zplSheetsOnly': entry('invalid', 'ZPL, EPL2 and PNG print one label a page: sheets are PDF.', ['reason']),
  'print.noA4Printer': entry('invalid', 'No A4 printer is chosen at this desk.', ['reason']),
  'print.noA4Documents': entry('invalid', 'The shipment has no A4 documents to print (no CN23, no commercial invoice).', [
    'reason',
    'shipment',
    'reference',
  ]),
  'print.jobNotFound': entry('notFound', 'No print job has this id.'),
  'print.labelTokenNotFound': entry('notFound', 'No label waits under this token.'),
  'print.notProcessed': entry('invalid', 'A listed shipment is not processed yet, so it has no label.', [
    'reason',
    'shipment',
    'reference',
  ]),
  'print.reprintNeedsSupervisor': entry('forbidden', 'Printing a label again needs the supervisor role.', [
    'neededRole',
    'role',
    'reprints',
    'fresh',
  ]),
  'print.reprintsToConfirm': entry('conflict', 'Some labels were printed before: say whether to print them again.', ['reprints', 'fresh']),
  'print.onlyReprints': entry('conflict', 'Every label was printed before, and reprints were to be skipped.', ['reprints', 'fresh']),
  'print.printerPaused': entry('conflict', 'The printer is paused: nothing was sent to it.', ['printer', 'queue', 'problem']),

  // The day: manifests and pickups.
  'manifest.nothingToClose': entry('invalid', 'No shipment of the carrier on that day is ready to close.', ['reason']),
  'manifest.notFound': entry('notFound', 'No manifest has this id.'),
  'manifest.notReopenable': entry('conflict', 'The manifest is not closed, or was transmitted.'),
  'manifest.notResendable': entry('conflict', 'The manifest is not waiting to be sent again.'),
  'manifest.closeKeepsChanging': entry('conflict', 'The day’s shipments kept changing during the close.'),
  'pickup.notFound': entry('notFound', 'No pickup is booked with this shipment.'),
  'pickup.alreadyCancelled': entry('conflict', 'The pickup is cancelled already.'),
  'pickup.pastDeadline': entry('conflict', 'The carrier takes no more cancellations for this pickup.', ['cancelBefore']),

  // Integrations: events, streams and webhooks.
  'event.unknownType': entry('invalid', 'The event type (meta.type) is not one the station sends (meta.known lists them).', [
    'reason',
    'type',
    'known',
  ]),
  'event.cursorPastEnd': entry('invalid', 'There is no event with this id (meta.after) yet; meta.latest is the last one.', [
    'reason',
    'after',
    'latest',
  ]),
  'stream.tooMany': entry(
    'tooMany',
    'Too many live streams are open (meta.total at most in all, and for event streams meta.perClient per client).',
    ['perClient', 'total'],
  ),
  'webhook.notFound': entry('notFound', 'No webhook has this id.'),
  'webhook.needsClient': entry('invalid', 'The webhook must name its client, or be for every client.'),

  // Administration: clients, users, integrations.
  'client.notFound': entry('notFound', 'No client account has this id or username.'),
  'client.usernameTaken': entry('conflict', 'The username is taken.'),
  'client.usernameReserved': entry('conflict', 'The username belonged to a removed account and stays reserved.'),
  'client.mergeSameClient': entry('invalid', 'A client cannot be merged into itself.'),
  'client.mergeRefused': entry('conflict', 'The clients cannot be merged.'),
  'account.lastAdmin': entry('conflict', 'The account, or the station, would be left without an admin.', ['username']),
  'user.notFound': entry('notFound', 'No user of the account has this id or username.'),
  'user.needsClient': entry('invalid', 'A user belongs to a client account.'),
  'integration.notFound': entry('notFound', 'No integration key in use has this id or name.'),
  'integration.nameAmbiguous': entry('conflict', 'More than one integration key has this name.'),
  'integration.desktopKeyStays': entry('invalid', 'The desk app’s own integration key cannot be removed.'),

  // The station itself.
  'storage.unavailable': entry(
    'unavailable',
    'The station cannot use its database or disk right now (meta.fault says why); send the request again after Retry-After seconds.',
    ['fault'],
  ),
  'station.internal': entry('internal', 'The station could not complete the request; the error is logged.'),
  'station.unreachable': entry(
    'unavailable',
    'The desk’s own: the station cannot be reached, or its stream ended (never answered by the station).',
  ),
} as const satisfies Record<string, ErrorCodeEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}

/** The status a code is answered with. */
export function statusOfCode(code: ErrorCode): number {
  return KIND_STATUS[ERROR_CODES[code].kind];
}

/** The codes answered with a status. */
export function codesOfStatus(status: number): ErrorCode[] {
  return ERROR_CODE_LIST.filter((code) => statusOfCode(code) === status);
}

/**
 * The code of a refusal made without one (a field check, a query parameter): what its status, and the member or
 * parameter it names, say it is. Every other refusal names its code where it is raised.
 */
export function codeOfRefusal(
  status: number,
  detail: string,
  source: { pointer?: string; parameter?: string; header?: string } | undefined,
): ErrorCode {
  if (source?.pointer !== undefined)
    return status === 400 && detail.startsWith('Missing required data') ? 'field.missing' : 'field.invalid';
  if (source?.parameter !== undefined) return 'parameter.invalid';
  const byStatus: Record<number, ErrorCode> = {
    400: 'field.invalid',
    401: 'auth.missing',
    403: 'role.required',
    404: 'request.routeNotFound',
    405: 'request.methodNotAllowed',
    406: 'request.notAcceptable',
    409: 'idempotency.keyBusy',
    413: 'request.bodyTooLarge',
    415: 'request.mediaTypeUnsupported',
    422: 'idempotency.keyReused',
    429: 'auth.tooManySignIns',
    501: 'request.methodNotImplemented',
    502: 'upstream.failed',
    503: 'storage.unavailable',
  };
  return byStatus[status] ?? 'station.internal';
}
