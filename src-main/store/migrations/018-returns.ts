// Returns, and the customs data an upstream took: a return shipment names the shipment it returns (`return_of`),
// why (`return_reason`, a code, and `return_note`, the packer's words) and whether it is paid only once used
// (`pay_on_use`); the original lists its returns (`returns`, a JSON array of ids, kept in the return's commit so that
// a read of the original needs no second query); `customs_data` says whether an upstream took the export
// declaration as data (accepted) or not (refused). The partial index finds a client's returns for the reports.
import type { WrittenOnce } from './migration.ts';

export const RETURNS: WrittenOnce = {
  name: 'returns and customs data',
  sql: () => `
    ALTER TABLE shipments ADD COLUMN return_of TEXT NULL;
    ALTER TABLE shipments ADD COLUMN return_reason TEXT NULL;
    ALTER TABLE shipments ADD COLUMN return_note TEXT NULL;
    ALTER TABLE shipments ADD COLUMN pay_on_use INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE shipments ADD COLUMN returns TEXT NULL;
    ALTER TABLE shipments ADD COLUMN customs_data TEXT NULL;
    CREATE INDEX shipments_returns_by_day ON shipments (client_id, sandbox, ship_date) WHERE return_of IS NOT NULL;
  `,
};
