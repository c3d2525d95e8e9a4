// Which error codes each operation of the description may answer: those every route can answer (the request's
// host, media types and body, the sign-in, the station's storage), those its entry of the route table implies (a
// body, a query, a page, a key, a role), and its own, read from its route handler and the services it calls. The
// description lists them per operation (x-error-codes, and each status's words), so a program knows what to key on.
import { ERROR_CODES, codeOfRefusal, statusOfCode, type ErrorCode } from '../../../src-shared/error-codes.ts';
import { ROUTES, type RouteSpec } from '../../../src-shared/routes.ts';

/** Any request: a foreign Host or Origin, an Accept of nothing the station answers, a fault, the storage away. */
const EVERY_ROUTE: readonly ErrorCode[] = [
  'request.hostNotAllowed',
  'request.originNotAllowed',
  'request.notAcceptable',
  'station.internal',
  'storage.unavailable',
];

/** A route behind the Bearer check: no token, a token the station cannot read or that expired, or one whose client, user or integration key is gone (auth.failed). */
const SIGNED_IN: readonly ErrorCode[] = ['auth.missing', 'auth.failed', 'auth.tokenInvalid', 'auth.tokenMissingData', 'auth.tokenExpired'];

/** A request with a body: how it is read (middleware/negotiation.ts and body.ts), before the route sees it. */
const BODY: readonly ErrorCode[] = [
  'request.mediaTypeUnsupported',
  'request.bodyEncoding',
  'request.bodyTooLarge',
  'request.malformedJson',
  'request.bodyTooDeep',
  'request.bodyNotUtf8',
  'request.bodyIncomplete',
  'field.reservedName',
];

/** A file taken as it is (POST /orders/import): its media type, encoding and size; it is not JSON. */
const FILE_BODY: readonly ErrorCode[] = [
  'request.mediaTypeUnsupported',
  'request.bodyEncoding',
  'request.bodyTooLarge',
  'request.bodyIncomplete',
];

/** A body the route checks against its schema (src-shared's zod rules). */
const CHECKED_BODY: readonly ErrorCode[] = ['field.missing', 'field.invalid', 'field.badText'];

/** The Idempotency-Key handler of the creating routes (middleware/idempotency.ts). */
const IDEMPOTENT: readonly ErrorCode[] = [
  'idempotency.keyInvalid',
  'idempotency.keyReused',
  'idempotency.keyBusy',
  'idempotency.recordGone',
];

/** What a shipment's body can be refused for beyond its schema: the carriers, the calendar, the upstream. */
const SHIPMENT_PRICING: readonly ErrorCode[] = [
  'shipment.noService',
  'shipment.shipDatePast',
  'shipment.shipDateTooFar',
  'carrier.unknown',
  'carrier.noSuchService',
  'upstream.unreachable',
  'upstream.refused',
];

/** A day view or list of one site: a site the account does not have, or another site (or all) asked by a packer. */
const SITE_SCOPE: readonly ErrorCode[] = ['site.notFound', 'site.otherSite'];
/** Booking it: the price and the rate it was given for, the upstream's answer, the document renderer. */
const SHIPMENT_BOOKING: readonly ErrorCode[] = [
  ...SHIPMENT_PRICING,
  'upstream.maybeBooked',
  'upstream.failed',
  'document.renderBusy',
  'document.renderFailed',
];
/** A shipment named by its id. */
const SHIPMENT_BY_ID: readonly ErrorCode[] = ['shipment.notFound', 'shipment.retrievalFailed'];
/** Printing: the printer, the label and the reprint rules (services/printing.ts). */
const PRINTING: readonly ErrorCode[] = [
  'print.printerUnknown',
  'print.noPrinterChosen',
  'print.printerTakesNoZpl',
  'print.zplSheetsOnly',
  'print.noA4Printer',
  'print.noA4Documents',
  'print.notProcessed',
  'print.reprintNeedsSupervisor',
  'print.reprintsToConfirm',
  'print.onlyReprints',
  'print.printerPaused',
  'document.pdfOnly',
  'return.printNeedsLabel',
];

