// A shipment's documents (its label PDF, PNG or ZPL, its invoice) are kept on PostgreSQL as they are, out of line,
// without PostgreSQL's own compression: a PDF's pages and a PNG are compressed already, so every create spent its
// label's compression and gave it up (12 KB in, 12 KB stored; a third of the database's time in a create's
// statements, issue 49). The rows already stored stay as they are. SQLite keeps a row's bytes as they are anyway:
// nothing changes there.
import type { WrittenOnce } from './migration.ts';

export const LABEL_BYTES_AS_THEY_ARE: WrittenOnce = {
  name: 'documents stored as they are (PostgreSQL: no compression of a label already compressed)',
  sql: (dialect) =>
    dialect.name === 'sqlite'
      ? `SELECT 1;`
      : `
    ALTER TABLE shipment_documents ALTER COLUMN data SET STORAGE EXTERNAL;
  `,
};
