import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authenticationHash, md5Hex, serviceApiAuthorization } from '../../src-shared/auth-hash.ts';

describe('the authentication hash of spec 5.1 matches the known vector of field-rules.md', () => {
  it('computes MD5 of the password', () => {
    expect(md5Hex('HowSoonIsNow?1985')).toBe('fa0c515f46c330669d8df781f5e0b031');
  });

  it('computes SHA-256 of username:md5(password)', () => {
    expect(authenticationHash('smith', 'HowSoonIsNow?1985')).toBe('949fa85ce02bde08a1c8ef8601a20af3e1fcb4d89b0efb05f0a397bd127959cf');
  });

  it('hashes non-ASCII input as UTF-8, as Node and browsers encode it', () => {
    expect(md5Hex('pässwörd')).toBe(createHash('md5').update('pässwörd', 'utf8').digest('hex'));
    const md5 = createHash('md5').update('Ünal', 'utf8').digest('hex');
    expect(authenticationHash('jürgen', 'Ünal')).toBe(createHash('sha256').update(`jürgen:${md5}`, 'utf8').digest('hex'));
  });

  it('is case-sensitive in the username', () => {
    expect(authenticationHash('smith', 'x')).not.toBe(authenticationHash('Smith', 'x'));
  });

  it('builds the ServiceApi header', () => {
    expect(serviceApiAuthorization('abc', 'K7')).toBe('ServiceApi hash=abc, integrationKey=K7');
  });
});
