// The first run's credentials: shown once when a new data folder gets its first client, kept in a file only its
// user can read, and that file deleted once the password is changed.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const FIRST_RUN_FILE = 'first-run-credentials.txt';

/** Deletes the first-run credentials file, once its password is no longer the one in it; whether there was one. */
export function forgetFirstRunCredentials(dataDir: string): boolean {
  const file = join(dataDir, FIRST_RUN_FILE);
  if (!existsSync(file)) return false;
  rmSync(file, { force: true });
  return true;
}

/** Shows the first client's credentials once, and leaves them in a file only this user can read. */
export function announceFirstRun(dataDir: string, username: string, password: string): void {
  const file = join(dataDir, FIRST_RUN_FILE);
  const text =
    `Shipping Station first-run client\nusername: ${username}\npassword: ${password}\n` +
    `Change it with: npm run --silent station -- client set-password --username ${username} --password-stdin\n` +
    'This file is deleted once the password is changed.\n';
  writeFileSync(file, text, { mode: 0o600, flag: 'w' });
  console.log(
    `First run: created the client '${username}' with password ${password}\n` +
      `This is shown once; it is also saved in ${file} (readable only by you).\n` +
      `API keys for integrations: npm run --silent station -- keys`,
  );
}
