// The station's HTTPS certificate and key: read and checked as a working pair when the station is made, so a
// wrong or unreadable file is named at start instead of failing every connection later.
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';

export class TlsFilesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TlsFilesError';
  }
}

export function readTlsFiles(files: { certFile: string; keyFile: string }): { cert: Buffer; key: Buffer } {
  const read = (file: string, what: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new TlsFilesError(`The station cannot read its TLS ${what} ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
    }
  };
  const pair = { cert: read(files.certFile, 'certificate'), key: read(files.keyFile, 'key') };
  try {
    createSecureContext(pair);
  } catch (error) {
    throw new TlsFilesError(
      `The TLS certificate ${files.certFile} and key ${files.keyFile} cannot serve HTTPS: ${(error as Error).message}. ` +
        'Give a PEM certificate and the PEM private key it was made with.',
    );
  }
  return pair;
}
