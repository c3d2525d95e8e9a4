// Which events a webhook receives: the live ones (`sandbox` 0), the sandbox's (1), or both (NULL). Webhooks made
// before this release received both, and keep doing so until changed; a new one receives one environment.
import type { WrittenOnce } from './migration.ts';

export const WEBHOOK_ENVIRONMENT: WrittenOnce = {
  name: 'webhook environment',
  sql: () => `
    ALTER TABLE webhooks ADD COLUMN sandbox INTEGER NULL;
  `,
};
