// The station's answers, typed once: the server's serializers build values that `satisfies` these types,
// and the desk UI reads the same ones. Spec section 2 for the spec's resources, the README for extensions.
import type { CustomsDocument } from './customs.ts';
import type { ClientAttributes } from './client.ts';
import type { LabelLayout, PRINT_DPIS, PRINT_FORMATS, PrintDocuments, PrintSettings } from './printing.ts';
import type { Role } from './roles.ts';
import type { Money, SavedAddressAttributes, ShipmentAttributes, ShipmentStatus } from './shipment.ts';

/** A resource object as the station sends it: `attributes` always, `links` and `meta` where the type has them. */
export interface Resource<TType extends string, TAttributes, TMeta = never, TLinks = never> {
  type: TType;
  id: string;
  attributes: TAttributes;
  links?: TLinks;
  meta?: TMeta;
}

/**
 * Shipment attributes as answered: the request's, normalised, with the ship date always set. Documents-only
 * shipments answer `""` insurance members and an `invoiceSubtotal.amount` of the number 0, as upstream does.
 */
export interface ShipmentResponseAttributes extends Omit<ShipmentAttributes, 'shipDate' | 'invoiceSubtotal'> {
  shipDate: string;
  invoiceSubtotal?: { amount: string | number; currency: string } | null;
}

export interface ShipmentMeta {
  scheduledProcessing: boolean;
  service?: string;
  carrierChoice?: string;
  status: ShipmentStatus;
  reference: string | null;
  carrierName: string | null;
  finalCost: Money | null;
  insuranceCost: Money | null;
  trackingNumber: string | null;
  /** Why processing failed (status -1): an extension. */
  error?: string | null;
  /** Who made it (the user's username) and at which desk: an extension; null for shipments imported in bulk. */
  createdBy?: string | null;
  desk?: string | null;
  /** On a route through customs (an extension): why, and once processed the declarations it carries and whether an upstream took them as data. */
  customs?: CustomsMeta;
  /** A return (an extension): the id of the shipment it returns, why (a code of RETURN_REASONS, and the packer's words), and whether it is paid only once used. */
  returnOf?: string;
  returnReason?: string;
  returnNote?: string | null;
  payOnUse?: boolean;
  /** The ids of the returns made of this shipment (an extension), oldest first. */
  returns?: string[];
}

export interface CustomsMeta {
  why: string;
  /** CN22, CN23 and commercialInvoice: null until processed (they follow from the carrier). */
  documents: CustomsDocument[] | null;
  /** Whether an upstream took the export declaration as data (paperless trade); null when none was asked. */
  data: 'accepted' | 'refused' | null;
}

export interface ShipmentLinks {
  self: string;
  /** Present only on processed shipments. */
  tracking?: string;
}

export interface ShipmentResource extends Resource<'shipment', ShipmentResponseAttributes, ShipmentMeta, ShipmentLinks> {
  links: ShipmentLinks;
  meta: ShipmentMeta;
}

export interface RateAttributes {
  carrierCode: string;
  carrierName: string;
  serviceCode: string;
  serviceName: string;
  serviceDefinitionCode: string;
  accountId: string;
  finalCost: Money;
  prepaidCost: Money;
  vatValue: number;
  estimatedDeliveryDate: string | null;
}

/** A rate's own meta: the hash of the shipment document it priced, to send back unchanged at confirm. */
export interface RateMeta {
  documentHash: string;
}

export type RateResource = Resource<'rate', RateAttributes, RateMeta>;

/** A service that cannot carry the shipment, and why: top-level `meta.unavailable` of a rate list. */
export interface RateUnavailable {
  id: string;
  reason: string;
  /** The request member the reason is about (e.g. /data/attributes/packages/0/weight/value), when it is about one. */
  pointer?: string;
}

export interface RateListMeta {
  unavailable: RateUnavailable[];
}

