// Stored client credentials: a salted scrypt of the spec's authentication hash, never the password,
// its MD5 or the bare hash. The hash already contains the username, so equal passwords of two clients
// never derive the same credential; the station-wide salt keeps precomputed tables useless, and one
// scrypt per sign-in stays affordable however many clients a station has.
import { scrypt } from 'node:crypto';

const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 32;

export function deriveCredential(authenticationHash: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(authenticationHash.toLowerCase(), salt, KEY_LENGTH, SCRYPT, (error, key) => (error ? reject(error) : resolve(key)));
  });
}
