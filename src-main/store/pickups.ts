// Pickups: the collection bookings made with shipments (one per shipment that asked for a collection), listed by
// day and carrier, and cancelled with the audit entry in one transaction.
import type { Address } from '../../src-shared/shipment.ts';
import type { NewAuditEvent } from '../domain/audit.ts';
import type { PickupRecord } from '../domain/pickup.ts';
import { appendAudit } from './audit.ts';
import { numericId } from './row-id.ts';
import { storable, type Sql } from './sql/executor.ts';
import type { TableContext, TableGroup } from './table-group.ts';

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
  /** One site's pickups (its shipments'); null or absent: every site's. */
  site?: number | null;
}

export interface PickupReads {
  /** The client's pickups of live shipments, by collection date and carrier. */
  list(filter: PickupFilter): Promise<PickupRecord[]>;
  get(shipmentId: string, clientId: string, sandbox: boolean): Promise<PickupRecord | undefined>;
}

export interface PickupWrites {
  /**
   * Cancels the bookings of one collection (the shipments a carrier collects at one address on one day), with its
   * audit entry, all or none; false when one of them is not booked any more (cancelled already).
   */
  cancel(shipmentIds: readonly string[], logged: NewAuditEvent): Promise<boolean>;
}

interface PickupRow {
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
  site?: number;
}

const pickupRecord = (row: PickupRow): PickupRecord => ({
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
  site: Number(row.site ?? 1),
});

const PICKUP_COLUMNS = `SELECT b.shipment_id, s.reference, s.tracking_number, b.carrier_code, s.carrier_name, b.collection_date, b.address, s.attributes,
    b.status, b.cancelled_at, s.site
  FROM collection_bookings b JOIN shipments s ON s.id = b.shipment_id`;

/** One booking of a collection was cancelled meanwhile: the whole cancel is rolled back. */
class NotBooked extends Error {}

const storedOrNone = (text: string | null) => (text !== null && !storable(text) ? '' : text);

function reads(sql: Sql): PickupReads {
  return {
    list: async (filter) =>
      (
        await sql.all<PickupRow>(
          `${PICKUP_COLUMNS}
           WHERE s.client_id = $1 AND s.sandbox = $2 AND s.deleted_at IS NULL AND (CAST($3 AS TEXT) IS NULL OR b.collection_date = $3)
             AND (CAST($4 AS TEXT) IS NULL OR b.carrier_code = $4) AND (CAST($6 AS TEXT) IS NULL OR (b.collection_date >= $6 AND b.status = 'booked'))
             AND (CAST($7 AS TEXT) IS NULL OR b.collection_date > $7 OR (b.collection_date = $7 AND b.carrier_code >= $8))
             AND (CAST($9 AS INTEGER) IS NULL OR s.site = $9)
           ORDER BY b.collection_date, b.carrier_code, b.created_at, s.reference LIMIT $5`,
          [
            numericId(filter.clientId),
            filter.sandbox ? 1 : 0,
            storedOrNone(filter.date),
            storedOrNone(filter.carrierCode),
            filter.limit,
            filter.upcomingFrom ?? null,
            filter.startingAt?.date ?? null,
            storedOrNone(filter.startingAt?.carrierCode ?? ''),
            filter.site ?? null,
          ],
        )
      ).map(pickupRecord),
    get: async (shipmentId, clientId, sandbox) => {
      if (!storable(shipmentId)) return undefined;
      const row = await sql.one<PickupRow>(
        `${PICKUP_COLUMNS} WHERE b.shipment_id = $1 AND s.client_id = $2 AND s.sandbox = $3 AND s.deleted_at IS NULL`,
        [shipmentId, numericId(clientId), sandbox ? 1 : 0],
      );
      return row && pickupRecord(row);
    },
  };
}

function writes(sql: Sql, { now }: TableContext): PickupWrites {
  return {
    cancel: async (shipmentIds, logged) => {
      try {
        return await sql.tx(async (tx) => {
          const at = now();
          for (const id of shipmentIds) {
            if (
              (await tx.run(
                "UPDATE collection_bookings SET status = 'cancelled', cancelled_at = $2 WHERE shipment_id = $1 AND status = 'booked'",
                [id, at],
              )) !== 1
            )
              throw new NotBooked();
          }
          await appendAudit(tx, logged, at);
          return true;
        });
      } catch (error) {
        if (error instanceof NotBooked) return false;
        throw error;
      }
    },
  };
}

export const pickups: TableGroup<PickupReads, PickupWrites> = { reads, writes };