/** Each route's own refusals, by its name in the route table; a route missing here has only those its entry implies. */
const OWN: Partial<Record<keyof typeof ROUTES, readonly ErrorCode[]>> = {
  signIn: ['auth.missing', 'auth.failed', 'auth.tooManySignIns', 'auth.signInsBusy'],
  changeCurrentClient: ['role.required'],
  addClient: ['client.usernameTaken', 'client.usernameReserved'],
  changeClient: ['client.notFound', 'client.usernameTaken', 'client.usernameReserved', 'account.lastAdmin'],
  removeClient: ['client.notFound', 'account.lastAdmin'],
  removeIntegration: ['integration.notFound', 'integration.nameAmbiguous', 'integration.desktopKeyStays'],
  user: ['user.notFound'],
  addUser: ['client.usernameTaken', 'client.usernameReserved', 'user.needsClient', 'client.notFound'],
  changeUser: ['user.notFound', 'account.lastAdmin'],
  removeUser: ['user.notFound', 'account.lastAdmin'],
  auditEvents: ['page.cursorPastEnd'],
  saveShipment: [
    'carrier.unknown',
    'shipment.shipDatePast',
    'shipment.shipDateTooFar',
    'order.unknown',
    'order.shipped',
    'order.inProgress',
  ],
  rateShipment: SHIPMENT_PRICING,
  confirmShipment: [
    ...SHIPMENT_BOOKING,
    'rate.priceChanged',
    'rate.notAvailable',
    'shipment.notTheRated',
    'shipment.confirmedAlready',
    'shipment.notAwaitingConfirm',
    'shipment.confirmInProgress',
    'order.unknown',
    'order.shipped',
    'order.inProgress',
  ],
  createShipment: [...SHIPMENT_BOOKING, 'order.unknown', 'order.shipped', 'order.inProgress'],
  shipment: SHIPMENT_BY_ID,
  deleteShipment: [
    ...SHIPMENT_BY_ID,
    'shipment.dayClosed',
    'shipment.trackingStarted',
    'shipment.shipDatePassed',
    'shipment.returnBooked',
    'role.required',
    'upstream.unreachable',
    'upstream.failed',
  ],
  documents: [
    ...SHIPMENT_BY_ID,
    'shipment.notProcessedYet',
    'shipment.failed',
    'document.notCarried',
    'document.pdfOnly',
    'document.renderBusy',
    'document.renderFailed',
  ],
  createReturn: [
    ...SHIPMENT_BY_ID,
    ...SHIPMENT_BOOKING,
    'return.ofVoided',
    'return.ofUnsent',
    'return.ofReturn',
    'return.packageUnknown',
    'return.payOnUseNotOffered',
    'return.printNeedsLabel',
  ],
  verifyShipment: [...SHIPMENT_BY_ID, 'shipment.notProcessedYet'],
  tracking: SHIPMENT_BY_ID,
  trackingEvents: SHIPMENT_BY_ID,
  addTrackingEvent: [...SHIPMENT_BY_ID, 'tracking.invalidEvent', 'tracking.timeAhead', 'tracking.shipmentNotProcessed', 'role.required'],
  printShipment: [...SHIPMENT_BY_ID, 'shipment.notProcessedYet', 'role.required', ...PRINTING],
  printMany: [...SHIPMENT_BY_ID, ...PRINTING],
  printJob: ['print.jobNotFound'],
  changePrintSettings: ['print.printerUnknown'],
  changeCarrier: ['carrier.unknown', 'carrier.notFound', 'upstream.unknown', 'upstream.codeTaken'],
  changeCalendar: ['calendar.tooManyHolidays', 'calendar.notAHoliday'],
  changeOrdersFolder: ['order.folderNotUsable', 'order.folderUserUnknown', 'order.folderUserNeeded'],
  orders: ['page.cursorPastEnd'],
  addOrder: ['order.exists'],
  addOrders: ['order.exists', 'order.batchTooLarge'],
  order: ['order.notFound'],
  removeOrder: ['order.notFound', 'order.notRemovable'],
  importOrders: ['order.fileUnreadable', 'order.fileFaulty', 'order.templateNotFound'],
  removeOrderTemplate: ['order.templateNotFound'],
  dailyReport: ['report.invalidRange', ...SITE_SCOPE],
  emissionsReport: ['report.invalidRange', ...SITE_SCOPE],
  today: SITE_SCOPE,
  manifestPreview: ['carrier.unknown', ...SITE_SCOPE],
  closeDay: [
    'carrier.unknown',
    'manifest.nothingToClose',
    'manifest.closeKeepsChanging',
    'document.renderBusy',
    'document.renderFailed',
    ...SITE_SCOPE,
  ],
  manifests: ['page.cursorPastEnd', ...SITE_SCOPE],
  shipmentSummaries: ['page.cursorPastEnd', 'site.notFound'],
  warehouses: ['site.notFound'],
  warehouse: ['site.notFound'],
  addWarehouse: ['site.nameTaken', 'site.tooMany', 'site.notFound', 'carrier.unknown', 'print.printerUnknown'],
  changeWarehouse: ['site.notFound', 'site.nameTaken', 'carrier.unknown', 'print.printerUnknown'],
  chooseDeskSite: ['site.notFound', 'role.required'],
  manifest: ['manifest.notFound', 'site.otherSite'],
  manifestDocument: ['manifest.notFound', 'document.renderBusy', 'document.renderFailed', 'site.otherSite'],
  reopenManifest: ['manifest.notFound', 'manifest.notReopenable'],
  transmitManifest: ['manifest.notFound', 'manifest.notResendable'],
  pickups: ['page.cursorPastEnd', ...SITE_SCOPE],
  cancelPickup: ['pickup.notFound', 'pickup.alreadyCancelled', 'pickup.pastDeadline', 'site.otherSite'],
  events: ['event.unknownType', 'event.cursorPastEnd'],
  eventStream: ['event.unknownType', 'event.cursorPastEnd', 'stream.tooMany'],
  scaleStream: ['stream.tooMany'],
  addWebhook: ['event.unknownType', 'webhook.needsClient', 'client.notFound', 'role.required'],
  webhook: ['webhook.notFound'],
  changeWebhook: ['webhook.notFound', 'event.unknownType'],
  removeWebhook: ['webhook.notFound'],
  webhookDeliveries: ['webhook.notFound'],
  replayWebhook: ['webhook.notFound', 'event.cursorPastEnd'],
  publicTracking: ['shipment.notFound', 'shipment.retrievalFailed'],
  printView: ['print.labelTokenNotFound'],
};

