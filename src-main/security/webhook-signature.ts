// Webhook signatures: HMAC-SHA256 with the webhook's secret over `<unix seconds>.<body>`, sent as
// `Station-Signature: t=<unix seconds>,v1=<hex digest>`. The time is signed too, so a receiver can refuse a
// delivery captured and replayed later; verification compares in constant time.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new webhook secret: 32 random bytes, as text a receiver can paste into its configuration. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}

/** Whether the header signs this body with this secret, made within `toleranceSeconds` of `nowSeconds`. */
export function verifySignature(secret: string, header: string, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = new Map(
    header.split(',').map((part) => [part.slice(0, part.indexOf('=')).trim(), part.slice(part.indexOf('=') + 1).trim()] as const),
  );
  const t = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !/^[0-9a-f]{64}$/.test(given)) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