export interface SummaryAttributes {
  reference: string | null;
  shipDate: string;
  shipFromName: string;
  shipFromCountry: string;
  shipToName: string;
  shipToCountry: string;
  status: ShipmentStatus;
  trackingStatus: number | null;
  trackingDate: string | null;
}

/**
 * Whether a status-0 summary waits for the scheduler (true) or is a saved shipment awaiting confirm (false); and
 * who made it (the user's username; an extension, null for shipments imported in bulk).
 */
export interface SummaryMeta {
  scheduledProcessing: boolean;
  createdBy?: string | null;
}

export interface SummaryResource extends Resource<'shipmentSummary', SummaryAttributes, SummaryMeta> {
  meta: SummaryMeta;
}

export interface DocumentsAttributes {
  contentType: string;
  fileName: string;
  /** The file, base64. */
  fileData: string;
}

export type DocumentsResource = Resource<'documents', DocumentsAttributes>;

export interface TrackingAttributes {
  carrierShipmentId: string | null;
  trackingHash: string | null;
  trackingStatus: number | null;
  trackingDate: string | null;
}

/** One event of a parcel's journey: its status code and words, when (the carrier's local time), where, and the carrier's text. */
export interface TrackingEventAttributes {
  status: number;
  statusText: string;
  date: string;
  location: string;
  text: string;
}

export type TrackingEventResource = Resource<'trackingEvent', TrackingEventAttributes>;

/** In a tracking.updated event, the tracking resource carries the event that arrived (meta.event). */
export type TrackingResource = Resource<'tracking', TrackingAttributes, { event: TrackingEventAttributes }>;

export type AddressResource = Resource<'address', SavedAddressAttributes>;

/**
 * Who is signed in (top-level meta of sign-in and /clients/current): the user's username and role, and the user
 * by id and display name; the client resource itself is the account. In /clients (administration) the resource's
 * meta is the account's username and its first user's role (null once that user is removed).
 */
export interface ClientMeta {
  username: string;
  role: Role;
  user?: { id: string; name: string };
}

export interface AdministeredClientMeta {
  username: string;
  role: Role | null;
}

export type ClientResource = Resource<'client', ClientAttributes, ClientMeta | AdministeredClientMeta>;

export interface UserAttributes {
  username: string;
  name: string;
  role: Role;
  /** Users listed are active: a removed user is gone from the list, and cannot sign in. */
  state: 'active';
  createdAt: string;
}

/** A person of the account (README, "A team at the warehouse"). */
export type UserResource = Resource<'user', UserAttributes>;

