// Label PDFs waiting for Electron's hidden print window: each is handed out once, by a random token, to
// the station's print view page, which renders it with pdf.js at printer resolution.
import { randomBytes } from 'node:crypto';

export interface PrintViews {
  add(pdf: Uint8Array): string;
  /** The PDF for a token, once; undefined for an unknown or already used token. */
  take(token: string): Uint8Array | undefined;
}

export function createPrintViews(): PrintViews {
  const waiting = new Map<string, Uint8Array>();
  return {
    add(pdf) {
      const token = randomBytes(24).toString('base64url');
      waiting.set(token, pdf);
      return token;
    },
    take(token) {
      const pdf = waiting.get(token);
      waiting.delete(token);
      return pdf;
    },
  };
}
