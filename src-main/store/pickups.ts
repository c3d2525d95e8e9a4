// Pickups: the collection bookings made with shipments (one per shipment that asked for a collection), listed by
// day and carrier, and cancelled with the audit entry in one transaction.
import type { Address } from '../../src-shared/shipment.ts';
import type { NewAuditEvent } from '../domain/audit.ts';
import type { PickupRecord } from '../domain/pickup.ts';
import type { AuditTable } from './audit.ts';
import type { Db } from './database.ts';

export interface PickupFilter {
  clientId: string;
  sandbox: boolean;
  date: string | null;
  carrierCode: string | null;
  limit: number;
  /** Only collections on or after this date that are still booked: what is coming. */
  upcomingFrom?: string;
  /** Only bookings from this day and carrier on (in the list's order): where the page after a collection starts. */
  startingAt?: { date: string; carrierCode: string } | null;
}

export interface PickupsTable {
  /** The client's pickups of live shipments, by collection date and carrier. */
  list(filter: PickupFilter): PickupRecord[];
  get(shipmentId: string, clientId: string, sandbox: boolean): PickupRecord | undefined;
  /**
   * Cancels the bookings of one collection (the shipments a carrier collects at one address on one day), with its
   * audit entry, all or none; false when one of them is not booked any more (cancelled already).
   */
  cancel(shipmentIds: readonly string[], logged: NewAuditEvent): boolean;
}

export interface PickupRow {
  shipment_id: string;
  reference: string | null;
  tracking_number: string | null;
  carrier_code: string;
  carrier_name: string | null;
  collection_date: string;
  address: string;
  attributes: string;
  status: 'booked' | 'cancelled';
  cancelled_at: string | null;
}

export const pickupRecord = (row: PickupRow): PickupRecord => ({
  shipmentId: row.shipment_id,
  reference: row.reference,
  trackingNumber: row.tracking_number,
  carrierCode: row.carrier_code,
  carrierName: row.carrier_name ?? row.carrier_code,
  collectionDate: row.collection_date,
  address: JSON.parse(row.address) as Address,
  parcels: (JSON.parse(row.attributes) as { packages: unknown[] }).packages.length,
  status: row.status,
  cancelledAt: row.cancelled_at,
});

/** The pickups' columns and join, as both back ends select them. */
export const PICKUP_COLUMNS = `SELECT b.shipment_id, s.reference, s.tracking_number, b.carrier_code, s.carrier_name, b.collection_date, b.address, s.attributes,
    b.status, b.cancelled_at
  FROM collection_bookings b JOIN shipments s ON s.id = b.shipment_id`;

/** One booking of a collection was cancelled meanwhile: the whole cancel is rolled back (both back ends). */
export class NotBooked extends Error {}

export function pickupsTable(db: Db, now: () => string, auditLog: AuditTable): PickupsTable {
  const select = db.prepare<Record<string, unknown>, PickupRow>(
    `${PICKUP_COLUMNS}
     WHERE s.client_id = @clientId AND s.sandbox = @sandbox AND s.deleted_at IS NULL
       AND (@date IS NULL OR b.collection_date = @date) AND (@carrier IS NULL OR b.carrier_code = @carrier)
       AND (@from IS NULL OR (b.collection_date >= @from AND b.status = 'booked'))
       AND (@startDate IS NULL OR b.collection_date > @startDate OR (b.collection_date = @startDate AND b.carrier_code >= @startCarrier))
     ORDER BY b.collection_date, b.carrier_code, b.created_at, s.reference LIMIT @limit`,
  );
  const selectOne = db.prepare<Record<string, unknown>, PickupRow>(
    `${PICKUP_COLUMNS} WHERE b.shipment_id = @id AND s.client_id = @clientId AND s.sandbox = @sandbox AND s.deleted_at IS NULL`,
  );
  const cancel = db.prepare("UPDATE collection_bookings SET status = 'cancelled', cancelled_at = @now WHERE shipment_id = @id AND status = 'booked'");
  return {
    list: (filter) =>
      select.all({ clientId: Number(filter.clientId), sandbox: filter.sandbox ? 1 : 0, date: filter.date, carrier: filter.carrierCode, from: filter.upcomingFrom ?? null, startDate: filter.startingAt?.date ?? null, startCarrier: filter.startingAt?.carrierCode ?? null, limit: filter.limit }).map(pickupRecord),
    get: (shipmentId, clientId, sandbox) => {
      const row = selectOne.get({ id: shipmentId, clientId: Number(clientId), sandbox: sandbox ? 1 : 0 });
      return row && pickupRecord(row);
    },
    cancel: (shipmentIds, logged) => {
      try {
        return db.transaction(() => {
          const at = now();
          for (const id of shipmentIds) if (cancel.run({ id, now: at }).changes !== 1) throw new NotBooked();
          auditLog.append(logged);
          return true;
        })();
      } catch (error) {
        if (error instanceof NotBooked) return false;
        throw error;
      }
    },
  };
}
