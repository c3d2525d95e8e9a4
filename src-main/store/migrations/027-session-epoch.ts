// A password change ends the sessions of its user (issue 50): each user has a session epoch, which every change of
// their password moves on by one, and each token the station issues carries the epoch of its user at the time.
// A token of an older epoch is refused. A user whose password was never changed since is at 0, as are the tokens
// issued before this release (they carry none): the upgrade ends no session, and the first change ends them all.
import type { WrittenOnce } from './migration.ts';

export const SESSION_EPOCH: WrittenOnce = {
  name: 'session epochs: a password change ends the sessions of its user',
  sql: () => `
    ALTER TABLE users ADD COLUMN session_epoch INTEGER NOT NULL DEFAULT 0;
  `,
};
