// Talking to an upstream service that speaks the same API as the station (ParcelValue-compatible, or another
// station): Bearer tokens signed with the configured server key by the station's own token code,
// JSON:API requests with a deadline, and every failure sorted into "the upstream could not be reached" (retry
// later) or "the upstream refused" (its own error text, which a retry would not change).
import type { UpstreamSettings } from '../../src-shared/upstream.ts';
import { signClientToken, tokenKey } from '../security/tokens.ts';

/** How an upstream service is reached: its base URL, API version, and the client and server keys to sign tokens with. */
export type UpstreamConfig = UpstreamSettings;

/** The upstream did not answer in time, could not be connected to, or answered with a server failure: try again later. */
export class UpstreamUnreachableError extends Error {
  /** The request may have reached the upstream (no answer in time, or the connection broke after sending): it may have done the work. */
  readonly maybeDone: boolean;
  constructor(message: string, maybeDone = false) {
    super(message);
    this.name = 'UpstreamUnreachableError';
    this.maybeDone = maybeDone;
  }
}

/** Connection failures that happen before a request is sent: the upstream certainly did nothing. */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
]);

/** The upstream answered and refused: its status and its own error text. */
export class UpstreamRefusedError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'UpstreamRefusedError';
    this.status = status;
  }
}

export interface UpstreamClient {
  call<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; timeoutMs: number; sandbox: boolean; idempotencyKey?: string },
  ): Promise<{ status: number; body: T }>;
}

const STATUS_OF_SERVER_TROUBLE = new Set([502, 503, 504]);
/** 4xx answers that refuse the station's credentials or pace, not the caller's data. */
const NOT_THE_DATA = new Set([401, 403, 408, 429]);

export function upstreamClient(config: UpstreamConfig): UpstreamClient {
  // The same token an integration may sign itself (field-rules.md), made as the station makes its own.
  let token: Promise<string> | undefined;
  const bearer = () => (token ??= signClientToken({ clientId: config.clientId, clientKey: config.clientKey }, tokenKey(config.serverKey)));

  return {
    async call(method, path, options) {
      const version = options.sandbox ? 'v3-testing' : config.version;
      const url = `${config.baseUrl.replace(/\/$/, '')}/${version}${path}`;
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          redirect: 'manual',
          signal: AbortSignal.timeout(options.timeoutMs),
          headers: {
            Accept: 'application/vnd.api+json',
            Authorization: `Bearer ${await bearer()}`,
            ...(options.body === undefined ? {} : { 'Content-Type': 'application/vnd.api+json' }),
            ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
          },
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
        });
      } catch (error) {
        const failure = error as Error & { cause?: Error & { code?: string } };
        if (failure.name === 'TimeoutError')
          throw new UpstreamUnreachableError(`${config.name} did not answer within ${options.timeoutMs / 1000} s`, true);
        const code = failure.cause?.code ?? '';
        throw new UpstreamUnreachableError(
          `${config.name} cannot be reached (${failure.cause?.message ?? failure.message})`,
          !NEVER_SENT.has(code),
        );
      }
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw new UpstreamUnreachableError(`${config.name} broke off its answer (${(error as Error).message})`, true);
      }
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        throw new UpstreamUnreachableError(`${config.name} answered HTTP ${response.status} with no JSON`, true);
      }
      if (response.ok) return { status: response.status, body: body as never };
      const detail =
        (body as { errors?: { detail?: string }[] } | undefined)?.errors
          ?.map((error) => error.detail)
          .filter(Boolean)
          .join(' ') || `HTTP ${response.status}`;
      if (STATUS_OF_SERVER_TROUBLE.has(response.status) || response.status >= 500)
        throw new UpstreamUnreachableError(`${config.name} answered ${response.status}: ${detail}`, response.status !== 503);
      // Refusals of the station rather than of the shipment: its keys (fixed by an admin), or the upstream's pace.
      // Nothing was booked, and the same request may pass later, so they wait like an outage.
      if (NOT_THE_DATA.has(response.status))
        throw new UpstreamUnreachableError(`${config.name} answered ${response.status}: ${detail}`, false);
      throw new UpstreamRefusedError(response.status, `${config.name}: ${detail}`);
    },
  };
}
