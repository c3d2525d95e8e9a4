// A raw HTTP(S) client for tests: unlike fetch it may send any Host or Origin header and shows the exact body.
import { request } from 'node:http';
import { request as tlsRequest } from 'node:https';
import { assertConforms } from './api-conformance.ts';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** For https URLs: the certificate (or CA) to trust. */
  ca?: Buffer;
  /** Gives up (an error named TimeoutError) when no full answer came within this many ms. */
  timeoutMs?: number;
  /** Not checked against the API description: for a server that is not a station. */
  unchecked?: boolean;
  /** The loopback address to send from (127.0.0.x): a caller of its own, as the station counts callers. */
  localAddress?: string;
}

export function http(url: string, options: RawRequest = {}): Promise<RawResponse> {
  return send(url, options, false);
}

/**
 * One request. A kept-alive connection the station closed as idle (5 s) just as the request went out on it is reset
 * before the station read a byte of it: sent once more, on a new connection, as Node's documentation advises
 * (`request.reusedSocket`). A busy test machine leaves such pauses between two requests of a test.
 */
function send(url: string, options: RawRequest, again: boolean): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const open = url.startsWith('https:') ? tlsRequest : request;
    // The certificate is checked against the address connected to, whatever Host header a test sends.
    const req = open(
      url,
      { method: options.method ?? 'GET', headers: options.headers, ca: options.ca, servername: '', localAddress: options.localAddress },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          const response = { status: res.statusCode ?? 0, headers: res.headers, text, json };
          // Every answer of a described route is checked against the API description (an unconforming one fails the test).
          if (!options.unchecked) {
            try {
              assertConforms(options.method ?? 'GET', url, response);
            } catch (error) {
              reject(error);
              return;
            }
          }
          resolve(response);
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!again && req.reusedSocket && error.code === 'ECONNRESET') send(url, options, true).then(resolve, reject);
      else reject(error);
    });
    if (options.timeoutMs !== undefined) {
      const timer = setTimeout(
        () => req.destroy(Object.assign(new Error(`no answer within ${options.timeoutMs} ms`), { name: 'TimeoutError' })),
        options.timeoutMs,
      );
      req.on('close', () => clearTimeout(timer));
    }
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}
