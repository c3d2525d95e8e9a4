// Why a print job failed, as a code and its figures (JSON), beside the English reason: a desk says it in the
// packer's language. Jobs that failed before this release have none, and keep their reason.
import type { WrittenOnce } from './migration.ts';

export const PRINT_FAILURE: WrittenOnce = {
  name: 'print job failure',
  sql: () => `
    ALTER TABLE print_jobs ADD COLUMN failure TEXT NULL;
  `,
};
