// Builds an HS256 JWT by hand, the way an integration without a JWT library would.
import { createHmac } from 'node:crypto';

export function handMadeToken(payload: object, secret: string, header: object = { alg: 'HS256', typ: 'JWT' }): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = `${part(header)}.${part(payload)}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}
