// The resources the desk UI reads from the station: the station's own response types from src-shared,
// under the short names the UI uses. Nothing here is written by hand, so a serializer change breaks the build.
export type {
  AddressResource as SavedAddress,
  AuditEventResource as AuditEvent,
  ClientMeta,
  ClientResource as Client,
  DocumentsResource as Documents,
  PriceChangeMeta,
  PrinterAttributes,
  PrinterResource as Printer,
  PrintJobResource as PrintJob,
  RateResource as Rate,
  ShipmentResource as Shipment,
  StationConfigAttributes as StationConfig,
  SummaryResource as ShipmentSummary,
  TrackingResource as Tracking,
  UserResource as User,
} from '../../src-shared/resources.ts';
export type { SavedAddressAttributes } from '../../src-shared/shipment.ts';
export type { WebhookResource as Webhook } from '../../src-shared/webhooks.ts';
export type { OutboxEntryResource as OutboxEntry, UpstreamHealthMeta as UpstreamHealth } from '../../src-shared/upstream.ts';
export type {
  ManifestPreviewAttributes as ManifestPreview,
  ManifestResource as Manifest,
  PickupResource as Pickup,
} from '../../src-shared/manifests.ts';
export type { CarrierResource as Carrier } from '../../src-shared/resources.ts';
export type { TodayAttributes as Today } from '../../src-shared/today.ts';
export type {
  DailyReportAttributes as ReportDay,
  DailyReportMeta as ReportMeta,
  EmissionsReportMeta,
  PersonTotals,
} from '../../src-shared/reports.ts';
