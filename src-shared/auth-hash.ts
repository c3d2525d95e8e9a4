// The client authentication hash of spec 5.1, shared so the desk UI and the CLI
// compute exactly what the station verifies: SHA-256 of "<username>:<MD5(password)>".
import { md5 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export function md5Hex(text: string): string {
  return bytesToHex(md5(utf8ToBytes(text)));
}

export function authenticationHash(username: string, password: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${username}:${md5Hex(password)}`)));
}

/**
 * The value of the Authorization header for POST /clients/authentication. `username`, the station's addition to
 * spec 5.1, names whom the desk signs in (percent-encoded), so that failed sign-ins are counted under that name and
 * never slow the desk's other users.
 */
export function serviceApiAuthorization(hash: string, integrationKey: string, username?: string): string {
  const named = username === undefined ? '' : `, username=${encodeURIComponent(username)}`;
  return `ServiceApi hash=${hash}, integrationKey=${integrationKey}${named}`;
}