/** What the audit log records (README, "Roles and the audit log"). */
export const AUDIT_ACTIONS = [
  'shipment.created',
  'shipment.return.created',
  'shipment.deleted',
  'shipment.voided',
  'label.reprinted',
  'print-settings.changed',
  'carrier-settings.changed',
  'tracking-event.added',
  'client.added',
  'client.role-changed',
  'client.key-rotated',
  'client.password-changed',
  'client.removed',
  'client.profile-changed',
  'client.merged',
  'user.added',
  'user.role-changed',
  'user.password-changed',
  'user.renamed',
  'user.removed',
  'integration.added',
  'integration.revoked',
  'webhook.added',
  'webhook.removed',
  'webhook.paused',
  'webhook.resumed',
  'webhook.replayed',
  'manifest.closed',
  'manifest.reopened',
  'manifest.resent',
  'pickup.cancelled',
  'order.imported',
  'order.removed',
  'scale.configured',
  'packing.configured',
  'calendar.changed',
  'shipment.verified',
  'shipment.verify-mismatch',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditSubjectType = 'shipment' | 'client' | 'user' | 'integration' | 'carrier' | 'printSettings' | 'webhook' | 'manifest' | 'pickup' | 'order' | 'scale' | 'packingSetup' | 'calendar';

export interface AuditEventAttributes {
  at: string;
  desk: string;
  via: 'api' | 'cli';
  actor: { clientId: string | null; username: string; role: Role | null };
  action: AuditAction;
  subject: { type: AuditSubjectType; id: string };
  detail: Record<string, unknown> | null;
}

export type AuditEventResource = Resource<'auditEvent', AuditEventAttributes>;

/** An integration key as admins see it (GET /integrations): the key itself, since a new one must be handed on. */
export interface IntegrationAttributes {
  name: string;
  integrationKey: string;
  isDesktop: boolean;
  createdAt: string;
}

export type IntegrationResource = Resource<'integration', IntegrationAttributes>;

/** A carrier choice with its card's services and the fuel surcharge in effect (GET /carriers). */
export interface CarrierAttributes {
  carrierCode: string;
  carrierName: string;
  services: string[];
  fuelSurchargePercent: number;
  /** HH:MM on the station's clock: shipments created later without a ship date ship the next working day; null for none. */
  cutoffTime: string | null;
}

export type CarrierResource = Resource<'carrier', CarrierAttributes>;

/** Top-level meta of a successful sign-in: a ready Bearer token, and who signed in (an extension). */
export interface SignInMeta extends ClientMeta {
  token: string;
}

/** The 503 of a confirm whose price changed, beside its exact spec text: what the UI shows, in numbers. */
export interface PriceChangeMeta {
  originalPrice: number;
  updatedPrice: number;
  currency: string;
}

export interface PrinterAttributes {
  name: string;
  description: string;
  isDefault: boolean;
  status: string;
  supportsRawZpl: boolean;
}

export type PrinterResource = Resource<'printer', PrinterAttributes>;

export type PrintJobStatus = 'queued' | 'printing' | 'done' | 'failed';

export interface PrintJobAttributes {
  shipmentId: string;
  printer: string;
  format: (typeof PRINT_FORMATS)[number];
  dpi: (typeof PRINT_DPIS)[number];
  copies: number;
  status: PrintJobStatus;
  reason: string | null;
  /** The desk whose printer prints it: only that desk's station sends it. */
  desk: string | null;
  createdAt: string;
  updatedAt: string;
  /** `labels` on the label printer, or `a4`: the commercial invoice on the A4 printer. */
  documents: PrintDocuments;
  /** A bulk print (POST /print-jobs): its shipments in print order (shipmentId is the first), and the sheet. */
  shipmentIds?: string[];
  layout?: LabelLayout;
}

export interface PrintJobResource extends Resource<'printJob', PrintJobAttributes, never, { self: string }> {
  links: { self: string };
}

export interface PrintSettingsResource {
  type: 'printSettings';
  id: null;
  attributes: PrintSettings;
}

export interface StationConfigAttributes {
  apiBase: string;
  integrationKey: string;
  /** The desk this station is (--desk): print jobs made here print on its printers. */
  desk: string;
  /** The station's IANA time zone: the desk counts "today" in it (README, "Dates and time zones"). */
  timeZone: string;
}

export interface StationConfigResource {
  type: 'stationConfig';
  id: null;
  attributes: StationConfigAttributes;
}

/** GET /health: whether this desk can work now, for monitoring and the desk's banner. */
export interface HealthAttributes {
  /** 'ok', or 'unavailable' while the database does not answer (then the answer is 503). */
  status: 'ok' | 'unavailable';
  desk: string;
  database: {
    backend: 'sqlite' | 'postgres';
    available: boolean;
    /** When the database stopped answering (ISO 8601), or null. */
    unavailableSince: string | null;
    /** Its last error, or null. */
    problem: string | null;
    /** Found damaged (SQLite): it takes no changes until it is checked and restored. */
    damaged?: boolean;
  };
  /** Whether this desk holds its name on the shared database; its printing waits while it does not. */
  deskLockHeld: boolean;
}

export interface HealthResource {
  type: 'health';
  id: null;
  attributes: HealthAttributes;
}

/** Why a processed shipment can no longer be voided: the `meta` of the 400 *Delete functionality not available.* */
export type DeleteRefusal =
  | { reason: 'dayClosed'; manifest: string }
  | { reason: 'trackingStarted'; trackingStatus: number; trackingDate: string }
  | { reason: 'shipDatePassed'; shipDate: string };
