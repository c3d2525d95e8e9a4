// End of day: what a close of one carrier and ship date will take (the preview, with what it leaves out and why),
// the close itself (one transaction: a numbered manifest, its shipments marked, its PDF, day.closed and the audit
// entry), the manifests made, and a supervisor's reopen. A client closes its own shipments.
import { dayIn, timeIn } from '../../src-shared/calendar.ts';
import { ERROR_TEXT, StationError } from '../../src-shared/errors.ts';
import { parseCents } from '../../src-shared/money.ts';
import { DEFAULT_MINIMUM_AGE } from '../../src-shared/shipment-options.ts';
import { lithiumUnNumber } from '../documents/service-marks.ts';
import type { CloseRequest, LeftOut, ManifestLine, ManifestTotals } from '../../src-shared/manifests.ts';
import { actorOf, type Caller } from '../domain/caller.ts';
import { ManifestChangedError, type DayShipment, type ManifestRecord } from '../domain/manifest.ts';
import type { ManifestDocumentInput } from '../documents/manifest-pdf.ts';
import type { Store } from '../store/index.ts';
import type { UpstreamCarrier } from '../carriers/upstream.ts';
import { UpstreamUnreachableError } from '../carriers/upstream-client.ts';
import type { Logger } from '../logger.ts';
import { requireRole, type AuditLog } from './audit-log.ts';
import type { SiteSource, WarehouseService } from './warehouses.ts';
import { MAIN_SITE, type Site } from '../../src-shared/warehouses.ts';

export interface ManifestPreview {
  carrier: string;
  carrierName: string;
  date: string;
  included: ManifestLine[];
  totals: ManifestTotals;
  leftOut: LeftOut[];
}

export interface ManifestService {
  preview(caller: Caller, request: CloseRequest): Promise<ManifestPreview>;
  /** `created` false: another desk closed the same day a moment before, and this is its manifest. */
  close(caller: Caller, request: CloseRequest): Promise<{ manifest: ManifestRecord; created: boolean }>;
  /** `site`: a site's id, `all`, or absent for the desk's site (warehouses.ts, scope). */
  list(
    caller: Caller,
    filter: { date: string | null; carrier: string | null; after?: number | null; limit: number; site?: string | null },
  ): Promise<ManifestRecord[]>;
  get(caller: Caller, id: string): Promise<ManifestRecord>;
  document(caller: Caller, id: string): Promise<{ manifest: ManifestRecord; data: Uint8Array }>;
  reopen(caller: Caller, id: string): Promise<ManifestRecord>;
  /** A supervisor sends a manifest the upstream refused again (after fixing what it said). */
  transmitAgain(caller: Caller, id: string): Promise<ManifestRecord>;
  /** Sends the manifests due to their upstream services (the outbox's manifests); what was sent, and what failed. */
  transmitDue(): Promise<{ sent: number; failed: number }>;
  /** A client's manifests waiting to be sent or refused upstream: the outbox shows them. */
  unsent(caller: Caller): Promise<ManifestRecord[]>;
}

/** A carrier, the ship date its close takes, and the site whose day it is. */
interface ClosingDay {
  carrier: string;
  date: string;
  site: Site;
}

export interface ManifestServiceDeps {
  store: Store;
  /** The upstream services as configured now: a manifest of their carriers is sent to them. */
  upstreams: () => Promise<UpstreamCarrier[]>;
  logger: Logger;
  /** The first wait before a manifest the upstream could not take is tried again (doubling, to at most 15 minutes). */
  firstTransmitRetryMs?: number;
  audit: AuditLog;
  clock: () => Date;
  /** The account's sites: a close is of one site's day, in that site's time zone. */
  warehouses: WarehouseService;
  render: (input: ManifestDocumentInput) => Uint8Array;
}

/** A manifest the upstream could not take is tried again after this, doubling up to the most. */
const FIRST_TRANSMIT_RETRY_MS = 10_000;
const MOST_TRANSMIT_RETRY_MS = 15 * 60_000;
const TRANSMIT_BATCH = 20;

/** The upstream service of a carrier code booked through one (its code before the dot: PV of PV.UPS), and its carrier there. */
const upstreamPart = (carrierCode: string) => {
  const dot = carrierCode.indexOf('.');
  return dot > 0 ? { upstream: carrierCode.slice(0, dot), carrier: carrierCode.slice(dot + 1) } : null;
};

/** Tries of a close whose shipments changed under it (a void or a processing in the same moment). */
const CLOSE_ATTEMPTS = 3;

const weightOf = (shipment: DayShipment) => shipment.attributes.packages.reduce((total, pkg) => total + Number(pkg.weight.value), 0);

