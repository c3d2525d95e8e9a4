// PostgreSQL: pickups, as SQLite keeps them (store/pickups.ts).
import type { Async } from '../index.ts';
import { NotBooked, PICKUP_COLUMNS, pickupRecord, type PickupRow, type PickupsTable } from '../pickups.ts';
import { storable, transaction, type Pool } from './database.ts';
import { appendAuditEvent } from './records.ts';

export function pickupsTable(pool: Pool, now: () => string): Async<PickupsTable> {
  return {
    list: async (filter) =>
      (
        await pool.query<PickupRow>(
          `${PICKUP_COLUMNS}
           WHERE s.client_id = $1 AND s.sandbox = $2 AND s.deleted_at IS NULL AND ($3::text IS NULL OR b.collection_date = $3) AND ($4::text IS NULL OR b.carrier_code = $4)
             AND ($6::text IS NULL OR (b.collection_date >= $6 AND b.status = 'booked'))
             AND ($7::text IS NULL OR b.collection_date > $7 OR (b.collection_date = $7 AND b.carrier_code >= $8))
           ORDER BY b.collection_date, b.carrier_code, b.created_at, s.reference LIMIT $5`,
          [
            Number(filter.clientId) || 0, filter.sandbox ? 1 : 0, filter.date, filter.carrierCode !== null && !storable(filter.carrierCode) ? '' : filter.carrierCode, filter.limit,
            filter.upcomingFrom ?? null, filter.startingAt?.date ?? null, filter.startingAt && storable(filter.startingAt.carrierCode) ? filter.startingAt.carrierCode : '',
          ],
        )
      ).rows.map(pickupRecord),
    get: async (shipmentId, clientId, sandbox) => {
      if (!storable(shipmentId)) return undefined;
      const row = (await pool.query<PickupRow>(`${PICKUP_COLUMNS} WHERE b.shipment_id = $1 AND s.client_id = $2 AND s.sandbox = $3 AND s.deleted_at IS NULL`, [shipmentId, Number(clientId) || 0, sandbox ? 1 : 0])).rows[0];
      return row && pickupRecord(row);
    },
    cancel: async (shipmentIds, logged) => {
      try {
        return await transaction(pool, async (db) => {
          const at = now();
          const changed = await db.query("UPDATE collection_bookings SET status = 'cancelled', cancelled_at = $2 WHERE shipment_id = ANY($1::text[]) AND status = 'booked'", [shipmentIds, at]);
          // One of them was cancelled meanwhile: nothing is changed.
          if ((changed.rowCount ?? 0) !== shipmentIds.length) throw new NotBooked();
          await appendAuditEvent(db, logged, at);
          return true;
        });
      } catch (error) {
        if (error instanceof NotBooked) return false;
        throw error;
      }
    },
  };
}
