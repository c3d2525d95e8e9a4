// Each processed shipment's transport emissions (issue 52): `emissions` holds the figure as it was worked out when
// the shipment was processed (src-shared/emissions.ts), as JSON, so a later factor set never changes a reported one;
// `co2e_kg` is its total alone, for the emissions report's sums. Shipments processed before this version have none.
import type { WrittenOnce } from './migration.ts';

export const EMISSIONS: WrittenOnce = {
  name: 'each processed shipment’s emissions',
  sql: (dialect) => `
    ALTER TABLE shipments ADD COLUMN emissions TEXT NULL;
    ALTER TABLE shipments ADD COLUMN co2e_kg ${dialect.name === 'sqlite' ? 'REAL' : 'double precision'} NULL;
  `,
};