/** The statuses every route has answered in the description since it was first written (a route's own add to them). */
function baseStatuses(spec: RouteSpec): number[] {
  const statuses = [400, 403, 404, 406, 500, 503];
  if (spec.access !== 'open' || spec === ROUTES.signIn) statuses.push(401);
  if (spec.method === 'POST' || spec.method === 'PATCH' || spec.method === 'DELETE') statuses.push(409, 413, 415);
  if (spec.idempotent) statuses.push(422);
  if (spec === ROUTES.signIn) statuses.push(429);
  return statuses;
}

/**
 * The codes an operation may answer, in the catalogue's order. A status the route answers with no code of its own
 * here lists the code a refusal of that status made without one takes (codeOfRefusal), which is what it answers.
 */
export function routeRefusals(name: string, spec: RouteSpec): ErrorCode[] {
  const codes = new Set<ErrorCode>(EVERY_ROUTE);
  if (spec.access !== 'open') SIGNED_IN.forEach((code) => codes.add(code));
  if (spec.access === 'supervisor' || spec.access === 'admin') codes.add('role.required');
  if (spec.method === 'POST' || spec.method === 'PATCH' || spec.method === 'DELETE')
    (spec.file ? FILE_BODY : BODY).forEach((code) => codes.add(code));
  if (spec.body) CHECKED_BODY.forEach((code) => codes.add(code));
  if (spec.query) codes.add('parameter.invalid');
  if (spec.paged) codes.add('page.cursorPastEnd');
  if (spec.idempotent) IDEMPOTENT.forEach((code) => codes.add(code));
  (OWN[name as keyof typeof ROUTES] ?? []).forEach((code) => codes.add(code));
  for (const status of baseStatuses(spec)) {
    if (![...codes].some((code) => statusOfCode(code) === status)) codes.add(codeOfRefusal(status, '', undefined));
  }
  const order = Object.keys(ERROR_CODES) as ErrorCode[];
  return [...codes].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

/** The error statuses of an operation: those of the codes it may answer. */
export function refusalStatuses(name: string, spec: RouteSpec): number[] {
  return [...new Set(routeRefusals(name, spec).map(statusOfCode))].sort((a, b) => a - b);
}
