// A raw HTTP(S) client for tests: unlike fetch it may send any Host or Origin header and shows the exact body.
import { request } from 'node:http';
import { request as tlsRequest } from 'node:https';

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
}

export function http(url: string, options: RawRequest = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? tlsRequest : request;
    // The certificate is checked against the address connected to, whatever Host header a test sends.
    const req = send(url, { method: options.method ?? 'GET', headers: options.headers, ca: options.ca, servername: '' }, (res) => {
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
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}