function lineOf(shipment: DayShipment): ManifestLine {
  // The declared value is what the goods are worth (the invoice), as carriers' manifests declare it; insurance is apart.
  const invoice = shipment.attributes.documentsOnly ? undefined : shipment.attributes.invoiceSubtotal?.amount;
  return {
    shipmentId: shipment.id,
    reference: shipment.reference ?? '',
    trackingNumber: shipment.trackingNumber ?? '',
    serviceName: shipment.serviceName ?? '',
    receiverCity: shipment.attributes.shipTo.city,
    receiverCountry: shipment.attributes.shipTo.country,
    packages: shipment.attributes.packages.length,
    weightKg: Math.round(weightOf(shipment) * 1000) / 1000,
    declaredCents: invoice === null || invoice === undefined || invoice === '' ? 0 : (parseCents(String(invoice)) ?? 0),
    ...specialServicesOf(shipment),
  };
}

/**
 * What a driver collects, who must sign, and what is declared on the manifest: the COD amount, the signature asked,
 * the dry ice and the dangerous goods' UN numbers (lithium batteries included), where the shipment has them.
 */
function specialServicesOf(
  shipment: DayShipment,
): Pick<ManifestLine, 'cashOnDelivery' | 'dryIceKg' | 'deliveryConfirmation' | 'minimumAge' | 'dangerousGoods'> {
  const services = shipment.attributes.services;
  const cod = services?.cashOnDelivery;
  const confirmation = services?.deliveryConfirmation;
  const { packages } = shipment.attributes;
  const dryIce = packages.filter((pkg) => pkg.dryIceKg !== undefined);
  const dryIceKg = Math.round(dryIce.reduce((total, pkg) => total + Number(pkg.dryIceKg), 0) * 1000) / 1000;
  const unNumbers = [
    ...new Set(
      packages.flatMap((pkg) => [
        ...(pkg.dangerousGoods ?? []).map((good) => good.unNumber),
        ...(pkg.lithiumBatteries ? [lithiumUnNumber(pkg.lithiumBatteries)] : []),
      ]),
    ),
  ];
  return {
    ...(cod ? { cashOnDelivery: { amount: cod.amount, currency: cod.currency } } : {}),
    ...(dryIce.length > 0 ? { dryIceKg } : {}),
    ...(confirmation && confirmation !== 'none' ? { deliveryConfirmation: confirmation } : {}),
    ...(confirmation === 'adultSignature' ? { minimumAge: services?.minimumAge ?? DEFAULT_MINIMUM_AGE } : {}),
    ...(unNumbers.length > 0 ? { dangerousGoods: unNumbers } : {}),
  };
}

/** Why a shipment of the day is not in the close, or null when it is; times on the station's clock. */
function leftOutOf(shipment: DayShipment, timeZone: string): LeftOut | null {
  const base = { shipmentId: shipment.id, reference: shipment.reference };
  if (shipment.deletedAt !== null) {
    const voidedAt = timeIn(new Date(shipment.deletedAt), timeZone);
    return shipment.status === 3 ? { ...base, reason: 'voided', detail: `voided at ${voidedAt}`, voidedAt } : null;
  }
  if (shipment.status === -1) return { ...base, reason: 'failed', detail: 'processing failed; it has no label' };
  if (shipment.status === 0) return shipment.scheduled ? { ...base, reason: 'waiting', detail: 'waiting to be processed' } : null;
  if (shipment.manifestNumber !== null)
    return { ...base, reason: 'closed', detail: `in manifest ${shipment.manifestNumber}`, manifest: shipment.manifestNumber };
  if (shipment.returnOf !== null)
    return { ...base, reason: 'return', detail: 'a return: the customer hands it to the carrier, so it is not handed over with this day' };
  return null;
}

export function createManifestService(deps: ManifestServiceDeps): ManifestService {
  const { store, audit, clock, logger } = deps;
  const day = (caller: Caller, request: ClosingDay) => ({
    clientId: caller.client.id,
    sandbox: caller.sandbox,
    carrierCode: request.carrier,
    date: request.date,
    site: request.site.number,
  });
  /**
   * The day a request closes, fixed once when it starts: its own date, or the site's today. A close started at
   * 23:59:59 that commits after midnight still closes the day it started on. A packer previews their desk's site only.
   */
  const closingDay = async (
    caller: Caller,
    request: CloseRequest,
    what: string,
    source: SiteSource,
  ): Promise<ClosingDay & { timeZone: string }> => {
    const site = await deps.warehouses.siteOf(caller, request.site, what, source);
    const { timeZone } = await deps.warehouses.calendarOf(site);
    return { carrier: request.carrier, date: request.date ?? dayIn(clock(), timeZone), site, timeZone };
  };

  const previewOf = async (caller: Caller, request: ClosingDay & { timeZone: string }): Promise<ManifestPreview> => {
    const shipments = await store.manifests.dayShipments(day(caller, request));
    const included = shipments.filter(
      (shipment) => shipment.status === 3 && shipment.deletedAt === null && shipment.manifestNumber === null && shipment.returnOf === null,
    );
    const lines = included.map(lineOf);
    return {
      carrier: request.carrier,
      carrierName: included[0]?.carrierName ?? request.carrier,
      date: request.date,
      included: lines,
      totals: {
        shipments: lines.length,
        packages: lines.reduce((total, line) => total + line.packages, 0),
        weightKg: Math.round(lines.reduce((total, line) => total + line.weightKg, 0) * 1000) / 1000,
        declaredCents: lines.reduce((total, line) => total + line.declaredCents, 0),
        currency: included[0]?.currency ?? 'EUR',
      },
      leftOut: shipments.map((shipment) => leftOutOf(shipment, request.timeZone)).filter((entry): entry is LeftOut => entry !== null),
    };
  };

  const own = async (caller: Caller, id: string) => {
    const manifest = await store.manifests.get(id, caller.client.id, caller.sandbox);
    if (!manifest) throw new StationError('manifest.notFound', ERROR_TEXT.noSuchManifest(id));
    // A packer reads their desk's site's manifests only, as they list them.
    await deps.warehouses.mayShow(caller, manifest.site, 'A manifest');
    return manifest;
  };

  return {
    preview: async (caller, request) => previewOf(caller, await closingDay(caller, request, 'The close', { parameter: 'site' })),

    async close(caller, asked) {
      const actor = actorOf(caller);
      requireRole(actor, 'supervisor', 'Closing the day');
      const request = await closingDay(caller, asked, 'Closing the day', { pointer: '/data/attributes/site' });
      const through = upstreamPart(request.carrier);
      const transmit = through !== null && (await deps.upstreams()).some((upstream) => upstream.config.code === through.upstream);
      for (let attempt = 1; ; attempt++) {
        const planned = await previewOf(caller, request);
        if (planned.included.length === 0) {
          // Nothing to close, unless another desk closed it a moment ago: then that manifest is the answer.
          const closed = (
            await store.manifests.list({
              clientId: caller.client.id,
              sandbox: caller.sandbox,
              date: request.date,
              carrierCode: request.carrier,
              limit: 1,
              site: request.site.number,
            })
          )[0];
          if (closed && closed.status === 'closed') return { manifest: closed, created: false };
          throw new StationError('manifest.nothingToClose', ERROR_TEXT.nothingToClose(request.carrier, request.date), {
            pointer: '/data/attributes/carrier',
            meta: { reason: `Expected a carrier with a shipment processed for ${request.date} and not yet closed.` },
          });
        }
        const sequence = (await store.manifests.countFor(day(caller, request))) + 1;
        // The main site's numbers are as before sites existed; another site's say its id (S2).
        const siteMark = request.site.number === MAIN_SITE ? '' : `S${request.site.number}`;
        const number = `${request.carrier}-${request.date.replace(/-/g, '')}-${caller.client.id}${caller.sandbox ? 'T' : ''}${siteMark}-${sequence}`;
        const closedAt = clock();
        const closedBy = caller.user.username;
        const document = deps.render({
          number,
          carrierName: planned.carrierName,
          shipDate: request.date,
          // The shipper as the driver reads it: the account, and the site when it has several.
          shipper:
            request.site.name === caller.client.profile.name ? request.site.name : `${caller.client.profile.name} · ${request.site.name}`,
          closedAt,
          timeZone: request.timeZone,
          closedBy,
          lines: planned.included,
          totals: planned.totals,
        });
        const attributes = { number, carrier: request.carrier, date: request.date, status: 'closed' as const, totals: planned.totals };
        try {
          return await store.manifests.close(
            {
              number,
              clientId: caller.client.id,
              sandbox: caller.sandbox,
              carrierCode: request.carrier,
              shipDate: request.date,
              site: request.site.number,
              totals: planned.totals,
              closedBy,
              document,
              transmit,
            },
            planned.included.map((line) => line.shipmentId),
            {
              type: 'day.closed',
              clientId: caller.client.id,
              sandbox: caller.sandbox,
              subjectType: 'manifest',
              subjectId: '',
              snapshot: { kind: 'other', resource: { type: 'manifest', id: '', attributes } },
            },
            audit.entry(
              actor,
              'manifest.closed',
              { type: 'manifest', id: '' },
              { number, carrier: request.carrier, date: request.date, shipments: planned.totals.shipments },
            ),
          );
        } catch (error) {
          if (!(error instanceof ManifestChangedError)) throw error;
          if (attempt === CLOSE_ATTEMPTS) throw new StationError('manifest.closeKeepsChanging', ERROR_TEXT.closeKeepsChanging);
        }
      }
    },

    list: async (caller, filter) =>
      store.manifests.list({
        clientId: caller.client.id,
        sandbox: caller.sandbox,
        date: filter.date,
        carrierCode: filter.carrier,
        after: filter.after,
        limit: filter.limit,
        site: await deps.warehouses.scope(caller, filter.site, 'The manifests'),
      }),

    get: (caller, id) => own(caller, id),

    async document(caller, id) {
      const manifest = await own(caller, id);
      const data = await store.manifests.document(manifest.id);
      if (!data) throw new StationError('manifest.notFound', ERROR_TEXT.noSuchManifest(id));
      return { manifest, data };
    },

    async reopen(caller, id) {
      const actor = actorOf(caller);
      requireRole(actor, 'supervisor', 'Reopening a closed day');
      const manifest = await own(caller, id);
      const reopened = await store.manifests.reopen(
        manifest.id,
        audit.entry(actor, 'manifest.reopened', { type: 'manifest', id: manifest.id }, { number: manifest.number }),
      );
      if (!reopened) throw new StationError('manifest.notReopenable', ERROR_TEXT.manifestNotReopenable(manifest.number));
      return own(caller, id);
    },

    async transmitAgain(caller, id) {
      const actor = actorOf(caller);
      requireRole(actor, 'supervisor', 'Sending a manifest again');
      const manifest = await own(caller, id);
      const again = await store.manifests.transmitAgain(
        manifest.id,
        audit.entry(actor, 'manifest.resent', { type: 'manifest', id: manifest.id }, { number: manifest.number }),
      );
      if (!again) throw new StationError('manifest.notResendable', ERROR_TEXT.manifestNotResendable(manifest.number));
      return own(caller, id);
    },

    async unsent(caller) {
      const manifests = await store.manifests.list({
        clientId: caller.client.id,
        sandbox: caller.sandbox,
        date: null,
        carrierCode: null,
        limit: 200,
      });
      return manifests.filter(
        (manifest) =>
          manifest.status === 'closed' && (manifest.transmission.status === 'pending' || manifest.transmission.status === 'failed'),
      );
    },

    async transmitDue() {
      const due = await store.manifests.dueTransmissions(clock().toISOString(), TRANSMIT_BATCH);
      if (due.length === 0) return { sent: 0, failed: 0 };
      const upstreams = await deps.upstreams();
      let sent = 0;
      let failed = 0;
      for (const manifest of due) {
        const through = upstreamPart(manifest.carrierCode)!;
        const upstream = upstreams.find((candidate) => candidate.config.code === through.upstream);
        if (!upstream) {
          // Removed since the close: nothing to send to until a supervisor sends it again (after adding it back).
          failed++;
          const reason = `The upstream service ${through.upstream} is no longer set up`;
          await store.manifests.transmitFailed(manifest.id, reason, null);
          logger.warn(`Manifest ${manifest.number} was not sent to ${through.upstream}: ${reason}`);
          continue;
        }
        try {
          const closed = await upstream.closeDay(through.carrier, manifest.shipDate, manifest.sandbox);
          if (await store.manifests.transmitted(manifest.id, closed.number)) sent++;
          else logger.warn(`Manifest ${manifest.number} was reopened or sent by another desk meanwhile; upstream it is ${closed.number}`);
        } catch (error) {
          failed++;
          const reason = (error as Error).message;
          // Unreachable: tried again later, the wait doubling. Refused: the upstream's answer will not change by itself.
          const wait = Math.min(
            (deps.firstTransmitRetryMs ?? FIRST_TRANSMIT_RETRY_MS) * 2 ** manifest.transmission.attempts,
            MOST_TRANSMIT_RETRY_MS,
          );
          const nextTryAt = error instanceof UpstreamUnreachableError ? new Date(clock().getTime() + wait).toISOString() : null;
          await store.manifests.transmitFailed(manifest.id, reason, nextTryAt);
          logger.warn(
            `Manifest ${manifest.number} was not sent to ${through.upstream}: ${reason}${nextTryAt ? `; next try at ${nextTryAt}` : ''}`,
          );
        }
      }
      return { sent, failed };
    },
  };
}
